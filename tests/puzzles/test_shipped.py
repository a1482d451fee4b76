"""The shipped set: at least 300 puzzles, every Fighter in one, each re-proven from scratch by the engine."""

from __future__ import annotations

import pytest

from tagteam.engine.table import library
from tagteam.puzzles import files
from tagteam.puzzles.make import fighters_in
from tests.puzzles.helpers import shipped


def test_the_set_is_large_and_covers_every_fighter() -> None:
    ps = shipped()
    assert len(ps) >= 300
    assert fighters_in(ps) == set(library())
    assert len({p.id for p in ps}) == len(ps)
    assert {p.kind for p in ps} == {"known", "any"}


@pytest.mark.slow
def test_every_shipped_puzzle_is_re_proven() -> None:
    """Its time is `tagteam puzzles verify`'s to print (a benchmark), not a test's to assert."""
    bad = [f for i, p in enumerate(shipped()) for f in files.faults(p, f"puzzles.{i}")]
    assert bad == []


def test_a_spread_of_shipped_puzzles_is_re_proven() -> None:
    """The quick subset's share: every 16th puzzle (both kinds, many Fighters), re-proven from scratch."""
    bad = [f for i, p in enumerate(shipped()) if i % 16 == 0 for f in files.faults(p, f"puzzles.{i}")]
    assert bad == []


def test_each_proof_counts_add_up() -> None:
    for p in shipped():
        pr = p.proof
        per = 1 if p.kind == "known" else pr.replies
        assert pr.fights == pr.answers * per + pr.branches
        assert pr.solutions == 1 + len(p.equivalents)
        assert pr.options >= pr.answers >= 2
        assert (pr.replies == 1) == (p.kind == "known") or p.kind == "any"
