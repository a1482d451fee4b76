"""The guided first game, end to end with the Pilot: a player who follows the lessons' prompts wins; the
lessons point at what they talk about, explain the reveals from the events, and can be skipped or left."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from textual.pilot import Pilot
from uihelp import make_app, name, screen_text

from tagteam.app import TagTeamApp
from tagteam.play.kinds import Guided
from tests.waiting import answered, rounds

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

NAME = "Ada"


async def start(app: TagTeamApp, pilot: Pilot[Any]) -> None:
    """``t`` on the title, until the guided game's first lesson is up (late on a busy machine: the game's screen
    comes first, its lesson card just after)."""
    await pilot.pause()
    await pilot.press("t")
    for _ in rounds():
        await pilot.pause()
        if name(app) == "LessonScreen":
            return


def _cover(app: TagTeamApp, card: Any) -> tuple[list[Any], int]:
    """The target regions the lesson card covers, and the most room beside its targets."""
    box = card.query_one("#lesson").region
    hits = [w.region for w in card.marked]
    covered = [r for r in hits if r.overlaps(box)]
    bottom = app.size.height - 1 - max(r.bottom for r in hits) if hits else 0
    return covered, max([min(r.y for r in hits), bottom] if hits else [0])


async def follow(
    app: TagTeamApp,
    pilot: Pilot[Any],
    seen: list[Any],
    whatifs: list[str],
    placed: list[Any] | None = None,
    sizes: tuple[tuple[int, int], ...] = (),
) -> None:
    """Do what the lessons say: read each (Enter), then press the keys its last card asks for. ``placed``
    gets, per card and per terminal size of ``sizes`` (the terminal is resized to each in turn, as a player
    may; none: the size it has): the size, its key, the target regions it covers, the room beside the target,
    the screen text."""
    placed = [] if placed is None else placed
    here = (app.size.width, app.size.height)
    sizes = sizes or (here,)
    for _ in range(300):
        await app.workers.wait_for_complete()
        await pilot.pause()
        current = name(app)
        if current == "LessonScreen":
            card: Any = app.screen
            lessons = card.lessons
            for i in range(len(lessons)):  # each card in turn: where it sits against what it points at
                await pilot.pause()  # that placing (or a later lesson's, on its Enter) handled, even come late
                for size in sizes:
                    if size != (app.size.width, app.size.height):  # the card places itself again on a resize
                        await pilot.resize_terminal(*size)
                        await pilot.pause()
                    covered, room = _cover(app, card)
                    end = time.monotonic() + 10  # on a loaded machine the placing after the layout comes late
                    while covered and room >= 7 and time.monotonic() < end:
                        await pilot.pause(0.05)
                        covered, room = _cover(app, card)
                    names = [type(w).__name__ for w in card.marked]
                    placed.append((size, lessons[i].key, covered, room, screen_text(app), names))
                if i + 1 < len(lessons):
                    await pilot.press("enter")
            seen.append((lessons, screen_text(app), [type(w).__name__ for w in card.marked]))
            await pilot.press("enter")
            await pilot.pause()
            keys = lessons[-1].keys
            if "w" in keys:  # the lesson asks for the what-if: it must answer on the Build screen
                cut = keys.index("w") + 1
                await pilot.press(*keys[:cut])
                await answered(pilot)  # the study starts after the next refresh, not when the key is handled
                whatifs.append(screen_text(app))
                keys = keys[cut:]
            await pilot.press(*keys)
        elif current == "FightScreen":
            screen: Any = app.screen
            await pilot.press("enter" if screen.finished else "n")
        elif current == "BuildScreen":  # the Build the lessons leave to the player: lock what is selected
            await pilot.press("c")
        elif current == "GameOverScreen":
            # the game-over lesson card comes just after the screen (late on a busy machine): wait for it once,
            # or the last lesson is missed (this test failed so, now and then, under load)
            if any(lesson.key == "over" for lessons, _t, _m in seen for lesson in lessons):
                return
            for _ in rounds(20.0):
                await pilot.pause(0.05)
                if name(app) != "GameOverScreen":
                    break
            else:
                return
        else:
            raise AssertionError(f"the prompts left the player on {current} without a lesson")
    raise AssertionError("the tutorial did not end")


# the narrowest size and the roomy one players are asked to try (100x30 lies between; test_sizes covers it):
# one game, each lesson card looked at in both (the terminal resized between them), not one game per size
SIZES = ((80, 24), (120, 40))


def test_following_the_prompts_wins_and_every_lesson_points_and_explains() -> None:
    async def run() -> None:
        app = make_app(seed=1)
        async with app.run_test(size=SIZES[0]) as pilot:
            app.screen.query_one("#p1").value = NAME  # type: ignore[attr-defined]
            await start(app, pilot)
            seen: list[Any] = []
            whatifs: list[str] = []
            placed: list[Any] = []
            await follow(app, pilot, seen, whatifs, placed, SIZES)
            assert {size for size, *_rest in placed} == set(SIZES)
            # no card covers what it points at, at any size (with at least a small card's room beside it)
            for size, key, covered, room, text, _names in placed:
                assert not covered or room < 7, f"{key} covers its target at {size}:\n{text}"
            assert len(whatifs) == 2  # the what-if is asked for twice: with the suggested Build, then alone
            for text in whatifs:
                assert text.count("If they insert") == 3 and "% to win" in text, text
            assert name(app) == "GameOverScreen"
            s = app.flow.session  # type: ignore[union-attr]
            assert s.state.winner is not None and s.record.players == (NAME, "Tutor")
            keys = [lesson.key for lessons, _t, _m in seen for lesson in lessons]
            # theme, goal, overview, then the specifics, and the tip before the end
            assert keys[:4] == ["theme", "goal", "overview", "start"]
            for k in ("power", "who", "tokens", "lineup", "block", "track", "shift", "build2", "moved", "tip3"):
                assert k in keys, k
            for k in ("after1", "after2", "after3", "own"):
                assert k in keys, k
            order = ["power", "who", "tokens", "block", "track", "shift", "build2", "moved", "tip3", "own"]
            assert [keys.index(k) for k in order] == sorted(keys.index(k) for k in order)
            assert keys.count("own") == 1  # "on your own" is said once, not every round
            # lessons point at what they talk about: a highlighted widget on the screen below
            marked = {key: names for _s, key, _c, _r, _t, names in placed}
            assert marked["lineup"] == ["LineUp"] and marked["after1"] == ["WrapLog"]  # the line-up; the log
            # after the reveal: what happened and why, from the events
            after2 = next(lesson for lessons, _t, _m in seen for lesson in lessons if lesson.key == "after2")
            assert "Holy Shield" in after2.text and "succeeded and its bonus fired for Joan" in after2.text
            after3 = next(lesson for lessons, _t, _m in seen for lesson in lessons if lesson.key == "after3")
            assert "icon on the 6 space" in after3.text and "+1 Power" in after3.text
            over = next(lesson for lessons, _t, _m in seen for lesson in lessons if lesson.key == "over")
            assert over.title == ("You won your first game!" if s.state.winner == 0 else "The game is over.")
            assert over.target == "#recap"
            while name(app) != "GameOverScreen":  # close the last lesson card
                await pilot.press("enter")
                await pilot.pause()
            await pilot.press("r")  # "rematch" after the guided game: a real practice game, not the tutor again
            await pilot.pause()
            rec = app.flow.session.record  # type: ignore[union-attr]
            assert not isinstance(app.game, Guided) and rec.solo is not None and "Tutor" not in rec.players

    asyncio.run(run())


def test_lessons_can_be_skipped_and_the_tutorial_left_and_restarted() -> None:
    async def run() -> None:
        app = make_app(seed=1)
        async with app.run_test(size=(100, 34)) as pilot:
            await start(app, pilot)
            assert name(app) == "LessonScreen" and "Welcome to Tag Team" in screen_text(app)
            await pilot.press("x")  # leave: back to the title, nothing autosaved
            await pilot.pause()
            assert name(app) == "TitleScreen" and app.game is None
            from tagteam.store import saves

            assert not saves.autosave_path().exists()
            await start(app, pilot)  # restart from the title: the lessons begin again
            assert name(app) == "LessonScreen" and "Welcome to Tag Team" in screen_text(app)
            await pilot.press("s")  # skip the lessons: the game goes on against the tutor
            await pilot.pause()
            assert name(app) == "SetupScreen"
            await pilot.press("enter", "c")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert name(app) == "FightScreen"  # no lesson over it

    asyncio.run(run())


def test_a_long_lesson_scrolls_instead_of_being_cut_at_80x24() -> None:
    from tagteam.play.tutorial import Lesson
    from tagteam.screens.tutorial import LessonScreen

    lines = [f"Line {i}: what happened on this Turn, and why." for i in range(1, 31)]

    async def run() -> None:
        app = make_app(seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(LessonScreen([Lesson("long", "A long one", "\n".join(lines))]))
            end = time.monotonic() + 10  # the hint is written once the card is laid out: late on a loaded machine
            text = ""
            while "more text" not in text and time.monotonic() < end:
                await pilot.pause(0.05)
                text = screen_text(app)
            assert "Line 1:" in text and "Line 30:" not in text
            assert "↑↓: more text" in text and "Enter: back to the game" in text
            await pilot.press("pagedown", "pagedown", "pagedown", "pagedown")
            await pilot.pause()
            assert "Line 30:" in screen_text(app)

    asyncio.run(run())


def test_a_lesson_closed_at_once_does_not_crash() -> None:
    """Keys typed quickly (or the game moving on) close a card before its deferred layout calls run: they
    must find it gone and do nothing (they raised NoMatches and ended the app)."""
    from tagteam.play.tutorial import Lesson
    from tagteam.screens.tutorial import LessonScreen

    async def run() -> None:
        app = make_app(seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            card = LessonScreen([Lesson("a", "A", "One.", "#log")])
            app.push_screen(card)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert name(app) == "TitleScreen"
            card._show()  # what its mount runs, when the card was closed before it was mounted
            card._place()  # what call_after_refresh and the timer run late
            card._scroll_hint("Enter: back to the game")
            await pilot.pause()
            assert name(app) == "TitleScreen"

    asyncio.run(run())
