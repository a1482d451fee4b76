"""Web latency: ``tagteam serve`` in headless Chromium beside the same app in a terminal.

Run: python benchmarks/web_latency.py [--runs 5] [--samples 20] [--pages 12]

Page load to title: from asking the browser for ``/`` to the page's terminal holding the painted title
(the page, textual.js, the websocket, a fresh app process and its first frames); fresh page each run, the
previous page's process ended first. Key to Fight screen: from the key press to the page's terminal showing
the next Turn's header. The page's text is read from its xterm.js buffer, polled every 2 ms (the pixels
follow at the browser's next frame, within 17 ms). The terminal numbers are ``benchmarks/ui_latency.py``'s:
process start to the painted title, and ``n`` to the refreshed Fight screen, in a headless app.

Connection endings (``--endings N``): N pages of 1000x1000 cells reset mid-draw (RST), N stalled (a
small receive window, never read) and N silent (80x24, no pong): seconds from the ending to the page's
process gone, and whether the home's lock was free then (``tests/web/rawws.py`` is the bare client).

Pages at once: ``--pages`` websockets opened together, from another site's ``Origin``, against textual-serve
as it is (its ``Server`` with the same page command, through its shell) and from the page's own ``Origin``
against ``tagteam serve`` (cap 4): the app processes started, their memory, and the time for every process
to end once the pages close.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from tests.web.browser import SCREEN, Page, browser, children, serve, skip_reason, wait_until  # noqa: E402

TITLE = "First game, hot-seat"
POLL_MS = 2


def first_line(page: Page) -> str:
    return page.text().split("\n", 1)[0].strip()


def wait_changed(page: Page, old: str, timeout: float = 15.0) -> None:
    """Until the terminal's first line (the Fight header) differs from ``old``."""
    page.page.wait_for_function(
        f"(old) => ({SCREEN})().split('\\n')[0].trim() !== old", arg=old, timeout=timeout * 1000, polling=POLL_MS
    )


def page_loads(page_factory: object, base: str, runs: int, pid: int) -> list[float]:
    out = []
    for _ in range(runs):
        page = Page(page_factory.new_page())  # type: ignore[attr-defined]
        t0 = time.perf_counter()
        page.page.goto(base)
        page.page.wait_for_function(
            f"(want) => ({SCREEN})().includes(want)", arg=TITLE, timeout=30_000, polling=POLL_MS
        )
        out.append(time.perf_counter() - t0)
        page.page.close()
        wait_until(lambda: not children(pid), "the page's process to end")
    return out


def fight_keys(page: Page, samples: int) -> list[float]:
    """Play a hot-seat first game by keys; time each ``n`` on the Fight screen."""
    out: list[float] = []
    page.press("f")
    for _ in range(400):
        if len(out) >= samples:
            break
        text = page.wait_for(r"Pass the keyboard|which Starting Card|Build, round|Press Enter|Next Turn|Same teams")
        head = first_line(page)
        if "Pass the keyboard" in text:
            page.press("Enter")
        elif "which Starting Card" in text:
            page.press("Enter")
            page.wait_for(r"Choice: (?!—)")
            page.press("c")
        elif "Build, round" in head:
            page.press("c")
        elif "Press Enter" in text:
            page.press("Enter")
        elif "Next Turn" in text and "Round" in head:
            t0 = time.perf_counter()
            page.press("n")
            wait_changed(page, head)
            out.append(time.perf_counter() - t0)
            continue
        else:
            break  # game over: enough
        wait_changed(page, head)
    return out


def descendants(pid: int) -> list[int]:
    """The page app processes under ``pid`` (a shell that only runs one is not counted)."""
    out, todo = [], [pid]
    while todo:
        found = children(todo.pop())
        todo += found
        for d in found:
            try:
                cmd = Path(f"/proc/{d}/cmdline").read_bytes()
            except OSError:
                continue
            if b"tagteam.web.page" in cmd and not cmd.startswith(b"/bin/sh"):
                out.append(d)
    return out


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            total += int(Path(f"/proc/{pid}/status").read_text().split("VmRSS:")[1].split()[0])
        except (OSError, IndexError):
            continue
    return total / 1024


async def open_pages(pid: int, ws_url: str, origin: str, n: int) -> str:
    """Open ``n`` websockets at once; the processes started, their memory, refusals, time to end after close."""
    async with aiohttp.ClientSession() as http:
        sockets = [await http.ws_connect(ws_url, origin=origin) for _ in range(n)]
        first = await asyncio.gather(*(ws.receive(30) for ws in sockets))
        told = sum(b"pages this server allows" in bytes(m.data) for m in first if m.type == aiohttp.WSMsgType.BINARY)
        apps = descendants(pid)
        mem = rss_mb(apps)
        t0 = time.perf_counter()
        for ws in sockets:
            await ws.close()
        while descendants(pid) and time.perf_counter() - t0 < 30:
            await asyncio.sleep(0.02)
        left = len(descendants(pid))
    return (f"{n} pages -> {len(apps)} app processes ({mem:.0f} MB RSS together), {told} told the cap; "
            f"after closing, {left} left after {time.perf_counter() - t0:.2f} s")


PLAIN = "import sys; from textual_serve.server import Server; Server(sys.argv[1], port=int(sys.argv[2])).serve()"


def pages_at_once(n: int) -> list[str]:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    plain = subprocess.Popen(
        [sys.executable, "-c", PLAIN, f"{sys.executable} -m tagteam.web.page join", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        wait_until(lambda: _listening(port), "textual-serve to listen")
        lines = ["textual-serve as it is, Origin another site: "
                 + asyncio.run(open_pages(plain.pid, f"ws://localhost:{port}/ws", "http://attacker.example", n))]
    finally:
        plain.terminate()
        plain.wait(30)
    with serve(Path(tempfile.mkdtemp())) as (proc, port):
        base = f"http://localhost:{port}"
        lines.append("tagteam serve (cap 4), its own Origin: "
                     + asyncio.run(open_pages(proc.pid, f"ws://localhost:{port}/ws/join", base, n)))
    return lines


def _listening(port: int) -> bool:
    import socket

    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _lock_free(home: Path) -> bool:
    import fcntl

    fd = os.open(home / "tagteam.lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


def endings(trials: int) -> list[str]:
    """Each way a page's connection can end badly, ``trials`` times: how soon its process was gone."""
    from tests.web import rawws

    out = []
    for how in ("reset", "stalled", "silent"):
        took: list[float] = []
        free = left = 0
        home = Path(tempfile.mkdtemp())
        with serve(home) as (proc, port):
            for _ in range(trials):
                size = "width=80&height=24" if how == "silent" else "width=1000&height=1000"
                sock = rawws.open_ws(port, f"/ws/play?{size}", rcvbuf=4096 if how == "stalled" else None)
                rawws.read_at_least(sock, 2000, 30)
                if how != "silent":
                    for k in range(6):
                        rawws.send_text(sock, json.dumps(["resize", {"width": 1000 - k % 2, "height": 1000}]))
                t0 = time.monotonic()
                if how == "reset":
                    rawws.reset(sock)
                while children(proc.pid) and time.monotonic() - t0 < 60:
                    time.sleep(0.05)
                took.append(time.monotonic() - t0)
                left += bool(children(proc.pid))
                free += _lock_free(home)
                sock.close()
                wait_until(lambda: not children(proc.pid), "the page's process to end", 60)
        out.append(
            f"{how:8s} x{trials}: process gone after median {statistics.median(took):.1f} s, max {max(took):.1f} s;"
            f" still alive {left}, lock free {free}/{trials}"
        )
    return out


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"median {statistics.median(xs) * 1000:.0f} ms, p90 {xs[int(len(xs) * 0.9)] * 1000:.0f} ms over {len(xs)}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5, help="page loads (and terminal start-ups)")
    p.add_argument("--samples", type=int, default=20, help="key presses on the Fight screen")
    p.add_argument("--pages", type=int, default=12, help="websockets opened at once (0: skip)")
    p.add_argument("--endings", type=int, default=0, help="trials of each bad connection ending (0: skip)")
    p.add_argument("--endings-only", action="store_true", help="only the connection endings")
    args = p.parse_args()
    why = skip_reason()
    if why:
        print(f"web_latency: {why}", file=sys.stderr)
        return 2
    if args.endings_only:
        for line in endings(args.endings or 8):
            print(line)
        return 0
    import ui_latency

    home = Path(tempfile.mkdtemp())
    with serve(home) as (proc, port), browser(100, 30) as ctx:
        base = f"http://localhost:{port}/"
        loads = page_loads(ctx, base, args.runs, proc.pid)
        page = Page(ctx.new_page())
        page.open(base, TITLE)
        keys = fight_keys(page, args.samples)
        size = page.size()
    term_start = ui_latency.startup("tagteam", args.runs)
    term_keys = asyncio.run(ui_latency.key_latency(args.samples))
    print(f"page of {size[0]}x{size[1]} cells, terminal {ui_latency.SIZE[0]}x{ui_latency.SIZE[1]}")
    print(f"load to title:   page {ms(loads)};  terminal start-up median {term_start * 1000:.0f} ms over {args.runs}")
    print(f"key 'n' to the updated Fight screen:  page {ms(keys)};  terminal {ms(term_keys)}")
    for line in pages_at_once(args.pages) if args.pages else []:
        print(line)
    for line in endings(args.endings) if args.endings else []:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
