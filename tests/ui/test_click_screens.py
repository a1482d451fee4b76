"""Every choice on the title, hand-over, draft, rules, glossary and gallery screens can be made by clicking."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.widgets import Footer, OptionList
from uihelp import make_app, name, screen_text

from tagteam.app import TagTeamApp
from tagteam.screens.title import MENU
from tests.waiting import rounds

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

SIZE = (100, 30)


async def click_option(pilot: Any, app: TagTeamApp, selector: str, option_id: str) -> None:
    """Click the row of ``option_id`` in an option list (one row per option, under the top border)."""
    widget = app.screen.query_one(selector, OptionList)
    index = widget.get_option_index(option_id)
    widget.scroll_to(y=0, animate=False)
    await pilot.pause()
    await pilot.click(widget, offset=(6, 1 + index))
    await pilot.pause()


async def click_footer(pilot: Any, app: TagTeamApp, key: str) -> None:
    """Click the footer's entry for ``key`` (Textual's footer sends the key when clicked)."""
    footer = app.screen.query_one(Footer)
    entry = next(w for w in footer.query("FooterKey") if getattr(w, "key", None) == key)
    await pilot.click(entry)
    await pilot.pause()


async def settled(app: TagTeamApp, pilot: Any, want: str = "") -> None:
    """Let messages and workers finish; with ``want``, until that screen is up (a busy machine is slower)."""
    for i in rounds():
        if not want and i == 3:
            return
        await app.workers.wait_for_complete()
        await pilot.pause()
        if want and name(app) == want:
            return


AFTER = {
    "first": "HandoffScreen",
    "free": "HandoffScreen",
    "standard": "HandoffScreen",
    "competitive": "HandoffScreen",
    "practise": "LevelScreen",  # the level chooser (tests/ui/test_ladder.py clicks on)
    "tutorial": "LessonScreen",
    "load": "LoadScreen",
    "rules": "HelpScreen",
    "gallery": "GalleryScreen",
    "puzzles": "PuzzleHome",
}


@pytest.mark.parametrize("entry", [key for key, _ in MENU if key in AFTER])
def test_every_title_menu_entry_can_be_clicked(entry: str) -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=SIZE) as pilot:
            await settled(app, pilot)
            await click_option(pilot, app, "#menu", entry)
            await settled(app, pilot, AFTER[entry])
            assert name(app) == AFTER[entry], (entry, name(app))

    asyncio.run(run())


def test_quit_and_continue_can_be_clicked() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=SIZE) as pilot:
            await settled(app, pilot)
            await click_option(pilot, app, "#menu", "continue")  # no autosave yet: greyed, nothing happens
            assert name(app) == "TitleScreen"
            await click_option(pilot, app, "#menu", "quit")
            await settled(app, pilot)
            assert app.return_code == 0

    asyncio.run(run())


def test_the_hand_over_and_a_free_pick_by_clicks_alone() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=SIZE) as pilot:
            await settled(app, pilot)
            await click_option(pilot, app, "#menu", "free")
            await settled(app, pilot)
            assert name(app) == "HandoffScreen"
            await pilot.click(app.screen, offset=(1, 1))  # outside the card: not the deliberate "ready"
            await settled(app, pilot)
            assert name(app) == "HandoffScreen"
            await pilot.click("#card")
            await settled(app, pilot)
            assert name(app) == "DraftScreen"
            await click_option(pilot, app, "#pool", "joan")
            await click_option(pilot, app, "#pool", "mephisto")
            assert "Ticked: Joan, Mephisto" in screen_text(app)
            await pilot.click("#confirm")
            await settled(app, pilot)
            assert name(app) == "HandoffScreen" and "Player 2" in screen_text(app)
            assert app.flow is not None and app.flow.session.state.table is None  # player 2 has yet to pick

    asyncio.run(run())


def test_a_draft_pick_by_clicks_needs_both_choices() -> None:
    """Competitive Draft: click the Fighter to keep and the one to discard, then Confirm."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=SIZE) as pilot:
            await settled(app, pilot)
            await click_option(pilot, app, "#menu", "competitive")
            await settled(app, pilot)
            await pilot.click("#card")
            await settled(app, pilot)
            assert name(app) == "DraftScreen"
            screen: Any = app.screen
            hand = screen._pool()
            await click_option(pilot, app, "#pool", hand[0])
            await pilot.click("#confirm")  # a discard is still missing: the screen says so and stays
            await settled(app, pilot)
            assert name(app) == "DraftScreen"
            await click_option(pilot, app, "#pool", hand[1])
            assert screen.keep == hand[0] and screen.discard == hand[1]
            button = app.screen.query_one("#confirm")
            for _ in rounds():  # a button ignores a click while it still shows the last one (Textual: 0.2 s)
                if not button.has_class("-active"):
                    break
                await pilot.pause()
            await pilot.click("#confirm")
            for _ in rounds():  # the picks are revealed and the Draft goes on: late on a busy machine
                await settled(app, pilot)
                if name(app) != "DraftScreen":
                    break
            assert name(app) != "DraftScreen"

    asyncio.run(run())


def test_rules_gallery_and_glossary_by_clicks() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=SIZE) as pilot:
            await settled(app, pilot)
            await click_option(pilot, app, "#menu", "rules")
            await click_footer(pilot, app, "g")
            await settled(app, pilot)
            assert name(app) == "GalleryScreen"
            await click_option(pilot, app, "#fighters", "shango")
            assert "Shango" in screen_text(app) and "Bödvar: ▶" not in screen_text(app)  # was the first board
            await click_footer(pilot, app, "escape")
            await click_footer(pilot, app, "escape")
            await settled(app, pilot)
            assert name(app) == "TitleScreen"
            app.action_glossary()  # opened from the command palette; closed by a click
            await settled(app, pilot)
            assert name(app) == "GlossaryScreen"
            await click_footer(pilot, app, "escape")
            await settled(app, pilot)
            assert name(app) == "TitleScreen"

    asyncio.run(run())
