"""Shared pieces of the browser tests: ``tagteam serve`` in a child process and a headless Chromium page.

The terminal in the page is xterm.js drawing on a canvas, so its text is not in the DOM. An init script
catches the page's xterm ``Terminal`` as it is created (the first object given a ``terminal`` property
that has a ``buffer``), and ``Page.text()`` reads what the terminal shows from xterm's public buffer API.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None)
CELL_W, CELL_H = 9.01, 18.0  # a Roboto Mono 16px cell in headless Chromium: the viewport for a terminal size

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && !window.__term) { window.__term = value; }
  },
});
"""
SCREEN = """() => {
  const t = window.__term;
  if (!t) return "";
  const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) {
    const l = b.getLine(b.viewportY + i);
    rows.push(l ? l.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""


def skip_reason() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if CHROMIUM is None:
        return "no Chromium installed (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


@contextmanager
def serve(home: Path, *args: str, deadline: float = 20.0) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``tagteam serve --port 0`` on its own home; yields the process and the port it printed."""
    env = dict(os.environ, TAGTEAM_HOME=str(home), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tagteam", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    try:
        assert proc.stdout is not None
        end = time.monotonic() + deadline
        port = 0
        while time.monotonic() < end and not port:
            line = proc.stdout.readline()
            if not line:
                break
            m = re.search(r"http://localhost:(\d+)/", line)
            port = int(m.group(1)) if m else 0
        assert port, "tagteam serve printed no address"
        yield proc, port
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:  # closed here (warnings are errors); what is left stays readable
            rest = proc.stdout.read()
            proc.stdout.close()
            proc.stdout = io.StringIO(rest)


class Page:
    """One browser page on the served game: keys in, the terminal's text out."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def open(self, url: str, want: str, timeout: float = 20.0) -> float:
        """Load the page and wait until the terminal shows ``want``; the seconds it took."""
        t0 = time.perf_counter()
        self.page.goto(url)
        self.wait_for(want, timeout)
        took = time.perf_counter() - t0
        self.page.focus(".xterm-helper-textarea")  # keys go to the terminal, as after a click on it
        return took

    def text(self) -> str:
        return str(self.page.evaluate(SCREEN))

    def size(self) -> tuple[int, int]:
        cols, rows = self.page.evaluate("() => window.__term ? [window.__term.cols, window.__term.rows] : [0, 0]")
        return int(cols), int(rows)

    def wait_for(self, pattern: str, timeout: float = 40.0) -> str:
        """Poll (in the browser, each animation frame) until the screen matches ``pattern`` (a regex); the deadline
        only bounds a failure (a loaded 2-core machine drew a screen in more than 15 s)."""
        try:
            self.page.wait_for_function(
                f"(pat) => new RegExp(pat).test(({SCREEN})())", arg=pattern, timeout=timeout * 1000, polling="raf"
            )
        except Exception as e:
            raise AssertionError(f"the page never showed {pattern!r}; it shows:\n{self.text()}") from e
        return self.text()

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def shot(self, name: str) -> None:
        folder = Path(os.environ.get("TAGTEAM_WEB_SHOTS", "/tmp/web-shots"))
        folder.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(folder / f"{name}.png"))


@contextmanager
def browser(cols: int = 100, rows: int = 30) -> Iterator[Any]:
    """A headless Chromium (Debian's, not a Playwright download) whose pages hold about ``cols`` x ``rows``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            ctx = b.new_context(viewport={"width": int(cols * CELL_W) + 5, "height": int(rows * CELL_H) + 5})
            ctx.add_init_script(CATCH_TERMINAL)
            yield ctx
        finally:
            b.close()


def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (the pages' app processes of a serve)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    """Poll ``condition`` with a bounded deadline (a blocking select on nothing, not a sleep in a loop body)."""
    import select

    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        select.select([], [], [], 0.05)
