"""Bots decide from the PlayerView only: hidden differences in the state never change a decision."""

from __future__ import annotations

import gc
import random

import pytest

from tagteam.ai import NAMES, make_bot
from tagteam.engine.actions import BuildChoice
from tagteam.engine.game import apply_action_inplace
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView, view_for

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

ME, OPP = 0, 1


def _hidden_twin(st: GameState, seed: int) -> GameState:
    """Same public state; different Build deck orders, opponent's drawn cards and RNG."""
    tw = st.clone()
    rng = random.Random(seed)
    for s in (0, 1):
        rng.shuffle(tw.build[s])
    pool = tw.drawn[OPP] + tw.build[OPP]
    rng.shuffle(pool)
    tw.drawn[OPP], tw.build[OPP] = pool[:3], pool[3:]
    tw.rng = rng.getrandbits(64)
    return tw


def _reaches_state(view: PlayerView) -> bool:
    """True if any GameState is reachable from the view's fields (the static table aside)."""
    todo = [getattr(view, f) for f in view.__slots__ if f != "table"]
    seen: set[int] = set()
    while todo:
        o = todo.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        if isinstance(o, GameState):
            return True
        if isinstance(o, (tuple, list, frozenset, set, dict)) or hasattr(o, "__slots__"):
            todo.extend(gc.get_referents(o))
    return False


@pytest.mark.parametrize("level", NAMES)
def test_hidden_information_does_not_change_decisions(build_state: GameState, level: str) -> None:
    twin = _hidden_twin(build_state, 9)
    assert twin.build[OPP] != build_state.build[OPP] or twin.drawn[OPP] != build_state.drawn[OPP]
    va, vb = view_for(build_state, ME), view_for(twin, ME)
    assert va == vb
    assert not _reaches_state(va)
    assert make_bot(level, 42).decide(va) == make_bot(level, 42).decide(vb)


@pytest.mark.parametrize("level", NAMES)
def test_opponent_locked_choice_stays_secret(build_state: GameState, level: str) -> None:
    a, b = build_state.clone(), _hidden_twin(build_state, 3)
    apply_action_inplace(a, OPP, BuildChoice(0, 0, (1, 2)))
    apply_action_inplace(b, OPP, BuildChoice(2, len(b.fight[OPP]), (0, 1)))
    va, vb = view_for(a, ME), view_for(b, ME)
    assert va == vb and not va.opp_pending
    assert make_bot(level, 7).decide(va) == make_bot(level, 7).decide(vb)


def test_decision_survives_the_state_being_wrecked(build_state: GameState) -> None:
    """The bot holds no reference into the state: scrambling it after the view is taken changes nothing."""
    v = view_for(build_state, ME)
    expected = make_bot("hard", 1).decide(v)
    for s in (0, 1):
        build_state.fight[s].clear()
        build_state.build[s].clear()
        build_state.drawn[s].clear()
    build_state.power[:] = [99, 99, 99, 99]
    assert make_bot("hard", 1).decide(v) == expected


@pytest.mark.parametrize("level", NAMES)
def test_face_down_schemes_do_not_change_decisions(build_state: GameState, level: str) -> None:
    """Milady's pile and planted tokens are face down for everyone: which faces they are stays hidden."""
    twin = build_state.clone()
    hidden = twin.scheme_pile + twin.planted
    assert len(hidden) >= 2, "the fixture game should still have face-down Schemes"
    random.Random(5).shuffle(hidden)
    twin.scheme_pile, twin.planted = hidden[: len(twin.scheme_pile)], hidden[len(twin.scheme_pile) :]
    assert (twin.scheme_pile, twin.planted) != (build_state.scheme_pile, build_state.planted)
    va, vb = view_for(build_state, ME), view_for(twin, ME)
    assert va == vb
    assert make_bot(level, 11).decide(va) == make_bot(level, 11).decide(vb)
