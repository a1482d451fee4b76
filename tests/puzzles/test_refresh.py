"""A set made before a rules change, brought up to date (``make --keep``): every puzzle re-proven with its goal
chosen anew; one whose answer is unchanged keeps its id (a player's progress is kept by id), the others go,
and new games fill the set up, never with a dropped id again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tagteam.cli import puzzles as cli
from tagteam.puzzles import files
from tagteam.puzzles import make as mk
from tagteam.puzzles.model import Choice, Goal, Puzzle
from tests.puzzles.helpers import shipped


def _other_answer(p: Puzzle) -> Puzzle:
    """The same position with a card and place that is not the answer."""
    right = {(c.card, c.position) for c in (p.answer, *p.equivalents)}
    card, pos = next((k, q) for k in range(3) for q in range(len(p.setting.mine) + 1) if (k, q) not in right)
    rest = [i for i in range(3) if i != card]
    return p.model_copy(update={"answer": Choice(card=card, position=pos, bottom=(rest[0], rest[1]))})


def test_a_puzzle_that_holds_comes_back_the_same() -> None:
    p = shipped()[0]
    assert mk.reproven(p) == p


def test_a_stale_goal_and_count_are_brought_up_to_date_under_the_same_id() -> None:
    p = shipped()[1]
    stale = p.model_copy(
        update={"goal": Goal(kind="ahead", margin=99), "proof": p.proof.model_copy(update={"fights": 1})}
    )
    assert stale.id == p.id
    got = mk.refresh([stale])
    assert got.kept == [p] and got.changed == [p.id] and got.dropped == []


def test_a_puzzle_whose_answer_changed_is_dropped() -> None:
    p = shipped()[2]
    got = mk.refresh([shipped()[0], _other_answer(p)])
    assert got.kept == [shipped()[0]] and got.dropped == [p.id] and got.changed == []


def test_new_games_fill_up_after_the_kept_and_never_bring_a_dropped_id_back(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b, c, d = shipped()[:4]
    played: list[range] = []

    def games(seeds: range, jobs: int) -> Iterator[list[Puzzle]]:
        played.append(seeds)
        yield [b, c]  # b was dropped from the old set: its position must not come back with another answer
        yield [a, d]

    monkeypatch.setattr(mk, "_results", games)
    got = mk.make(3, jobs=1, start=7, cover=False, keep=[a], refused={b.id})
    assert [p.id for p in got] == [a.id, c.id, d.id]
    assert played and played[0].start == 7


def test_enough_kept_plays_no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def games(seeds: range, jobs: int) -> Iterator[list[Puzzle]]:
        raise AssertionError("no game should be played")

    monkeypatch.setattr(mk, "_results", games)
    kept = list(shipped()[:3])
    assert mk.make(2, jobs=1, cover=False, keep=kept) == kept  # a kept puzzle is never cut


def test_make_keep_writes_the_kept_set_that_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = tmp_path / "old.json"
    files.save(list(shipped()[:3]), old)
    folder = tmp_path / "new"
    out = folder / cli.OUT_NAME
    assert (
        cli.main(["make", "--keep", str(old), "--count", "3", "--no-cover", "--jobs", "1", "--out", str(folder)]) == 0
    )
    assert "3 of 3 puzzles still hold (0 with a new goal or counts)" in capsys.readouterr().err
    assert files.load(out).puzzles == list(shipped()[:3])
    assert cli.main(["verify", str(out)]) == 0


def test_make_keep_refuses_an_unreadable_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert cli.main(["make", "--keep", str(bad), "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.json" in err
