"""Measurement opponents: the habit players keep their habit, the best response answers legally, and
Expert's opponent model learns a habit from views alone."""

from __future__ import annotations

import pytest

from tagteam.ai.expert import ExpertBot, Habits
from tagteam.ai.match import play
from tagteam.ai.measure import HabitBot, arena_bot, arena_names
from tagteam.ai.traits import traits
from tagteam.engine.actions import BuildChoice
from tagteam.engine.game import is_legal
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView, view_for


def test_names() -> None:
    names = arena_names()
    for n in ("easy", "hard", "expert", "habit-top", "habit-bottom", "habit-attack", "habit-repeat", "br:hard"):
        assert n in names
        assert arena_bot(n, 1).level == n


def test_habits_hold(build_state: GameState) -> None:
    v = view_for(build_state, 0)
    n = len(v.my_fight_deck)
    assert v.table is not None
    for seed in range(3):
        top = HabitBot("top", seed).decide(v)
        bottom = HabitBot("bottom", seed).decide(v)
        assert isinstance(top, BuildChoice) and isinstance(bottom, BuildChoice)
        assert top.position == 0 and bottom.position == n
        att = HabitBot("attack", seed).decide(v)
        assert isinstance(att, BuildChoice)
        if any(traits(v.table.cards[c].cdef).attacks for c in v.drawn):
            assert traits(v.table.cards[v.drawn[att.card]].cdef).attacks
        rep = HabitBot("repeat", seed)
        rep.last_p = 1
        a = rep.decide(v)
        assert isinstance(a, BuildChoice) and a.position == 1


def test_best_response_is_legal(build_state: GameState) -> None:
    for s in (0, 1):
        a = arena_bot("br:easy", 2).decide(view_for(build_state, s))
        assert is_legal(build_state, s, a)


def test_the_best_response_can_be_asked_on_fewer_samples() -> None:
    from tagteam.ai.measure import BestResponseBot

    assert arena_bot("br:hard", 1).samples == 4  # type: ignore[attr-defined]
    one = arena_bot("br:hard+samples=1", 1)
    assert isinstance(one, BestResponseBot) and one.samples == 1 and one.target == "hard"
    for bad in ("br:hard+samples=0", "br:hard+samples=", "br:chess+samples=2", "br:hard+samples=100"):
        with pytest.raises(ValueError):
            arena_bot(bad, 1)


class _Spy(ExpertBot):
    """An Expert that keeps the views it was shown (to replay them into a fresh model)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.views: list[PlayerView] = []

    def build(self, view: PlayerView) -> BuildChoice:
        self.views.append(view)
        return BuildChoice(0, 0, (1, 2))  # quick: this test is about the model, not the search


def test_expert_learns_a_top_habit_from_views(build_state: GameState) -> None:
    spy = _Spy(1)
    play((spy, HabitBot("top", 2)), 5, (("joan", "golem"), ("shango", "milady")))
    h = Habits()
    for v in spy.views:  # the same counts again from the views alone: the model reads nothing else
        h.observe(v)
    assert h.inserts >= 2 and h.places[0] == h.inserts  # every observed insert was at the top
    assert h.places == spy.habits.places
    n = len(build_state.fight[1])
    top, mid, bottom = h.weights(build_state, 0, [(0, 0), (0, 1), (0, n)])
    assert top > 3 * mid and top > 3 * bottom
    assert Habits().weights(build_state, 0, [(0, 0), (0, n)]) == [1.0, 1.0]  # no evidence, no opinion


def test_expert_believes_a_habit_that_fits_and_drops_it_after_slips() -> None:
    h = Habits()
    for n in (3, 4, 5):  # three inserts, each at the bottom of a deck of n cards
        h._update(n, n, att=False)
        h.last_q = n
    assert h.belief["bottom"] > 0.8 > h.belief["none"]
    assert h.belief["top"] < 0.01
    for n in (6, 7):  # then two inserts in the middle: a player who no longer has that habit
        h._update(2, n, att=False)
        h.last_q = 2
    assert h.belief["bottom"] < 0.2 < 0.8 < h.belief["none"]


def test_told_expert_believes_its_habit_from_the_start(build_state: GameState) -> None:
    h = Habits(told="bottom")
    n = len(build_state.fight[1])
    top, bottom = h.weights(build_state, 0, [(0, 0), (0, n)])
    assert bottom > 10 * top  # no insert seen yet, the habit is already believed
    h._update(0, n, att=False)  # a top insert does not shake a belief it was told
    assert h.belief["bottom"] == 1.0
    assert arena_bot("told:bottom", 1).level == "told:bottom"
