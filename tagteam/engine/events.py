"""Typed events: what happened on a Turn, for the log, the UI, golden files and replays.

Fighters are numbered 0..3 (seat = f >> 1). Events are data only: ``tagteam.words.log`` tells them as sentences.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base class; ``kind`` names the event in JSON."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, object]:
        d: dict[str, object] = {"kind": self.kind}
        d.update(asdict(self))
        return d


@dataclass(frozen=True, slots=True)
class TeamsSet(Event):
    kind: ClassVar[str] = "teams_set"
    teams: tuple[tuple[str, str], tuple[str, str]]


@dataclass(frozen=True, slots=True)
class DraftRevealed(Event):
    kind: ClassVar[str] = "draft_revealed"
    step: int
    picks: tuple[str, str]


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    round: int
    deck_size: int


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A separator before each Turn's reveal, so the log reads Turn by Turn (``turn`` counts from 1)."""

    kind: ClassVar[str] = "turn_started"
    round: int
    turn: int


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    kind: ClassVar[str] = "card_revealed"
    seat: int
    inst: int
    card_id: str
    fighter: int
    starting: bool
    flipped: bool


@dataclass(frozen=True, slots=True)
class CardCancelled(Event):
    kind: ClassVar[str] = "card_cancelled"
    seat: int
    inst: int


@dataclass(frozen=True, slots=True)
class Reanimated(Event):
    kind: ClassVar[str] = "reanimated"
    seat: int
    inst: int


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """``power`` is the total; ``bonus`` (Aflame! tokens, Spirits) is already in it, ``base_from`` names whose
    Power is the base when it is not the attacker's own (-1)."""

    kind: ClassVar[str] = "attack_declared"
    attacker: int
    target: int
    power: int
    bonus: int = 0
    bonus_kind: str = ""
    base_from: int = -1


@dataclass(frozen=True, slots=True)
class AttackBlocked(Event):
    kind: ClassVar[str] = "attack_blocked"
    attacker: int
    target: int
    power: int
    blocker: int


@dataclass(frozen=True, slots=True)
class BlockSucceeded(Event):
    kind: ClassVar[str] = "block_succeeded"
    blocker: int


@dataclass(frozen=True, slots=True)
class BlockIdle(Event):
    kind: ClassVar[str] = "block_idle"
    blocker: int


@dataclass(frozen=True, slots=True)
class AttackAbsorbed(Event):
    kind: ClassVar[str] = "attack_absorbed"
    target: int
    power: int


@dataclass(frozen=True, slots=True)
class AttackRedirected(Event):
    kind: ClassVar[str] = "attack_redirected"
    target: int
    power: int


@dataclass(frozen=True, slots=True)
class HealCancelled(Event):
    kind: ClassVar[str] = "heal_cancelled"
    target: int
    amount: int
    by: int


@dataclass(frozen=True, slots=True)
class HealCounted(Event):
    """Healing that counts something (per Spirit, per Power, per blocked Power): the product, broken down."""

    kind: ClassVar[str] = "heal_counted"
    fighter: int
    each: int
    count: int
    per: str  # spirit, power, blocked_power


@dataclass(frozen=True, slots=True)
class Damage(Event):
    """The HP change of one Fighter for one movement: the breakdown and the net."""

    kind: ClassVar[str] = "damage"
    fighter: int
    attack: int
    direct: int
    heal: int
    net: int
    source: str = ""  # a code when one rule sets the amount: terror, poison, execution (words: DAMAGE_SOURCE)
    stuck: bool = False  # the marker is already at the end of its track that way (top, last space): nothing moves
    capped: int = 0  # HP of the net the end of the track absorbed (the marker reached the top or the last space)


@dataclass(frozen=True, slots=True)
class MarkerMoved(Event):
    kind: ClassVar[str] = "marker_moved"
    fighter: int
    from_hp: int
    to_hp: int
    stopped: bool
    wanted: int
    track: str = ""  # the Health track moved, when it is not the Fighter's own (Bear side, Fey Folk Character)
    from_pos: int = -1  # space indexes on that track, so the log can name KO, Spirit and revive spaces
    to_pos: int = -1


@dataclass(frozen=True, slots=True)
class HpIgnored(Event):
    """HP changes that do not move the marker: ``reason`` is a code (see ``IGNORED_WHY``), the amounts say what
    was ignored (a breakdown, or only ``net`` when the movement was already netted)."""

    kind: ClassVar[str] = "hp_ignored"
    fighter: int
    reason: str
    attack: int = 0
    direct: int = 0
    heal: int = 0
    net: int = 0


@dataclass(frozen=True, slots=True)
class IconFired(Event):
    kind: ClassVar[str] = "icon_fired"
    fighter: int
    icon: str
    hp: int


@dataclass(frozen=True, slots=True)
class PowerChanged(Event):
    kind: ClassVar[str] = "power_changed"
    fighter: int
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class TrackChanged(Event):
    kind: ClassVar[str] = "track_changed"
    fighter: int
    track: str
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class TokenMoved(Event):
    """A token changed hands: holder -1 means its owner's supply."""

    kind: ClassVar[str] = "token_moved"
    token: str
    old: int
    new: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class SchemePlanted(Event):
    kind: ClassVar[str] = "scheme_planted"
    fighter: int
    left_in_pile: int


@dataclass(frozen=True, slots=True)
class SchemeUnleashed(Event):
    """``token`` is the Scheme token's id: its text is card data, read by the words layer."""

    kind: ClassVar[str] = "scheme_unleashed"
    fighter: int
    token: str
    from_track: bool


@dataclass(frozen=True, slots=True)
class SchemeIdle(Event):
    """Milady's Plant with an empty pile, or Unleash with nothing planted: the Action does nothing."""

    kind: ClassVar[str] = "scheme_idle"
    fighter: int
    action: str  # "plant" or "unleash"
    from_track: bool = False


@dataclass(frozen=True, slots=True)
class ExecutionChecked(Event):
    """Execution, after the opposing card: ``outcome`` is hits, too_many_hp, no_hp, transforming or terror."""

    kind: ClassVar[str] = "execution_checked"
    fighter: int
    target: int
    hp: int
    threshold: int
    outcome: str


@dataclass(frozen=True, slots=True)
class CrippleIdle(Event):
    """Crippling Touch finds a card it cannot remove: none was revealed (``card_id`` empty) or it is gone."""

    kind: ClassVar[str] = "cripple_idle"
    fighter: int
    seat: int
    card_id: str


@dataclass(frozen=True, slots=True)
class SerpentFlipped(Event):
    kind: ClassVar[str] = "serpent_flipped"
    face: str


@dataclass(frozen=True, slots=True)
class CardFlipped(Event):
    kind: ClassVar[str] = "card_flipped"
    inst: int
    card_id: str


@dataclass(frozen=True, slots=True)
class CardRemoved(Event):
    """A card leaves the game; ``by_card`` and ``by_seat`` name the card that removed it (its id, its owner's
    seat), so the log can say why (empty and -1 when not known)."""

    kind: ClassVar[str] = "card_removed"
    seat: int
    inst: int
    card_id: str
    by_card: str = ""
    by_seat: int = -1


@dataclass(frozen=True, slots=True)
class Transformed(Event):
    kind: ClassVar[str] = "transformed"
    fighter: int
    hp: int


@dataclass(frozen=True, slots=True)
class Revived(Event):
    kind: ClassVar[str] = "revived"
    fighter: int
    hp: int


@dataclass(frozen=True, slots=True)
class BecameSpirit(Event):
    kind: ClassVar[str] = "became_spirit"
    fighter: int
    character: str
    spirits: int


@dataclass(frozen=True, slots=True)
class CharacterChosen(Event):
    kind: ClassVar[str] = "character_chosen"
    fighter: int
    character: str


@dataclass(frozen=True, slots=True)
class Incinerated(Event):
    kind: ClassVar[str] = "incinerated"
    fighter: int


@dataclass(frozen=True, slots=True)
class KnockedOut(Event):
    kind: ClassVar[str] = "knocked_out"
    fighter: int


@dataclass(frozen=True, slots=True)
class DragApplied(Event):
    kind: ClassVar[str] = "drag_applied"
    seat: int


@dataclass(frozen=True, slots=True)
class FightEnded(Event):
    kind: ClassVar[str] = "fight_ended"
    round: int


@dataclass(frozen=True, slots=True)
class BuildLocked(Event):
    """A seat has confirmed its Build choice (which card and where stay secret)."""

    kind: ClassVar[str] = "build_locked"
    seat: int


@dataclass(frozen=True, slots=True)
class InstantBonus(Event):
    kind: ClassVar[str] = "instant_bonus"
    seat: int
    fighter: int
    heal: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """winner is 0 or 1, or -1 for a draw; reason is a short code (ko, double_ko, incinerated, drag_to_hell,
    all_legends, depleted); ``fighters`` are the Fighters it is about (the KO'd, the Incinerated, the one whose
    Drag You to Hell turned the loss, the Fey Folk), empty when none: the words layer tells the detail."""

    kind: ClassVar[str] = "game_over"
    winner: int
    reason: str
    fighters: tuple[int, ...] = ()


def on_partner(attacker: int, target: int, active: tuple[int, int] | None) -> bool:
    """An Attack aimed at the Opponent's Partner, not at their Active Fighter (``active``: each seat's)."""
    return active is not None and target >> 1 != attacker >> 1 and 0 <= active[target >> 1] != target


def _event_types() -> dict[str, type[Event]]:
    """Every event class of this module by its ``kind``: what ``event_from_dict`` rebuilds (the network client's
    log). Read from the module, not ``__subclasses__`` (a slotted dataclass leaves its first class behind)."""
    out: dict[str, type[Event]] = {}
    for cls in list(globals().values()):
        if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event:
            if cls.kind in out:
                raise RuntimeError(f"two events have the kind {cls.kind!r}")
            out[cls.kind] = cls
    return dict(sorted(out.items()))


EVENT_TYPES: dict[str, type[Event]] = _event_types()


def _frozen(value: object) -> object:
    """JSON's lists back as the tuples the events hold (``teams``, ``picks``, ``fighters``)."""
    return tuple(_frozen(x) for x in value) if isinstance(value, list | tuple) else value


def event_from_dict(data: dict[str, object]) -> Event:
    """``to_dict`` undone: the event of ``data["kind"]`` with exactly its fields (ValueError otherwise).

    Only the shape is checked here; a caller reading untrusted data checks types and bounds first (the
    network protocol has a strict model per kind, ``tagteam.net.protocol.EVENT``)."""
    kind = data.get("kind")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"kind: unknown event kind {kind!r}")
    values = {k: _frozen(v) for k, v in data.items() if k != "kind"}
    try:
        return cls(**values)
    except TypeError as e:
        raise ValueError(f"{kind}: {e}") from None
