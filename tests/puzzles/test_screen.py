"""The puzzle screen, opened from a test app: answered by keys as in a game, and by a click on a drawn card;
the engine's Fight is shown for the answer given, and for a wrong one what the right answer meets instead."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Static

from tagteam.puzzles.model import Choice, Puzzle
from tagteam.puzzles.prove import WIN
from tagteam.screens.puzzle import PuzzleResult, PuzzleScreen
from tagteam.words import puzzles as wp
from tests.puzzles.helpers import shipped

SIZES = [(80, 24), (200, 60)]


class Host(App[None]):
    CSS = "TooSmall { display: none; }"

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__()
        self.puzzle = puzzle

    def on_mount(self) -> None:
        self.push_screen(PuzzleScreen(self.puzzle))


def _wrong(p: Puzzle) -> Choice:
    right = {(c.card, c.position) for c in (p.answer, *p.equivalents)}
    n = len(p.setting.mine)
    for k in range(3):
        for q in range(n + 1):
            if (k, q) not in right:
                rest = [i for i in range(3) if i != k]
                return Choice(card=k, position=q, bottom=(rest[0], rest[1]))
    raise AssertionError("every option is right")


async def _answer(pilot: Any, p: Puzzle, c: Choice) -> PuzzleResult:
    n = len(p.setting.mine)
    await pilot.press(str(c.card + 1))
    await pilot.pause()
    for _ in range(n - c.position):  # the new card starts at the bottom; each ↑ moves it up a slot
        await pilot.press("up")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PuzzleScreen)
    assert (screen.card, screen.position) == (c.card, c.position)
    await pilot.press("c")
    await pilot.pause()
    result = pilot.app.screen
    assert isinstance(result, PuzzleResult)
    return result


def _text(screen: PuzzleResult) -> str:
    return "\n".join(str(s.render()) for s in screen.query(Static))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_right_answer_is_accepted_with_its_fight(size: tuple[int, int]) -> None:
    p = next(p for p in shipped() if p.kind == "any")

    async def run() -> None:
        app = Host(p)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            head = str(app.screen.query_one("#head", Static).render())
            assert wp.kind_short(p.kind) in head
            result = await _answer(pilot, p, p.answer)
            text = _text(result)
            assert wp.right() in text
            assert "Turn 1" in text  # the Fight, Turn by Turn
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, PuzzleScreen)

    asyncio.run(run())


def test_a_wrong_answer_shows_the_refuting_reply_and_the_answer() -> None:
    p = next(p for p in shipped() if p.kind == "known")

    async def run() -> None:
        app = Host(p)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            result = await _answer(pilot, p, _wrong(p))
            text = _text(result)
            assert wp.wrong(p.kind) in text
            assert wp.instead() in text
            assert result.verdict.answer is not None and not result.verdict.right

    asyncio.run(run())


def test_a_wrong_answer_says_its_own_margin_and_never_the_answers_as_its_own() -> None:
    """The puzzle a French reader met (issue 43): "Not this one", and the last line on the screen said the
    Fight ended with the goal's margin. That line was the answer's Fight, 50 lines below the header naming
    it, worded as the player's own ("your team 14 HP ahead"); the player's own Fight ended 8 HP ahead. The
    verdict now says the player's own result against the goal, and the answer's end says it is the answer's."""
    p = next(p for p in shipped() if p.id == "p0b8c0b26f8")
    given = Choice(card=0, position=len(p.setting.mine), bottom=(1, 2))  # card [1] at the bottom

    async def run() -> None:
        app = Host(p)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            result = await _answer(pilot, p, given)
            verdict = str(result.query_one("#verdict", Static).render())
            text = _text(result)
            assert not result.verdict.right and p.goal.margin == 14
            assert result.verdict.given.value == 8
            assert wp.wrong("known") in verdict
            assert wp.yours(wp.outcome(8, None, 1, WIN), wp.goal("ahead", 14)) in verdict
            assert wp.outcome(14, None, 1, WIN) not in text  # 14 ahead is never said as the player's own
            lines = [line for line in text.splitlines() if line.strip()]
            assert lines[-2] == wp.answer_outcome(14, None, 1, WIN)  # the last before the keys: the answer's

    asyncio.run(run())


def test_a_click_on_a_drawn_card_keeps_it() -> None:
    p = shipped()[0]

    async def run() -> None:
        app = Host(p)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            tiles = list(app.screen.query(".tile"))
            await pilot.click(tiles[2])
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, PuzzleScreen) and screen.card == 2

    asyncio.run(run())
