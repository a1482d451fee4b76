"""Judging a player's answer to a puzzle, with the Fight to show for it, computed by the engine.

A right answer is played against the reply that does it most harm (the Fight the proof's worst case saw);
a wrong one against a reply that refutes it (its worst), and the right answer is played against that same
reply so the player sees what it meets instead. Inside the Fight the opponent's Fey Folk choice is the
one worst for the player, as in the proof. Everything here is data (events); ``tagteam.words.puzzles``
words it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine import events as ev
from tagteam.engine.actions import BuildChoice, ChooseCharacter
from tagteam.engine.fighters.fey_folk import CHOOSE, choices
from tagteam.engine.game import advance_inplace, apply_action_inplace
from tagteam.engine.standing import default_character, step_in
from tagteam.engine.state import FIGHT, GameState
from tagteam.puzzles.board import Built
from tagteam.puzzles.model import Choice, Puzzle
from tagteam.puzzles.prove import leaves, score


@dataclass(frozen=True, slots=True)
class Played:
    """One Fight played out for the screen: the opponent's reply (their card and place, None when known),
    its events, the end state and the player's score there (prove.WIN / LOSS / HP margin)."""

    reply: tuple[int, int] | None
    events: tuple[ev.Event, ...]
    end: GameState
    value: int


@dataclass(frozen=True, slots=True)
class Verdict:
    right: bool
    given: Played
    answer: Played | None  # the right answer against the same reply (a wrong answer only)


def _replies(built: Built) -> list[tuple[int, int] | None]:
    if built.setting.their_new is not None:
        return [None]
    opp = built.opp
    return [(card, q) for card in built.pool for q in range(len(built.state.fight[opp]) + 1)]


def _start(built: Built, mine: BuildChoice, reply: tuple[int, int] | None, log: list[ev.Event] | None) -> GameState:
    st = built.state.clone() if reply is None else built.with_reply(reply[0])
    apply_action_inplace(st, built.me, mine, log)
    if reply is not None:
        apply_action_inplace(st, built.opp, BuildChoice(0, reply[1], (1, 2)), log)
    return st


def worst(built: Built, mine: BuildChoice, reply: tuple[int, int] | None) -> int:
    return min(score(e, built.me) for e in leaves(_start(built, mine, reply, None), built.me))


def play(built: Built, mine: BuildChoice, reply: tuple[int, int] | None) -> Played:
    """The Fight with events; the opponent's Fey Folk choices are their best (the player's worst); one owed
    after the last Turn is the sturdiest left (also their best: the most HP), with its event."""
    me = built.me
    log: list[ev.Event] = []
    st = _start(built, mine, reply, log)
    while st.phase == FIGHT:
        p = st.pending
        if p[0] is None and p[1] is None:
            advance_inplace(st, log)
        elif p[me] == CHOOSE:
            apply_action_inplace(st, me, default_character(st, me), log)
        else:
            opp = 1 - me
            f = 2 * opp if st.tab().rules[2 * opp] == "fey_folk" else 2 * opp + 1

            def value(k: int, st: GameState = st, opp: int = opp) -> int:
                b = st.clone()
                apply_action_inplace(b, opp, ChooseCharacter(k))
                return min(score(e, me) for e in leaves(b, me))

            apply_action_inplace(st, opp, ChooseCharacter(min(choices(st, f), key=value)), log)
    step_in(st, log)  # a Character owed after the last Turn steps in, as the proof counts it
    return Played(reply, tuple(log), st, score(st, me))


def judge(p: Puzzle, given: Choice) -> Verdict:
    """Right or wrong, with the Fight that shows why."""
    built = Built(p.setting)
    mine = BuildChoice(given.card, given.position, given.bottom)
    reps = _replies(built)
    values = [worst(built, mine, r) for r in reps]
    low = min(range(len(reps)), key=lambda i: values[i])
    right = {(c.card, c.position) for c in (p.answer, *p.equivalents)}
    ok = (given.card, given.position) in right
    shown = play(built, mine, reps[low])
    if ok:
        return Verdict(True, shown, None)
    a = p.answer
    return Verdict(False, shown, play(built, BuildChoice(a.card, a.position, a.bottom), reps[low]))
