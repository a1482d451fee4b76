"""The Load screen: unfinished games, then finished ones, newest first; Enter or a click loads, d deletes after
a confirmation; only regular files are listed (never hangs on a FIFO); the choice is returned by dismiss."""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import OptionList
from uihelp import make_app, name, record_notes

from tagteam.engine.record import GameRecord
from tagteam.screens.load import HEADINGS, LoadScreen
from tagteam.store import records, saves
from tests.engine.helpers import play_session

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

FILE = re.compile(r"[\w.-]+\.json")


def unfinished(seed: int) -> GameRecord:
    rec = play_session(seed, decide_seed=seed).record
    rec.decisions = rec.decisions[:3]  # a game in progress
    rec.turns_after = 0
    return rec


def finished(seed: int) -> GameRecord:
    return play_session(seed, decide_seed=seed).record


def put(rec: GameRecord, path: Path, when: float) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    records.save(rec, path)
    os.utime(path, (when, when))
    return path


def labels(app: Any) -> list[tuple[str, bool]]:
    """Every row of the list: its text and whether it is a heading (not selectable)."""
    files = app.screen.query_one("#files", OptionList)
    out = []
    for i in range(files.option_count):
        option = files.get_option_at_index(i)
        out.append((str(option.prompt), option.disabled))
    return out


def rows(app: Any) -> list[str]:
    """The list as the player reads it: each heading, and each game by its file name."""
    return [text if heading else FILE.findall(text)[0] for text, heading in labels(app)]


async def open_load(app: Any, pilot: Any) -> None:
    await pilot.pause()
    await pilot.press("l")
    await pilot.pause()
    assert name(app) == "LoadScreen"


def test_load_screen_skips_fifos_links_and_folders(home: Path) -> None:
    folder = saves.saves_dir()
    put(unfinished(4), folder / "good.json", 1)
    os.mkfifo(folder / "fifo.json")
    (folder / "dangling.json").symlink_to(folder / "gone.json")
    (folder / "dir.json").mkdir()
    (folder / "bad.json").write_text('{"format": "tagteam-record", "seed": 1e999}', encoding="utf-8")

    async def run() -> None:
        app = make_app(seed=2)
        async with app.run_test(size=(120, 30)) as pilot:
            notes = record_notes(app)
            await open_load(app, pilot)
            assert rows(app) == [HEADINGS["unfinished"], "good.json", HEADINGS["unusable"], "bad.json"]
            shown = labels(app)
            assert "Player 1 vs Player 2" in shown[1][0]
            assert "unusable" in shown[3][0] and "seed" in shown[3][0]
            files = app.screen.query_one("#files", OptionList)
            files.highlighted = 3
            await pilot.press("enter")  # the bad one: one line, stays on the Load screen
            await pilot.pause()
            assert name(app) == "LoadScreen" and notes and "\n" not in notes[-1] and "bad.json" in notes[-1]
            files.highlighted = 1
            await pilot.press("enter")
            await pilot.pause()
            assert name(app) != "LoadScreen"
            assert app.session is not None and app.session.record.seed == 4

    asyncio.run(run())


def test_unfinished_then_finished_each_newest_first(home: Path) -> None:
    folder = saves.saves_dir()
    put(unfinished(5), folder / "u-old.json", 100)
    put(unfinished(6), folder / "u-new.json", 200)
    put(finished(7), folder / "f-old.json", 150)
    put(finished(8), folder / "f-new.json", 300)
    put(unfinished(9), saves.autosave_path(), 400)

    async def run() -> None:
        app = make_app(seed=2)
        async with app.run_test(size=(120, 30)) as pilot:
            await open_load(app, pilot)
            assert rows(app) == [
                HEADINGS["unfinished"],
                "autosave.json",
                "u-new.json",
                "u-old.json",
                HEADINGS["finished"],
                "f-new.json",
                "f-old.json",
            ]
            assert [heading for _, heading in labels(app)] == [True, False, False, False, True, False, False]
            assert " won · " in labels(app)[5][0] or "a draw" in labels(app)[5][0]  # a finished game's result
            files = app.screen.query_one("#files", OptionList)
            assert files.highlighted == 1  # the newest unfinished game, ready for Enter

    asyncio.run(run())


def test_delete_asks_first_and_n_keeps_the_file(home: Path) -> None:
    folder = saves.saves_dir()
    keep = put(unfinished(5), folder / "keep.json", 200)
    gone = put(finished(7), folder / "gone.json", 100)

    async def run() -> None:
        app = make_app(seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            notes = record_notes(app)
            await open_load(app, pilot)
            await pilot.press("d")  # the highlighted one: keep.json
            await pilot.pause()
            assert name(app) == "ConfirmDelete"
            await pilot.press("n")
            await pilot.pause()
            assert name(app) == "LoadScreen" and keep.exists()
            app.screen.query_one("#files", OptionList).highlighted = 3  # gone.json, under Finished
            await pilot.press("d")
            await pilot.pause()
            assert name(app) == "ConfirmDelete"
            await pilot.click("#yes")  # a click on Delete
            await pilot.pause()
            assert name(app) == "LoadScreen"
            assert not gone.exists() and keep.exists()
            assert rows(app) == [HEADINGS["unfinished"], "keep.json"]
            assert any(n == "Deleted gone.json" for n in notes), notes

    asyncio.run(run())


def test_a_click_on_a_game_loads_it(home: Path) -> None:
    folder = saves.saves_dir()
    put(unfinished(5), folder / "older.json", 100)
    put(unfinished(6), folder / "newer.json", 200)

    async def run() -> None:
        app = make_app(seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await open_load(app, pilot)
            assert rows(app) == [HEADINGS["unfinished"], "newer.json", "older.json"]
            files = app.screen.query_one("#files", OptionList)
            top = files.content_region.y - files.region.y  # the border above the first option
            await pilot.click("#files", offset=(4, top + 1 + 2))  # under the heading and newer's two lines
            await pilot.pause()
            assert name(app) != "LoadScreen"
            assert app.session is not None and app.session.record.seed == 5

    asyncio.run(run())


def test_the_choice_comes_back_through_dismiss(home: Path) -> None:
    """Any app can push the screen with a callback: the validated record (or None on Esc) is returned."""
    put(unfinished(6), saves.saves_dir() / "one.json", 100)
    got: list[GameRecord | None] = []

    class Bare(App[None]):
        def on_mount(self) -> None:
            self.push_screen(LoadScreen(), got.append)

    async def run() -> None:
        app = Bare()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert got == [None]
            app.push_screen(LoadScreen(), got.append)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert not isinstance(app.screen, LoadScreen)

    asyncio.run(run())
    assert len(got) == 2 and got[1] is not None and got[1].seed == 6


def test_a_version_1_save_loads_with_one_line_saying_unverified(home: Path) -> None:
    p = put(unfinished(6), saves.saves_dir() / "old.json", 100)
    doc = json.loads(p.read_text(encoding="utf-8"))
    doc["version"] = 1
    del doc["digest"]
    p.write_text(json.dumps(doc), encoding="utf-8")

    async def run() -> None:
        app = make_app(seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            notes = record_notes(app)
            await open_load(app, pilot)
            assert "unverified" in labels(app)[1][0]  # said in the list too
            await pilot.press("enter")
            await pilot.pause()
            assert name(app) != "LoadScreen" and app.session is not None
            said = [n for n in notes if "unverified" in n]
            assert len(said) == 1 and said[0].startswith("old.json:") and "\n" not in said[0]

    asyncio.run(run())
