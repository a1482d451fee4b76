"""What counts, through the app as a player meets it: a finished guided game is kept in the saves folder and
indexed as one; watching a replay to its end indexes nothing."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from tagteam.app import TagTeamApp
from tagteam.engine.randomplay import finish_session
from tagteam.engine.record import compute_digest
from tagteam.engine.session import Session
from tagteam.play import history as ph
from tagteam.play import tutorial
from tagteam.play.feeds import ReplayFeed
from tagteam.play.flow import LiveFlow
from tagteam.play.kinds import Guided, Replay
from tagteam.store import history as hs
from tagteam.store.paths import saves_dir
from tests.history.helpers import finished, write
from tests.waiting import until


def _rows() -> list[hs.PastGame]:
    opened = hs.open_history(create=False)
    if opened.history is None:
        return []
    with opened.history as h:
        return h.oldest_first()


def test_a_finished_guided_game_is_kept_and_counted(home: Path) -> None:
    rec = finish_session(tutorial.new_session("Ann"), random.Random(3)).record

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.play(Guided(LiveFlow(Session.from_record(rec), bot_seat=1), tutorial.Tutor(), tutorial.Tutorial()))
            await until(pilot, lambda: len(_rows()) == 1)
            (g,) = _rows()
            assert (g.kind, g.you, g.digest) == ("guided", 0, compute_digest(rec))
            kept = list(saves_dir().glob("guided-*.json"))
            assert [hs.relative(p) for p in kept] == [g.file]

    asyncio.run(run())


@pytest.mark.slow
def test_watching_a_replay_to_its_end_counts_nothing(home: Path) -> None:
    indexed = finished(51).record
    write(indexed, saves_dir(), "g.json")
    assert ph.rebuild().indexed == 1
    watched = finished(52, "standard").record  # a game this home never had: a replay of someone else's file

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.play(Replay(ReplayFeed(watched)))
            for _ in range(200):
                if type(app.screen).__name__ == "GameOverScreen":
                    break
                await pilot.press("r" if not getattr(app.screen, "finished", False) else "enter")
                await pilot.pause()
            assert type(app.screen).__name__ == "GameOverScreen"
            await app.workers.wait_for_complete()
            await pilot.pause(0.3)
            assert [g.digest for g in _rows()] == [compute_digest(indexed)]
            assert sorted(p.name for p in saves_dir().glob("*.json")) == ["g.json"]

    asyncio.run(run())
