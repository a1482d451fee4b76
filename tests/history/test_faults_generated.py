"""The two faults ``test_faults.py`` tries once each, generated here as the others are: the database locked by a
real other process (which lock, and what the player asks meanwhile, in any order) and a full disk (how much room
is left, and what is asked). Each time: the game goes on, at most one line per thing asked, no save touched, and
the next rebuild recovers every game."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
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

RECORDS = variety(5)  # three saved, the fourth in the autosave, the fifth ends while the fault lasts
STEPS = ("game ends", "rebuild", "stats", "screen reads")

# Another process holding the database: it takes the lock, says so, and lets go when its stdin closes
HOLDER = r"""
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN " + sys.argv[2])  # EXCLUSIVE or IMMEDIATE: the write lock; DEFERRED: a reader
conn.execute("SELECT count(*) FROM games").fetchone()
print("held", flush=True)
sys.stdin.read()
conn.execute("ROLLBACK")
"""


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One home for the generated cases (Hypothesis runs many examples in one test call)."""
    yield from shared_home(tmp_path_factory, "faults")


def _fresh(home: Path) -> None:
    """Three saved games and the autosave of a fourth, indexed; nothing else."""
    for p in [*home.glob("history*"), *saves_dir().glob("*.json"), autosave_path()]:
        if p.exists():
            p.unlink()
    for i, rec in enumerate(RECORDS[:3]):
        write(rec, saves_dir(), f"g{i}.json")
    write(RECORDS[3], home, "autosave.json")
    assert ph.rebuild().ok


def _ask(step: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """One thing the player asks of the history; the lines it said (never an exception)."""
    if step == "game ends":
        _game, notes = ph.record_finished(RECORDS[4], saves_dir() / "last.json")
        return [note_line(n) for n in notes]
    if step == "rebuild":
        assert main(["history", "rebuild"]) in (0, 2)
        return [x for x in capsys.readouterr().err.splitlines() if x]
    if step == "stats":
        assert main(["stats", "--json"]) == 0  # the tables come, from the index or else from the saves
        out = capsys.readouterr()
        assert '"overall"' in out.out
        return [x for x in out.err.splitlines() if x]
    opened = hs.open_history(create=False)  # what the history screen does first
    said = [note_line(n) for n in opened.notes]
    if opened.history is not None:
        with opened.history as h:
            try:
                h.newest(limit=50)
            except sqlite3.Error as e:
                said.append(note_line(hs.fault(e, h.path)))
    return said


def _recovers() -> None:
    out = ph.rebuild()
    assert out.ok, out.notes
    with hs.open_history().history as h:  # type: ignore[union-attr]
        assert {g.digest for g in h.oldest_first()} == {compute_digest(r) for r in RECORDS}


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lock=st.sampled_from(["EXCLUSIVE", "IMMEDIATE", "DEFERRED"]), steps=st.lists(st.sampled_from(STEPS), max_size=4))
def test_locked_by_a_real_other_process(
    shared: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lock: str, steps: list[str]
) -> None:
    _fresh(shared)
    write(RECORDS[4], saves_dir(), "last.json")  # the game that ends while the lock is held
    before = fingerprint(shared)
    monkeypatch.setattr(hs, "BUSY_MS", 100)  # the game waits 1.5 s at most; the test need not
    capsys.readouterr()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(shared / hs.FILE), lock],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        for step in steps:
            said = _ask(step, capsys)
            assert len(said) <= 1, said
            assert all(one_line(x) for x in said)
            if lock != "DEFERRED" and step in ("game ends", "rebuild"):  # a write: refused, and said
                assert len(said) == 1 and "locked" in said[0], said
            if step in ("stats", "screen reads"):  # a read goes on beside a writer (WAL)
                assert said == []
        assert fingerprint(shared) == before
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(10)
        if holder.stdout is not None:
            holder.stdout.close()
    _recovers()


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spare=st.integers(min_value=0, max_value=6), steps=st.lists(st.sampled_from(STEPS), min_size=1, max_size=4))
def test_a_full_disk_with_any_room_left(
    shared: Path, capsys: pytest.CaptureFixture[str], spare: int, steps: list[str]
) -> None:
    """SQLite's own "database or disk is full" once the file would grow past ``spare`` pages more."""
    _fresh(shared)
    for i, rec in enumerate(variety(40)[5:]):  # more games than the room left can index
        write(rec, saves_dir(), f"more{i}.json")
    write(RECORDS[4], saves_dir(), "last.json")
    before = fingerprint(shared)
    capsys.readouterr()
    real = hs._connect

    def full(path: Path, readonly: bool = False) -> sqlite3.Connection:
        conn = real(path, readonly)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages + spare}")
        return conn

    hs._connect = full
    try:
        for step in steps:
            said = _ask(step, capsys)
            assert len(said) <= 1, said
            assert all(one_line(x) for x in said)
            if step == "rebuild" and spare == 0:  # 35 more games cannot fit in no room: said
                assert len(said) == 1 and "full" in said[0], said
        assert fingerprint(shared) == before
        with hs.open_history().history as h:  # type: ignore[union-attr]
            assert h.count() >= 4  # what was indexed is still whole: a failed rebuild is one transaction
    finally:
        hs._connect = real
    for p in saves_dir().glob("more*.json"):
        p.unlink()
    _recovers()
