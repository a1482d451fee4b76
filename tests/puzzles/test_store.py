"""The puzzle attempts' storage (tagteam.store.puzzles): the journal file and the history database's
``puzzle_attempts`` table, kept in step both ways; and whatever happens to them (garbage in the database's
place, a newer schema, another process's lock, a read-only home, a full disk), the puzzles play on, one line
says what happened, and nothing that was kept is lost (generated with Hypothesis, as tests/history/test_faults.py)."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagteam.play import history as ph
from tagteam.puzzles import kept as pk
from tagteam.puzzles import progress as pp
from tagteam.store import history as hs
from tagteam.store import puzzles as store
from tagteam.store.paths import saves_dir
from tagteam.words.puzzles import note_line
from tests.files.fuzzing import one_line
from tests.history.helpers import fingerprint, shared_home, variety, write
from tests.puzzles.helpers import shipped

RECORDS = variety(2)


def attempt(i: int, right: bool, hint: bool = False, first: bool = True) -> pp.Attempt:
    p = shipped()[i]
    return pp.Attempt(pp.new_id(), time.time(), pp.today(), p.id, p.difficulty.rating, right, hint, first)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("TAGTEAM_HOME", str(folder))
    yield folder


def _table(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return [str(r[0]) for r in conn.execute("SELECT id FROM puzzle_attempts ORDER BY n")]
    finally:
        conn.close()


def _same(a: pp.Tally, b: pp.Tally) -> bool:
    return (a.rating, a.streak, a.best_streak, a.rated, a.tried, a.solved, a.found_on) == (
        b.rating, b.streak, b.best_streak, b.rated, b.tried, b.solved, b.found_on,
    )  # fmt: skip


# ------------------------------------------------------------------------------------------------ in step


def test_each_answer_is_a_journal_line_and_a_row(home: Path) -> None:
    got = pk.load()
    assert got.notes == [] and got.indexed and got.tally.attempts == 0
    kept = [attempt(0, True), attempt(1, False), attempt(1, True, first=False), attempt(2, False, hint=True)]
    for a in kept:
        got.tally.add(a)
        assert pk.keep(a) == []
    lines = (home / store.FILE).read_text().splitlines()
    assert len(lines) == 4 and _table(home / hs.FILE) == [a.id for a in kept]
    again = pk.load()
    assert _same(again.tally, got.tally) and again.indexed
    conn = sqlite3.connect(home / hs.FILE)
    rated, rating, streak = conn.execute("SELECT rated, rating, streak FROM puzzle_attempts ORDER BY n DESC").fetchone()
    conn.close()
    assert rated == 1 and rating == pytest.approx(got.tally.rating.rating) and streak == 0


def test_the_migration_adds_the_table_and_leaves_the_games(home: Path) -> None:
    """Opened through open_history, at whatever version the schema is now: the games' rows are kept and a
    rebuild of the games never empties the attempts (they are not in DERIVED)."""
    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")
    assert ph.rebuild().indexed == len(RECORDS)
    a = attempt(3, True)
    assert pk.keep(a) == []
    assert "puzzle_attempts" not in hs.DERIVED and len(hs.MIGRATIONS) == hs.SCHEMA
    assert ph.rebuild().indexed == len(RECORDS)
    assert _table(home / hs.FILE) == [a.id]
    with hs.open_history().history as h:  # type: ignore[union-attr]
        assert h.count() == len(RECORDS)


def test_a_database_moved_aside_is_filled_again_from_the_journal(home: Path) -> None:
    got = pk.load()
    for i in range(5):
        a = attempt(i, i % 2 == 0)
        got.tally.add(a)
        pk.keep(a)
    (home / hs.FILE).write_bytes(b"not a database" * 50)
    for side in ("-wal", "-shm"):
        (home / (hs.FILE + side)).unlink(missing_ok=True)
    again = pk.load()
    assert [n.code for n in again.notes] == ["moved_aside"]
    assert one_line(note_line(again.notes[0]))
    assert _same(again.tally, got.tally) and again.indexed  # the rating is whole
    assert len(_table(home / hs.FILE)) == 5


def test_a_lost_journal_is_written_back_from_the_database(home: Path) -> None:
    kept = [attempt(i, True) for i in range(3)]
    for a in kept:
        pk.keep(a)
    (home / store.FILE).unlink()
    got = pk.load()
    assert got.notes == [] and got.tally.streak == 3
    assert [store._attempt(json.loads(x)) for x in (home / store.FILE).read_text().splitlines()] == kept


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.lists(st.binary(max_size=200), max_size=4), at=st.integers(0, 3))
def test_lines_that_are_not_attempts_are_skipped_in_one_line(tmp_path: Path, junk: list[bytes], at: int) -> None:
    os.environ["TAGTEAM_HOME"] = str(tmp_path)
    with contextlib.suppress(FileNotFoundError):
        (tmp_path / store.FILE).unlink()
    kept = [attempt(i, True) for i in range(3)]
    for a in kept:
        store.append(a)
    lines = (tmp_path / store.FILE).read_bytes().split(b"\n")
    lines[at:at] = junk
    (tmp_path / store.FILE).write_bytes(b"\n".join(lines))
    found, notes = store.read_journal()
    assert found == kept
    bad = [j for j in junk if j.strip()]
    assert len(notes) == (1 if bad else 0)
    if notes:
        assert one_line(note_line(notes[0]))
    store.append(attempt(4, False))  # a line cut short never swallows the next one
    assert store.read_journal()[0][-1].puzzle == shipped()[4].id


# ------------------------------------------------------------------------------------------------ faults

FAULTS = ("none", "garbage", "newer", "locked", "read_only", "full_db", "full_disk")
ALLOWED: dict[str, set[str]] = {
    "none": set(),
    "garbage": {"moved_aside"},
    "newer": {"newer"},
    "locked": {"locked"},
    "read_only": {"read_only", "unusable", "not_kept", "not_restored"},
    "full_db": {"full"},
    "full_disk": {"full", "not_kept", "not_restored"},
}


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from shared_home(tmp_path_factory, "puzzle-faults")


def _read_only_connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.05, check_same_thread=False)


@contextlib.contextmanager
def injected(fault: str, home: Path) -> Iterator[None]:
    """The fault, for one step of play: the database and the journal as they would fail."""
    real_connect, real_open, real_busy, real_mkstemp = hs._connect, Path.open, hs.BUSY_MS, tempfile.mkstemp
    journal = home / store.FILE
    holder: sqlite3.Connection | None = None

    def refuse(code: int) -> None:
        def opener(self: Path, mode: str = "r", *args: Any, **kw: Any) -> Any:
            if self == journal and any(c in mode for c in "aw+"):
                raise OSError(code, os.strerror(code))
            return real_open(self, mode, *args, **kw)

        def mkstemp(*args: Any, **kw: Any) -> Any:
            raise OSError(code, os.strerror(code))

        Path.open = opener  # type: ignore[method-assign]
        tempfile.mkstemp = mkstemp

    def full(path: Path, readonly: bool = False) -> sqlite3.Connection:
        conn = real_connect(path, readonly)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {max(pages, 1)}")
        return conn

    db = home / hs.FILE
    if fault == "garbage":
        for side in ("", "-wal", "-shm"):
            (home / (hs.FILE + side)).unlink(missing_ok=True)
        db.write_bytes(b"\x00garbage" * 64)
    elif fault == "newer":
        conn = sqlite3.connect(db)
        conn.execute(f"PRAGMA user_version = {hs.SCHEMA + 7}")
        conn.close()
    elif fault == "locked":
        hs.BUSY_MS = 50
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
    elif fault == "read_only":
        hs._connect = _read_only_connect
        refuse(errno.EROFS)
    elif fault == "full_db":
        hs._connect = full
    elif fault == "full_disk":
        hs._connect = full
        refuse(errno.ENOSPC)
    try:
        yield
    finally:
        hs._connect, Path.open, hs.BUSY_MS = real_connect, real_open, real_busy  # type: ignore[method-assign]
        tempfile.mkstemp = real_mkstemp
        if holder is not None:
            holder.execute("ROLLBACK")
            holder.close()


STEP = st.tuples(st.sampled_from(FAULTS), st.integers(0, 5), st.booleans(), st.booleans())


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(STEP, min_size=1, max_size=6))
def test_whatever_happens_the_puzzles_play_and_nothing_kept_is_lost(
    shared: Path, steps: list[tuple[str, int, bool, bool]]
) -> None:
    for p in list(shared.iterdir()):
        if p.is_file():
            p.unlink()
    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")
    saves = fingerprint(saves_dir())
    pk.load()  # a database there before the faults (so a lock has something to hold)
    kept: list[pp.Attempt] = []
    newer = False  # a newer database is left as it is (until the player's rebuild): it is said every time
    for fault, i, right, hint in steps:
        newer = fault == "newer" or (newer and fault != "garbage")
        allowed = ALLOWED[fault] | ({"newer"} if newer else set())
        with injected(fault, shared):
            got = pk.load()  # the home opens: never raises, whatever happened
            for n in got.notes:
                assert n.code in allowed, (fault, n)
                assert one_line(note_line(n))
            a = attempt(i, right, hint)
            scored = got.tally.add(a)  # the answer counts at once
            assert scored.attempt == a
            notes = pk.keep(a)
            assert len(notes) <= 1
            for n in notes:
                assert n.code in allowed, (fault, n)
                assert one_line(note_line(n))
            if not any(n.code == "not_kept" for n in notes):
                kept.append(a)
            if fault in ("read_only", "full_disk"):
                assert [n.code for n in notes] == ["not_kept"]  # said, and nothing else touched
    assert fingerprint(saves_dir()) == saves  # no save touched
    ph.rebuild()  # the player's own rebuild moves a newer database aside; it never empties the attempts
    final = pk.load()
    assert final.indexed and [n.code for n in final.notes] in ([], ["moved_aside"])
    assert _table(shared / hs.FILE) == [a.id for a in kept]  # every kept answer, in the order given
    assert _same(final.tally, pp.tally(kept)[0])
