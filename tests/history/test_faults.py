"""Whatever happens to the database (garbage in its place, a newer schema, a read-only home, another process's
lock, a full disk), the game goes on: one note, no save touched, and the next rebuild recovers."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagteam.__main__ import main
from tagteam.engine.record import compute_digest
from tagteam.play import history as ph
from tagteam.store import history as hs
from tagteam.store.paths import autosave_path, saves_dir
from tagteam.words.history import note_line
from tests.files.fuzzing import one_line
from tests.history.helpers import fingerprint, shared_home, variety, write

RECORDS = variety(4)
HEADER = b"SQLite format 3\x00"


def _setup(home: Path) -> dict[str, str]:
    """Three saved games and the autosave of a fourth, just finished: what a fault must never touch."""
    for i, rec in enumerate(RECORDS[:3]):
        write(rec, saves_dir(), f"g{i}.json")
    write(RECORDS[3], home, "autosave.json")
    return fingerprint(home)


def _recovers(home: Path) -> None:
    """The next rebuild holds every game."""
    out = ph.rebuild()
    assert out.ok, out.notes
    with hs.open_history().history as h:  # type: ignore[union-attr]
        assert {g.digest for g in h.oldest_first()} == {compute_digest(r) for r in RECORDS}


def _clean(home: Path) -> None:
    for p in home.glob("history*"):
        p.unlink()


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One home for the generated cases (Hypothesis runs many examples in one test call)."""
    yield from shared_home(tmp_path_factory, "faults")


@pytest.mark.slow
@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.binary(max_size=3000) | st.binary(max_size=3000).map(lambda b: HEADER + b))
def test_garbage_in_its_place_is_moved_aside(shared: Path, junk: bytes) -> None:
    _clean(shared)
    before = _setup(shared)
    (shared / hs.FILE).write_bytes(junk)
    game, notes = ph.record_finished(RECORDS[3], autosave_path())
    assert fingerprint(shared) == before  # no save touched
    for n in notes:
        assert one_line(note_line(n)), note_line(n)
    if junk:  # an empty file is simply a new database to SQLite
        assert [n.code for n in notes] == ["moved_aside"]
        aside = [p for p in shared.glob("history.bad-*") if not p.name.endswith(("-wal", "-shm"))]
        assert len(aside) == 1 and aside[0].read_bytes() == junk  # kept, not deleted
    assert game is not None
    with hs.open_history().history as h:  # type: ignore[union-attr]
        assert h.count() == len(RECORDS)  # recreated from the saves at once
    _recovers(shared)


@settings(max_examples=10, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(version=st.integers(min_value=hs.SCHEMA + 1, max_value=2**31 - 1))
def test_a_newer_schema_is_left_alone_until_a_rebuild(shared: Path, version: int) -> None:
    _clean(shared)
    before = _setup(shared)
    conn = sqlite3.connect(shared / hs.FILE)
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    data = (shared / hs.FILE).read_bytes()
    game, notes = ph.record_finished(RECORDS[3], autosave_path())
    assert [n.code for n in notes] == ["newer"]
    line = note_line(notes[0])
    assert one_line(line) and str(version) in line and str(hs.SCHEMA) in line
    assert (shared / hs.FILE).read_bytes() == data  # not opened for writing, not moved
    assert fingerprint(shared) == before
    assert game is None
    out = ph.rebuild()  # asked for by the player: the newer one is moved aside, then all is indexed
    assert [n.code for n in out.notes] == ["moved_aside"]
    _recovers(shared)


def test_locked_by_another_process(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _setup(home)
    ph.rebuild()
    monkeypatch.setattr(hs, "BUSY_MS", 50)
    holder = sqlite3.connect(home / hs.FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        other = variety(5)[4]
        write(other, home, "autosave.json")
        before = fingerprint(home)
        _game, notes = ph.record_finished(other, autosave_path())
        assert [n.code for n in notes] == ["locked"]
        assert one_line(note_line(notes[0]))
        assert fingerprint(home) == before
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    out = ph.rebuild()
    assert out.ok and out.indexed == len(RECORDS)  # the autosave now holds the fifth game, not RECORDS[3]


def _read_only_connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
    """SQLite opening every database read-only, as it does in a folder it cannot write."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=0.05, check_same_thread=False)


READ_ONLY_STEPS = ("game ends", "rebuild", "stats", "history screen")


@pytest.mark.slow
@settings(max_examples=16, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(indexed=st.booleans(), steps=st.lists(st.sampled_from(READ_ONLY_STEPS), min_size=1, max_size=4))
def test_a_read_only_home(shared: Path, indexed: bool, steps: list[str]) -> None:
    """SQLite opening the database read-only, as in a folder it cannot write: whatever is asked of the history,
    in any order, with or without an index already there, one line each time and no save touched."""
    _clean(shared)
    before = _setup(shared)
    if indexed:  # indexed before the last game ended: its autosave is not in the index yet
        auto = autosave_path().read_bytes()
        autosave_path().unlink()
        ph.rebuild()
        autosave_path().write_bytes(auto)
        before = fingerprint(shared)
    real = hs._connect
    hs._connect = _read_only_connect
    try:
        for step in steps:
            if step == "game ends":
                _game, notes = ph.record_finished(RECORDS[3], autosave_path())
                assert len(notes) == 1 and notes[0].code in ("read_only", "unusable"), notes
                assert one_line(note_line(notes[0]))
            elif step == "rebuild":
                assert main(["history", "rebuild"]) == 2
            elif step == "stats":
                assert main(["stats", "--json"]) == 0  # read from the saves when the index cannot be used
            else:  # an index already there is still read; none can be made
                opened = hs.open_history()
                if indexed:
                    assert opened.history is not None and opened.notes == []
                    with opened.history as h:
                        assert h.count() == len(RECORDS) - 1  # the game that ended since is not in it
                else:
                    assert opened.history is None and len(opened.notes) == 1
        assert fingerprint(shared) == before
    finally:
        hs._connect = real
    _recovers(shared)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder anyway")
def test_a_read_only_folder(home: Path) -> None:  # pragma: no cover (skipped as root)
    before = _setup(home)
    home.chmod(0o555)
    try:
        game, notes = ph.record_finished(RECORDS[3], autosave_path())
        assert game is None and [n.code for n in notes] == ["read_only"]
        assert fingerprint(home) == before
    finally:
        home.chmod(0o755)
    _recovers(home)


def test_a_full_disk(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = _setup(home)
    ph.rebuild()
    real = hs._connect

    def full(path: Path, readonly: bool = False) -> sqlite3.Connection:
        conn = real(path, readonly)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
        return conn

    monkeypatch.setattr(hs, "_connect", full)
    more = variety(64)[4:]  # some pages more than the index holds now
    for i, rec in enumerate(more):
        write(rec, saves_dir(), f"more{i}.json")
    before = fingerprint(home)
    out = ph.rebuild()
    assert not out.ok and [n.code for n in out.notes] == ["full"]
    assert one_line(note_line(out.notes[0]))
    assert fingerprint(home) == before
    with hs.open_history().history as h:  # type: ignore[union-attr]
        assert h.count() == len(RECORDS)  # the old index, whole: the rebuild was one transaction
    monkeypatch.setattr(hs, "_connect", real)
    out = ph.rebuild()
    assert out.ok and out.indexed == len(RECORDS) + len(more)


def test_the_rebuild_command_says_one_line_when_it_cannot(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _setup(home)
    (home / hs.FILE).write_bytes(b"garbage" * 100)
    assert main(["history", "rebuild"]) == 0
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and "moved aside" in err
    assert "4 finished games indexed" in out
