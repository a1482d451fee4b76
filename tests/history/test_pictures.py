"""Numbers as pictures: the rating chart (axis, dates, a shaped mark per result), a bar per statistics row,
each history row's result in word and colour with the rating change it made, and the two halves at 120x40."""

from __future__ import annotations

import asyncio
import io
import sys
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import OptionList

from tagteam.app import TagTeamApp
from tagteam.play import history as ph
from tagteam.play import stats as ps
from tagteam.play.stats import Score
from tagteam.screens.history import HistoryScreen, StatsScreen, score_bar
from tagteam.store import history as hs
from tagteam.store.paths import saves_dir
from tagteam.widgets.chart import MARKS, Mark, draw, legend
from tagteam.words import history as wh
from tests.history.helpers import finished, write
from tests.waiting import until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))


def _plain(text: object, width: int = 200) -> str:
    out = io.StringIO()
    Console(width=width, no_color=True, file=out).print(text)
    return out.getvalue()


def test_the_chart_has_an_axis_dates_and_a_shape_per_result() -> None:
    marks = [Mark(1500 + 10 * i, f"2026-12-{i + 1:02d}", ("win", "draw", "loss")[i % 3]) for i in range(9)]
    out = draw(marks, 1490, 70, height=6)
    lines = _plain(out).splitlines()
    assert all(len(line) <= 70 for line in lines)
    assert "1580" in lines[0] and "1490" in lines[5] and "└" in lines[6]  # the value axis, top and bottom
    assert "2026-12-01" in lines[7] and "2026-12-09" in lines[7]  # the first and last games' dates
    body = "\n".join(lines[:6])
    assert all(body.count(MARKS[r]) == 3 for r in ("win", "draw", "loss"))
    said = _plain(legend(wh.result_words()))
    assert all(f"{MARKS[r]} {wh.result(r)}" in said for r in ("win", "draw", "loss"))


def test_a_long_history_shows_its_last_games_within_the_width() -> None:
    marks = [Mark(1500 + (i % 7), "2026-01-01", "win") for i in range(500)]
    lines = _plain(draw(marks, 1500, 40)).splitlines()
    assert all(len(line) <= 40 for line in lines) and sum(line.count("●") for line in lines) <= 40


def test_a_score_bar_is_as_wide_as_asked_and_its_parts_differ_in_shape() -> None:
    bar = score_bar(Score(2, 1, 1), 12)
    assert len(bar.plain) == 12 and bar.plain == "██████▒▒▒░░░"


def test_each_rated_game_has_its_change_from_the_one_rating_history(home: Path) -> None:
    for i, level in enumerate(("easy", "normal", "", "hard")):
        write(
            finished(300 + i, "first", level, ("Ann", "Bot") if level else ("Ann", "Bob")).record,
            saves_dir(),
            f"g{i}.json",
        )
    ph.rebuild(lambda done, total: None)
    with hs.open_history().history as h:  # type: ignore[union-attr]
        games = h.oldest_first()
    found = ps.changes(games)
    assert found == {p.digest: p.change for p in ps.rating_history(games)}
    assert len(found) == 3 and all(p.result for p in ps.rating_history(games))


@pytest.mark.slow
def test_the_rows_say_result_and_change_and_the_stats_use_both_halves(home: Path) -> None:
    for i, level in enumerate(("easy", "normal", "", "hard", "normal")):
        write(
            finished(310 + i, "first", level, ("Ann", "Bot") if level else ("Ann", "Bob")).record,
            saves_dir(),
            f"g{i}.json",
        )

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.action_history()
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and bool(app.screen.changes))
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            listing = screen.query_one("#games", OptionList)
            for i, g in enumerate(screen.games):
                prompt = str(listing.get_option_at_index(i).prompt)
                assert prompt.startswith(wh.result(g.result))  # the result in words, not by colour alone
                if g.digest in screen.changes:
                    assert wh.rating_change(screen.changes[g.digest]) in prompt
                else:
                    assert "rating" not in prompt
            await pilot.press("s")
            await until(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.figures is not None)
            await pilot.pause()
            stats = app.screen
            tables, side = stats.query_one("#tables").region, stats.query_one("#side").region
            assert side.x >= tables.right and side.width >= 40  # the right half used
            chart = stats.query_one("#chart").region
            assert chart.height >= 8 and chart.right <= 120

    asyncio.run(run())
