"""Typed events: what happened on a Turn, for the log, the UI, golden files and replays.

Fighters are numbered 0..3 (seat = f >> 1). ``describe`` turns an event into one line of plain English.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from tagteam.engine.table import GameTable, TrackDef


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
    source: str = ""  # a code when one rule sets the amount: terror, poison, execution (see DAMAGE_SOURCE)


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
    kind: ClassVar[str] = "scheme_unleashed"
    fighter: int
    token: str
    text: str
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
    kind: ClassVar[str] = "card_removed"
    seat: int
    inst: int
    card_id: str


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
    """winner is 0 or 1, or -1 for a draw; reason is a short code (ko, double_ko, incinerated, ...)."""

    kind: ClassVar[str] = "game_over"
    winner: int
    reason: str
    detail: str


REASON_WORDS = {
    "ko": "Knock Out",
    "double_ko": "Double KO",
    "incinerated": "Incineration",
    "drag_to_hell": "Drag You to Hell",
    "depleted": "Build deck out",
    "all_legends": "All Legends Must Pass",
}

IGNORED_WHY = {
    "transforming": "ignores HP changes this Turn (transforming into the Berserker Bear)",
    "terror": "ignores HP changes this Turn (Terror of the Seas)",
    "one_space": "has already moved its one space this Turn",
    "ko_space": "is on a KO space and cannot be healed",
    "spirit": "is on the Spirit space and cannot be healed",
    "no_character": "has no Character in play to take HP changes",
}

TOKEN_OWNERS = {
    "Golem's Presence": "golem",
    "Concentration": "wong_fei_hung",
    "Aflame!": "shango",
    "Sheriff": "wild_bunch",
}

EXECUTION_WHY = {
    "too_many_hp": "has {h} HP, more than {t}",
    "no_hp": "has no HP left to take",
    "transforming": IGNORED_WHY["transforming"],
    "terror": IGNORED_WHY["terror"],
}


DAMAGE_SOURCE = {
    "terror": "Terror of the Seas: down to 1 HP",
    "poison": "Poison: half the HP left, rounded down",
    "execution": "Execution: all the HP left",
}


def reason_words(code: str) -> str:
    """The player words for a game-over reason code (the code itself stays in saves and reports)."""
    return REASON_WORDS.get(code, code.replace("_", " "))


def sum_words(attack: int, direct: int, heal: int) -> str:
    """An HP sum in words: "2 from Attacks + 1 Direct Damage - 3 healing"."""
    out = ""
    if attack:
        out = f"{attack} from Attacks"
    if direct:
        out += (" + " if out else "") + f"{direct} Direct Damage"
    if heal:
        out += (" - " if out else "") + f"{heal} healing"
    return out or "nothing"


def space_words(tr: TrackDef, pos: int, mark_stop: bool = True) -> str:
    """A Health space as a player names it: a number, or a KO, Spirit or revive space; a Stop is said."""
    if tr.ko[pos]:
        return "a KO space"
    icons = tr.icons[pos]
    if "spirit" in icons:
        return "the Spirit space"
    if "revive" in icons:
        return "the revive space"
    return f"{tr.hp[pos]} (a Stop)" if mark_stop and tr.stop[pos] else str(tr.hp[pos])


def _name(table: GameTable | None, f: int) -> str:
    if table is None:
        return f"Fighter {f + 1}"
    return table.fighters[f].name


def fighter_name(fid: str, table: GameTable | None = None) -> str:
    """A Fighter's printed name from its id (the draft runs before any table exists)."""
    if table is not None:
        for fd in table.fighters:
            if fd.id == fid:
                return fd.name
    from tagteam.content.loader import load_all

    fm = load_all().get(fid)
    return fm.name if fm is not None else fid.replace("_", " ").title()


def _track(table: GameTable | None, f: int, name: str) -> TrackDef | None:
    if table is None:
        return None
    tracks = table.fighters[f].tracks
    if not name:
        return tracks[0]
    return next((t for t in tracks if t.name == name), None)


# Joan's Divine Voice dial, by marker index: the log names the space (a counter going 4 -> 1 read as a loss)
DIAL_SPACES = (
    "the Halo",
    "top-left",
    "top-right (+1 Power to Joan)",
    "bottom-right",
    "bottom-left (+1 Power to her Partner)",
)
DIAL_RANGE = range(len(DIAL_SPACES))

PARTNER_WORDS = ", the Opponent's Partner (not their Active Fighter),"


def on_partner(attacker: int, target: int, active: tuple[int, int] | None) -> bool:
    """An Attack aimed at the Opponent's Partner, not at their Active Fighter (``active``: each seat's)."""
    return active is not None and target >> 1 != attacker >> 1 and 0 <= active[target >> 1] != target


def describe_log(
    log: Sequence[Event], start: int = 0, table: GameTable | None = None, players: tuple[str, str] | None = None
) -> list[str]:
    """``describe`` for ``log[start:]``, each told with the Active Fighters of its Turn (read from the reveals
    before it), so an Attack on the Opponent's Partner says so: the event alone cannot tell."""
    active = [-1, -1]
    for e in reversed(log[:start]):
        if isinstance(e, CardRevealed) and active[e.seat] < 0:
            active[e.seat] = e.fighter
            if min(active) >= 0:
                break
    out = []
    for e in log[start:]:
        if isinstance(e, CardRevealed):
            active[e.seat] = e.fighter
        out.append(describe(e, table, players, (active[0], active[1])))
    return out


def describe(
    ev: Event,
    table: GameTable | None = None,
    players: tuple[str, str] | None = None,
    active: tuple[int, int] | None = None,
) -> str:
    """One line of plain English for an event (the game log); ``players`` names the seats; ``active`` (each
    seat's Active Fighter, when known) lets an Attack on the Opponent's Partner be named as one."""

    def n(f: int) -> str:
        return _name(table, f)

    def seat(s: int) -> str:
        return players[s] if players else f"Player {s + 1}"

    def fname(fid: str) -> str:
        return fighter_name(fid, table)

    def cname(cid: str) -> str:
        if table is not None and cid in table.cards_by_id:
            return table.cards_by_id[cid].name
        return cid.split(".")[-1].replace("_", " ").title()

    def holder(token: str, f: int) -> str:
        """Where a token is: a Fighter, or back with the Fighter who owns it (its supply)."""
        if f >= 0:
            return n(f)
        kind = TOKEN_OWNERS.get(token)
        if table is not None and kind in table.kinds:
            return n(table.kinds.index(kind))
        return "the supply"

    match ev:
        case TeamsSet(teams=t):
            return (
                f"Teams: {seat(0)} plays {fname(t[0][0])} + {fname(t[0][1])}, "
                f"{seat(1)} plays {fname(t[1][0])} + {fname(t[1][1])}."
            )
        case DraftRevealed(step=st, picks=p):
            return f"Draft pick {st + 1} revealed: {seat(0)} takes {fname(p[0])}, {seat(1)} takes {fname(p[1])}."
        case RoundStarted(round=r, deck_size=d):
            return f"══ Round {r} ══ Each Fight deck holds {d} cards."
        case TurnStarted(round=r, turn=t):
            return f"── Round {r} · Turn {t} ──"
        case CardRevealed(seat=s, card_id=c, fighter=f, starting=st, flipped=fl):
            extra = " (Starting Card)" if st else ""
            extra += " (turned over)" if fl else ""
            return f"{seat(s)} reveals {cname(c)}{extra}: {n(f)} is Active."
        case CardCancelled(seat=s, inst=i):
            card = table.cards[i].cdef.name if table is not None and 0 <= i < len(table.cards) else "card"
            return f"{seat(s)}'s {card} is cancelled and has no effect."
        case Reanimated(seat=s):
            return f"Reanimation: {seat(s)}'s card takes effect a second time, as a new Turn for that Fighter."
        case AttackDeclared(attacker=a, target=t, power=p, bonus=b, bonus_kind=k, base_from=bf):
            who = n(t) + (PARTNER_WORDS if on_partner(a, t, active) else "")
            if not k and bf < 0:
                return f"{n(a)} Attacks {who} with {p} Power."
            base = f"{n(bf)}'s Power" if bf >= 0 else "Power"
            if not k:
                return f"{n(a)} Attacks {who} with {p} Power ({base})."
            k = k + "s" if k == "Spirit" and b != 1 else k
            return f"{n(a)} Attacks {who} with {p} Power ({base} {p - b} + {b} {k} = {p})."
        case AttackBlocked(attacker=a, target=t, power=p, blocker=b):
            return f"{n(b)} Blocks {n(a)}'s {p}-Power Attack on {n(t)}."
        case BlockSucceeded(blocker=b):
            return f"{n(b)}'s Block succeeds: its bonus fires once."
        case BlockIdle(blocker=b):
            return f"{n(b)} Blocks, but there is no Attack to negate."
        case AttackAbsorbed(target=t, power=p):
            return f"The Golem's Presence absorbs the {p}-Power Attack on {n(t)}: 0 HP lost."
        case AttackRedirected(target=t, power=p):
            return f"You are Mine: the blocked Attacks ({p} Power) hit {n(t)} instead."
        case HealCancelled(target=t, amount=a, by=b):
            return f"{n(b)} cancels {n(t)}'s healing of {a}."
        case HealCounted(fighter=f, each=e, count=c, per=p):
            unit = {"spirit": "Spirit", "power": "Power", "blocked_power": "blocked Power"}.get(p, p)
            unit += "s" if unit == "Spirit" and c != 1 else ""
            return f"{n(f)} is to heal {e * c} ({e} per {unit.removesuffix('s')} × {c} {unit})."
        case Damage(fighter=f, attack=a, direct=d, heal=h, net=x, source=src):
            verb = f"loses {x} HP" if x > 0 else (f"heals {-x} HP" if x < 0 else "is unchanged")
            why = f" ({DAMAGE_SOURCE.get(src, src)})" if src else ""
            return f"{n(f)}: {sum_words(a, d, h)}{why}, net: {verb}."
        case MarkerMoved(fighter=f, from_hp=a, to_hp=b, stopped=s, wanted=w, track=tr, from_pos=fp, to_pos=tp):
            who = f"{n(f)} ({tr})" if tr else n(f)
            td = _track(table, f, tr) if fp >= 0 and tp >= 0 else None
            if td is not None and fp < len(td.hp) and tp < len(td.hp):
                src, dst = space_words(td, fp), space_words(td, tp, mark_stop=not s)
                same = fp == tp
            else:
                src, dst, same = str(a), str(b), a == b
            if same and not s:
                return f"{who}: the Health marker stays on {src} (it cannot go further)."
            stop = f" (a Stop halted it after {abs(fp - tp) if td is not None else abs(a - b)} of {w})" if s else ""
            return f"{who}: the Health marker moves from {src} to {dst}{stop}."
        case HpIgnored(fighter=f, reason=r, attack=a, direct=d, heal=h, net=x):
            why = IGNORED_WHY.get(r, f"ignores HP changes this Turn ({r})")
            if a or d or h:
                what = sum_words(a, d, h)
            elif x:
                what = f"{x} HP of loss" if x > 0 else f"{-x} healing"
            else:
                return f"{n(f)} {why}."
            return f"{n(f)} {why}: {what} ignored."
        case IconFired(fighter=f, icon=i, hp=h):
            where = "Spirit" if i == "spirit" else ("revive" if i == "revive" else str(h))
            return f"Icon on {n(f)}'s {where} space fires: {ICON_TEXT.get(i, i.replace('_', ' '))}."
        case PowerChanged(fighter=f, old=o, new=w):
            return f"{n(f)}'s Power: {o} -> {w}."
        case TrackChanged(fighter=f, track=t, old=o, new=w) if t == "Divine Voice" and {o, w} <= set(DIAL_RANGE):
            return f"{n(f)}'s Divine Voice moves from {DIAL_SPACES[o]} to {DIAL_SPACES[w]}."
        case TrackChanged(fighter=f, track=t, old=o, new=w):
            return f"{n(f)}'s {t}: {o} -> {w}."
        case TokenMoved(token=t, old=o, new=w, count=k):
            what = f"The {t} token" if k == 1 else f"{k} {t} tokens"
            verb = "moves" if k == 1 else "move"
            if w < 0:
                return f"{what} on {n(o)} {'goes' if k == 1 else 'go'} back to {holder(t, -1)}."
            if o < 0:
                return f"{what} {verb} from {holder(t, -1)} to {n(w)}."
            return f"{what} {verb} from {n(o)} to {n(w)}."
        case SchemePlanted(fighter=f, left_in_pile=p):
            return f"{n(f)} plants a Scheme face down ({p} left in the pile)."
        case SchemeUnleashed(fighter=f, text=txt, from_track=tr):
            how = " from her Health track" if tr else ""
            return f"{n(f)} unleashes a Scheme{how}: {txt.rstrip('.')}."
        case SchemeIdle(fighter=f, action=a, from_track=tr):
            if a == "plant":
                return f"{n(f)} would plant a Scheme, but the pile is empty: nothing is planted."
            how = " (Health track icon)" if tr else ""
            return f"Unleash a Scheme{how}: {n(f)} has no Scheme planted, nothing to unleash."
        case ExecutionChecked(fighter=f, target=t, hp=h, threshold=th, outcome=o):
            if o == "hits":
                return f"Execution: {n(t)} has {h} HP ({th} or fewer): {n(f)} deals {h} Direct Damage."
            why = EXECUTION_WHY.get(o, o.replace("_", " ")).format(h=h, t=th)
            return f"Execution: {n(t)} {why}: nothing happens."
        case CrippleIdle(fighter=f, seat=s, card_id=c):
            if not c:
                return f"Crippling Touch: {seat(s)} revealed no card, so there is nothing of theirs to remove."
            return f"Crippling Touch: {seat(s)}'s {cname(c)} has already left the game."
        case SerpentFlipped(face=fa):
            return f"The Serpent token flips to its {fa} face."
        case CardFlipped(card_id=c):
            return f"{cname(c)} is turned upside down for the rest of the Fight."
        case CardRemoved(seat=s, card_id=c):
            return f"{seat(s)}'s {cname(c)} is removed from the game."
        case Transformed(fighter=f, hp=h):
            return f"{n(f)} transforms into the Berserker Bear with {h} HP (no HP change this Turn)."
        case Revived(fighter=f, hp=h):
            return f"{n(f)} comes back to life: +1 Power, back to {h} HP."
        case BecameSpirit(fighter=f, character=c, spirits=k):
            return f"{n(f)}: {c} becomes a Spirit ({k} on the Spirit track)."
        case CharacterChosen(fighter=f, character=c):
            return f"{n(f)}: {c} steps in."
        case Incinerated(fighter=f):
            return f"{n(f)} carries 5 Aflame! tokens and is Incinerated."
        case KnockedOut(fighter=f):
            return f"{n(f)} is Knocked Out."
        case DragApplied(seat=s):
            return f"Drag You to Hell: {seat(s)} would have lost, and wins instead."
        case FightEnded(round=r):
            return f"End of the Fight step of round {r}."
        case BuildLocked(seat=s):
            return f"{seat(s)} has added a card to their Fight deck."
        case InstantBonus(seat=s, fighter=f, heal=h):
            return f"Instant bonus for {seat(s)}: {n(f)} heals {h}."
        case GameOver(winner=w, reason=r, detail=d):
            who = "Draw" if w < 0 else f"{seat(w)} wins"
            return f"Game over ({reason_words(r)}): {who}. {d}"
    return ev.kind.replace("_", " ").capitalize() + "."


ICON_TEXT = {
    "power_self": "+1 Power",
    "power_partner": "+1 Power to the Partner",
    "flip_serpent": "flip the Serpent token",
    "unleash_scheme": "Unleash a Scheme",
    "revive": "back to life at the end of the Turn",
    "spirit": "this Character becomes a Spirit",
}
