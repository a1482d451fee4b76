"""A stranger against a real ``tagteam host`` process on 127.0.0.1: what each attack costs the host.

Each measurement starts its own host in a child process (its own ``TAGTEAM_HOME``) and prints numbers:

    python benchmarks/net_hostile.py rss [--attempts 200000]      host RSS over N wrong join codes
    python benchmarks/net_hostile.py silent [--conns 2000]        joins, a rejoin and autosaves during N
                                                                  silent connections (host open-file limit 1,024)
    python benchmarks/net_hostile.py guesses [--seconds 10]       join codes the host checks per second
    python benchmarks/net_hostile.py paused [--cycles 3000] [--tty]  the host's stdout a pipe (or a
                                                                  terminal) nobody reads
    python benchmarks/net_hostile.py endless [--seconds 10]       a seated client's line that never ends
    python benchmarks/net_hostile.py seats [--seconds 10]         a player joins, and rejoins after a drop, while
                                                                  strangers guess from 250 addresses, then 127.0.0.1
    python benchmarks/net_hostile.py all                          all six with their default sizes

``rss`` runs ``tagteam host`` with its own player app on a pseudo-terminal (that is where the refusal log
was kept); the others run ``tagteam host --serve-only``. Only loopback traffic.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import pty
import random
import re
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import IO

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tagteam.engine.actions import to_dict
from tagteam.net import protocol as p
from tagteam.net.client import Connection, HostGone, Told

LOOPBACK = "127.0.0.1"
WRONG = "ZZZZ-ZZZZ"
HOSTING = re.compile(rb"Hosting Tag Team on [^:]+:(\d+)\. Join code: ([A-Z0-9-]+)")


# ---------------------------------------------------------------------- the host process


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


def _limit_files(n: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (n, n))

    return apply


class Host:
    """A ``tagteam host`` child: its port, join code, pid, and whatever it wrote (when we read it)."""

    def __init__(self, *, serve_only: bool, tty: bool = False, nofile: int | None = None, unread: bool = False) -> None:
        self.home = tempfile.mkdtemp(prefix="tagteam-hostile-")
        env = dict(os.environ, TAGTEAM_HOME=self.home, TERM="xterm-256color", COLUMNS="100", LINES="30")
        args = [sys.executable, "-m", "tagteam", "host", "--port", str(_free_port()), "--seed", "5"]
        if serve_only:
            args.append("--serve-only")
        self.out = bytearray()
        self.err = bytearray()
        self.master: int | None = None
        pre = _limit_files(nofile) if nofile else None
        if tty:
            self.master, slave = pty.openpty()
            self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env, preexec_fn=pre)
            os.close(slave)
            reader: Callable[[], bytes] = self._read_master
        else:
            self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, preexec_fn=pre)
            assert self.proc.stdout is not None
            stdout = self.proc.stdout
            reader = lambda: os.read(stdout.fileno(), 65_536)  # noqa: E731
        deadline = time.monotonic() + 20
        while not (m := HOSTING.search(self.out)):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise SystemExit(f"the host did not start: {bytes(self.out[-500:])!r}")
            self.out += reader()
        self.port, self.code = int(m.group(1)), m.group(2).decode()
        if not unread:  # keep draining, so the host never waits on us
            threading.Thread(target=self._drain, args=(reader,), daemon=True).start()
        if self.proc.stderr is not None:
            threading.Thread(target=self._drain_err, args=(self.proc.stderr,), daemon=True).start()

    def _read_master(self) -> bytes:
        assert self.master is not None
        try:
            return os.read(self.master, 65_536)
        except OSError:
            return b""

    def _drain(self, reader: Callable[[], bytes]) -> None:
        while chunk := reader():
            self.out += chunk

    def _drain_err(self, stream: IO[bytes]) -> None:
        while chunk := os.read(stream.fileno(), 65_536):
            self.err += chunk

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def open_files(self) -> int:
        return len(os.listdir(f"/proc/{self.proc.pid}/fd"))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.close(self.master)

    def text(self) -> str:
        return (bytes(self.out) + bytes(self.err)).decode("utf-8", "replace")


# ---------------------------------------------------------------------- clients


async def attempt(port: int, code: str, timeout: float = 5.0, source: str | None = None) -> str:
    """One hello (from the loopback address ``source``); the host's answer ('welcome' or the goodbye text)."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(
            LOOPBACK, port, limit=p.MAX_SERVER_LINE, local_addr=(source, 0) if source else None), timeout)
    except (OSError, TimeoutError):
        return "no connection"
    conn = Connection(reader, writer)
    try:  # the key exchange and the sealed hello (protocol 5): the code is checked through the exchange
        await asyncio.wait_for(conn.join(code), timeout + 10)
        return "welcome"
    except HostGone as e:
        return e.bye.text if e.bye is not None else f"lost: {e}"
    except (OSError, TimeoutError) as e:
        return f"lost: {e}"
    finally:
        await conn.close()


async def guess(port: int, n: int, workers: int = 8, spread: bool = False) -> Counter[str]:
    """``n`` wrong-code hellos from ``workers`` parallel clients (``spread``: from 250 loopback addresses)."""
    seen: Counter[str] = Counter()
    left = [n]

    async def worker() -> None:
        while left[0] > 0:
            left[0] -= 1
            source = f"127.0.0.{left[0] % 250 + 2}" if spread else None
            seen[_kind(await attempt(port, WRONG, source=source))] += 1

    await asyncio.gather(*(worker() for _ in range(workers)))
    return seen


def _kind(answer: str) -> str:
    return re.sub(r"\d+(\.\d+)?", "N", answer)[:60]


class Seat:
    """A joined player that reads its own states."""

    def __init__(self, conn: Connection, seat: int) -> None:
        self.conn, self.seat, self.told = conn, seat, Told()

    @classmethod
    async def join(cls, port: int, code: str, seat: int | None = None, timeout: float = 5.0) -> Seat:
        conn = await Connection.open(LOOPBACK, port, timeout)
        welcome = await asyncio.wait_for(conn.join(code, seat), timeout)
        me = cls(conn, welcome.seat)
        await me.state(timeout)
        return me

    async def state(self, timeout: float = 5.0) -> p.State:
        while True:
            msg = await self.conn.recv(timeout)
            if isinstance(msg, p.State):
                self.told.apply(msg)
                return msg

    async def ping(self, timeout: float = 5.0) -> float:
        t = time.perf_counter()
        await self.conn.send(p.Ping(type="ping", id=7))
        while True:
            msg = await self.conn.recv(timeout)
            if isinstance(msg, p.Pong):
                return time.perf_counter() - t
            if isinstance(msg, p.State):
                self.told.apply(msg)


async def one_decision(a: Seat, b: Seat, rng: random.Random) -> bool:
    """Whoever owes a choice makes a random legal one (or a Turn is stepped); both read the new state."""
    st = a.told.state
    assert st is not None
    if st.over:
        return False
    if st.can_step:
        await a.conn.send(p.StepMsg(type="step", at=st.version))
    else:
        me = next((x for x in (a, b) if x.told.view is not None and x.told.view.pending is not None), None)
        if me is None or me.told.view is None:
            return False
        await me.conn.send(p.Act(type="act", action=to_dict(rng.choice(me.told.view.legal))))
    await a.state()
    await b.state()
    return True


# ---------------------------------------------------------------------- the measurements


def bench_rss(attempts: int) -> None:
    host = Host(serve_only=False, tty=True)
    try:
        time.sleep(2)  # the player app settles
        asyncio.run(guess(host.port, 2_000))
        before = host.rss_mb()
        t = time.perf_counter()
        samples = [before]
        seen: Counter[str] = Counter()
        step = max(attempts // 5, 1)
        for done in range(0, attempts, step):
            seen += asyncio.run(guess(host.port, min(step, attempts - done)))
            samples.append(host.rss_mb())
        dt = time.perf_counter() - t
        print(f"rss: {attempts:,} wrong-code attempts in {dt:.0f} s ({attempts / dt:,.0f}/s); host RSS "
              + " -> ".join(f"{x:.1f}" for x in samples) + f" MB (+{samples[-1] - before:.1f} MB)")
        print(f"rss: answers {dict(seen.most_common(4))}")
    finally:
        host.stop()


def bench_silent(conns: int) -> None:
    host = Host(serve_only=True, nofile=1024)
    held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    decided = [0]

    async def go() -> None:
        a, b = await Seat.join(host.port, host.code), await Seat.join(host.port, host.code)
        await a.state()  # the second player arrived
        rng = random.Random(1)
        for _ in range(2):  # the game is under way
            await one_decision(a, b, rng)
        t0 = time.perf_counter()

        async def hold() -> None:
            with contextlib.suppress(OSError, TimeoutError):
                held.append(await asyncio.wait_for(asyncio.open_connection(LOOPBACK, host.port), 3))

        await asyncio.gather(*(hold() for _ in range(conns)))
        print(f"silent: {len(held):,} of {conns:,} silent connections open after {time.perf_counter() - t0:.1f} s; "
              f"host holds {host.open_files()} open files")
        third = await attempt(host.port, host.code)
        print(f"silent: a third player's hello during the attack: {third}")
        made = 0
        t = time.perf_counter()
        try:
            for _ in range(40):
                if not await one_decision(a, b, rng):
                    break
                made += 1
        except (HostGone, OSError, TimeoutError) as e:
            print(f"silent: game stopped after {made} moves: {e}")
        print(f"silent: {made} moves (decisions and Turns) during the attack in {time.perf_counter() - t:.2f} s")
        version = a.told.state.version if a.told.state else -1
        await b.conn.close()
        try:
            await a.state()  # b left
            b = await Seat.join(host.port, host.code, seat=b.seat)
            rejoin = "ok, same state" if b.told.state and b.told.state.version == version else "different state"
        except (HostGone, OSError, TimeoutError) as e:
            rejoin = f"failed ({e})"
        print(f"silent: rejoin during the attack: {rejoin}; host holds {host.open_files()} open files")
        decided[0] = a.told.state.decisions if a.told.state else -1
        for _, w in held:
            w.transport.abort()

    try:
        asyncio.run(go())
        time.sleep(1)
        text = host.text()
        saved = Path(host.home, "autosave.json")
        decisions = len(json.loads(saved.read_text()).get("decisions", [])) if saved.exists() else -1
        print(f"silent: autosave failures logged: {text.count('autosave:')}; 'Too many open files': "
              f"{text.count('Too many open files')}; tracebacks: {text.count('Traceback')}; "
              f"lines saying connections are refused: {len(re.findall('(?i)refus|without a hello', text))}; "
              f"autosave holds {decisions} of the game's {decided[0]} decisions")
    finally:
        host.stop()


def bench_guesses(seconds: float) -> None:
    for spread in (False, True):
        host = Host(serve_only=True)
        try:
            seen: Counter[str] = Counter()
            t = time.perf_counter()
            while time.perf_counter() - t < seconds:
                seen += asyncio.run(guess(host.port, 200, spread=spread))
            dt = time.perf_counter() - t
            checked = seen["wrong join code"]
            where = "250 addresses" if spread else "one address"
            print(f"guesses from {where}: {sum(seen.values()):,} attempts in {dt:.1f} s; codes checked: "
                  f"{checked:,} ({checked / dt:,.1f}/s); answers {dict(seen.most_common(3))}")
            right = asyncio.run(attempt(host.port, host.code, source="127.0.0.254"))
            print(f"guesses from {where}: the right code from another address right after: {right}")
        finally:
            host.stop()


def _strangers(port: int, spread: bool | None, stop: threading.Event, seen: Counter[str]) -> None:
    """32 parallel wrong-code guessers until ``stop`` (``spread``: from 250 loopback addresses; None: nobody)."""
    if spread is None:
        return

    async def worker() -> None:
        n = 0
        while not stop.is_set():
            n += 1
            source = f"127.0.0.{n % 250 + 2}" if spread else None
            seen[_kind(await attempt(port, WRONG, source=source))] += 1

    async def go() -> None:
        await asyncio.gather(*(worker() for _ in range(32)))

    asyncio.run(go())


def _cut_line(pid: int, port: int) -> bool:
    """End process ``pid``'s TCP connection to the host's ``port`` as a lost line would (``ss -K``: the kernel
    destroys the socket; loopback only). False where ``ss`` cannot (not installed, no permission)."""
    out = subprocess.run(["ss", "-tnpH", "state", "established"], capture_output=True, text=True, check=False).stdout
    for line in out.splitlines():
        cols = line.split()
        if len(cols) >= 5 and f"pid={pid}," in line and cols[3].endswith(f":{port}"):
            mine = cols[2].rsplit(":", 1)[1]
            cut = subprocess.run(["ss", "-K", "src", LOOPBACK, "sport", "=", f":{mine}"], capture_output=True,
                                 check=False)
            return cut.returncode == 0
    return False


def bench_seats(seconds: float) -> None:
    """Strangers guess codes as fast as the host answers (from 250 loopback addresses, then from 127.0.0.1 itself,
    the player's own address), while a real ``tagteam join`` on a pty joins, loses its line (``ss -K``) and
    rejoins, and a player's client (the project's ``NetClient``) does the same: how long each took, and what
    the strangers got."""
    from tagteam.net.client import NetClient

    for spread in (None, True, False):
        host = Host(serve_only=True)
        stop = threading.Event()
        seen: Counter[str] = Counter()
        flood = threading.Thread(target=_strangers, args=(host.port, spread, stop, seen), daemon=True)
        where = "nobody (the baseline)" if spread is None else "250 addresses" if spread else "127.0.0.1"
        try:
            if spread is not None:
                flood.start()
            time.sleep(min(2.0, seconds / 2))  # the flood is on
            began = time.perf_counter()
            client = NetClient(LOOPBACK, host.port, host.code, lambda item: None)
            client.start()
            joined = time.perf_counter() - began
            master, slave = pty.openpty()
            env = dict(os.environ, TAGTEAM_HOME=tempfile.mkdtemp(prefix="tagteam-hostile-join-"), TERM="xterm-256color")
            began = time.perf_counter()
            joiner = subprocess.Popen([sys.executable, "-m", "tagteam", "join", f"{LOOPBACK}:{host.port}", "--code",
                                       host.code], stdin=slave, stdout=slave, stderr=slave, env=env)
            os.close(slave)
            real = None
            while time.perf_counter() - began < 30 and joiner.poll() is None:
                if "Player 2 joined" in host.text():
                    real = time.perf_counter() - began
                    break
                time.sleep(0.05)
            real_back = None
            if real is not None and _cut_line(joiner.pid, host.port):  # the real join's line drops
                began = time.perf_counter()
                while time.perf_counter() - began < 30 and joiner.poll() is None:
                    if host.text().count("Player 2 joined") >= 2:
                        real_back = time.perf_counter() - began
                        break
                    time.sleep(0.02)
            conn = client.conn
            assert conn is not None
            began = time.perf_counter()
            client.loop.call_soon_threadsafe(conn.writer.transport.abort)  # the player's line drops
            while client.conn is conn and time.perf_counter() - began < 30:
                time.sleep(0.02)
            while time.perf_counter() - began < 30:
                state = client.snapshot()[0]
                if client.conn is not conn and state is not None:
                    break
                time.sleep(0.02)
            rejoined = time.perf_counter() - began if client.conn is not conn else None
            time.sleep(max(0.0, seconds - 2.0))
            stop.set()
            if flood.is_alive():
                flood.join(15)
            real_text = f"{real:.2f} s" if real is not None else "not in 30 s"
            real_text += f", back {real_back:.2f} s after its line was cut" if real_back is not None else \
                ", not back in 30 s after its line was cut (or ss -K could not cut it)"
            back = f"{rejoined:.2f} s" if rejoined is not None else "not in 30 s"
            print(f"strangers from {where}: {sum(seen.values()):,} wrong codes ({dict(seen.most_common(3))}); "
                  f"a player's client joined in {joined:.2f} s, a real `tagteam join` in {real_text}; "
                  f"after its line dropped, the client was back in {back}")
            client.close()
            joiner.kill()
            joiner.wait(10)
            os.close(master)
        finally:
            stop.set()
            host.stop()


def bench_paused(cycles: int, tty: bool) -> None:
    host = Host(serve_only=True, unread=True, tty=tty)  # a pty nobody reads: a terminal paused by Ctrl-S

    async def go() -> None:
        a = await Seat.join(host.port, host.code)
        answers: Counter[str] = Counter()
        t = time.perf_counter()
        for done in range(cycles):  # each welcome logs two lines (joined, left), each wrong code may log one
            answer = await attempt(host.port, WRONG if done % 2 else host.code, 3)
            answers[_kind(answer)] += 1
            if answer.startswith(("no connection", "lost")):
                print(f"paused: the host stopped answering after {done:,} attempts ({answer})")
                break
        what = "a terminal" if tty else "a pipe"
        print(f"paused ({what}): {sum(answers.values()):,} attempts in {time.perf_counter() - t:.1f} s; "
              f"answers {dict(answers.most_common(4))}")
        try:
            print(f"paused: the seated player's ping answered in {await a.ping(3) * 1000:.1f} ms")
        except (HostGone, OSError, TimeoutError) as e:
            print(f"paused: the seated player's ping: no answer ({e})")

    try:
        asyncio.run(go())
    finally:
        host.stop()


def bench_endless(seconds: float) -> None:
    host = Host(serve_only=True)

    async def go() -> None:
        a = await Seat.join(host.port, host.code)
        chunk = b"x" * 65_536  # one line that never ends
        sent, cut = 0, False
        cpu = host.cpu_seconds()
        t = time.perf_counter()
        try:
            while time.perf_counter() - t < seconds:
                a.conn.writer.write(chunk)
                await a.conn.writer.drain()
                sent += len(chunk)
        except (ConnectionError, OSError):
            cut = True
        dt = time.perf_counter() - t
        how = "the host cut it" if cut else f"the {seconds:.0f} s limit of this benchmark (not cut)"
        print(f"endless: {sent / 1e6:,.1f} MB of one line sent in {dt:.1f} s until {how}; "
              f"host CPU {host.cpu_seconds() - cpu:.1f} s")

    try:
        asyncio.run(go())
    finally:
        host.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("rss", "silent", "guesses", "paused", "endless", "seats", "all"))
    ap.add_argument("--attempts", type=int, default=200_000)
    ap.add_argument("--conns", type=int, default=2_000)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--cycles", type=int, default=3_000)
    ap.add_argument("--tty", action="store_true", help="paused: a terminal nobody reads instead of a pipe")
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, args.conns + 512)), hard))
    if args.what in ("guesses", "all"):
        bench_guesses(args.seconds)
    if args.what in ("seats", "all"):
        bench_seats(args.seconds)
    if args.what in ("paused", "all"):
        bench_paused(args.cycles, args.tty)
    if args.what in ("endless", "all"):
        bench_endless(args.seconds)
    if args.what in ("silent", "all"):
        bench_silent(args.conns)
    if args.what in ("rss", "all"):
        bench_rss(args.attempts)


if __name__ == "__main__":
    main()
