"""A reader that goes away (``tagteam sandbox FILE | head -1``), or an output closed from the start
(``tagteam cards show joan >&-``), ends any command quietly: no traceback, no "Exception ignored" line, the
shell's status for a closed pipe (141)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tagteam.__main__ import EXIT_PIPE_CLOSED

POSITION = Path(__file__).parents[1] / "scenarios" / "core_block_bonus_zero_power.json"
COMMANDS = {
    "sandbox": ["sandbox", str(POSITION)],
    "sandbox-json": ["sandbox", str(POSITION), "--json"],
    "bench": ["bench", "--games", "3", "--repeat", "1"],
    "arena": ["arena", "--bots", "random,easy", "--games", "2"],
    "cards": ["cards", "show", "joan"],  # printed by rich, whose own ending on a closed pipe is status 1
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_closed_pipe_ends_the_command_quietly(name: str, tmp_path: Path) -> None:
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tagteam", *COMMANDS[name]], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first line is written: every write meets a closed pipe
    err = proc.stderr.read()
    proc.stderr.close()
    assert proc.wait(timeout=120) == EXIT_PIPE_CLOSED, err.decode(errors="replace")
    assert err == b""


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_started_with_its_output_closed_ends_quietly(name: str, tmp_path: Path) -> None:
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path)}
    shell = 'exec "$0" -m tagteam "$@" >&-'  # as a shell's >&- does: no file descriptor 1 at all
    done = subprocess.run(
        ["sh", "-c", shell, sys.executable, *COMMANDS[name]], capture_output=True, env=env, timeout=120, check=False
    )
    assert done.returncode == EXIT_PIPE_CLOSED, done.stderr.decode(errors="replace")
    assert done.stderr == b""
