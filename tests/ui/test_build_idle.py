"""The Build screen goes quiet after a key: moving the new card's slot redraws the line-up once, not in a
loop (a regression: the line-up's own highlight moves were read back as slot choices, at full CPU)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from uihelp import solo_to_build

from tagteam.app import TagTeamApp
from tagteam.screens.build import BuildScreen
from tagteam.widgets.basic import LineUp


@pytest.mark.slow
def test_moving_the_slot_redraws_a_bounded_number_of_times(monkeypatch: Any) -> None:
    calls = {"n": 0}
    original = BuildScreen._refresh_side

    def counted(self: BuildScreen) -> None:
        calls["n"] += 1
        original(self)

    monkeypatch.setattr(BuildScreen, "_refresh_side", counted)

    async def run() -> None:
        app = TagTeamApp(seed=3)
        async with app.run_test(size=(120, 40)) as pilot:
            await solo_to_build(app, pilot, "normal")
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            lineup = screen.query_one(LineUp)
            screen.action_card(2)  # keys typed faster than the screen redraws: no pause between them
            lineup.action_cursor_up()
            lineup.action_cursor_up()
            seen, still = -1, 0  # settled: three pauses in a row with no redraw (a count of pauses is not
            for _ in range(200):  # enough on a loaded machine, where the keys' own redraws come late)
                await pilot.pause(0.05)
                still, seen = (still + 1, seen) if calls["n"] == seen else (0, calls["n"])
                if still >= 3:
                    break
            settled = calls["n"]
            assert screen.position == len(screen._v.my_fight_deck) - 2
            for _ in range(10):  # nothing pressed: nothing more to draw
                await pilot.pause(0.05)
            assert calls["n"] == settled, f"{calls['n'] - settled} redraws with no key pressed"

    asyncio.run(run())
