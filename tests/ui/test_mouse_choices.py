"""Every choice on the Build and Setup screens can be made with the mouse: Pilot clicks, no keys."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from buildhost import Host, context, position_at
from textual.widget import Widget
from uihelp import screen_text

from tagteam.engine.actions import BuildChoice, OrderStart
from tagteam.screens.build import BuildScreen
from tagteam.screens.setup import SetupScreen
from tagteam.widgets.basic import CardTile, LineUp

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


def footer_key(app: Host, key: str) -> Widget:
    """The footer's entry for ``key`` (found by its type's name: Textual's class lives in a private module)."""
    keys: list[Any] = list(app.screen.query("FooterKey"))
    found: Widget = next(k for k in keys if k.key == key)
    return found


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_build_by_clicks(size: tuple[int, int]) -> None:
    view = position_at("build")

    async def run() -> None:
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            tiles = list(screen.query(CardTile))
            assert await pilot.click(tiles[2])  # the card to keep
            await pilot.pause()
            assert screen.card == 2 and screen.bottom == (0, 1)
            assert await pilot.click(screen.query_one("#status"))  # the order under: its line swaps it
            await pilot.pause()
            assert screen.bottom == (1, 0)
            assert await pilot.click(screen.query_one(LineUp), offset=(10, 1))  # the first slot's row
            await pilot.pause()
            assert screen.position == 0 and "INSERT HERE: the top" in screen_text(app)
            assert await pilot.click(footer_key(app, "c"))  # confirm
            await pilot.pause()
            assert [d.action for d in app.decided] == [BuildChoice(2, 0, (1, 0))]

    asyncio.run(run())


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
def test_setup_by_clicks(size: tuple[int, int]) -> None:
    view = position_at("order_start")

    async def run() -> None:
        app = Host(SetupScreen(context(view)))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert await pilot.click("#confirm")  # nothing chosen yet: nothing decided
            await pilot.pause()
            assert app.decided == []
            assert await pilot.click("#choices", offset=(8, 2))  # the second order (row 2, under the border)
            await pilot.pause()
            assert screen.choice == view.legal[1] and isinstance(screen.choice, OrderStart)
            assert await pilot.click("#confirm")
            await pilot.pause()
            assert [d.action for d in app.decided] == [view.legal[1]]

    asyncio.run(run())
