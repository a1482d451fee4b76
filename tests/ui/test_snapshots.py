"""A few SVG snapshots of key screens at 100x30 with a fixed seed (regenerate with --snapshot-update)."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from uihelp import make_app, play

SIZE = (100, 30)


def test_title_screen(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed=1), terminal_size=SIZE)


def test_build_screen_middle_insert(snap_compare: Any) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await pilot.press("f")
        await play(pilot, pilot.app, stop="FightScreen")  # type: ignore[arg-type]
        await pilot.press("s", "enter")
        await play(pilot, pilot.app, stop="BuildScreen")  # type: ignore[arg-type]
        await pilot.press("home", "down", "2")
        await pilot.pause()

    assert snap_compare(make_app(seed=1), terminal_size=SIZE, run_before=before)


def test_fight_screen_mid_round(snap_compare: Any) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        app: Any = pilot.app
        app.reduced_motion = True  # no flash in the picture
        await pilot.press("f")
        await play(pilot, app, stop="FightScreen")
        await pilot.press("s", "enter")
        await play(pilot, app, stop="FightScreen")
        await pilot.press("n", "n")
        await pilot.pause()

    assert snap_compare(make_app(seed=1), terminal_size=SIZE, run_before=before)
