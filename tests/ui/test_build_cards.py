"""From the Build screen, every card shown, yours or theirs, reads whole in one hover or one key (issue 40):
the drawn cards and their last Fight's cards under the pointer, every card of the line-up in the ``v`` panel,
whose key the footer shows."""

from __future__ import annotations

import asyncio

import pytest
from cardwalk import check_every_card_readable
from uihelp import make_app, screen_text, solo_to_build

from tagteam.screens.build import BuildScreen
from tagteam.words import _
from tagteam.words.boards import CARDS_KEY_SHORT

pytestmark = pytest.mark.slow  # a solo game to its first Build: seconds


SIZES = ((80, 24), (120, 40), (160, 50))


def test_every_card_on_the_build_screen_reads_whole() -> None:
    """One solo game to its first Build, the terminal resized to each size in turn (not one game per size)."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=SIZES[0]) as pilot:
            await solo_to_build(app, pilot, "easy")
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            v = screen.view
            assert v.table is not None
            for size in SIZES:
                if size != (app.size.width, app.size.height):
                    await pilot.resize_terminal(*size)
                    await pilot.pause()
                mine, theirs = screen._slots()
                named = [v.table.cards[s.inst].cdef.model for s in [*mine, *theirs]]
                walked = await check_every_card_readable(app, pilot, named)
                assert walked >= len(v.drawn), size  # the drawn cards at least, at every size
                footer = screen_text(app).split("\n")[-1]
                assert f"v {_(CARDS_KEY_SHORT)}" in footer, (size, footer)

    asyncio.run(run())
