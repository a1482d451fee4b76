"""What one Turn of a playthrough did, read from the engine's events, and the words for it.

The coach never reasons about what a card would do: it plays the Fight out on a copy of the position
with the events of the Turn that reveals the player's card logged, and this module reads those events.
A card is called an Attack, a Block or a Cancel only when it did that in this Turn; the Power is the
one the engine declared; HP are the marker's moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine import events as ev
from tagteam.engine.table import GameTable

MOVES = (ev.Damage, ev.MarkerMoved, ev.HpIgnored, ev.Transformed)  # the end of the declare and combat phases
AFTER_MOVES = (ev.IconFired, ev.SchemeUnleashed, ev.ExecutionChecked)  # healing after these is not the card's


@dataclass(frozen=True, slots=True)
class Side:
    """One seat's card in the Turn: what it did (``words``), its Attacks as (target, Power), and whether
    it was cancelled, had its Attack blocked, or blocked nothing."""

    inst: int  # -1: this seat had no card left
    words: tuple[str, ...]
    attacks: tuple[tuple[int, int], ...]
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
    before it came (``winner`` then says how it ended: 0 or 1, -1 for a draw, None if it goes on)."""

    slot: int
    seat: int
    mine: Side
    theirs: Side
    hp: tuple[Hp, ...]
    knocked_out: tuple[int, ...]
    winner: int | None
    ended: bool = False


def ended_before(slot: int, seat: int, winner: int | None) -> Story:
    """The player's card never came: the game was over first."""
    none = Side(-1, (), (), False, False, False)
    return Story(slot, seat, none, none, (), (), winner, ended=True)


def read_turn(events: list[ev.Event], seat: int, inst: int, slot: int) -> Story | None:
    """The story of the Turn in ``events`` if it revealed ``inst`` for ``seat`` (else None)."""
    revealed = {e.seat: e.inst for e in events if isinstance(e, ev.CardRevealed)}
    if revealed.get(seat) != inst:
        return None
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
    return Story(slot, seat, sides[0], sides[1], moved, kos, over[0] if over else None)


def _side(events: list[ev.Event], s: int, inst: int) -> Side:
    """What seat ``s``'s card did: Attacks declared before the marker moves (or in a Reanimation's second
    activation), Blocks the combat step reports, healing of its team in the Turn's movement (before any
    icon or Scheme), a Cancel of the opposing card."""
    attacks: list[tuple[int, int]] = []
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
            attacks.append((e.target, e.power))
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


def card_words(tab: GameTable, side: Side, whose: str) -> str:
    """The card and what it did: "your Holy Shield (Block)", "their Berserk! (Attack on Joan, 5 Power)"."""
    name = tab.cards[side.inst].cdef.name
    parts = []
    for w in side.words:
        if w == "Attack":
            hits = ", ".join(f"on {tab.fighters[t].name}, {p} Power" for t, p in side.attacks)
            parts.append(f"Attack {hits}")
        else:
            parts.append(w)
    return f"{whose} {name}" + (f" ({'; '.join(parts)})" if parts else "")


def result_words(tab: GameTable, st: Story) -> str:
    """What the Turn did, from its events: cancels, blocks, HP moves, knock-outs, the end of the game."""
    out = []
    for side, whose in ((st.mine, "your"), (st.theirs, "their")):
        if side.cancelled:
            out.append(f"{whose} card is cancelled")
        if side.blocked:
            out.append(f"{whose} Attack is blocked")
        if side.idle_block:
            out.append(f"{whose} Block has no Attack to stop")
    for h in st.hp:
        who = tab.fighters[h.fighter].name + (f" ({h.track})" if h.track else "")
        out.append(f"{who} {h.before} → {h.after} HP")
    if not st.hp:
        out.append("no HP change")
    out.extend(f"{tab.fighters[f].name} is knocked out" for f in st.knocked_out)
    if st.winner is not None:
        out.append(end_words(st.winner, st.seat))
    return ", ".join(out)


def end_words(winner: int, seat: int) -> str:
    return "the game ends in a draw" if winner < 0 else "you win" if winner == seat else "you lose"


def story_words(tab: GameTable, st: Story) -> str:
    """One sentence for the Turn: what the player's card met and what happened."""
    if st.ended:
        how = f": {end_words(st.winner, st.seat)}" if st.winner is not None else ""
        return f"the game ends before slot {st.slot}{how}"
    mine = card_words(tab, st.mine, "your")
    if st.theirs.inst < 0:
        return f"{mine} in slot {st.slot} meets no card of theirs: {result_words(tab, st)}"
    return f"{mine} meets {card_words(tab, st.theirs, 'their')} in slot {st.slot}: {result_words(tab, st)}"
