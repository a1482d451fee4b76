"""The proof, checked against the engine by a plainer route, and the rebuilt position against real games.

The brute force here plays every legal Build of the player (the engine's own list) against every card of the
opponent's they have not seen at every place, with no grouping of equivalent decks, and asks the goal of
each end state directly: the answer and its equivalents must be exactly the Builds that reach it.
"""

from __future__ import annotations

import random

import pytest

from tagteam.ai import make_bot
from tagteam.engine.actions import Action, BuildChoice
from tagteam.engine.driver import play_out
from tagteam.engine.game import BUILD_DECISION, apply_action_inplace, legal_actions, new_game
from tagteam.engine.state import BUILD, OVER, GameState
from tagteam.engine.view import view_for
from tagteam.puzzles.board import Built, read_setting
from tagteam.puzzles.harvest import deal
from tagteam.puzzles.model import Goal, Puzzle
from tagteam.puzzles.prove import as_choice, leaves, pick_goal, score, solve
from tests.puzzles.helpers import shipped

SAMPLE = 12


def _reaches(goal: Goal, st: GameState, me: int) -> bool:
    if st.phase == OVER:
        return st.winner == me
    if goal.kind == "win":
        return False
    if goal.kind == "survive":
        return True
    mine = st.hp(2 * me) + st.hp(2 * me + 1)
    return mine - (sum(st.hp(f) for f in range(4)) - mine) >= (goal.margin or 0)


def _brute(p: Puzzle) -> set[BuildChoice]:
    b = Built(p.setting)
    me, opp = b.me, b.opp
    starts: list[tuple[GameState, BuildChoice | None]]
    if p.kind == "known":
        starts = [(b.state, None)]
    else:
        starts = [
            (b.with_reply(card), BuildChoice(0, q, (1, 2)))
            for card in b.pool
            for q in range(len(b.state.fight[opp]) + 1)
        ]
    good = set()
    for a in legal_actions(b.state, me):
        assert isinstance(a, BuildChoice)
        ok = True
        for start, theirs in starts:
            c = start.clone()
            apply_action_inplace(c, me, a)
            if theirs is not None:
                apply_action_inplace(c, opp, theirs)
            if not all(_reaches(p.goal, e, me) for e in leaves(c, me)):
                ok = False
                break
        if ok:
            good.add(a)
    return good


def _sample() -> list[Puzzle]:
    ps = shipped()
    rng = random.Random(28)
    known = [p for p in ps if p.kind == "known"]
    anyp = [p for p in ps if p.kind == "any"]
    half = SAMPLE // 2
    return rng.sample(known, min(half, len(known))) + rng.sample(anyp, min(half, len(anyp)))


@pytest.mark.parametrize("p", _sample(), ids=lambda p: p.id)
def test_exactly_the_answer_and_its_equivalents_reach_the_goal(p: Puzzle) -> None:
    want = {p.answer, *p.equivalents}
    assert {as_choice(a) for a in _brute(p)} == want


def test_a_changed_goal_is_not_proven_for_the_same_answer() -> None:
    """Asking more than the proven margin leaves no answer (the margin is the best one guaranteed)."""
    p = next(p for p in shipped() if p.goal.kind == "ahead" and (p.goal.margin or 0) < 99)
    harder = Goal(kind="ahead", margin=(p.goal.margin or 0) + 1)
    assert solve(p.setting, harder) is None
    assert solve(p.setting, p.goal) is not None


def _real_builds(seed: int) -> list[tuple[GameState, Action, Action]]:
    """Every Build step of a dealt game, with both bots' Builds."""
    d = deal(seed)
    st = new_game(seed, teams=d.teams)
    bots = (make_bot(d.bots[0], d.bot_seeds[0]), make_bot(d.bots[1], d.bot_seeds[1]))
    out: list[tuple[GameState, Action, Action]] = []
    first: list[Action] = []

    def choose(state: GameState, seat: int) -> Action:
        a = bots[seat].decide(view_for(state, seat))
        if state.phase == BUILD and state.pending == [BUILD_DECISION, BUILD_DECISION]:
            if seat == 0:
                first[:] = [a]
            else:
                out.append((state.clone(), first[0], a))
        return a

    play_out(st, choose)
    return out


def _end(st: GameState) -> tuple[object, ...]:
    return (st.phase, st.winner, tuple(st.hp(f) for f in range(4)), tuple(st.power), tuple(st.special))


NO_MILADY = [s for s in range(60) if "milady" not in {f for t in deal(s).teams for f in t}][:2]


@pytest.mark.parametrize("seed", NO_MILADY)
def test_the_rebuilt_position_fights_as_the_real_game_did(seed: int) -> None:
    """Read off a real Build step and rebuilt, the position plays the bots' real Builds to the very same end."""
    checked = 0
    for st, a0, a1 in _real_builds(seed):
        acts = (a0, a1)
        for s in (0, 1):
            setting = read_setting(st, s)
            if setting is None:
                continue
            opp = 1 - s
            theirs = acts[opp]
            mine = acts[s]
            assert isinstance(theirs, BuildChoice) and isinstance(mine, BuildChoice)
            real = st.clone()
            apply_action_inplace(real, 0, a0)
            apply_action_inplace(real, 1, a1)
            b = Built(setting)
            name = st.card(st.drawn[opp][theirs.card]).cdef.id
            card = next(c for c in b.pool if b.tab.cards[c].cdef.id == name)
            again = b.with_reply(card)
            apply_action_inplace(again, s, mine)
            apply_action_inplace(again, opp, BuildChoice(0, theirs.position, (1, 2)))
            ends, real_ends = leaves(again, s), leaves(real, s)
            assert [_end(e) for e in ends][:1] == [_end(e) for e in real_ends][:1]
            assert score(ends[0], s) == score(real_ends[0], s)
            checked += 1
    assert checked >= 4


def test_pick_goal_wants_exactly_one() -> None:
    assert pick_goal({("a",): 1000, ("b",): 3}) == Goal(kind="win")
    assert pick_goal({("a",): 1000, ("b",): 1000}) is None
    assert pick_goal({("a",): -1000, ("b",): 2}) == Goal(kind="survive")
    assert pick_goal({("a",): 4, ("b",): 2, ("c",): -1000}) == Goal(kind="ahead", margin=4)
    assert pick_goal({("a",): 4, ("b",): 4}) is None
    assert pick_goal({("a",): 0, ("b",): -3}) is None
