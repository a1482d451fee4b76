"""Esc while watching a past game's replay (opened from the history) comes back to that game's screen, as it was,
with the history under it; a replay not opened from the history (``tagteam replay FILE``) has no such key."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tagteam.app import TagTeamApp
from tagteam.play.feeds import ReplayFeed
from tagteam.play.kinds import Replay
from tagteam.screens.history import GameScreenOfHistory, HistoryScreen
from tagteam.screens.title import TitleScreen
from tagteam.store.paths import saves_dir
from tests.history.helpers import variety, write
from tests.waiting import until

RECORDS = variety(3)


@pytest.mark.slow
def test_esc_leaves_the_replay_back_to_the_game_it_came_from(home: Path) -> None:
    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            await pilot.press("down", "enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreenOfHistory) and app.screen.reviewed)
            shown = app.screen
            assert isinstance(shown, GameScreenOfHistory)
            game, reviewed = shown.game, shown.reviewed
            await pilot.press("r")
            await until(pilot, lambda: isinstance(app.game, Replay))
            await pilot.press("n", "n")
            said = [n.message for n in app._notifications]
            assert any("Esc" in m for m in said), said  # said at once (the footer has no room for it at 80)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreenOfHistory))
            back = app.screen
            assert isinstance(back, GameScreenOfHistory)
            assert back.game == game and back.reviewed is reviewed  # as it was, not worked out again
            assert app.game is None
            await pilot.press("escape")
            assert isinstance(app.screen, HistoryScreen)
            await pilot.press("escape")
            assert isinstance(app.screen, TitleScreen)

    asyncio.run(run())


@pytest.mark.slow
def test_a_replay_from_a_file_has_no_way_back_to_a_history(home: Path) -> None:
    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.play(Replay(ReplayFeed(RECORDS[0])))
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.game, Replay)
            assert app.check_action("leave_replay", ()) is False

    asyncio.run(run())
