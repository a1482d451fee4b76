"""The history screen from the title, by key and by click: the list newest first, its filters, one game's
summary, review of every Build, Draft and replay, the statistics; and the game-over line."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from tagteam.app import TagTeamApp
from tagteam.engine.hindsight import builds
from tagteam.engine.record import compute_digest
from tagteam.play import history as ph
from tagteam.play import stats as ps
from tagteam.play.kinds import Replay
from tagteam.screens import history as history_screen
from tagteam.screens.history import GameScreenOfHistory, HistoryScreen, StatsScreen
from tagteam.store import history as hs
from tagteam.store.paths import saves_dir
from tagteam.words import history as wh
from tests.history.helpers import variety, write
from tests.waiting import until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from uihelp import screen_text

RECORDS = variety(8)


def _saves() -> None:
    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")


def _link(screen: HistoryScreen, what: str) -> tuple[int, int]:
    """Where the filter link ``what`` (or "stats") is drawn in the filters' text, as a click offset (the
    widget's padding is one cell)."""
    action = "stats" if what == "stats" else f"next('{what}')"
    x, y = next(at for name, _label, at in screen.links() if name == action)
    return x + 2, y


def _rows() -> list[hs.PastGame]:
    with hs.open_history().history as h:  # type: ignore[union-attr]
        return h.newest(limit=1000)


@pytest.mark.slow
def test_the_list_and_its_filters_by_key_and_by_click(home: Path) -> None:
    _saves()

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            rows = _rows()
            assert [g.digest for g in screen.games] == [g.digest for g in rows]  # newest first
            assert wh.entry_head(rows[0]) in screen_text(app)
            await pilot.press("1")  # the first kind there is
            kind = screen.where.kind
            assert kind is not None and all(g.kind == kind for g in screen.games)
            assert len(screen.games) == sum(1 for g in rows if g.kind == kind)
            await pilot.click("#filters", offset=_link(screen, "level"))
            level = screen.where.level
            assert level is not None and all(g.level == level for g in screen.games)
            await pilot.press("0")
            assert screen.where == hs.Filter() and len(screen.games) == len(rows)
            await pilot.press("4")
            fighter = screen.where.fighter
            assert fighter is not None and all(fighter in g.mine for g in screen.games)
            await pilot.click("#filters", offset=_link(screen, "team"))
            team = screen.where.team
            assert all(hs.team_key(g.mine) == team for g in screen.games)
            assert screen.total == len(screen.games) >= 0
            await pilot.press("escape")
            assert type(app.screen).__name__ == "TitleScreen"

    asyncio.run(run())


@pytest.mark.slow
def test_one_game_its_review_its_draft_and_its_replay(home: Path) -> None:
    _saves()

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.action_history()
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            index = next(i for i, g in enumerate(screen.games) if g.mode == "competitive")
            competitive = next(r for r in RECORDS if compute_digest(r) == screen.games[index].digest)
            listing = screen.query_one("#games", OptionList)
            listing.highlighted = index
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreenOfHistory) and app.screen.reviewed)
            game = app.screen
            assert isinstance(game, GameScreenOfHistory) and game.reviewed is not None
            rec = game.reviewed.record
            assert rec is not None and compute_digest(rec) == compute_digest(competitive)
            you = ph.kind_of(competitive)[2]
            seats = (0, 1) if ph.kind_of(competitive)[0] == "hotseat" else (you,)
            assert len(game.reviewed.review) == sum(1 for b in builds(competitive) if b.seat in seats)
            discards = [d.action["discard"] for d in competitive.decisions if d.action.get("discard")]
            assert discards and all(wh.fighter(f) in " ".join(game.reviewed.draft) for f in discards)
            text = str(game.query_one("#review", Static).render())
            assert wh.review_heading() in text
            await pilot.click("#replay")
            await pilot.pause()
            assert isinstance(app.game, Replay)
            assert app.game.feed.session.record.seed == competitive.seed

    asyncio.run(run())


@pytest.mark.slow
def test_a_click_opens_a_game_and_r_watches_it(home: Path) -> None:
    _saves()

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.action_history()
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            first = app.screen.games[0]  # type: ignore[attr-defined]
            await pilot.click("#games", offset=(10, 1))
            await until(pilot, lambda: isinstance(app.screen, GameScreenOfHistory) and app.screen.reviewed)
            assert app.screen.game == first  # type: ignore[attr-defined]
            await pilot.press("escape")
            assert isinstance(app.screen, HistoryScreen)
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreenOfHistory) and app.screen.reviewed)
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.game, Replay)

    asyncio.run(run())


@pytest.mark.slow
def test_the_statistics_screen_agrees_with_the_numbers(home: Path) -> None:
    _saves()

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.action_history()
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            assert isinstance(app.screen, HistoryScreen)
            await pilot.click("#filters", offset=_link(app.screen, "stats"))
            await until(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.figures is not None)
            assert isinstance(app.screen, StatsScreen)
            with hs.open_history().history as h:  # type: ignore[union-attr]
                want = ps.compute(h.oldest_first())
            assert app.screen.figures == want
            text = screen_text(app)
            assert wh.wdl(want.overall) in text
            await pilot.press("escape")
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)

    asyncio.run(run())


def test_the_title_menu_entry_opens_it(home: Path) -> None:
    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            menu = app.screen.query_one("#menu", OptionList)
            menu.highlighted = menu.get_option_index("history")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, HistoryScreen)
            assert wh.no_games() in " ".join(screen_text(app).split())

    asyncio.run(run())


def test_a_broken_database_is_said_and_the_list_comes_back(home: Path) -> None:
    _saves()
    home.mkdir(exist_ok=True)
    (home / hs.FILE).write_bytes(b"not a database at all" * 50)

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.action_history()
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            assert len(screen.notes) == 1 and "moved aside" in screen.notes[0]
            assert len(screen.games) == len(RECORDS)

    asyncio.run(run())


def test_older_games_come_a_page_at_a_time(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _saves()
    monkeypatch.setattr(history_screen, "PAGE", 3)

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.action_history()
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            rows = _rows()
            assert len(screen.games) == 3 and screen.total == len(rows)
            await pilot.press("m")
            await pilot.press("m")
            await pilot.press("m")
            assert [g.digest for g in screen.games] == [g.digest for g in rows]  # all of them, still newest first
            assert screen.query_one("#games", OptionList).option_count == len(rows)

    asyncio.run(run())


@pytest.mark.slow
def test_a_filter_link_is_never_broken_across_lines(home: Path) -> None:
    """In French at 80 columns the four filters and the statistics do not fit one line: the line breaks between
    links, never inside one (Textual wraps at a no-break space too), and a click on the second line works."""
    from tagteam.words import set_language

    _saves()

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.action_history()
            await until(pilot, lambda: isinstance(app.screen, HistoryScreen) and app.screen.games)
            screen = app.screen
            assert isinstance(screen, HistoryScreen)
            for fighter in [None, *sorted({f for g in screen.games for f in g.mine})][:4]:
                screen.where = hs.Filter(fighter=fighter, team=screen.where.team)
                screen.query_one("#filters", Static).update(screen._filters())
                await pilot.pause()
                lines = screen_text(app).splitlines()
                links = screen.links()
                assert max(y for _a, _l, (_x, y) in links) >= 1  # two lines at 80 columns
                for _action, label, _at in links:
                    assert any(label in line for line in lines), (label, lines[:4])
            x, y = _link(screen, "stats")
            await pilot.click("#filters", offset=(x, y))
            await until(pilot, lambda: isinstance(app.screen, StatsScreen))

    set_language("fr")
    try:
        asyncio.run(run())
    finally:
        set_language("en")
