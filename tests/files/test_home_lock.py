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


def test_joining_a_game_is_not_guarded(home: Path) -> None:
    """Both players may join from one machine (and one home): only playing and hosting autosave."""
    assert paths.lock_home() is not None
    proc = tagteam("join", "localhost:1", "--code", "x")
    assert "already running" not in proc.stderr
