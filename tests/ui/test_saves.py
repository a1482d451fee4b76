"""Autosave, resume, load, and bad files: one clear line, never overwritten."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input
from uihelp import make_app, name, play, record_notes, screen_text

from tagteam import saves
from tagteam.cli import play as cli_play
from tagteam.engine.session import Session


def test_quit_mid_game_then_continue_from_the_same_position(home: Path) -> None:
    state: dict[str, Any] = {}

    async def first() -> None:
        app = make_app(seed=21)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "Continue: no autosaved game yet" in screen_text(app)  # greyed, and says why
            await pilot.press("f")
            builds = 0

            async def on_build(app: Any, pilot: Pilot[Any], k: int) -> None:
                nonlocal builds
                builds += 1

            await play(pilot, app, on_build=on_build, stop="FightScreen")  # round 1
            await pilot.press("s", "enter")
            await play(pilot, app, on_build=on_build, stop="FightScreen")  # both built for round 2
            assert builds == 2
            s = app.session
            assert s is not None
            state["decisions"] = [d.model_dump() for d in s.record.decisions]
            state["round"] = s.state.round
            await pilot.press("n")  # one Turn in, then quit
            await pilot.pause()
            state["turn"] = s.state.turn
            state["pos"] = list(s.state.pos)
            await pilot.press("ctrl+q")
        assert saves.autosave_path().exists()

    async def second() -> None:
        app = make_app(seed=999)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert "Continue the autosaved game" in screen_text(app)
            await pilot.press("c")  # continue the autosave
            await pilot.pause()
            assert name(app) == "FightScreen"
            s = app.session
            assert s is not None
            assert [d.model_dump() for d in s.record.decisions] == state["decisions"]
            # exactly where we quit: same round, the Turn already shown is not replayed or skipped
            assert s.state.round == state["round"] and s.state.turn == state["turn"] == 1
            assert list(s.state.pos) == state["pos"]
            expected = Session.from_record(saves.load(saves.autosave_path()))
            await pilot.press("s")
            await pilot.pause()
            while expected.needs_advance():
                expected.advance()
            assert s.state.pos == expected.state.pos and s.state.power == expected.state.power

    asyncio.run(first())
    asyncio.run(second())


BAD = '{"format": "tagteam-record", "version": 1, "seed": 3, "decisions": [{"seat": 0, "act'


def test_corrupt_autosave_gets_one_line_and_is_set_aside_not_lost(home: Path) -> None:
    path = saves.autosave_path()
    path.parent.mkdir(parents=True)
    path.write_text(BAD, encoding="utf-8")
    before = path.read_bytes()

    async def run() -> None:
        app = make_app(seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            notes = record_notes(app)
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            assert name(app) == "TitleScreen"
            assert len(notes) == 1 and "autosave.json" in notes[0] and "\n" not in notes[0]
            await pilot.press("f")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("s", "enter")
            await play(pilot, app, stop="FightScreen")  # two Build steps: two autosaves
            assert sum("autosave.bad-" in n for n in notes) == 1, notes

    asyncio.run(run())
    kept = list(path.parent.glob("autosave.bad-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before  # the bad file is kept, byte for byte
    assert saves.load(path).teams is not None  # and the new game's autosave is usable


def test_load_screen_reports_a_foreign_file(home: Path, tmp_path: Path) -> None:
    foreign = tmp_path / "notes.json"
    foreign.write_text('{"hello": "world"}\n', encoding="utf-8")
    before = foreign.read_bytes()

    async def run() -> None:
        app = make_app(seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            notes = record_notes(app)
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert name(app) == "LoadScreen"
            app.screen.query_one("#path", Input).value = str(foreign)
            await pilot.press("enter")
            await pilot.pause()
            assert name(app) == "LoadScreen"
            assert notes and "not a Tag Team game record" in notes[-1]
            await pilot.press("escape")
            await pilot.pause()
            assert name(app) == "TitleScreen"

    asyncio.run(run())
    assert foreign.read_bytes() == before


def test_cli_load_bad_file_exits_2_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(BAD, encoding="utf-8")
    env = {**os.environ, "TAGTEAM_HOME": str(tmp_path / "home")}
    proc = subprocess.run(
        [sys.executable, "-m", "tagteam", "--load", str(bad)], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "bad.json" in lines[0] and "Traceback" not in proc.stderr
    assert proc.stdout == ""
    assert bad.read_text(encoding="utf-8") == BAD


def test_cli_resume_and_replay_without_a_good_file(tmp_path: Path, capsys: Any) -> None:
    assert cli_play.run(seed=None, resume=True, load=None) == 2
    assert "no autosaved game" in capsys.readouterr().err
    missing = tmp_path / "nope.json"
    assert cli_play.replay(str(missing)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot read" in err[0]


def test_save_command_writes_a_loadable_record(home: Path) -> None:
    async def run() -> None:
        app = make_app(seed=8)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("f")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert "Saved to" in screen_text(app) or list(saves.saves_dir().glob("*.json"))

    asyncio.run(run())
    files = list(saves.saves_dir().glob("game-*.json"))
    assert len(files) == 1
    rec = saves.load(files[0])
    assert rec.teams is not None and len(rec.decisions) == 2
