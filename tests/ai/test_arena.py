"""The arena: Easy clearly beats Random, every pairing plays the same deals, intervals never collapse, and
an unknown bot name is one line on stderr and exit status 2."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagteam.ai import match
from tagteam.ai.match import GameResult
from tagteam.ai.stats import wilson
from tagteam.cli.arena import run, tournament


@pytest.mark.slow
def test_easy_beats_random() -> None:
    tallies, think = tournament(["easy", "random"], deals=60, seed=1, jobs=1)
    t = tallies[("easy", "random")]
    assert t.n == 120
    mean, lo, hi = t.score()
    assert lo >= 0.6, f"Easy scored {mean:.2f} ({lo:.2f}-{hi:.2f}) against Random"
    assert think["easy"]["build"]


def test_every_pairing_plays_the_same_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[tuple[str, str], list[tuple[Any, int]]] = {}

    def fake_play(bots: Any, seed: int, teams: Any = None, draft: str = "free") -> GameResult:
        key = (bots[0].level, bots[1].level)
        seen.setdefault(key, []).append((teams, seed))
        return GameResult(0, "ko", 1)

    monkeypatch.setattr(match, "play", fake_play)
    tournament(["random", "easy", "hard"], deals=5, seed=3, jobs=1)
    games = {tuple(sorted(set(v))) for v in seen.values()}
    assert len(seen) == 6 and len(games) == 1  # every ordered seating saw exactly the same deals
    other: dict[tuple[str, str], list[tuple[Any, int]]] = {}
    seen = other
    tournament(["random", "easy"], deals=5, seed=4, jobs=1)
    assert {tuple(sorted(set(v))) for v in other.values()} != games  # and the seed does change them


def test_wilson_never_collapses() -> None:
    p, lo, hi = wilson(300, 300)
    assert p == 1.0 and 0.98 < lo < 0.99 and hi > 0.9999
    p, lo, hi = wilson(0, 300)
    assert p == 0.0 and lo == 0.0 and 0.0 < hi < 0.02
    p, lo, hi = wilson(600, 1000)
    assert 0.568 < lo < 0.571 and 0.629 < hi < 0.631


def test_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("easy,grandmaster", 10, 0, 1) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "grandmaster" in err


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("hard+infer=x", "infer cannot be 'x'"),
        ("hard+samples=0", "samples cannot be '0'"),
        ("hard+speed=2", "no field 'speed' with a value (fields: blind, cards"),
        ("hard+cards", "no field 'cards' with a value"),
        ("hard+level2=1+temperature=0", "level2 needs a temperature above 0"),
        ("hard-mirror+inner_samples=-3", "inner_samples cannot be '-3'"),
    ],
)
def test_a_malformed_variant_names_its_field(name: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A ``hard+FIELD=VALUE`` name the arena refuses says which field and why, in one line (it used to list
    the named bots only, which never mention the variant form)."""
    assert run(f"{name},hard", 2, 0, 1) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and repr(name) in err and said in err, err


@given(st.text(alphabet="abcdefghilmnorstwxyz_=+.-019", max_size=24))
@settings(deadline=None)
def test_any_variant_name_is_played_or_refused_in_one_line(tail: str) -> None:
    """Whatever follows ``hard+``: a bot the arena makes, or one clear line with exit 2, never a traceback."""
    import contextlib
    import io

    from tagteam.ai.measure import is_arena_bot

    name = f"hard+{tail}"
    if "," in name or "/" in name or is_arena_bot(name):
        return
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert run(f"{name},easy", 2, 0, 1) == 2
    assert err.getvalue().count("\n") == 1 and repr(name) in err.getvalue()


def test_prints_a_matrix(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("random,easy", 4, 0, 1) == 0
    out = capsys.readouterr().out
    assert "random" in out and "Wilson" in out and "Think time" in out and "± 0.0" not in out


def test_rows_against_columns(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("easy/random,habit-top", 2, 0, 1) == 0
    out = capsys.readouterr().out
    assert out.count("1-0-1") + out.count("2-0-0") + out.count("0-0-2") + out.count("1-1-0") + out.count("0-1-1") >= 4
    assert run("easy/", 2, 0, 1) == 2


def test_the_candidate_hard_is_an_arena_bot_on_the_fitted_leaf() -> None:
    """``hard-fitted`` (the next Hard, measured against today's) is named by the arena and searches with the
    fitted leaf and its own temperatures; today's Hard keeps the hand-set leaf."""
    from tagteam.ai.hard import FITTED, Budget, FittedHardBot, HardBot
    from tagteam.ai.measure import arena_bot, arena_names

    assert "hard-fitted" in arena_names()
    bot = arena_bot("hard-fitted", 1)
    assert isinstance(bot, FittedHardBot) and bot.budget == FITTED and FITTED.fitted is True
    assert HardBot.budget == Budget() and Budget().fitted is None
    assert FITTED.temperature < Budget().temperature and FITTED.normal_temperature < Budget().normal_temperature


def test_a_hard_variant_is_hard_with_its_budget_fields_replaced() -> None:
    """``hard+FIELD=VALUE`` plays Hard's search with those fields changed; a malformed one is refused by name."""
    import pytest

    from tagteam.ai.hard import Budget, HardBot
    from tagteam.ai.measure import arena_bot, is_arena_bot

    bot = arena_bot("hard+level2=0.5+samples=8+fitted=1", 3)
    assert isinstance(bot, HardBot) and bot.level == "hard+level2=0.5+samples=8+fitted=1"
    assert bot.budget == Budget(level2=0.5, samples=8, fitted=True)
    assert HardBot.budget == Budget()  # the class's own budget is untouched
    for bad in ("hard+", "hard+speed=2", "hard+samples=0", "hard+samples=1.5", "hard+fitted=yes",
                "hard+temperature=nan", "hard+level2=-1", "hard+level2=1+temperature=0"):  # fmt: skip
        assert not is_arena_bot(bad), bad
        with pytest.raises(ValueError, match="unknown arena bot"):
            arena_bot(bad, 1)
    assert is_arena_bot("hard") and is_arena_bot("hard+model=0")


def test_the_self_like_answer_is_a_softmax_best_reply_to_what_it_expects_of_me() -> None:
    """With my expected mix on option 0, the opponent's reply weights its best column against option 0 most."""
    from tagteam.ai.hard import Budget, _answer

    mat = [[0.5, -0.2, 0.1], [-0.6, 0.4, 0.0]]  # my payoff: rows mine, columns theirs
    y = _answer(mat, [1.0, 0.0], Budget(model=0.0, temperature=0.02))
    assert abs(sum(y) - 1.0) < 1e-12
    assert max(range(3), key=lambda j: y[j]) == 1  # -(-0.2) is their best value against my option 0
    y2 = _answer(mat, [0.0, 1.0], Budget(model=0.0, temperature=0.02))
    assert max(range(3), key=lambda j: y2[j]) == 0  # against my option 1 their best is column 0
    flat = _answer(mat, [1.0, 0.0], Budget(model=0.0, temperature=100.0))
    assert max(flat) - min(flat) < 0.01  # a high temperature is nearly uniform
