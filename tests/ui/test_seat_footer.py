"""A network seat's footer keeps "? Rules" whole at 80 columns, on every screen, in every language of the list.

The seat's app showed "^q Quit" in its footer (the local app keeps Quit in the command palette), and at 80x24 that
cut "? Rules" off the Fight screen's footer in both languages. These drive two real seats over a loopback socket
through the Draft and Setup of a Standard game and the last round of another (Build, Fight, game over), and the
host seat's waiting screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

import pytest
from textual.pilot import Pilot
from uihelp import screen_text

from tagteam.content.choices import LANGUAGES
from tagteam.engine.session import Session
from tagteam.play.games import new_session
from tagteam.remote.client_app import NetApp
from tagteam.screens import messages as msg
from tagteam.words.lang import _, set_language
from tests.net.apps import (
    CODE,
    Seat,
    SeatPilot,
    Table,
    hosted_seat,
    near_the_end,
    play_to_game_over,
    table,
)
from tests.waiting import until

pytestmark = pytest.mark.slow  # whole games over a socket: many seconds

SCREENS = {"DraftScreen", "SetupScreen", "BuildScreen", "FightScreen", "GameOverScreen"}


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest) -> str:
    set_language(request.param)  # tests/conftest.py puts English back after the test
    return str(request.param)


def rules() -> str:
    """The footer's Rules key in the language in use ("? Rules", "? Règles")."""
    return f"? {_('Rules')}"


def footer(app: NetApp) -> str:
    """The footer's line as drawn (what a cut leaves), not the keys the footer holds."""
    return screen_text(app).rstrip("\n").split("\n")[-1]


def unseen(t: Table, seen: dict[str, str]) -> Seat | None:
    """A seat showing one of ``SCREENS`` whose footer is not read yet."""
    return next((s for s in t.seats if s.screen in SCREENS and s.screen not in seen), None)


async def drawn_footer(s: Seat, want: str, timeout: float = 60.0) -> str:
    """The seat's footer line once it shows ``want``: the footer is filled in a refresh after the screen is
    shown, so a screen read at once may not have it yet. The deadline only bounds a failure: a footer that cuts
    ``want`` off is returned as drawn, and the caller's assertion says so."""
    end = time.monotonic() + timeout
    line = footer(s.app)
    while want not in line and time.monotonic() < end:
        await s.pilot.pause()
        line = footer(s.app)
    return line


def test_every_screen_of_a_network_seat_keeps_the_rules_key_whole_at_80_columns(lang: str) -> None:
    seen: dict[str, str] = {}

    async def read_each_screen(session: Session, wanted: set[str]) -> None:
        """Play on (each Fight step skipped whole: the footer is read the first time a screen shows, so stepping
        Turns one by one adds nothing here), stopping at each screen shown for the first time."""
        async with table(session, size=(80, 24)) as t:
            rng = random.Random(7)
            while not wanted <= set(seen):
                await play_to_game_over(t, rng, lambda i: "s", until=lambda: unseen(t, seen) is not None)
                seat = unseen(t, seen)
                if seat is None:
                    break
                line = await drawn_footer(seat, rules())
                seen.setdefault(seat.screen, line)

    async def go() -> None:
        # the Draft and the Setup from a new game; the Build, the Fight and game over from the last round of one
        await read_each_screen(new_session("standard", 7), {"DraftScreen", "SetupScreen"})
        await read_each_screen(near_the_end("standard", 7), {"BuildScreen", "FightScreen", "GameOverScreen"})

    asyncio.run(asyncio.wait_for(go(), 240))
    assert set(seen) == SCREENS, sorted(seen)
    cut = {screen: line for screen, line in seen.items() if rules() not in line}
    assert not cut, cut
    assert not [line for line in seen.values() if "Quit" in line], seen  # "Quitter" too: in the palette only


def test_each_seats_pilot_acts_as_its_own_app() -> None:
    """What the test above stands on: the test's task holds one app as Textual's active app, and a seat's
    screen used from the other's context made its update timer there and never laid out again (a blank footer,
    Setup at 80x24, one run in two). Each seat's pilot works in its own app's context."""

    async def go() -> None:
        async with table(new_session("first", 3), size=(80, 24)) as t:
            for s in t.seats:
                assert isinstance(s.pilot, SeatPilot)

                async def whose(seat: Seat = s) -> object:
                    return seat.app.screen.app  # found through the active app, not through the parents

                assert await s.pilot.own(whose()) is s.app, t.seats.index(s)

    asyncio.run(asyncio.wait_for(go(), 120))


def test_the_host_seats_waiting_screen_keeps_the_rules_key_and_the_join_code(lang: str) -> None:
    async def go() -> None:
        runner, app, _port = hosted_seat()
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
                await drawn(pilot, app, lang)
                line = footer(app)
                assert rules() in line and CODE in line, line
                state = app.client.snapshot()[0]
                assert state is not None
                app.screen.post_message(msg.Decided(state.seat, state.view.legal[0]))
                await until(pilot, lambda: type(app.screen).__name__ == "AwayScreen")
                await drawn(pilot, app, lang)
                line = footer(app)
                assert rules() in line and CODE in line, line
        finally:
            app.client.close()
            runner.stop()

    asyncio.run(asyncio.wait_for(go(), 120))


async def drawn(pilot: Pilot[int], app: NetApp, lang: str) -> None:
    """Until the new screen's footer is drawn with its keys (a footer read at once may still be empty on a busy
    machine); the deadline only bounds a failure, and the caller's assertion then shows the line as drawn."""
    with contextlib.suppress(AssertionError):
        await until(pilot, lambda: rules() in footer(app) and CODE in footer(app))
