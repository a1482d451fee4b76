"""Autosave, resume, load, and bad files: one clear line, never overwritten."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input
from uihelp import make_app, name, play, random_finished_session, record_notes, screen_text

from tagteam.app import TagTeamApp
from tagteam.cli import play as cli_play
from tagteam.engine import record
from tagteam.engine.randomplay import finish_session
from tagteam.engine.record import GameRecord, SoloInfo
from tagteam.engine.session import Session
from tagteam.play.modes import FIRST_GAME
from tagteam.store import records, saves, settings
from tagteam.words import saves as saves_words
from tests.waiting import until

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


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


class FirstLegal:
    """A quick stand-in opponent for solo games: its first legal choice."""

    def decide(self, view: Any) -> Any:
        return view.legal[0]

    def cancel(self) -> None:
        """Nothing to stop: it answers at once."""


def near_the_end(solo: bool) -> GameRecord:
    """A game two decisions before its end (so the app itself makes them, then plays the last Fight)."""
    if solo:
        s = Session.new(31, teams=FIRST_GAME, players=("Ann", "Bot (Easy)"))
        s.record.solo = SoloInfo(seat=1, level="easy", bot_seed=1)
        finish_session(s, random.Random(31))
    else:
        s = random_finished_session(12)
    rec = s.record.model_copy(deep=True)
    rec.decisions = rec.decisions[:-2]
    rec.turns_after = 0
    assert not Session.from_record(rec.model_copy(deep=True)).over()
    return rec


async def drive(app: Any, pilot: Pilot[Any], until: Callable[[], bool], tries: int = 400) -> None:
    """Press what each screen needs (the bot thinks in a worker) until ``until()``."""
    keys = {"SetupScreen": ("enter", "c"), "DraftScreen": ("enter", "c"), "BuildScreen": ("c",)}
    keys |= {"FightScreen": ("s", "enter"), "HandoffScreen": ("enter",)}
    for _ in range(tries):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if until():
            return
        await pilot.press(*keys.get(name(app), ()))
    raise AssertionError(f"never got there (on {name(app)})")


@pytest.mark.parametrize("solo", [False, True], ids=["hotseat", "solo"])
def test_a_rematch_keeps_the_finished_game_saved_as_finished(solo: bool, home: Path) -> None:
    rec = near_the_end(solo)
    folder = saves.saves_dir()

    async def run() -> None:
        app = make_app(seed=3, bot_factory=lambda level, seed: FirstLegal())
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.continue_game(rec)
            await drive(app, pilot, lambda: name(app) == "GameOverScreen")
            await pilot.press("r")  # same teams: a new game
            await drive(app, pilot, lambda: any(folder.glob("autosave-*.json")))  # its first decision autosaved

    asyncio.run(run())
    (kept,) = folder.glob("autosave-*.json")
    assert saves_words.entry_for(kept).state == "finished", saves_words.summary(kept)
    assert Session.from_record(saves.load(kept)).over()  # loading it does not offer the last Fight again


def test_a_game_nobody_decided_in_leaves_no_save(home: Path) -> None:
    earlier = random_finished_session(12).record
    earlier.decisions = earlier.decisions[:4]
    earlier.turns_after = 0
    home.mkdir(parents=True)
    saves_words.notice(saves.write(earlier, saves.autosave_path()))
    before = saves.autosave_path().read_bytes()

    async def run() -> None:
        app = make_app(seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("f")  # a new game by mistake...
            await pilot.pause()
            assert name(app) in ("SetupScreen", "HandoffScreen")
            await pilot.press("ctrl+q")  # ...and quit at once

    asyncio.run(run())
    assert saves.autosave_path().read_bytes() == before  # the earlier game is still the one to continue
    assert not saves.saves_dir().exists()


def test_names_persist_per_seat_across_hotseat_and_solo(home: Path) -> None:
    async def run() -> None:
        app = make_app(seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.screen.query_one("#p1", Input).value = "Alice"
            app.screen.query_one("#p2", Input).value = "Bob"
            await pilot.press("f")  # hot-seat: both names are the players'
            await pilot.pause()
            assert settings.load()[0].names == ("Alice", "Bob")
            app.action_new_game()
            await pilot.pause()
            await pilot.press("p", "enter")  # solo practice at the level highlighted: Player 2 is the computer
            await pilot.pause()
            assert app.session is not None and app.session.record.players[1].startswith("Bot")

    asyncio.run(run())
    assert settings.load()[0].names == ("Alice", "Bob")  # Bob's name was not wiped by the solo game


def test_the_autosave_notice_is_one_short_line_for_3_seconds(home: Path) -> None:
    other = random_finished_session(12).record
    other.decisions = other.decisions[:4]
    other.turns_after = 0
    home.mkdir(parents=True)
    saves_words.notice(saves.write(other, saves.autosave_path()))  # another game is autosaved: this one moves it aside
    shown: list[tuple[str, dict[str, Any]]] = []

    async def run() -> None:
        app = make_app(seed=5)
        real = app.notify

        def notify(message: str, *args: Any, **kw: Any) -> None:
            shown.append((str(message), kw))
            real(message, *args, **kw)

        app.notify = notify  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("f")
            await drive(app, pilot, lambda: saves.saves_dir().exists())

    asyncio.run(run())
    (kept,) = saves.saves_dir().glob("autosave-*.json")
    notes = [(m, kw) for m, kw in shown if "kept in the saves folder" in m]
    assert len(notes) == 1, shown
    assert kept.name not in notes[0][0]  # the file's name is the game's business, not the player's
    message, kw = notes[0]
    assert "\n" not in message and os.sep not in message and len(message) <= 80
    assert kw.get("timeout") == 3


def version_1(path: Path, rec: GameRecord | None = None) -> Path:
    doc = json.loads(record.dump(rec or random_finished_session(12).record))
    doc["version"] = 1
    del doc["digest"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_continue_of_a_version_1_autosave_says_unverified(home: Path) -> None:
    version_1(saves.autosave_path(), unfinished(4))  # a finished game is not offered as Continue

    async def run() -> None:
        app = make_app(seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            notes = record_notes(app)
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
            assert name(app) != "TitleScreen"
            said = [n for n in notes if "unverified" in n]
            assert len(said) == 1 and "\n" not in said[0] and "autosave.json" in said[0]

    asyncio.run(run())


@pytest.mark.parametrize("how", ["load", "resume", "replay"])
def test_a_version_1_save_from_the_command_line_says_unverified(
    how: str, home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    old = version_1(saves.autosave_path() if how == "resume" else tmp_path / "old.json")
    started: list[Any] = []

    def run(self: TagTeamApp) -> int:
        started.append(self)
        return 0

    monkeypatch.setattr(TagTeamApp, "run", run)
    if how == "replay":
        assert cli_play.replay(str(old)) == 0
    else:
        assert cli_play.run(seed=None, resume=how == "resume", load=str(old) if how == "load" else None) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(started) == 1 and len(err) == 1 and "unverified" in err[0] and old.name in err[0]


def test_a_finished_autosave_is_not_offered_as_continue(home: Path) -> None:
    """Continue on a finished game only reopened its GAME OVER: the title greys it and says the last game is
    over (c says where to see it: Load); the autosave itself is left exactly as it was, and still listed."""
    from textual.widgets import OptionList

    finished = random_finished_session(12).record
    saves.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    records.save(finished, saves.autosave_path())
    before = saves.autosave_path().read_bytes()
    assert saves.autosave_over() is True

    async def run() -> None:
        app = make_app(seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            notes = record_notes(app)
            # the title reads the autosave ahead, once its first frame is drawn and what the reader needs is loaded
            await until(pilot, lambda: "the last game is over" in screen_text(app), "the title's Continue line")
            text = screen_text(app)
            assert "Continue: the last game is over, nothing to continue" in text
            assert "Continue the autosaved game" not in text
            menu = app.screen.query_one("#menu", OptionList)
            assert menu.get_option("continue").disabled
            await pilot.press("c")
            await pilot.pause()
            assert name(app) == "TitleScreen"
            assert any("Load [l] lists it" in n for n in notes)
            await pilot.press("l")  # it is still there to look back at
            await pilot.pause()
            assert name(app) == "LoadScreen" and "finished" in " ".join(e.state for e in saves_words.entries())

    asyncio.run(run())
    assert saves.autosave_path().read_bytes() == before  # never moved nor rewritten


def unfinished(seed: int) -> GameRecord:
    """A first game played at random into round 2."""
    s = Session.new(seed, teams=FIRST_GAME)
    rng = random.Random(seed)
    while s.state.round < 2:
        if s.needs_advance():
            s.advance()
        else:
            for seat in s.seats_owing():
                s.act(seat, rng.choice(s.view(seat).legal))
    return s.record


def test_an_unfinished_autosave_is_still_offered_as_continue(home: Path) -> None:
    saves.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    records.save(unfinished(4), saves.autosave_path())
    assert saves.autosave_over() is False

    async def run() -> None:
        app = make_app(seed=5)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert "Continue the autosaved game" in screen_text(app)
            await pilot.press("c")
            await pilot.pause()
            assert name(app) != "TitleScreen"

    asyncio.run(run())
