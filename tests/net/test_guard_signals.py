"""Real ``tagteam host`` / ``tagteam join`` processes: SIGTERM and SIGHUP stop the host as Ctrl-Q does
(goodbye to the players, game autosaved), and a joiner's exit status says how its game ended."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path

import pytest

from tagteam.cli import net as cli
from tagteam.engine.actions import to_dict
from tagteam.net import protocol as p
from tagteam.net.client import Connection, Told
from tagteam.remote.client_app import EXIT_HOST_GONE
from tests.net.helpers import LOOPBACK, connect, run

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

HOSTING = re.compile(rb"Hosting Tag Team on [^:]+:(\d+)\. Join code: ([A-Z0-9-]+)")


class Proc:
    """A tagteam child process; on a pseudo-terminal when it runs a Textual app. Its output is kept."""

    def __init__(self, args: list[str], home: Path, tty: bool) -> None:
        env = dict(os.environ, TAGTEAM_HOME=str(home), TERM="xterm-256color")
        self.out = bytearray()
        if tty:
            self.fd, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))  # a 100x30 terminal
            self.proc = subprocess.Popen([sys.executable, "-m", "tagteam", *args], stdin=slave, stdout=slave,
                                         stderr=slave, env=env, start_new_session=True)
            os.close(slave)
        else:
            self.proc = subprocess.Popen([sys.executable, "-m", "tagteam", *args], stdin=subprocess.DEVNULL,
                                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
            assert self.proc.stdout is not None
            self.fd = self.proc.stdout.fileno()
        self.tty = tty
        self.lock = threading.Lock()
        self.drainer = threading.Thread(target=self._drain, daemon=True)
        self.drainer.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, 65_536)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.out += chunk

    def wait_for(self, pattern: re.Pattern[bytes], timeout: float = 30.0) -> re.Match[bytes]:
        """Until the output matches (bounded by a deadline the child must meet, not a sleep)."""
        r, w = os.pipe()
        try:
            for _ in range(int(timeout * 10)):
                with self.lock:
                    m = pattern.search(bytes(self.out))
                if m:
                    return m
                assert self.proc.poll() is None, bytes(self.out[-600:])
                select.select([r], [], [], 0.1)  # a bounded wait for the reader thread
            raise AssertionError(f"no {pattern.pattern!r} in {bytes(self.out[-600:])!r}")
        finally:
            os.close(r)
            os.close(w)

    def text(self) -> str:
        with self.lock:
            return bytes(self.out).decode("utf-8", "replace")

    def kill(self) -> None:
        """End the child if it still runs, then close its terminal or pipe (nothing left for the garbage collector)."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        self.drainer.join(5)  # the child is gone: its reader meets the end of the output
        if self.tty:
            os.close(self.fd)
        elif self.proc.stdout is not None:
            self.proc.stdout.close()


def start_host(home: Path, serve_only: bool) -> tuple[Proc, int, str]:
    args = ["host", "--port", str(_free_port()), "--seed", "3"]
    host = Proc([*args, "--serve-only"] if serve_only else args, home, tty=not serve_only)
    m = host.wait_for(HOSTING)
    return host, int(m.group(1)), m.group(2).decode()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


async def seat(port: int, code: str) -> tuple[Connection, Told]:
    conn = await connect(port)
    await conn.join(code)
    told = Told()
    await next_of(conn, told, p.State)
    return conn, told


async def next_of(conn: Connection, told: Told, kind: type) -> p.ServerMsg:
    """The next message of ``kind`` within 50 messages, keeping ``told`` up to date with the states on the way."""
    for _ in range(50):
        msg = await conn.recv(20)
        if isinstance(msg, p.State):
            told.apply(msg)
        if isinstance(msg, kind):
            return msg
    raise AssertionError(f"no {kind.__name__}")


def saved_decisions(home: Path) -> int:
    return len(json.loads((home / "autosave.json").read_text())["decisions"])


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_serve_only_host_stopped_by_a_signal_says_goodbye_and_autosaves(tmp_path: Path, sig: int) -> None:
    host, port, code = start_host(tmp_path, serve_only=True)
    try:

        async def go() -> None:
            (a, ta), (b, tb) = await seat(port, code), await seat(port, code)
            await next_of(a, ta, p.State)  # b arrived
            me, told = next((c, t) for c, t in ((a, ta), (b, tb)) if t.view and t.view.pending is not None)
            assert told.view is not None
            await me.send(p.Act(type="act", action=to_dict(told.view.legal[0])))
            await next_of(me, told, p.State)
            host.proc.send_signal(sig)
            for conn, t in ((a, ta), (b, tb)):
                bye = await next_of(conn, t, p.Goodbye)
                assert isinstance(bye, p.Goodbye) and bye.text == "The host has quit the game."

        run(go())
        assert host.proc.wait(20) == 0
        assert saved_decisions(tmp_path) == 1
        assert "Traceback" not in host.text()
    finally:
        host.kill()


def test_the_host_with_its_own_player_stopped_by_sigterm_says_goodbye_and_autosaves(tmp_path: Path) -> None:
    host, port, code = start_host(tmp_path, serve_only=False)
    try:

        async def go() -> None:
            conn, told = await seat(port, code)
            assert told.view is not None and told.view.pending is not None  # both order their Starting Cards
            await conn.send(p.Act(type="act", action=to_dict(told.view.legal[0])))
            await next_of(conn, told, p.State)
            host.proc.send_signal(signal.SIGTERM)
            bye = await next_of(conn, told, p.Goodbye)
            assert isinstance(bye, p.Goodbye) and bye.text == "The host has quit the game.", host.text()[-800:]

        run(go())
        assert host.proc.wait(20) == 0
        assert saved_decisions(tmp_path) == 1
        assert "Traceback" not in host.text()
    finally:
        host.kill()


def test_a_joiner_whose_host_goes_away_exits_1_and_says_why(tmp_path: Path) -> None:
    host, port, code = start_host(tmp_path, serve_only=True)
    joiner = Proc(["join", f"{LOOPBACK}:{port}", "--code", code], tmp_path / "j", tty=True)
    try:
        host.wait_for(re.compile(rb"Player 1 joined"))
        host.proc.send_signal(signal.SIGTERM)
        assert joiner.proc.wait(30) == cli.EXIT_NO_HOST
        joiner.wait_for(re.compile(rb"tagteam: The host has quit the game\."))
    finally:
        joiner.kill()
        host.kill()


def test_a_refused_join_exits_2_with_one_line(tmp_path: Path) -> None:
    host, port, _ = start_host(tmp_path, serve_only=True)
    try:
        args = [sys.executable, "-m", "tagteam", "join", f"{LOOPBACK}:{port}", "--code", "WRONG-CODE"]
        env = dict(os.environ, TAGTEAM_HOME=str(tmp_path))
        done = subprocess.run(args, capture_output=True, text=True, timeout=60, env=env)
        assert done.returncode == cli.EXIT_BAD_INPUT
        assert done.stderr.strip().splitlines() == ["tagteam: error: refused: wrong join code"]
    finally:
        host.kill()


@pytest.mark.parametrize(
    ("result", "return_code", "goodbye", "signalled", "refused", "status"),
    [
        (0, 0, "", False, False, cli.EXIT_OK),  # Ctrl-Q
        (None, 1, "", False, False, cli.EXIT_CRASH),  # an exception inside the app
        (EXIT_HOST_GONE, 0, "The host has quit the game.", False, False, cli.EXIT_NO_HOST),
        (EXIT_HOST_GONE, 0, "the host stopped answering; could not rejoin", False, False, cli.EXIT_NO_HOST),
        (EXIT_HOST_GONE, EXIT_HOST_GONE, "The host has quit the game.", False, False, cli.EXIT_NO_HOST),
        (EXIT_HOST_GONE, 0, "refused: Player 2 is already playing", False, True, cli.EXIT_BAD_INPUT),
        (EXIT_HOST_GONE, 0, "refusé : le Joueur 2 joue déjà", False, True, cli.EXIT_BAD_INPUT),  # not read as words
        (None, 0, "", True, False, cli.EXIT_OK),  # SIGTERM / SIGHUP: an orderly stop
    ],
)
def test_exit_statuses(result: int | None, return_code: int, goodbye: str, signalled: bool, refused: bool,
                       status: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli._status(result, return_code, goodbye, signalled, refused) == status
    err = capsys.readouterr().err
    assert len(err.splitlines()) == (status != cli.EXIT_OK)
    if goodbye and status != cli.EXIT_OK:
        assert goodbye in err

