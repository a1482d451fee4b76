"""The history database trusts nothing it reads (issue 44, item 4), generated with Hypothesis as the saves' faults
are: a row with any bad value is skipped with one line (never a traceback), a damaged or foreign database or
something that is not a regular file in its place is moved aside and rebuilt (never opened, never a hang), a
first indexing cut short is filled again, and two processes creating the index at once both succeed."""

from __future__ import annotations

import math
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tagteam.__main__ import main
from tagteam.cli import history as cli_history
from tagteam.engine.record import compute_digest
from tagteam.play import history as ph
from tagteam.store import history as hs
from tagteam.store.paths import autosave_path, saves_dir
from tagteam.words.history import note_line
from tests.files.fuzzing import one_line
from tests.history.helpers import fingerprint, shared_home, variety, write

RECORDS = variety(3)
DIGESTS = {compute_digest(r) for r in RECORDS}
COLUMNS = [c.strip() for c in hs.COLUMNS.split(",")]
CHECKS = {
    "settings": settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
}

bad_values = (
    st.sampled_from(["not a time", "", "\x1b[31m", "a\nb", "[bold]", "{}", "[[1,2],", "9" * 30, "hotseat"])
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.binary(max_size=8)
    | st.text(max_size=8)
)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    yield from shared_home(tmp_path_factory, "distrust")


def _fresh(home: Path) -> None:
    """Three saved games, indexed, and nothing else in the home."""
    for p in sorted(home.iterdir(), reverse=True):
        if p.is_symlink() or p.is_file() or p.is_fifo():
            p.unlink()
        elif p.is_dir() and p.name != "saves":
            p.rmdir()
    for p in saves_dir().glob("*.json"):
        p.unlink()
    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")
    assert ph.rebuild().ok


def _sql(home: Path, statement: str, args: tuple[object, ...] = ()) -> None:
    conn = sqlite3.connect(home / hs.FILE)
    try:
        with conn:
            conn.execute(statement, args)
    finally:
        conn.close()


def _stats_games(capsys: pytest.CaptureFixture[str]) -> tuple[set[str], list[str]]:
    """What ``tagteam stats`` reads (its games, from the index or else the saves) and the lines it said."""
    capsys.readouterr()
    found = {g.digest for g in cli_history.games()}
    err = [x for x in capsys.readouterr().err.splitlines() if x]
    return found, err


# ------------------------------------------------------------------------------------------------ a bad row


@CHECKS["settings"]
@given(column=st.sampled_from(COLUMNS), value=bad_values, row=st.integers(1, 3))
def test_a_row_with_any_bad_value_is_skipped_with_one_line(
    shared: Path, capsys: pytest.CaptureFixture[str], column: str, value: object, row: int
) -> None:
    _fresh(shared)
    try:
        _sql(shared, f"UPDATE games SET {column} = ? WHERE id = ?", (value, row))
    except sqlite3.IntegrityError:  # a CHECK or NOT NULL constraint refused it: nothing to read back
        assume(False)
    before = fingerprint(shared)
    found, err = _stats_games(capsys)
    assert len(err) <= 1 and all(one_line(x) for x in err), err
    assert found <= DIGESTS and len(found) >= 2  # at most the one row skipped
    assert main(["stats"]) == 0 and "Traceback" not in capsys.readouterr().err
    opened = hs.open_history(create=False)  # what the history screen (h on the title) reads
    assert opened.history is not None
    with opened.history as h:
        listed = h.newest(limit=50)
        h.oldest_first(with_hp=True)
        h.choices()
        said = [note_line(n) for n in h.notes()]
    assert all(g.digest in DIGESTS or len(g.digest) == 64 for g in listed)
    assert (len(listed) < 3) == bool(said) and all(one_line(x) for x in said)
    assert all(math.isfinite(g.ended) and g.kind in hs.KINDS and g.you in (0, 1) for g in listed)
    assert fingerprint(shared) == before  # no save touched
    assert ph.rebuild().ok  # and a rebuild makes the row again
    with hs.open_history().history as h2:  # type: ignore[union-attr]
        assert {g.digest for g in h2.newest()} == DIGESTS and h2.notes() == []


def test_the_measured_bad_time_is_one_line_not_a_traceback(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")
    assert ph.rebuild().ok
    _sql(home, "UPDATE games SET ended = 'not a time' WHERE id = 1")
    assert main(["stats"]) == 0
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.splitlines()) == 1 and "skipped" in err


# ------------------------------------------------------------------------------------------------ a broken file


def _zero_page(home: Path, page: int) -> None:
    p = home / hs.FILE
    size = p.stat().st_size
    pages = size // 4096
    at = 4096 * (1 + page % max(1, pages - 1))
    with p.open("r+b") as fh:
        fh.seek(at)
        fh.write(b"\0" * 4096)


def _replace(home: Path, make: Callable[[Path], None]) -> None:
    (home / hs.FILE).unlink()
    make(home / hs.FILE)


FAULTS: dict[str, Callable[[Path, int], None]] = {
    "zero page": _zero_page,
    "games dropped": lambda home, n: _sql(home, "DROP TABLE games"),
    "games altered": lambda home, n: _sql(home, "ALTER TABLE games ADD COLUMN extra TEXT"),
    "games renamed": lambda home, n: _sql(home, "ALTER TABLE games RENAME TO old_games"),
    "puzzles dropped": lambda home, n: _sql(home, "DROP TABLE puzzle_attempts"),
    "a folder": lambda home, n: _replace(home, Path.mkdir),
    "a dangling link": lambda home, n: _replace(home, lambda p: p.symlink_to(home / "gone")),
    "a FIFO": lambda home, n: _replace(home, os.mkfifo),
    "a link to a device": lambda home, n: _replace(home, lambda p: p.symlink_to("/dev/zero")),
    "a FIFO as its WAL": lambda home, n: os.mkfifo(home / (hs.FILE + "-wal")),
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fault=st.sampled_from(sorted(FAULTS)), n=st.integers(0, 50), first=st.sampled_from(["rebuild", "stats"]))
def test_a_broken_or_foreign_database_is_moved_aside_and_rebuilt(
    shared: Path, capsys: pytest.CaptureFixture[str], fault: str, n: int, first: str
) -> None:
    _fresh(shared)
    FAULTS[fault](shared, n)
    before = fingerprint(shared)
    if first == "stats":  # found broken while in use (or at the opening): moved aside, filled again at once
        found, err = _stats_games(capsys)
        assert found == DIGESTS, err
        assert len(err) <= 2 and all(one_line(x) for x in err), err
    capsys.readouterr()
    assert main(["history", "rebuild"]) == 0, capsys.readouterr().err  # docs/history.md's promise
    assert "Traceback" not in capsys.readouterr().err
    found, err = _stats_games(capsys)
    assert found == DIGESTS and err == []
    assert fingerprint(shared) == before


def test_a_fifo_in_the_databases_place_hangs_nothing(tmp_path: Path) -> None:
    """In a process of its own, so that a hang would fail the test rather than stop it."""
    os.mkfifo(tmp_path / hs.FILE)
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path)}
    for command in (["stats"], ["history", "rebuild"]):
        done = subprocess.run(
            [sys.executable, "-m", "tagteam", *command], capture_output=True, env=env, timeout=60, check=False
        )
        assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert (tmp_path / hs.FILE).is_file() and any(p.name.startswith("history.bad-") for p in tmp_path.iterdir())


# ------------------------------------------------------------------------------------------------ cut short


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(done=st.integers(0, 2))
def test_a_first_indexing_cut_short_is_filled_again(
    shared: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, done: int
) -> None:
    _fresh(shared)
    for p in shared.glob("history.sqlite3*"):
        p.unlink()
    real = ph.read_games

    def quit_after(files: list[Path], progress: object = None) -> Iterator[hs.PastGame | object | None]:
        for i, found in enumerate(real(files)):
            if i == done:
                raise KeyboardInterrupt  # the player quits while "Indexing your saves"
            yield found

    with monkeypatch.context() as m:
        m.setattr(ph, "read_games", quit_after)
        with pytest.raises(KeyboardInterrupt):
            cli_history.games()
    opened = hs.open_history()
    assert opened.history is not None and opened.fresh  # not taken for an empty history
    opened.history.close()
    found, _err = _stats_games(capsys)
    assert found == DIGESTS
    assert not hs.open_history().fresh


# ------------------------------------------------------------------------------------------------ two at once

OPEN = """
import sys
from tagteam.store import history as hs
sys.stdin.readline()
opened = hs.open_history()
print(",".join(n.code for n in opened.notes) or "ok", flush=True)
"""


@pytest.mark.slow
@settings(max_examples=5, deadline=None)
@given(count=st.integers(2, 4))
def test_processes_creating_a_fresh_index_at_once_all_succeed(
    tmp_path_factory: pytest.TempPathFactory, count: int
) -> None:
    home = tmp_path_factory.mktemp("race")
    env = {**os.environ, "TAGTEAM_HOME": str(home)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True
        )
        for _ in range(count)
    ]
    for p in procs:  # all started (the imports done), then all told to go at once
        assert p.stdin is not None
        p.stdin.write("go\n")
    for p in procs:
        assert p.stdin is not None
        p.stdin.close()
    said = []
    for p in procs:
        assert p.stdout is not None
        said.append(p.stdout.read().strip())
        p.stdout.close()
        assert p.wait(60) == 0
    assert said == ["ok"] * count


@pytest.mark.slow
def test_the_history_screen_lists_the_saves_when_the_index_cannot_be_used(home: Path) -> None:
    """A database from a newer Tag Team is not used: the screen lists the games of the saves, never "No
    finished game yet" while ``tagteam stats`` counts them."""
    import asyncio

    from tagteam.app import TagTeamApp
    from tagteam.screens.history import HistoryScreen
    from tagteam.words import history as wh
    from tests.waiting import until

    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")
    conn = sqlite3.connect(home / hs.FILE)
    conn.execute("PRAGMA user_version = 99")
    conn.close()

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            assert {g.digest for g in screen.games} == DIGESTS
            assert any("newer" in n for n in screen.notes) and wh.no_games() not in "\n".join(screen.notes)

    asyncio.run(run())
    assert not autosave_path().exists()
