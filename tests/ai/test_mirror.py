"""The mirror Hard (arena only): it asks a small Hard on the opponent's view of each sampled state, drops the
rare predictions, values my options against the rest, and sees nothing its seat may not see."""

from __future__ import annotations

import random

import pytest

from tagteam.ai import lookahead, mirror
from tagteam.ai.hard import Analysis, Budget
from tagteam.ai.options import Option
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView, view_for


def test_the_prediction_drops_options_under_the_floor_and_renormalizes(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake(view: PlayerView, rng: random.Random, budget: Budget, stop: object) -> Analysis:
        return Analysis([(0, 0), (1, 2), (2, 1)], [0.0, 0.0, 0.0], [0.6, 0.38, 0.02])

    monkeypatch.setattr(mirror, "analyze", fake)
    got = mirror.predict(None, random.Random(1), Budget(), lambda: False, 0.05)  # type: ignore[arg-type]
    assert [o for o, _ in got] == [(0, 0), (1, 2)]
    assert abs(sum(p for _, p in got) - 1.0) < 1e-12 and abs(got[0][1] - 0.6 / 0.98) < 1e-12


def test_the_small_hard_is_asked_on_the_opponents_view_only(
    build_state: GameState, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each question is the opponent's view of a state sampled from mine; the values are the predicted mix's."""
    asked: list[PlayerView] = []
    answer: Option = (1, 0)

    def fake(
        view: PlayerView, rng: random.Random, inner: Budget, stop: object, floor: float
    ) -> list[tuple[Option, float]]:
        asked.append(view)
        return [(answer, 1.0)]

    played: list[Option | None] = []
    real = lookahead.outcome

    def spy(st: GameState, seat: int, m: Option, t: Option | None, *a: object, **k: object) -> float:
        played.append(t)
        return real(st, seat, m, t, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(mirror, "predict", fake)
    monkeypatch.setattr(mirror, "outcome", spy)
    me = 0
    view = view_for(build_state, me)
    opts, vals = mirror.values(view, random.Random(3), mirror.Mirror(samples=3), lambda: False)
    assert len(asked) == 3 and all(v.seat == 1 - me for v in asked)
    assert len(opts) == len(vals) == len(view.my_fight_deck) * 3 + 3
    assert played and set(played) == {answer}


def test_the_choice_depends_on_my_view_not_on_the_opponents_hidden_hand(build_state: GameState) -> None:
    """Two positions that differ only in the opponent's drawn cards (hidden from me) get the same Build."""
    other = build_state.clone()
    opp = 1
    other.drawn[opp] = list(reversed(other.drawn[opp]))
    assert other.drawn[opp] != build_state.drawn[opp]
    small = mirror.Mirror(samples=2, inner=Budget(samples=2, mine=4, theirs=3, iters=40))
    picks = []
    for st in (build_state, other):
        bot = mirror.MirrorHardBot(11)
        bot.mirror = small
        picks.append(bot.decide(view_for(st, 0)))
    assert picks[0] == picks[1]


def test_a_mirror_variant_replaces_its_own_fields_and_the_small_hards() -> None:
    from tagteam.ai.measure import arena_bot, is_arena_bot

    bot = arena_bot("hard-mirror+samples=4+inner_samples=2+temperature=0.03", 1)
    assert isinstance(bot, mirror.MirrorHardBot)
    small = Budget(samples=2, mine=6, theirs=5, iters=100)
    assert bot.mirror == mirror.Mirror(samples=4, temperature=0.03, inner=small)
    assert mirror.MirrorHardBot.mirror == mirror.Mirror()  # the class's own is untouched
    for bad in ("hard-mirror+inner_speed=1", "hard-mirror+samples=0", "hard-mirror+inner=1", "hard-mirror+floor=x"):
        assert not is_arena_bot(bad), bad
    assert is_arena_bot("hard-mirror")
