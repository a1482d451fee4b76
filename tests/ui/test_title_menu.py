"""The title's menu fits the terminal: at 80x24 it scrolls inside its border (Quit reachable) instead of
running off the screen's foot (its border and last entries were cut off once the menu had 14 rows)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import OptionList
from uihelp import make_app, screen_text


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)], ids=["80x24", "100x30", "120x40"])
def test_the_menu_ends_above_the_footer_and_reaches_quit(size: tuple[int, int]) -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=size) as pilot:
            await pilot.pause(0.2)  # the opponent selector is mounted just after the first frame
            menu = app.screen.query_one("#menu", OptionList)
            assert menu.region.bottom <= size[1] - 1, (menu.region, size)  # the last row is the footer's
            await pilot.press("end")
            await pilot.pause()
            assert "▶ Quit" in screen_text(app)

    asyncio.run(run())
