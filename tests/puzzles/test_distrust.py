"""The puzzle journal and table trust nothing they read (issue 44, item 4), generated with Hypothesis: a table
row with any bad value is skipped with one line and never copied into the journal, ``kept.load`` never raises
(the puzzles home never waits forever), a journal that is no regular file is never opened (a FIFO hangs
nothing, ``/dev/zero`` grows nothing), and lines from a newer version are kept byte for byte."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tagteam.puzzles import kept as pk
from tagteam.puzzles import progress as pp
from tagteam.store import history as hs
from tagteam.store import puzzles as store
from tagteam.words.puzzles import note_line
from tests.files.fuzzing import json_values, one_line
from tests.history.helpers import shared_home
from tests.puzzles.helpers import shipped

COLUMNS = [c.strip() for c in store.COLUMNS.split(",")]
bad_values = (
    st.sampled_from(["soon", "", "\x1b[31m", "a\nb", "p0000000000", "2026-13-45", "yes"])
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.binary(max_size=8)
    | st.text(max_size=8)
)


def attempt(i: int, right: bool) -> pp.Attempt:
    p = shipped()[i]
    return pp.Attempt(pp.new_id(), time.time(), pp.today(), p.id, p.difficulty.rating, right, False, True)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from shared_home(tmp_path_factory, "journal")


def _fresh(home: Path, count: int = 3) -> list[pp.Attempt]:
    for p in home.iterdir():
        if p.is_symlink() or not p.is_dir():
            p.unlink()
    kept = [attempt(i, i % 2 == 0) for i in range(count)]
    for a in kept:
        assert pk.keep(a) == []
    return kept


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(column=st.sampled_from(COLUMNS), value=bad_values, row=st.integers(0, 2))
def test_a_bad_row_is_skipped_never_copied_into_the_journal(shared: Path, column: str, value: object, row: int) -> None:
    _fresh(shared)
    journal = (shared / store.FILE).read_bytes()
    conn = sqlite3.connect(shared / hs.FILE)
    try:
        with conn:
            conn.execute(
                f"UPDATE puzzle_attempts SET {column} = ? WHERE n = (SELECT n FROM puzzle_attempts LIMIT 1 OFFSET ?)",
                (value, row),
            )
    except sqlite3.IntegrityError:
        assume(False)
    finally:
        conn.close()
    got = pk.load()  # never raises: the puzzles home shows it
    assert got.tally.attempts == 3  # the journal's three, whatever the row became
    assert (shared / store.FILE).read_bytes() == journal  # the table never writes into the journal
    said = [note_line(n) for n in got.notes]
    assert len(said) <= 1 and all(one_line(x) for x in said), said
    again = pk.load()  # the table was made again from the journal: nothing more to say
    assert again.notes == [] and again.tally.attempts == 3


def test_the_measured_bad_time_leaves_no_screen_waiting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    _fresh(tmp_path, 2)
    conn = sqlite3.connect(tmp_path / hs.FILE)
    with conn:
        conn.execute("UPDATE puzzle_attempts SET at = 'soon' WHERE n = (SELECT min(n) FROM puzzle_attempts)")
    conn.close()
    got = pk.load()
    assert got.indexed and got.tally.attempts == 2 and [n.code for n in got.notes] == ["bad_rows"]


newer_lines = st.dictionaries(
    st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10).filter(lambda k: k not in store.FIELDS),
    json_values,
    min_size=1,
    max_size=4,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(extras=st.lists(newer_lines, min_size=1, max_size=3), junk=st.lists(st.binary(max_size=40), max_size=2))
def test_lines_of_a_newer_version_are_read_and_kept_as_they_are(
    shared: Path, extras: list[dict[str, object]], junk: list[bytes]
) -> None:
    kept = _fresh(shared, 1)
    path = shared / store.FILE
    lines = [path.read_bytes()]
    for extra in extras:
        a = attempt(1, True)
        doc = {**json.loads(store._line(a)), **extra}
        text = json.dumps(doc, separators=(",", ":")).encode()
        assume(len(text) <= store.MAX_LINE)
        lines.append(text + b"\n")
    lines += [j.replace(b"\n", b" ") + b"\n" for j in junk]
    path.write_bytes(b"".join(lines))
    before = path.read_bytes()
    got = pk.load()
    assert got.tally.attempts == len(kept) + len(extras)  # read by the fields they share
    assert pk.keep(attempt(2, False)) == []
    after = path.read_bytes()
    assert after.startswith(before)  # every line as it was, the new attempt appended
    assert pk.load().tally.attempts == len(kept) + len(extras) + 1


NOT_REGULAR: dict[str, Callable[[Path], None]] = {
    "a FIFO": lambda p: os.mkfifo(p),
    "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "a folder": lambda p: p.mkdir(),
    "a dangling link": lambda p: p.symlink_to(p.with_name("gone")),
    "a link out of the home": lambda p: p.symlink_to("/etc/hostname"),
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(what=st.sampled_from(sorted(NOT_REGULAR)))
def test_a_journal_that_is_no_regular_file_is_never_opened(shared: Path, what: str) -> None:
    _fresh(shared, 0)
    path = shared / store.FILE
    if path.exists() or path.is_symlink():
        path.unlink()
    NOT_REGULAR[what](path)
    attempts, notes = store.read_journal()
    assert attempts == [] and [n.code for n in notes] == ["unreadable"]
    assert one_line(note_line(notes[0]))
    note = store.append(attempt(0, True))
    assert note is not None and note.code == "not_kept" and one_line(note_line(note))
    assert pk.load().tally.attempts == 0
    assert store.restore([attempt(0, True)]) is None and (path.is_symlink() or not path.is_file())  # left alone
    if path.is_dir():
        path.rmdir()
    else:
        path.unlink()


def test_a_fifo_journal_hangs_nothing_in_a_process_of_its_own(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / store.FILE)
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path)}
    code = "from tagteam.puzzles import kept; print(kept.load().tally.attempts)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.strip() == b"0", done.stderr


def test_a_journal_larger_than_the_bound_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    monkeypatch.setattr(store, "MAX_BYTES", 1000)
    (tmp_path / store.FILE).write_bytes(b"\n" * 5000)
    attempts, notes = store.read_journal()
    assert attempts == [] and [n.code for n in notes] == ["unreadable"] and one_line(note_line(notes[0]))
