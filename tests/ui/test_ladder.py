"""Issue 26, the ladder at a glance: ``p`` opens the level chooser (by key and by click, 80x24 and 120x40, English
and French), the level is remembered, Expert starts an Expert game, and Esc leaves a game's first screens."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.containers import Vertical
from textual.widgets import OptionList
from uihelp import make_app, name, screen_text

from tagteam.ai.beginner import BeginnerBot
from tagteam.ai.easy import EasyBot
from tagteam.ai.expert import ExpertBot
from tagteam.ai.hard import HardBot
from tagteam.ai.normal import NormalBot
from tagteam.app import TagTeamApp, bot_name
from tagteam.play.kinds import Solo
from tagteam.play.modes import BOT_LEVELS
from tagteam.store import saves, settings
from tagteam.words import levels as words
from tagteam.words.keys import key_name
from tagteam.words.lang import set_language
from tests.waiting import rounds, until

SLOW = pytest.mark.slow  # the chooser in two sizes and two languages: 8 runs of 2-3 s, out of the quick subset

BOTS: dict[str, type] = {
    "beginner": BeginnerBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
SIZES = [(80, 24), (120, 40)]


async def on(app: TagTeamApp, pilot: Any, screen: str) -> None:
    """Let the app work until ``screen`` is up (a loaded machine is slow: a deadline that bounds only a failure)."""

    def up() -> bool:
        # the title mounts its opponent selector just after its first frame, moving the rows below it: a
        # click aimed by the first frame's text would land on another entry
        return name(app) == screen and (screen != "TitleScreen" or bool(app.screen.query("#solo")))

    await pilot.pause()
    await until(pilot, up, f"{screen} (on {name(app)})")


def bot_class(app: TagTeamApp) -> type:
    assert isinstance(app.game, Solo)
    return type(app.game.bot)


def marked_row(app: TagTeamApp) -> str:
    """The chooser's row under the cursor, by its id (the level)."""
    levels = app.screen.query_one("#levels", OptionList)
    assert levels.highlighted is not None
    return str(levels.get_option_at_index(levels.highlighted).id)


def row_of(app: TagTeamApp, level: str) -> int:
    """The screen row where ``level``'s name is written (its key, two spaces, its name)."""
    number = BOT_LEVELS.index(level) + 1
    lines = screen_text(app).split("\n")
    found = [i for i, line in enumerate(lines) if f"{number}  {words.name(level)}" in line]
    assert len(found) == 1, (level, found)
    return found[0]


def flat(text: str) -> str:
    """``text`` with every run of spaces (no-break ones included) as one plain space, as the screen is read."""
    return " ".join(text.split())


def shown_whole(app: TagTeamApp) -> None:
    """Every level, its line on how it plays, the heading and the Esc key are on screen, no word cut."""
    box = app.screen.query_one(Vertical).region  # the chooser's box, not the title around it
    lines = screen_text(app).split("\n")[box.y : box.bottom]
    text = " ".join(" ".join(line[box.x : box.right] for line in lines).replace("█", " ").split())
    assert flat(words.heading()) in text  # no-break spaces read as the spaces the screen shows
    for number, level in enumerate(BOT_LEVELS, 1):
        assert f"{number} {words.name(level)}" in text, level
        assert flat(words.how(level)) in text, level  # wrapped lines joined back: every word of it, in order
    assert (key_name("escape") or "esc").lower() in screen_text(app).split("\n")[-1].lower()


@SLOW
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_chooser_by_key_starts_that_level_and_remembers_it(size: tuple[int, int], lang: str) -> None:
    async def run() -> None:
        app = make_app(seed=4, lang=lang)
        async with app.run_test(size=size) as pilot:
            await on(app, pilot, "TitleScreen")
            await pilot.press("p")
            await on(app, pilot, "LevelScreen")
            shown_whole(app)
            assert marked_row(app) == "normal"  # nothing chosen yet: the default level, not called a choice
            line = screen_text(app).split("\n")[row_of(app, "normal")]
            assert "▶" in line and words.last_choice() not in screen_text(app)
            await pilot.press(str(BOT_LEVELS.index("hard") + 1))  # Hard's key, from the table
            await on(app, pilot, "SetupScreen")
            assert bot_class(app) is HardBot
            assert settings.load()[0].level == "hard" and settings.load()[0].level_chosen
            app.action_new_game()
            await on(app, pilot, "TitleScreen")
            await pilot.press("p")
            await on(app, pilot, "LevelScreen")
            assert marked_row(app) == "hard"  # the last level chosen is the one highlighted
            line = screen_text(app).split("\n")[row_of(app, "hard")]
            assert words.last_choice() in line  # said in words, not by colour
            await pilot.press("down", "enter")  # the next one down, then Enter
            await on(app, pilot, "SetupScreen")
            assert bot_class(app) is ExpertBot
            assert settings.load()[0].level == "expert"

    try:
        asyncio.run(run())
    finally:
        set_language("en")


@SLOW
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_chooser_by_click(size: tuple[int, int], lang: str) -> None:
    async def run() -> None:
        app = make_app(seed=4, lang=lang)
        async with app.run_test(size=size) as pilot:
            await on(app, pilot, "TitleScreen")
            lines = screen_text(app).split("\n")
            row = next(i for i, line in enumerate(lines) if "[p]" in line)  # the menu's practice entry
            await pilot.click(offset=(lines[row].index("[p]") - 4, row))
            await on(app, pilot, "LevelScreen")
            shown_whole(app)
            left = app.screen.query_one(Vertical).region.x + 6  # inside the chooser's box
            await pilot.click(offset=(left, row_of(app, "easy")))  # a click on Easy's name starts it
            await on(app, pilot, "SetupScreen")
            assert bot_class(app) is EasyBot
            assert settings.load()[0].level == "easy"
            app.action_new_game()
            await on(app, pilot, "TitleScreen")
            await pilot.press("p")
            await on(app, pilot, "LevelScreen")
            assert marked_row(app) == "easy"
            entry = next(w for w in app.screen.query("FooterKey") if getattr(w, "key", None) == "escape")
            await pilot.click(entry)  # the footer's Esc, clicked: back to the title, nothing started
            await on(app, pilot, "TitleScreen")
            assert app.game is None
            await pilot.press("p")
            await on(app, pilot, "LevelScreen")
            await pilot.click(offset=(left, row_of(app, "expert") + 1))  # its line on how it plays counts too
            await on(app, pilot, "SetupScreen")
            assert bot_class(app) is ExpertBot

    try:
        asyncio.run(run())
    finally:
        set_language("en")


@pytest.mark.slow
def test_the_level_is_remembered_between_runs_and_esc_starts_nothing(home: Path) -> None:
    assert settings.update(level="expert", level_chosen=True) is None

    async def run() -> None:
        app = make_app(seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await on(app, pilot, "TitleScreen")
            assert "(Expert)" in screen_text(app)  # the menu's practice entry names it
            await pilot.press("p")
            await on(app, pilot, "LevelScreen")
            assert marked_row(app) == "expert"
            assert words.last_choice() in screen_text(app).split("\n")[row_of(app, "expert")]
            await pilot.press("escape")
            await on(app, pilot, "TitleScreen")
            assert app.game is None and settings.load()[0].level == "expert"
            await pilot.press("p")
            await on(app, pilot, "LevelScreen")
            await pilot.press("enter")
            await on(app, pilot, "SetupScreen")
            assert bot_class(app) is ExpertBot
            rec = app.session.record if app.session else None
            assert rec is not None and rec.solo is not None and rec.solo.level == "expert"
            assert rec.players[1] == "Bot (Expert)"

    asyncio.run(run())


@pytest.mark.slow
def test_the_title_drop_down_offers_expert_too() -> None:
    from textual.widgets import Select

    async def run() -> None:
        app = make_app(seed=4)
        async with app.run_test(size=(120, 40)) as pilot:
            await on(app, pilot, "TitleScreen")
            for _ in rounds():  # the selector is mounted by a timer after the title's first frame
                await pilot.pause()
                if app.screen.query("#solo"):
                    break
            select = app.screen.query_one("#solo", Select)
            select.value = "expert"
            await pilot.pause()
            await pilot.press("f")  # the first game against the opponent chosen there
            await on(app, pilot, "SetupScreen")
            assert bot_class(app) is ExpertBot
            assert settings.load()[0].level == "expert"

    asyncio.run(run())


@pytest.mark.parametrize(
    ("keys", "first"), [(("f", "enter"), "SetupScreen"), (("down", "down", "enter", "enter"), "DraftScreen")]
)
@pytest.mark.slow
def test_esc_from_a_games_first_screen_goes_back_to_the_title_and_saves_nothing(
    keys: tuple[str, ...], first: str
) -> None:
    async def run() -> None:
        app = make_app(seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await on(app, pilot, "TitleScreen")
            for key in keys:  # hot-seat: the hand-over, then the first secret screen
                await pilot.press(key)
                await pilot.pause()
            await on(app, pilot, first)
            footer = screen_text(app).split("\n")[-1]
            assert f"{key_name('escape')} Title" in footer, footer  # the footer says what Esc does
            await pilot.press("escape")
            await on(app, pilot, "TitleScreen")
            assert app.game is None
            assert not saves.autosave_path().exists()  # nobody had decided anything: nothing kept

    asyncio.run(run())


@pytest.mark.slow
def test_esc_after_a_decision_keeps_the_game_in_the_autosave() -> None:
    async def run() -> None:
        app = make_app(seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await on(app, pilot, "TitleScreen")
            await pilot.press("down", "down", "enter")  # a hot-seat Standard Draft
            await on(app, pilot, "HandoffScreen")
            await pilot.press("enter")
            await on(app, pilot, "DraftScreen")
            await pilot.press("enter", "c")  # Player 1's first pick: a decision
            await on(app, pilot, "HandoffScreen")
            await pilot.press("enter")
            await on(app, pilot, "DraftScreen")
            await pilot.press("escape")  # Player 2's first pick: Esc still leaves, the game is kept
            await on(app, pilot, "TitleScreen")
            assert saves.autosave_path().exists()
            assert saves.autosave_over() is False

    asyncio.run(run())


def test_esc_is_not_offered_where_leaving_is_not_the_apps_to_give() -> None:
    """A network seat (``title_on_escape`` False) and a Fey Folk Character chosen mid-game get no Esc."""
    from tagteam.engine.session import Session
    from tagteam.render.board import PALETTES
    from tagteam.screens.base import SeatContext
    from tagteam.screens.setup import SetupScreen

    s = Session.new(4, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    view = s.view(0)
    assert view.pending == "order_start"
    here = SetupScreen(SeatContext(0, view, ("A", "B"), PALETTES["default"], leave=True))
    away = SetupScreen(SeatContext(0, view, ("A", "B"), PALETTES["default"]))
    assert here.check_action("leave", ()) is True
    assert away.check_action("leave", ()) is False
    assert here.check_action("confirm", ()) is True


def test_expert_is_a_level_the_app_saves_names_and_shows() -> None:
    """Every place a level is validated or named takes Expert: settings, the record, the history, the game-over line."""
    from tagteam.engine.record import SoloInfo
    from tagteam.play.stats import Score, rated
    from tagteam.store.history import PastGame
    from tagteam.words import history as wh

    assert "expert" in BOT_LEVELS
    assert settings._READERS["level"]("expert", None) == ("expert", None)
    assert SoloInfo.model_validate({"level": "expert"}).level == "expert"
    assert wh.level("expert") == words.name("expert") == "Expert"
    assert "(Expert)" in bot_name("expert")
    set_language("fr")
    try:
        assert wh.level("hard") == words.name("hard") == "Difficile"
        assert "(Difficile)" in bot_name("hard")
    finally:
        set_language("en")
    game = PastGame(
        "d",
        "f.json",
        0.0,
        "solo",
        "expert",
        "first",
        1,
        0,
        ("P1", "Bot (Expert)"),
        ("a", "b", "c", "d"),
        0,
        "ko",
        3,
        (),
    )
    assert not rated(game)  # no arena anchor for Expert yet: its games are counted, not rated
    assert wh.gameover_line(game, Score(1, 0, 0), None) == "Against Expert: 1-0-0 (W-D-L)"


@pytest.mark.parametrize(
    ("keys", "level"),
    [(("p", "5"), "expert"), (("p", "down", "enter"), "hard"), (("p", "1"), "beginner"), (("p", "2"), "easy")],
)
@pytest.mark.slow
def test_keys_typed_in_one_burst_after_p_are_the_choosers(keys: tuple[str, ...], level: str) -> None:
    """``p`` then ``5`` typed together (a terminal delivers them before the chooser is open): the 5 starts Expert,
    it is not dropped with the keys the title holds back after a choice."""
    from textual import events

    async def run() -> None:
        app = make_app(seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await on(app, pilot, "TitleScreen")
            for key in keys:  # all queued before the app handles the first
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            await on(app, pilot, "SetupScreen")
            assert bot_class(app) is BOTS[level]

    asyncio.run(run())
