"""What one Turn of a playthrough did, read from the engine's events (its words: ``tagteam.words.story``).

The coach never reasons about what a card would do: it plays the Fight out on a copy of the position
with the events of the Turn that reveals the player's card logged, and this module reads those events.
A card is called an Attack, a Block or a Cancel only when it did that in this Turn; the Power is the
one the engine declared; HP are the marker's moves. This module holds data only (``Story``); the words
layer says it: an Attack says who makes it when it is not the card's own Fighter and whom it hits when
that is a Partner, and a Turn with no HP change says why when the events do.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine import events as ev

MOVES = (ev.Damage, ev.MarkerMoved, ev.HpIgnored, ev.Transformed)  # the end of the declare and combat phases
AFTER_MOVES = (ev.IconFired, ev.SchemeUnleashed, ev.ExecutionChecked)  # healing after these is not the card's


@dataclass(frozen=True, slots=True)
class Side:
    """One seat's card in the Turn: what it did (``words``), its Attacks as (attacker, target, Power), and
    whether it was cancelled, had its Attack blocked, or blocked nothing."""

    inst: int  # -1: this seat had no card left
    words: tuple[str, ...]
    attacks: tuple[tuple[int, int, int], ...]
    cancelled: bool
    blocked: bool
    idle_block: bool


@dataclass(frozen=True, slots=True)
class Hp:
    """A Health marker's move in the Turn (consecutive moves on one track merged)."""

    fighter: int
    track: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class Story:
    """The Turn that revealed the player's card at ``slot`` (1-based), or ``ended`` when the game was over
    before it came (``winner`` then says how it ended: 0 or 1, -1 for a draw, None if it goes on).
    ``active`` is each seat's Active Fighter in that Turn (-1: none), so an Attack on a Partner says so;
    ``absorbed`` the Fighters whose Attack the Golem's Presence took, ``redirected`` those You are Mine
    sent blocked Attacks to, ``ignored`` the (Fighter, reason code) of HP changes that moved no marker."""

    slot: int
    seat: int
    mine: Side
    theirs: Side
    hp: tuple[Hp, ...]
    knocked_out: tuple[int, ...]
    winner: int | None
    ended: bool = False
    active: tuple[int, int] = (-1, -1)
    absorbed: tuple[int, ...] = ()
    redirected: tuple[int, ...] = ()
    ignored: tuple[tuple[int, str], ...] = ()


def ended_before(slot: int, seat: int, winner: int | None) -> Story:
    """The player's card never came: the game was over first."""
    none = Side(-1, (), (), False, False, False)
    return Story(slot, seat, none, none, (), (), winner, ended=True)


def read_turn(events: list[ev.Event], seat: int, inst: int, slot: int) -> Story | None:
    """The story of the Turn in ``events`` if it revealed ``inst`` for ``seat`` (else None)."""
    revealed = {e.seat: e.inst for e in events if isinstance(e, ev.CardRevealed)}
    if revealed.get(seat) != inst:
        return None
    owners = {e.seat: e.fighter for e in events if isinstance(e, ev.CardRevealed)}
    sides = tuple(_side(events, s, revealed.get(s, -1)) for s in (seat, 1 - seat))
    hp: dict[tuple[int, str], Hp] = {}  # first move's start, last move's end, per Fighter and track
    for e in events:
        if isinstance(e, ev.MarkerMoved):
            key = (e.fighter, e.track)
            first = hp.get(key)
            hp[key] = Hp(e.fighter, e.track, e.from_hp if first is None else first.before, e.to_hp)
    kos = tuple(e.fighter for e in events if isinstance(e, ev.KnockedOut))
    over = [e.winner for e in events if isinstance(e, ev.GameOver)]
    moved = tuple(h for h in hp.values() if h.before != h.after)
    absorbed = tuple(dict.fromkeys(e.target for e in events if isinstance(e, ev.AttackAbsorbed)))
    redirected = tuple(dict.fromkeys(e.target for e in events if isinstance(e, ev.AttackRedirected)))
    ignored = tuple(
        dict.fromkeys(
            (e.fighter, e.reason) for e in events if isinstance(e, ev.HpIgnored) and (e.attack or e.direct or e.net)
        )
    )
    return Story(
        slot,
        seat,
        sides[0],
        sides[1],
        moved,
        kos,
        over[0] if over else None,
        active=(owners.get(0, -1), owners.get(1, -1)),
        absorbed=absorbed,
        redirected=redirected,
        ignored=ignored,
    )


def _side(events: list[ev.Event], s: int, inst: int) -> Side:
    """What seat ``s``'s card did: Attacks declared before the marker moves (or in a Reanimation's second
    activation), Blocks the combat step reports, healing of its team in the Turn's movement (before any
    icon or Scheme), a Cancel of the opposing card."""
    attacks: list[tuple[int, int, int]] = []
    block = idle = blocked = cancelled = cancels = heals = False
    head = moving = True
    for e in events:
        if isinstance(e, AFTER_MOVES):
            moving = False
        if isinstance(e, ev.Damage) and e.fighter >> 1 == s and e.heal > 0 and moving:
            heals = True
        if isinstance(e, MOVES):
            head = False
        elif isinstance(e, ev.Reanimated) and e.seat == s:
            head = True
        elif isinstance(e, ev.AttackDeclared) and e.attacker >> 1 == s and head:
            attacks.append((e.attacker, e.target, e.power))
        elif isinstance(e, ev.AttackBlocked):
            if e.blocker >> 1 == s:
                block = True
            elif e.attacker >> 1 == s:
                blocked = True
        elif isinstance(e, ev.BlockSucceeded) and e.blocker >> 1 == s:
            block = True
        elif isinstance(e, ev.BlockIdle) and e.blocker >> 1 == s:
            block = idle = True
        elif isinstance(e, ev.CardCancelled):
            if e.seat == s:
                cancelled = True
            else:
                cancels = True
    did = (("Attack", bool(attacks)), ("Block", block), ("Heal", heals), ("Cancel", cancels))
    words = tuple(w for w, yes in did if yes)
    return Side(inst, words, tuple(attacks), cancelled, blocked, idle)
