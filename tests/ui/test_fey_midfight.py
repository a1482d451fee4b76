"""A Fey Folk Character choice owed in the middle of a Fight: the Fight screen says why play stopped, then a
hand-over and the choice screen, then the Fight goes on."""

from __future__ import annotations

import asyncio
import random

import pytest
from uihelp import make_app, name, screen_text

from tagteam.engine.driver import play_out
from tagteam.engine.randomplay import random_chooser
from tagteam.engine.record import GameRecord
from tagteam.engine.session import Session


def _record_with_midfight_choice() -> GameRecord:
    for seed in range(200):
        s = Session.new(seed, teams=(("fey_folk", "joan"), ("golem", "shango")))
        play_out(
            s,
            random_chooser(random.Random(seed)),
            until=lambda st: st.phase == "fight" and st.pending[0] == "character",
        )
        if not s.over():
            return s.record
    raise AssertionError("no seed gave a mid-Fight Character choice")


@pytest.mark.slow
def test_midfight_character_choice() -> None:
    rec = _record_with_midfight_choice()

    async def run() -> None:
        app = make_app(seed=1)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.continue_game(rec)
            await pilot.pause()
            assert name(app) == "FightScreen"
            assert app.session is not None
            rnd = app.session.state.round  # an earlier round's end may still be in the log above
            assert "Character is out" in screen_text(app)
            assert f"End of the Fight step of round {rnd}" not in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert name(app) == "HandoffScreen"
            assert "Fey Folk's Character" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert name(app) == "SetupScreen"
            await pilot.press("enter", "c")
            await pilot.pause()
            s = app.session
            assert s is not None and s.view(0).pending != "character"
            assert any(e.kind == "character_chosen" for e in s.log[-5:])
            if s.needs_advance():  # the Fight carries on where it stopped
                assert name(app) == "FightScreen" and "n or space: next Turn" in screen_text(app)

    asyncio.run(run())
