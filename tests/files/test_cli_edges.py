"""The command line at its edges: Ctrl-C, a terminal that cannot print UTF-8, and out-of-range flags."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tagteam.__main__ import main
from tagteam.store import paths

SLOW = {
    "bench": ["bench", "--games", "1000000", "--repeat", "1"],
    "arena": ["arena", "--bots", "random,easy", "--games", "100000"],
    "arena-jobs": ["arena", "--bots", "random,easy", "--games", "100000", "--jobs", "2"],
}


def _wait_for_python_handler(pid: int) -> None:
    """Until Python has installed its SIGINT handler, Ctrl-C kills the process before any code of ours runs."""
    status = Path(f"/proc/{pid}/status")
    deadline = time.monotonic() + 60
    lines: list[str] = []
    while time.monotonic() < deadline and status.exists():
        try:
            lines = status.read_text().splitlines()
        except OSError:  # ended between the two looks
            return
        caught = next((ln.split()[1] for ln in lines if ln.startswith("SigCgt:")), "0")
        if int(caught, 16) & (1 << (signal.SIGINT - 1)):
            return
        time.sleep(0.05)
    if not status.exists():
        time.sleep(3)  # no /proc: give the interpreter ample time to start
        return
    pytest.fail("no SIGINT handler after 60 s: " + " ".join(ln for ln in lines if ln.startswith("Sig")))


def _cpu(pid: int) -> float:
    """Seconds of CPU used by ``pid`` and its living children (``--jobs`` runs the games in children)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    kids = Path(f"/proc/{pid}/task/{pid}/children")
    if kids.exists():
        pids += [int(k) for k in kids.read_text().split()]
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return total


def _wait_for_cpu(pid: int, seconds: float) -> None:
    """Until the process (with its children) has used ``seconds`` of CPU, polled from /proc with a
    deadline, so a loaded machine waits longer instead of failing; without /proc, a fixed wait."""
    if not Path(f"/proc/{pid}/stat").exists():
        time.sleep(3)
        return
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and Path(f"/proc/{pid}/stat").exists():
        if _cpu(pid) >= seconds:
            return
        time.sleep(0.05)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW))
def test_ctrl_c_ends_quietly_with_status_130(name: str, tmp_path: Path) -> None:
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path), "PYTHONFAULTHANDLER": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tagteam", *SLOW[name]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        preexec_fn=_as_from_a_terminal,
    )
    try:
        _wait_for_python_handler(proc.pid)
        _wait_for_cpu(proc.pid, 1.5)  # past the imports (about 0.5 s of CPU): the interrupt lands in the games
        proc.send_signal(signal.SIGINT)
        try:
            _out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGABRT)  # the fault handler prints where every thread was
            _out, err = proc.communicate(timeout=30)
            pytest.fail("still running 60 s after Ctrl-C:\n" + err.decode(errors="replace"))
    finally:
        if proc.poll() is None:  # never leave a busy process behind for the tests that follow
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err.decode()
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    if name.startswith("arena"):  # the arena keeps what was played: one line says so, the table follows
        assert len(err.strip().splitlines()) == 1 and b"Ctrl-C" in err, err.decode()
        assert b"random" in _out  # the table of the deals played, on stdout
    else:
        assert err.strip() == b""


def _as_from_a_terminal() -> None:
    """The child starts as a shell in a terminal starts it: Ctrl-C neither ignored nor blocked, whatever the
    test process (a pytest-xdist worker beside other tests' threads and loops) had inherited or set."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def test_cards_show_survives_an_ascii_terminal() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    proc = subprocess.run(
        [sys.executable, "-m", "tagteam", "cards", "show", "bodvar"], capture_output=True, env=env, timeout=60
    )
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    assert b"Traceback" not in proc.stderr
    assert b"B\\xf6dvar" in proc.stdout  # the o with an umlaut, escaped rather than a crash


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["sandbox", "x.json", "--turns", "-1"], "--turns: expected a whole number >= 1, got -1"),
        (["sandbox", "x.json", "--turns", "0"], "--turns: expected a whole number >= 1, got 0"),
        (["bench", "--games", "0"], "--games: expected a whole number >= 1, got 0"),
        (["bench", "--repeat", "-3"], "--repeat: expected a whole number >= 1, got -3"),
        (["arena", "--jobs", "two"], "--jobs: expected a whole number >= 1, got 'two'"),
        (["arena", "--seed", "-1"], "--seed: expected a whole number from 0 to 9223372036854775807, got -1"),
        (["--seed", "9" * 5000], "--seed: expected a whole number from 0 to 9223372036854775807, got '999"),
    ],
)
def test_numeric_flags_name_their_true_bounds(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and says in err


def test_load_of_an_empty_path_names_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(Path(__file__).parent)
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))  # playing holds the home: never the real one in a test
    try:
        assert main(["--load", ""]) == 2
    finally:
        paths.unlock_home()
    assert capsys.readouterr().err == "tagteam: error: '': no file named\n"
