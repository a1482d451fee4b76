"""Every size (issue 40): at 80x24 nothing on the Fight table jumps when the log drawer opens or a Turn passes;
at 160x50 the room is used (the boards span the width, the rows' cards are wider than at 120 columns)."""

from __future__ import annotations

import asyncio
from typing import Any

from uihelp import make_app

from tagteam.screens.fight import ROOMY_ROW, FightScreen, table_layout
from tagteam.widgets.fight_table import ROW_CARD

TO_ROUND_2 = ["f", "enter", "enter", "c", "enter", "enter", "c", "s", "enter", "enter", "1", "c", "enter", "1", "c"]


async def _to_fight(app: Any, pilot: Any) -> FightScreen:
    app.reduced_motion = True
    for key in TO_ROUND_2:
        await pilot.press(key)
        await pilot.pause(0.05)
    for _ in range(40):
        if isinstance(app.screen, FightScreen):
            break
        await pilot.pause(0.05)
    assert isinstance(app.screen, FightScreen)
    return app.screen


def _places(screen: FightScreen) -> dict[str, tuple[int, int, int, int]]:
    """Where the boards and the table stand, row by row; a widget the open drawer hides (it keeps its place,
    see fight.tcss) has no place on screen while hidden and is left out."""
    return {
        w: tuple(screen.query_one(w).region)  # type: ignore[misc]
        for w in ("#team0", "#team1", "#fight")
        if screen.query_one(w).styles.visibility != "hidden"
    }


def test_nothing_jumps_at_80x24_when_the_drawer_opens_or_a_turn_passes() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await _to_fight(app, pilot)
            await pilot.press("n")
            await pilot.pause()
            before = _places(screen)
            await pilot.press("l")
            await pilot.pause()
            assert screen.has_class("-log")
            opened = _places(screen)
            assert opened == {w: p for w, p in before.items() if w in opened}  # the drawer opens over the table
            await pilot.press("l")
            await pilot.pause()
            assert _places(screen) == before  # closed again: everything where it was
            for _ in range(2):
                if screen.finished:
                    break
                await pilot.press("n")
                await pilot.pause()
                assert _places(screen) == before  # a Turn passes: the boards keep their rows

    asyncio.run(run())


def test_the_room_is_used_at_160x50() -> None:
    assert table_layout(160, 50).row_width == ROOMY_ROW > ROW_CARD == table_layout(120, 40).row_width

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(160, 50)) as pilot:
            screen = await _to_fight(app, pilot)
            boards = screen.query_one("#team0").region.width + screen.query_one("#team1").region.width
            assert boards >= 150  # the two boards side by side span the width
            assert screen.query_one("#fight").region.width >= 150

    asyncio.run(run())
