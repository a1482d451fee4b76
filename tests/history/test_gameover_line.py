"""The game-over screen's line: your record against this level and the rating change this game made."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Static

from tagteam.app import TagTeamApp
from tagteam.engine.record import replay
from tagteam.play import stats as ps
from tagteam.store import history as hs
from tagteam.store.paths import saves_dir
from tagteam.words import history as wh
from tests.history.helpers import finished, write
from tests.waiting import until


def _rows() -> list[hs.PastGame]:
    with hs.open_history().history as h:  # type: ignore[union-attr]
        return h.oldest_first()


@pytest.mark.slow
def test_game_over_says_the_record_against_this_level_and_the_rating_change(home: Path) -> None:
    earlier = finished(41, "first", "easy", ("Ann", "Bot (Easy)")).record
    write(earlier, saves_dir(), "earlier.json")
    rec = finished(42, "first", "easy", ("Ann", "Bot (Easy)")).record.model_copy(deep=True)
    rec.turns_after = 0  # the last Fight still to be shown, then the summary

    async def run() -> None:
        app = TagTeamApp(record=rec)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for _ in range(80):
                if type(app.screen).__name__ == "GameOverScreen":
                    break
                await pilot.press("s" if not getattr(app.screen, "finished", False) else "enter")
                await pilot.pause()
            assert type(app.screen).__name__ == "GameOverScreen"
            line = app.screen.query_one("#history-line", Static)
            await until(pilot, lambda: str(line.render()).strip() != "")
            games = _rows()
            assert len(games) == 2
            now = next(g for g in games if g.seed == 42)
            points = ps.rating_history(games)
            want = wh.gameover_line(now, ps.record_against(games, now), points[-1])
            assert str(line.render()).strip() == want
            assert points[-1].digest == now.digest and points[0].after == points[-1].before
            assert replay(rec).phase == "over"

    asyncio.run(run())


def test_the_rating_chart_says_where_the_rating_stood_before_the_first_game() -> None:
    """One rated game read "Rating over the last 1 rated game (from 1262 to 1262)", as if nothing had changed:
    the line now gives the rating before the first charted game and now, then the lowest and highest."""
    from tagteam.play.stats import Point, Rating
    from tagteam.words.history import chart

    one = [Point("d", 0.0, "easy", Rating(1500, 350, 0.06), Rating(1262, 290, 0.06))]
    line, bars = chart(one, 40)
    assert "1500 before it, 1262 now" in line and "lowest 1262, highest 1500" in line
    assert len(bars) == 1


def _solo(level: str, digest: str = "d") -> hs.PastGame:
    return hs.PastGame(
        digest, "f.json", 0.0, "solo", level, "first", 1, 0, ("P1", "Bot"), ("a", "b", "c", "d"), 0, "ko", 3, ()
    )


def test_the_game_over_line_says_the_start_and_this_bots_place() -> None:
    """Issue 43: "rating 1262 ± 253 (-238)" gave no scale: the line says everyone starts at 1500 and where the bot
    faced stands, from the anchors."""
    game = _solo("easy")
    point = ps.rating_history([game])[-1]
    line = wh.gameover_line(game, ps.Score(1, 0, 0), point)
    assert "everyone starts at 1500" in line
    assert f"Easy is {ps.ANCHORS['easy']:.0f}" in line
    assert point.anchor == ps.ANCHORS["easy"]


def test_the_statistics_say_the_start_and_every_anchor() -> None:
    for points in ([], ps.rating_history([_solo("normal")])):
        text = " ".join(wh.rating_lines(points, ps.ANCHORS))
        assert "Everyone starts at 1500" in text
        assert all(f"{wh.level(k)} {v:.0f}" in text for k, v in ps.ANCHORS.items())
