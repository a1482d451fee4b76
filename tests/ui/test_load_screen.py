"""The Load screen: lists only regular files (never hangs on a FIFO), one summary line each, Enter loads."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from textual.widgets import OptionList
from uihelp import make_app, name, record_notes

from tagteam import saves
from tagteam.engine import record
from tests.engine.helpers import play_session


def test_load_screen_skips_fifos_links_and_folders(home: Path) -> None:
    folder = saves.saves_dir()
    folder.mkdir(parents=True)
    s = play_session(4, decide_seed=4)
    s.record.decisions = s.record.decisions[:3]  # a game in progress
    s.record.turns_after = 0
    record.save(s.record, folder / "good.json")
    os.mkfifo(folder / "fifo.json")
    (folder / "dangling.json").symlink_to(folder / "gone.json")
    (folder / "dir.json").mkdir()
    (folder / "bad.json").write_text('{"format": "tagteam-record", "seed": 1e999}', encoding="utf-8")
    os.utime(folder / "good.json", (1, 1))  # oldest: listed last

    async def run() -> None:
        app = make_app(seed=2)
        async with app.run_test(size=(120, 30)) as pilot:
            notes = record_notes(app)
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert name(app) == "LoadScreen"
            files = app.screen.query_one("#files", OptionList)
            labels = [str(files.get_option_at_index(i).prompt) for i in range(files.option_count)]
            assert len(labels) == 2, labels
            assert labels[0].startswith("bad.json") and "unusable" in labels[0] and "seed" in labels[0]
            assert labels[1].startswith("good.json") and "Player 1 vs Player 2" in labels[1]
            files.focus()
            files.highlighted = 0
            await pilot.press("enter")  # the bad one: one line, stays on the Load screen
            await pilot.pause()
            assert name(app) == "LoadScreen" and notes and "\n" not in notes[-1] and "bad.json" in notes[-1]
            files.highlighted = 1
            await pilot.press("enter")
            await pilot.pause()
            assert name(app) != "LoadScreen"
            flow = getattr(app, "flow", app)  # the session moved into the app's flow object
            assert flow.session.record.seed == 4

    asyncio.run(run())
