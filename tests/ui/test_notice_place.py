"""Notices (an autosave moved aside, a warning) sit at the top of the screen, over the boards, never over
the Build screen's line-up and choices at the bottom, where the decision is made."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets._toast import Toast
from uihelp import make_app, name, play

from tests.waiting import rounds

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


def test_a_notice_on_the_build_screen_sits_at_the_top() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("f")
            await play(pilot, app, stop="BuildScreen")
            assert name(app) == "BuildScreen"
            lineup = app.screen.query_one("#lineup")
            app.notify("Previous game kept as autosave-20261201-125710.json", timeout=3)
            for _ in rounds():  # the notice is mounted over a frame or two
                await pilot.pause()
                toasts = list(app.screen.query(Toast))
                if toasts and toasts[0].region.height > 0:
                    break
            box = toasts[0].region
            assert box.height > 0
            assert box.y + box.height <= lineup.region.y  # wholly above the line-up

    asyncio.run(run())
