"""No worker thread makes a first import of the game's modules: what it needs is imported on the UI thread
before it starts (``tagteam.screens.preload``). Two threads importing our modules at once can meet halfway in
Python's per-module import locks and crash the app (the title's read-aheads and a first key did:
``tests/web/test_page_imports.py``). Here a fresh process runs the title (with an autosave to read ahead) and a
solo game against the computer, the coach and its what-if asked in its first two Builds, to its end (the
finished game is indexed in the history off the UI thread), and an audit hook names every module of ours first
imported on a thread other than the main one. A worker that imports something new fails this test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = """
import asyncio, sys, threading
off_main = []
def hook(event, args):  # Python raises "import" only for a module not imported yet
    if event == "import" and threading.current_thread() is not threading.main_thread():
        if str(args[0]).startswith("tagteam"):
            off_main.append(f"{threading.current_thread().name}: {args[0]}")
sys.addaudithook(hook)
from textual.widgets import Select
from tagteam.app import TagTeamApp

ASKED = 2  # Builds where the coach and the what-if are asked: the first imports what they need, the second
# finds it imported (each asks the bots for many games' worth of play: on every Build it was a third of the test)

async def settle(app, pilot, seconds=0.0):
    await pilot.pause(seconds)
    await app.workers.wait_for_complete()

async def main():
    app = TagTeamApp(seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.screen.has_autosave
        for _ in range(200):  # the read-aheads start half a second after the title is up
            await settle(app, pilot, 0.05)
            if {w.group for w in app.workers} >= {"autosave", "read-ahead"}:
                break
        await settle(app, pilot)
        print("title:", off_main, flush=True)
        for _ in range(200):
            if app.screen.query("#solo"):
                break
            await pilot.pause(0.02)
        app.screen.query_one("#solo", Select).value = "easy"
        await pilot.pause()
        app.screen.query_one("#menu").focus()
        await pilot.press("f")
        seen = set()
        builds = 0
        for _ in range(400):
            await settle(app, pilot)
            current = type(app.screen).__name__
            seen.add(current)
            if current == "GameOverScreen":
                break
            if current == "HandoffScreen":
                await pilot.press("enter")
            elif current in ("SetupScreen", "DraftScreen"):
                await pilot.press("enter", "c")
            elif current == "BuildScreen":
                builds += 1
                if builds <= ASKED:  # the coach, then its what-if, each on a worker
                    for key in ("h", "w"):
                        await pilot.press(key)
                        await settle(app, pilot, 0.1)
                    await pilot.press("escape")
                await pilot.press("c")
            elif current == "FightScreen":
                await pilot.press("s", "enter")
        await settle(app, pilot, 0.3)
        assert {"BuildScreen", "GameOverScreen"} <= seen and builds > ASKED, (seen, builds)
        print("game:", off_main, flush=True)

asyncio.run(main())
"""


@pytest.mark.slow
def test_no_worker_thread_imports_a_module_of_the_game(tmp_path: Path) -> None:
    (tmp_path / "autosave.json").write_text("{}")  # read ahead by the title (unreadable: said, not fatal)
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path)}
    r = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.splitlines() == ["title: []", "game: []"], r.stdout


def test_the_check_sees_an_import_on_a_worker_thread(tmp_path: Path) -> None:
    """The audit hook the test above relies on names a module first imported on another thread."""
    code = SCRIPT.split("from textual.widgets")[0] + (
        "t = threading.Thread(target=lambda: __import__('tagteam.words.width'))\nt.start(); t.join()\nprint(off_main)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert "tagteam.words.width" in r.stdout, r.stdout
