"""A network seat's half-made Build choice is kept in its own home, so the seat's app started again (a
``tagteam join`` after its terminal closed, a browser's /join page reloaded) opens its Build screen as the
player left it; a dropped line keeps the very screen (test_apps_end_to_end)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from tagteam.play.games import new_session
from tagteam.remote.client_app import NetApp
from tagteam.screens.build import BuildScreen
from tagteam.screens.route import screen_for
from tests.net.apps import table
from tests.net.test_apps_end_to_end import play_until_build

pytestmark = pytest.mark.slow


def test_a_seats_half_made_build_is_found_by_its_app_started_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))

    async def go() -> None:
        async with table(new_session("first", 10)) as t:
            await play_until_build(t, random.Random(5))
            s = t.seats[1]
            assert isinstance(s.app.screen, BuildScreen)
            assert s.app.kept_build(1) is None  # nothing chosen yet
            await s.pilot.press("3", "o", "home")  # keep the third card, the others swapped, at the top
            await t.settle(lambda: s.app.kept_build(1) == (2, 0, (1, 0)))
            again = NetApp(s.app.client)  # the seat's app started again, on the same home and state
            assert again.kept_build(1) == (2, 0, (1, 0))
            step = s.app.step()
            assert step is not None
            screen = screen_for(step, again)
            assert isinstance(screen, BuildScreen) and screen.kept == (2, 0, (1, 0))

    asyncio.run(asyncio.wait_for(go(), 120))
