"""One running game per home: a second ``tagteam`` on the same home is refused in one line (two would move
each other's autosave aside at every decision); a lock left by a dead process is taken over."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tagteam.store import paths


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    paths.unlock_home()


def tagteam(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tagteam", *argv], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("argv", [["--resume"], ["replay", "nowhere.json"]])
def test_a_second_instance_is_refused_in_one_line(argv: list[str], home: Path) -> None:
    assert paths.lock_home() is not None  # this test process plays the running game
    proc = tagteam(*argv)
    assert proc.returncode == 1
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "already running" in lines[0] and f"process {os.getpid()}" in lines[0], proc.stderr
    assert "TAGTEAM_HOME" in lines[0] and "Traceback" not in proc.stderr
    paths.unlock_home()  # quit: the next one may start (and fails only for its own reason)
    proc = tagteam(*argv)
    assert proc.returncode == 2 and "already running" not in proc.stderr


def test_a_lock_left_by_a_dead_process_is_taken_over(home: Path) -> None:
    home.mkdir(parents=True)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (home / paths.LOCK).write_text(dead.stdout)  # its pid is written, its lock died with it
    assert paths.lock_home() is not None
    assert (home / paths.LOCK).read_text().strip() == str(os.getpid())
    assert paths.lock_home() is not None  # taking it again in the same process is a no-op


@pytest.mark.slow
def test_joining_a_game_is_not_guarded(home: Path) -> None:
    """Both players may join from one machine (and one home): only playing and hosting autosave."""
    assert paths.lock_home() is not None
    proc = tagteam("join", "localhost:1", "--code", "x")
    assert "already running" not in proc.stderr


def test_home_in_use_is_asked_without_holding_the_lock(home: Path) -> None:
    """The browser server asks before it starts a page's game; asking never keeps the home from anyone."""
    assert not paths.home_in_use()  # no lock file yet: nobody ever ran here
    hold = "from tagteam.store import paths; paths.lock_home(); print('held', flush=True); input()"
    holder = subprocess.Popen(
        [sys.executable, "-c", hold],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert paths.home_in_use() and paths.home_in_use()  # asked twice: the probe took nothing
    finally:
        holder.communicate("\n", timeout=30)
    assert not paths.home_in_use()
    assert paths.lock_home() is not None  # the probes left the home free
    assert not paths.home_in_use()  # this process is the holder: not "in use" by another
