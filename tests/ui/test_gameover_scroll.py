"""The game-over summary scrolls in one container: no scrollbar inside a scrollbar, and End reaches its last line
at 80x24 (it stopped short, the screen and the body each scrolling part of the way)."""

from __future__ import annotations

import asyncio

from textual.widget import Widget
from uihelp import make_app, name, random_finished_session

from tagteam.screens.gameover import GameOverScreen


def test_end_reaches_the_last_line_in_one_scroll_container() -> None:
    async def run() -> None:
        app = make_app(seed=3, record=random_finished_session().record)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await app.workers.wait_for_complete()
                await pilot.pause()
            assert name(app) == "GameOverScreen"
            screen = app.screen
            assert isinstance(screen, GameOverScreen)
            screen.show_history("Against Normal: 3-0-2 (W-D-L) · rating 1523 ± 95 (+31) · " * 3)  # a long line
            await pilot.pause()
            await pilot.press("end")
            for _ in range(3):
                await pilot.pause()
            scrolling = [w for w in [screen, *screen.query(Widget)] if w.show_vertical_scrollbar]
            body = screen.query_one("#body")
            assert scrolling == [body]
            assert body.max_scroll_y > 0 and body.scroll_y == body.max_scroll_y
            recap = screen.query_one("#recap")
            inside = body.content_region
            assert recap.region.bottom <= inside.bottom  # its last line is on the screen
            assert recap.region.height > 1

    asyncio.run(run())


def test_a_notice_at_game_over_is_said_above_the_summary_not_over_it() -> None:
    async def run() -> None:
        app = make_app(seed=3, record=random_finished_session().record)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            for _ in range(3):
                await app.workers.wait_for_complete()
                await pilot.pause()
            app.notify("Replay saved", timeout=5)
            for _ in range(5):
                await pilot.pause()
            line = app.screen.query_one("#notices")
            body = app.screen.query_one("#body")
            assert line.region.height > 0 and not line.region.overlaps(body.region)
            assert not [t for t in app.screen.query("Toast") if t.region.height]

    asyncio.run(run())
