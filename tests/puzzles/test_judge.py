"""Judging an answer: the right one meets the goal against its hardest reply, a wrong one is shown a reply that
refutes it, and the answer meets the goal against that very reply; a Scheme unleashed refuses a position."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tagteam.puzzles import files
from tagteam.puzzles.harvest import candidates, deal
from tagteam.puzzles.judge import judge
from tagteam.puzzles.model import Choice, Puzzle
from tagteam.puzzles.prove import Uncertain, meets, solve
from tests.puzzles.helpers import shipped


def _wrong(p: Puzzle) -> Choice:
    right = {(c.card, c.position) for c in (p.answer, *p.equivalents)}
    for k in range(3):
        for q in range(len(p.setting.mine) + 1):
            if (k, q) not in right:
                rest = [i for i in range(3) if i != k]
                return Choice(card=k, position=q, bottom=(rest[0], rest[1]))
    raise AssertionError("every option is right")


TEN = random.Random(2828).sample(range(300), 10)


@pytest.mark.parametrize("i", TEN)
def test_ten_random_puzzles_judge_right_and_wrong(i: int) -> None:
    p = shipped()[i]
    ok = judge(p, p.answer)
    assert ok.right and ok.answer is None
    assert meets(p.goal, ok.given.value)
    assert any(e.kind == "turn_started" for e in ok.given.events)
    bad = judge(p, _wrong(p))
    assert not bad.right and bad.answer is not None
    assert not meets(p.goal, bad.given.value)
    assert meets(p.goal, bad.answer.value)
    assert bad.answer.reply == bad.given.reply


def test_a_scheme_unleashed_refuses_the_position() -> None:
    seed = next(s for s in range(60) if "milady" in {f for t in deal(s).teams for f in t})
    refused = 0
    for c in candidates(seed):
        try:
            solve(c.setting)
        except Uncertain:
            refused += 1
    assert refused > 0


@pytest.mark.slow
def test_make_writes_a_file_that_verifies(tmp_path: Path) -> None:
    from tagteam.cli import puzzles as cli

    out = tmp_path / "set" / cli.OUT_NAME  # --out names the folder, made if missing
    assert (
        cli.main(["make", "--count", "2", "--jobs", "1", "--start", "5", "--no-cover", "--out", str(out.parent)]) == 0
    )
    pf = files.load(out)
    assert len(pf.puzzles) == 2
    assert all(p.provenance.seed >= 5 for p in pf.puzzles)
    assert cli.main(["verify", str(out)]) == 0
