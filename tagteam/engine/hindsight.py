"""The Build decisions that mattered in a finished game, found by replaying them with every alternative.

A recap that teaches says which of a player's own Builds cost the most, and what would have happened
instead. Each of the player's Build steps is replayed on a copy of the recorded game with every other
card-and-slot choice; the opponent's Build is the one they recorded (Builds are simultaneous, so it does
not depend on ours), and the next Fight step is resolved by the engine. Only that Fight step is compared:
later decisions were taken in a game that no longer exists. Use it on a finished game only (then
everything in the record is public).
"""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine import events as ev
from tagteam.engine.actions import Action, BuildChoice, from_dict
from tagteam.engine.game import advance_inplace, apply_action_inplace, is_legal, legal_actions, needs_advance, new_game
from tagteam.engine.record import GameRecord
from tagteam.engine.standing import counted
from tagteam.engine.state import BUILD, FIGHT, OVER, GameState

WIN = 100  # a won (lost) game outweighs any HP margin
MATTERS = 2  # an alternative must be worth at least this many HP of margin to be told


@dataclass(frozen=True, slots=True)
class Outcome:
    """One Build choice played through the next Fight step: every Fighter's HP after it (a Fey Folk
    Character owed after the last Turn counted in: ``tagteam.engine.standing``), the result if the game
    ended, and the opposing card the kept card met (-1: it was never revealed)."""

    choice: BuildChoice
    kept: int
    size: int  # the Fight deck's length once the card is in
    met: int
    negated: bool  # on its Turn, the kept card's Fighter Blocked at least one Attack
    hp: tuple[int, int, int, int]
    winner: int | None

    def score(self, seat: int) -> int:
        """The margin for ``seat``: a win or a loss first, then own HP minus the opponent's."""
        if self.winner is not None:
            return 0 if self.winner < 0 else (WIN if self.winner == seat else -WIN)
        own = self.hp[2 * seat] + self.hp[2 * seat + 1]
        return own - (sum(self.hp) - own)


@dataclass(frozen=True, slots=True)
class Regret:
    """A Build of ``seat`` (decision number ``decision`` of the record) before the Fight of ``round``,
    what it led to, and the best alternative the engine found."""

    seat: int
    round: int
    decision: int
    actual: Outcome
    better: Outcome

    @property
    def gain(self) -> int:
        return self.better.score(self.seat) - self.actual.score(self.seat)


def next_fight(
    st: GameState, seat: int, choice: BuildChoice, later: list[tuple[int, Action]], told: bool = False
) -> Outcome:
    """Apply ``choice`` for ``seat`` on ``st`` (a copy), then the opponent's recorded Build if still owed,
    then resolve the Fight step; a Character choice owed on the way is the recorded one when legal.
    ``told``: keep the events, to name the card the kept one met (only for the outcomes a line tells)."""
    kept = st.drawn[seat][choice.card]
    log: list[ev.Event] | None = [] if told else None
    size = _play_fight(st, seat, choice, later, log)
    met, negated = _met(log or [], seat, kept)
    end = counted(st)  # a Fey Folk Character owed after the last Turn counts, as in every valuation
    hp = (end.hp(0), end.hp(1), end.hp(2), end.hp(3))
    return Outcome(choice, kept, size, met, negated, hp, st.winner if st.phase == OVER else None)


def fight_events(st: GameState, seat: int, choice: BuildChoice, later: list[tuple[int, Action]]) -> list[ev.Event]:
    """The events of the Fight step that follows ``choice`` for ``seat`` on ``st`` (a copy, left after
    that Fight), the other decisions as in ``later``: what the whole Fight would have been."""
    log: list[ev.Event] = []
    _play_fight(st, seat, choice, later, log)
    return log


def _play_fight(
    st: GameState, seat: int, choice: BuildChoice, later: list[tuple[int, Action]], log: list[ev.Event] | None
) -> int:
    """Apply ``choice``, then the queued decisions, through the next Fight step; the deck's new length."""
    apply_action_inplace(st, seat, choice, log)
    size = len(st.fight[seat])
    queue = list(later)
    while st.phase != OVER:
        if needs_advance(st):
            advance_inplace(st, log)
            if st.phase != FIGHT:
                break
            continue
        for s in (0, 1):
            if st.pending[s] is None:
                continue
            a = next((x for x in _pop(queue, s) if is_legal(st, s, x)), None)
            apply_action_inplace(st, s, a if a is not None else legal_actions(st, s)[0], log)
    return size


def meetings(log: list[ev.Event]) -> list[tuple[int, int]]:
    """The cards revealed together on each Turn of ``log``, (seat 0's, seat 1's); -1 where a seat
    revealed none."""
    out: list[tuple[int, int]] = []
    for e in log:
        if isinstance(e, ev.TurnStarted):
            out.append((-1, -1))
        elif isinstance(e, ev.CardRevealed) and out:
            a, b = out[-1]
            out[-1] = (e.inst, b) if e.seat == 0 else (a, e.inst)
    return out


@dataclass(frozen=True, slots=True)
class Build:
    """One recorded Build: decision ``index`` of the record, by ``seat``, before the Fight of ``round``;
    ``before`` is a copy of the state just before it and ``later`` the decisions recorded after it."""

    index: int
    seat: int
    round: int
    choice: BuildChoice
    before: GameState
    later: list[tuple[int, Action]]


def builds(rec: GameRecord) -> list[Build]:
    """Every Build decision of the record, each with the position it was taken in (replayed once)."""
    st = new_game(rec.seed, teams=rec.teams, draft=rec.draft)
    actions = [(d.seat, from_dict(d.action)) for d in rec.decisions]
    out: list[Build] = []
    for i, (s, a) in enumerate(actions):
        while needs_advance(st):
            advance_inplace(st)
        if isinstance(a, BuildChoice) and st.phase == BUILD:
            out.append(Build(i, s, st.round + 1, a, st.clone(), actions[i + 1 :]))
        apply_action_inplace(st, s, a)
    return out


def _met(log: list[ev.Event], seat: int, kept: int) -> tuple[int, bool]:
    """The card the other seat revealed on the Turn ``kept`` was first revealed (-1: none), and whether
    the kept card's Fighter negated an Attack on that Turn."""
    turn: dict[int, int] = {}
    owner = -1
    found = -1
    for e in log:
        if isinstance(e, ev.TurnStarted):
            if found >= 0:
                break
            turn = {}
        elif isinstance(e, ev.CardRevealed):
            turn[e.seat] = e.inst
            if e.inst == kept:
                owner = e.fighter
            if turn.get(seat) == kept and 1 - seat in turn:
                found = turn[1 - seat]
        elif found >= 0 and isinstance(e, ev.AttackBlocked) and e.blocker == owner:
            return found, True
    return found, False


def _pop(queue: list[tuple[int, Action]], seat: int) -> list[Action]:
    """The next recorded decision of ``seat`` (taken off the queue), as a one-item list, or none."""
    for i, (s, a) in enumerate(queue):
        if s == seat:
            del queue[i]
            return [a]
    return []


def alternatives(st: GameState, seat: int) -> list[BuildChoice]:
    """Every card-and-slot choice of the Build owed now (the order under the Build deck does not change
    the next Fight, so it is kept as drawn)."""
    out = []
    for c in range(len(st.drawn[seat])):
        rest = tuple(i for i in range(len(st.drawn[seat])) if i != c)
        for p in range(len(st.fight[seat]) + 1):
            out.append(BuildChoice(c, p, (rest[0], rest[1])))
    return out


def regrets(rec: GameRecord, seat: int, top: int = 2) -> list[Regret]:
    """The ``top`` Builds of ``seat`` whose best alternative would have done most better in the next Fight
    step (by at least ``MATTERS``), best first."""
    found: list[Regret] = []
    for b in builds(rec):
        if b.seat != seat:
            continue
        st, a, later = b.before, b.choice, b.later
        actual = next_fight(st.clone(), seat, a, later, told=True)
        outs = [next_fight(st.clone(), seat, alt, later) for alt in alternatives(st, seat) if alt != a]
        if outs:
            best = max(outs, key=lambda o: (o.score(seat), o.kept == actual.kept, -abs(o.choice.position - a.position)))
            if best.score(seat) - actual.score(seat) >= MATTERS:
                told = next_fight(st.clone(), seat, best.choice, later, told=True)
                found.append(Regret(seat, b.round, b.index, actual, told))
    return sorted(found, key=lambda r: (-r.gain, r.round))[:top]
