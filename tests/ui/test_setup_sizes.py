"""Setup at 80x24, 100x30, 120x40 and 200x60: the two Starting Cards being ordered, in full, without scrolling;
board titles whole; no word left alone on a line."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
from buildhost import Host, context, lone_words, position_at, without_cards, words
from textual.pilot import Pilot
from uihelp import screen_text

from tagteam.engine.game import Teams
from tagteam.engine.view import PlayerView
from tagteam.screens.setup import SetupScreen
from tagteam.widgets.card import CardWidget
from tagteam.words.names import fighter_name

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

SIZES = [(80, 24), (100, 30), (120, 40), (200, 60)]
FEY = (("fey_folk", "bodvar"), ("joan", "golem"))


def starting_texts(view: PlayerView) -> list[str]:
    assert view.table is not None
    mine = view.table.fighters[2 * view.seat : 2 * view.seat + 2]
    return [c.model.text for fd in mine for c in fd.cards if c.starting]


async def sizes(pilot: Pilot[Any]) -> AsyncIterator[tuple[int, int]]:
    """Each size of ``SIZES`` in turn, the terminal resized to it (one app for every size)."""
    app = pilot.app
    for size in SIZES:
        if size != (app.size.width, app.size.height):
            await pilot.resize_terminal(*size)
        await pilot.pause()
        yield size


@pytest.mark.parametrize("teams", [None, FEY], ids=["first-game", "fey-folk"])
def test_starting_cards_in_full_at_every_size(teams: Teams | None) -> None:
    view = position_at("order_start", teams=teams) if teams else position_at("order_start")

    async def run() -> None:
        app = Host(SetupScreen(context(view)))
        async with app.run_test(size=SIZES[0]) as pilot:
            async for size in sizes(pilot):
                text = screen_text(app)
                starting = app.screen.query_one("#starting")
                assert starting.region.bottom <= size[1] - 1, size  # above the footer, without scrolling
                faces = [w.region for w in starting.query(CardWidget)]  # each card read inside its own border
                lines = text.split("\n")
                shown = [words("\n".join(ln[r.x : r.right] for ln in lines[r.y : r.bottom])) for r in faces]
                for card_text in starting_texts(view):
                    assert any(words(card_text) in face for face in shown), (size, card_text)
                assert view.table is not None
                first = view.table.fighters[2 * view.seat].model
                shown_name = fighter_name(first)  # the board's title names it whole: never "Peupl─"
                title = shown_name + (f" / {first.name}" if shown_name != first.name else "")
                assert title in text, size
                assert "which Starting Card goes on top of your Fight deck?" in text, size
                assert lone_words(without_cards(app, app.screen, text)) == [], size  # a face has one-word rows

    asyncio.run(run())


def test_fey_folk_character_choice_fits() -> None:
    view = position_at("character", teams=FEY)

    async def run() -> None:
        app = Host(SetupScreen(context(view)))
        async with app.run_test(size=SIZES[0]) as pilot:
            async for size in sizes(pilot):
                text = screen_text(app)
                for name in ("Fairy steps in", "Gnome steps in", "Elf steps in"):
                    assert name in text, size
                assert lone_words(text) == [], size

    asyncio.run(run())


def test_confirming_with_nothing_chosen_says_so_on_the_choice_line() -> None:
    """A notice docks at the top, over the choice list it asks about: the ask goes on the choice line."""

    from textual.widgets import Static
    from uihelp import make_app, name

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("f")
            for _ in range(5):
                await pilot.pause()
                if name(app) == "SetupScreen":
                    break
                await pilot.press("enter")
            assert name(app) == "SetupScreen"
            await pilot.press("c")
            await pilot.pause()
            assert name(app) == "SetupScreen"
            assert "Choose one first" in str(app.screen.query_one("#status", Static).render())
            assert not app._notifications  # no toast over the choices

    asyncio.run(run())
