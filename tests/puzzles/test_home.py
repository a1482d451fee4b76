"""The puzzles' home, reached from the title by its key and by a click, at 80x24 and 120x40: the puzzle of the day
solved right (then shown as done), another puzzle answered wrong, a hint taken (the streak is lost), a theme
chosen by key and by click; the rating and the streak on the home move as the rules say."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from tagteam.app import TagTeamApp
from tagteam.puzzles import kept as pk
from tagteam.puzzles import progress as pp
from tagteam.puzzles.model import Choice, Puzzle
from tagteam.screens.puzzle import PuzzleResult, PuzzleScreen
from tagteam.screens.puzzles import PuzzleHome
from tagteam.store import history as hs
from tagteam.store import puzzles as store
from tagteam.words import puzzles as wp
from tests.puzzles.helpers import shipped
from tests.waiting import rounds

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

SIZES = [(80, 24), (120, 40)]
IDS = [f"{w}x{h}" for w, h in SIZES]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TAGTEAM_REDUCED_MOTION", raising=False)
    return tmp_path / "home"


def wrong(p: Puzzle) -> Choice:
    right = {(c.card, c.position) for c in (p.answer, *p.equivalents)}
    for k in range(3):
        for q in range(len(p.setting.mine) + 1):
            if (k, q) not in right:
                rest = [i for i in range(3) if i != k]
                return Choice(card=k, position=q, bottom=(rest[0], rest[1]))
    raise AssertionError("every option is right")


async def settle(pilot: Any, until: type | None = None) -> None:
    """Workers done and messages read (a loaded machine is slower): until ``until`` is the screen, if given."""
    app = pilot.app
    for _ in rounds():
        await app.workers.wait_for_complete()
        await pilot.pause()
        here = until is None or isinstance(app.screen, until)
        if here and (not isinstance(app.screen, PuzzleHome) or app.screen.ready):
            return
    raise AssertionError(f"still on {type(app.screen).__name__}")


async def answer(pilot: Any, c: Choice) -> PuzzleResult:
    screen = pilot.app.screen
    assert isinstance(screen, PuzzleScreen)
    await pilot.press(str(c.card + 1))
    for _ in range(len(screen.puzzle.setting.mine) - c.position):  # the new card starts at the bottom
        await pilot.press("up")
    await pilot.pause()
    assert (screen.card, screen.position) == (c.card, c.position)
    await pilot.press("c")
    await settle(pilot, PuzzleResult)
    result = pilot.app.screen
    assert isinstance(result, PuzzleResult)
    return result


async def back_home(pilot: Any) -> PuzzleHome:
    await pilot.press("escape")  # the result
    await pilot.pause()
    await pilot.press("q")  # the puzzle
    await settle(pilot, PuzzleHome)
    home = pilot.app.screen
    assert isinstance(home, PuzzleHome)
    return home


def text(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def menu_text(home: PuzzleHome) -> str:
    menu = home.query_one("#menu", OptionList)
    return "\n".join(str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count))


async def click_row(pilot: Any, menu: OptionList, option_id: str) -> None:
    """Click the row of ``option_id``, scrolled into view first (rows above it may wrap onto two lines)."""
    index = menu.get_option_index(option_id)
    menu.highlighted = index  # scrolls it into view, as the wheel would
    await pilot.pause()
    line = menu._line_cache.index_to_line[index]
    await pilot.click(menu, offset=(6, 1 + line - int(menu.scroll_offset.y)))  # 1: the list's top border
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_daily_right_another_wrong_and_a_hint(size: tuple[int, int], home: Path) -> None:
    ps = shipped()
    daily = pp.daily(ps, pp.today())

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("b")  # the title's key
            await settle(pilot, PuzzleHome)
            screen = app.screen
            assert isinstance(screen, PuzzleHome)
            assert "1500 ± 350" in text(screen, "#progress")
            assert "not solved yet" in menu_text(screen)

            await pilot.press("d")  # the puzzle of the day, solved at the first answer
            await settle(pilot, PuzzleScreen)
            assert isinstance(app.screen, PuzzleScreen) and app.screen.puzzle.id == daily.id
            result = await answer(pilot, daily.answer)
            said = text(result, "#verdict")
            assert wp.right() in said and "streak 1" in said
            screen = await back_home(pilot)
            t = screen.tally
            assert t.rating.rating > 1500 and t.streak == 1
            assert "DONE ✓" in menu_text(screen)
            assert f"{t.rating.rating:.0f} ± {t.rating.rd:.0f}" in text(screen, "#progress")
            rating = t.rating.rating

            await pilot.press("n")  # the next puzzle: a hint first, which ends the streak
            await settle(pilot, PuzzleScreen)
            puzzle = app.screen
            assert isinstance(puzzle, PuzzleScreen) and puzzle.puzzle.id != daily.id
            await pilot.press("h")
            await pilot.pause()
            assert wp.hint_short(puzzle.puzzle.answer.card + 1) in text(puzzle, "#status")
            assert screen.tally.streak == 0 and screen.tally.rating.rating < rating
            rating = screen.tally.rating.rating
            await pilot.press("h")  # asked again: one notice on screen, not two, and no second charge
            await pilot.pause()
            assert len(app._notifications) == 1 and screen.tally.rating.rating == rating
            result = await answer(pilot, puzzle.puzzle.answer)
            assert "With a hint" in text(result, "#verdict")
            await pilot.press("n")  # the result's own key: the next puzzle, answered wrong
            await settle(pilot, PuzzleScreen)
            third = app.screen
            assert isinstance(third, PuzzleScreen) and third.puzzle.id != puzzle.puzzle.id
            before = screen.tally.rating.rating
            result = await answer(pilot, wrong(third.puzzle))
            assert wp.wrong(third.puzzle.kind) in text(result, "#verdict") and result.verdict.answer is not None
            screen = await back_home(pilot)
            assert screen.tally.rating.rating < before and screen.tally.streak == 0
            assert "Streak: 0" in text(screen, "#progress")

    asyncio.run(run())
    got = pk.load()  # every answer kept, in the history database
    assert got.indexed and got.notes == [] and got.tally.attempts == 4
    assert (home / store.FILE).is_file() and (home / hs.FILE).is_file()


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_home_by_clicks(size: tuple[int, int]) -> None:
    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await click_row(pilot, app.screen.query_one("#menu", OptionList), "puzzles")
            await settle(pilot, PuzzleHome)
            home = app.screen
            assert isinstance(home, PuzzleHome)
            menu = home.query_one("#menu", OptionList)
            await click_row(pilot, menu, "theme:finish")  # a theme chosen by a click
            assert home.theme == "finish" and "(chosen)" in str(
                home.query_one("#menu", OptionList).get_option("theme:finish").prompt
            )
            await pilot.press("t")  # and the next by its key
            assert home.theme == "defence"
            await click_row(pilot, menu, "next")  # the next puzzle, in that theme
            await settle(pilot, PuzzleScreen)
            assert isinstance(app.screen, PuzzleScreen) and "defence" in app.screen.puzzle.themes
            await pilot.press("q")
            await settle(pilot, PuzzleHome)
            await click_row(pilot, menu, "daily")
            await settle(pilot, PuzzleScreen)
            assert isinstance(app.screen, PuzzleScreen)
            assert app.screen.puzzle.id == pp.daily(shipped(), pp.today()).id
            await pilot.press("q")
            await settle(pilot, PuzzleHome)
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "TitleScreen"

    asyncio.run(run())
