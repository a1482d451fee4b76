"""SVG snapshots of key screens with a fixed seed (regenerate with --snapshot-update after looking at them).

The Build and Fight screens are pictured at 80x24 (the smallest supported size) and 120x40 (side by side),
the title and the older pictures at 100x30."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from uihelp import make_app, play

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

SIZE = (100, 30)
TABLE_SIZES = [(80, 24), (120, 40)]


def test_title_screen(snap_compare: Any) -> None:
    assert snap_compare(make_app(seed=1), terminal_size=SIZE)


async def _to_build(pilot: Pilot[Any]) -> None:
    app: Any = pilot.app
    app.reduced_motion = True
    await pilot.press("f")
    await play(pilot, app, stop="FightScreen")
    await pilot.press("s", "enter")
    await play(pilot, app, stop="BuildScreen")


async def _to_fight(pilot: Pilot[Any]) -> None:
    app: Any = pilot.app
    app.reduced_motion = True  # no flash in the picture
    await pilot.press("f")
    await play(pilot, app, stop="FightScreen")
    await pilot.press("s", "enter")
    await play(pilot, app, stop="FightScreen")
    await pilot.press("n", "n")


def test_build_screen_middle_insert(snap_compare: Any) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await _to_build(pilot)
        await pilot.press("home", "down", "2")
        await pilot.pause()

    assert snap_compare(make_app(seed=1), terminal_size=SIZE, run_before=before)


def test_fight_screen_mid_round(snap_compare: Any) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await _to_fight(pilot)
        await pilot.pause()

    assert snap_compare(make_app(seed=1), terminal_size=SIZE, run_before=before)


@pytest.mark.parametrize("size", TABLE_SIZES, ids=["80x24", "120x40"])
def test_build_screen_table(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await _to_build(pilot)
        await pilot.press("home", "3")
        await pilot.pause()

    assert snap_compare(make_app(seed=3), terminal_size=size, run_before=before)


@pytest.mark.parametrize("size", TABLE_SIZES, ids=["80x24", "120x40"])
def test_fight_screen_table(snap_compare: Any, size: tuple[int, int]) -> None:
    async def before(pilot: Pilot[Any]) -> None:
        await _to_fight(pilot)
        await pilot.pause()

    assert snap_compare(make_app(seed=3), terminal_size=size, run_before=before)
