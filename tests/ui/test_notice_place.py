"""Notices (an autosave moved aside, a warning) on the Build screen are said in its notice line, under the
choices: never a toast over the boards, the drawn cards or the line-up, where the decision is made."""

from __future__ import annotations

import asyncio

import pytest
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
            screen = app.screen
            app.notify("Previous game kept in the saves folder: Load lists it.", timeout=3)
            for _ in rounds():  # the notice is laid out over a frame or two
                await pilot.pause()
                line = screen.query_one("#notices")
                if line.region.height > 0:
                    break
            box = line.region
            assert box.height > 0
            for part in ("#lineup", "#teams", "#drawn", "#focus"):
                assert not box.overlaps(screen.query_one(part).region), part
            assert not [t for t in screen.query("Toast") if t.region.height]

    asyncio.run(run())
