"""The search's playout: the coming Fight, then as many rounds with random Builds as asked."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from tagteam.ai import hard, lookahead
from tagteam.engine.state import GameState


def test_rounds_after_the_coming_fight_are_played_out(build_state: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a seed, ``rounds`` more rounds follow the coming one (the leaf sees a later round); one more
    round is what Hard has always played, so its default scores the same position as before."""
    seen: list[int] = []

    def leaf(st: GameState, seat: int, fitted: bool | None = None, cards: bool = False, normal: bool = False) -> float:
        seen.append(st.round)
        return 0.0

    monkeypatch.setattr(lookahead, "value", leaf)
    start = build_state.round
    for rounds in (0, 1, 2):
        lookahead.outcome(build_state, 0, (0, 0), (0, 0), 7, None, rounds)
    lookahead.outcome(build_state, 0, (0, 0), (0, 0), 7)
    lookahead.outcome(build_state, 0, (0, 0), (0, 0), 0, None, 2)  # no seed: the coming Fight only
    assert build_state.round == start  # played on a copy
    assert seen[1] == seen[0] + 1 and seen[2] == seen[1] + 1, seen
    assert seen[3] == seen[1] and seen[4] == seen[0]


def test_a_kept_build_keeps_the_card_normal_keeps_most_often(build_state: GameState) -> None:
    """The playout's better Build keeps the drawn card with the highest keep-rate, whatever the seed."""
    import random

    from tagteam.ai.tables import CARD_VALUE

    cards = build_state.tab().cards
    for seat in (0, 1):
        rates = [CARD_VALUE.get(cards[c].cdef.id, 0.0) for c in build_state.drawn[seat]]
        assert len(set(rates)) == 3, rates  # the fixture's hands tell the three apart
        for seed in range(5):
            choice = lookahead.kept_build(build_state, seat, random.Random(seed))
            assert rates[choice.card] == max(rates)
            assert 0 <= choice.position <= len(build_state.fight[seat])
            assert sorted((choice.card, *choice.bottom)) == [0, 1, 2]


def test_racing_gives_the_leaders_more_samples_and_keeps_the_kept_option(
    build_state: GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``race`` the solver sees ``samples + race`` matrices, of the ``finalists`` best rows (and the
    coach's kept option); without it, ``samples`` matrices of every option kept by the screening."""
    import random

    from tagteam.ai import regret
    from tagteam.engine.view import view_for

    seen: list[tuple[int, int]] = []
    real = regret.solve

    def spy(mats: list[regret.Matrix], iters: int = 200) -> tuple[list[float], list[list[float]]]:
        seen.append((len(mats), len(mats[0])))
        return real(mats, iters)

    monkeypatch.setattr(regret, "solve", spy)
    view = view_for(build_state, 0)
    small = hard.Budget(samples=3, mine=6, theirs=4, iters=20)
    hard.analyze(view, random.Random(2), small, lambda: False)
    assert seen == [(3, 6)]
    seen.clear()
    everything = hard.analyze(view, random.Random(2), small, lambda: False)
    worst = min(range(len(everything.options)), key=lambda i: everything.values[i])
    keep = everything.options[worst]
    seen.clear()
    raced = hard.Budget(samples=3, mine=6, theirs=4, iters=20, race=5, finalists=2)
    an = hard.analyze(view, random.Random(2), raced, lambda: False, keep=keep)
    assert seen[0] == (3, 6) and seen[1][0] == 8 and seen[1][1] in (2, 3)
    assert keep in an.options and len(an.options) == seen[1][1] == len(an.values) == len(an.strategy)


@given(hs.integers(6, 20), hs.integers(1, 40), hs.integers(0, 2**32))
def test_even_hands_cover_the_opponents_cards_evenly(size: int, n: int, seed: int) -> None:
    """Stratified sampling (``Budget.stratify``): every hand is 3 distinct cards of the pool, and no card is in
    two more hands than another (independent draws would leave some out and double others)."""
    from collections import Counter

    from tagteam.ai.hard import _even_hands

    pool = list(range(100, 100 + size))
    hands = _even_hands(pool, n, random.Random(seed))
    assert len(hands) == n
    counts: Counter[int] = Counter()
    for hand in hands:
        assert hand is not None and len(set(hand)) == 3 and set(hand) <= set(pool)
        counts.update(hand)
    seen = [counts[c] for c in pool]
    assert max(seen) - min(seen) <= 2


def test_the_blind_sample_redraws_only_my_hand(build_state: GameState) -> None:
    """``Budget.blind``: the opponent cannot tell my 3 drawn cards from my Build deck, so its picture of the
    sample redraws my hand from both; everything else, and the sample itself, stay as they were."""
    from tagteam.ai.hard import _blind_state

    me = 0
    before = (list(build_state.drawn[me]), list(build_state.build[me]), list(build_state.drawn[1]))
    hands = set()
    for seed in range(20):
        alt = _blind_state(build_state, me, random.Random(seed))
        assert alt is not None
        assert len(set(alt.drawn[me])) == 3
        assert sorted(alt.drawn[me] + alt.build[me]) == sorted(before[0] + before[1])
        assert alt.drawn[1] == before[2] and alt.fight == build_state.fight
        hands.add(tuple(sorted(alt.drawn[me])))
    assert (list(build_state.drawn[me]), list(build_state.build[me]), list(build_state.drawn[1])) == before
    assert len(hands) > 1


def test_a_blind_budget_still_gives_a_strategy_over_my_options(build_state: GameState) -> None:
    from tagteam.engine.view import view_for

    view = view_for(build_state, 0)
    small = hard.Budget(samples=3, mine=6, theirs=4, iters=20, blind=2)
    an = hard.analyze(view, random.Random(2), small, lambda: False)
    assert len(an.options) == len(an.values) == len(an.strategy) == 6
    assert abs(sum(an.strategy) - 1.0) < 1e-9
    plain = hard.analyze(view, random.Random(2), hard.Budget(samples=3, mine=6, theirs=4, iters=20), lambda: False)
    assert an.values != plain.values  # the blind model predicts another opponent, so my values move


@given(hs.lists(hs.floats(-1.0, 1.0), min_size=1, max_size=30), hs.floats(0.001, 1.0))
def test_the_one_softmax_is_a_distribution_that_keeps_the_order(vals: list[float], t: float) -> None:
    from tagteam.ai.regret import softmax

    x = softmax(vals, t)
    assert abs(sum(x) - 1.0) < 1e-9 and all(p >= 0.0 for p in x)
    for i in range(len(vals)):
        for j in range(len(vals)):
            if vals[i] > vals[j]:
                assert x[i] >= x[j]
    assert x[vals.index(max(vals))] == max(x)


@pytest.mark.parametrize(
    ("budget", "wanted"),
    [({}, (None, False, False)), ({"normal_leaf": True}, (None, False, True)), ({"cards": True}, (None, True, False))],
)
def test_the_search_scores_every_playout_with_the_budgets_leaf(
    build_state: GameState, monkeypatch: pytest.MonkeyPatch, budget: dict[str, bool], wanted: tuple[object, ...]
) -> None:
    """Hard's leaf choices (fitted, card leaf, Normal-fitted leaf) reach every playout; the default asks none."""
    from tagteam.engine.view import view_for

    seen: set[tuple[object, ...]] = set()
    real = lookahead.outcome

    def spy(st: GameState, seat: int, mine: object, theirs: object, then: int = 0, fitted: bool | None = None,
            rounds: int = 1, keep: bool = False, cards: bool = False, normal: bool = False) -> float:
        seen.add((fitted, cards, normal))
        return real(st, seat, mine, theirs, then, fitted, rounds, keep, cards, normal)  # type: ignore[arg-type]

    monkeypatch.setattr(lookahead, "outcome", spy)
    b = hard.Budget(samples=2, mine=4, theirs=3, iters=10, **budget)
    hard.analyze(view_for(build_state, 0), random.Random(1), b, lambda: False)
    assert seen == {wanted}
