"""Keys typed in one burst act in the order they were typed: on the Setup and Draft screens ``Down Enter c``
confirms the row the Enter chose. The c's binding runs before the Enter's OptionSelected reaches the screen
(Textual delivers that message later), so before the fix the c found nothing chosen and was lost."""

from __future__ import annotations

import asyncio

from buildhost import Host, context, position_at
from textual import events
from textual.pilot import Pilot

from tagteam.engine.actions import DraftPick
from tagteam.engine.session import Session
from tagteam.screens.draft import DraftScreen
from tagteam.screens.setup import SetupScreen
from tests.waiting import rounds

KEYS = {"down": None, "enter": "\r", "c": "c", "space": " "}


def burst(app: Host, *keys: str) -> None:
    """The keys as a terminal delivers a burst: all queued before the app handles the first."""
    for key in keys:
        app.post_message(events.Key(key, KEYS[key]))


async def settle(app: Host, pilot: Pilot[None], want_decided: bool = False) -> None:
    """Until the app is idle (and, with ``want_decided``, something was decided): by rounds, not a clock."""
    for _ in rounds():
        await pilot.pause()
        if not want_decided or app.decided:
            break
    await pilot.pause()


def test_down_enter_c_on_the_setup_screen_confirms_the_second_order() -> None:
    view = position_at("order_start")

    async def run() -> None:
        app = Host(SetupScreen(context(view)))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            burst(app, "down", "enter", "c")
            await settle(app, pilot, want_decided=True)
            assert [d.action for d in app.decided] == [view.legal[1]]

    asyncio.run(run())


def test_enter_then_down_enter_c_confirms_the_last_row_chosen() -> None:
    view = position_at("order_start")

    async def run() -> None:
        app = Host(SetupScreen(context(view)))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            burst(app, "enter", "down", "enter", "c")
            await settle(app, pilot, want_decided=True)
            assert [d.action for d in app.decided] == [view.legal[1]]

    asyncio.run(run())


def test_a_standard_draft_pick_typed_in_one_burst_is_confirmed() -> None:
    view = Session.new(3, draft="standard").view(0)
    assert view.pending == "draft_pick"

    async def run() -> None:
        app = Host(DraftScreen(context(view)))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, DraftScreen)
            hand = screen._pool()
            keys = ["down", "enter", "down", "enter", "c"] if screen.needs_discard else ["down", "enter", "c"]
            burst(app, *keys)
            await settle(app, pilot, want_decided=True)
            want = DraftPick(hand[1], hand[2] if screen.needs_discard else None)
            assert [d.action for d in app.decided] == [want]

    asyncio.run(run())
