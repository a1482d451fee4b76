"""Web latency: ``tagteam serve`` in headless Chromium beside the same app in a terminal.

Run: python benchmarks/web_latency.py [--runs 5] [--samples 20]

Page load to title: from asking the browser for ``/`` to the page's terminal holding the painted title
(the page, textual.js, the websocket, a fresh app process and its first frames); fresh page each run, the
previous page's process ended first. Key to Fight screen: from the key press to the page's terminal showing
the next Turn's header. The page's text is read from its xterm.js buffer, polled every 2 ms (the pixels
follow at the browser's next frame, within 17 ms). The terminal numbers are ``benchmarks/ui_latency.py``'s:
process start to the painted title, and ``n`` to the refreshed Fight screen, in a headless app.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

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


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"median {statistics.median(xs) * 1000:.0f} ms, p90 {xs[int(len(xs) * 0.9)] * 1000:.0f} ms over {len(xs)}"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=5, help="page loads (and terminal start-ups)")
    p.add_argument("--samples", type=int, default=20, help="key presses on the Fight screen")
    args = p.parse_args()
    why = skip_reason()
    if why:
        print(f"web_latency: {why}", file=sys.stderr)
        return 2
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
