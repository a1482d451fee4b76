"""The arena: Easy clearly beats Random, and an unknown bot name is one line on stderr and exit status 2."""

from __future__ import annotations

import pytest

from tagteam.cli.arena import run, tournament


def test_easy_beats_random() -> None:
    tallies, think = tournament(["easy", "random"], deals=100, seed=1, jobs=1)
    t = tallies[("easy", "random")]
    assert t.n == 200
    mean, half = t.score()
    assert mean >= 0.7, f"Easy scored {mean:.2f} ± {half:.2f} against Random"
    assert think["easy"]["build"]


def test_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("easy,grandmaster", 10, 0, 1) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "grandmaster" in err


def test_prints_a_matrix(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("random,easy", 4, 0, 1) == 0
    out = capsys.readouterr().out
    assert "random" in out and "±" in out and "Think time" in out
