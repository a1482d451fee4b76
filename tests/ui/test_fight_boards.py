"""The Fight screen draws the Build screen's packed boards: under each marker the next Stop in words, at the
smallest size and side by side, with the heading, both revealed cards on the table and the status line on
screen (the log is a drawer behind ``l``)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot
from uihelp import make_app, play, screen_text

from tagteam.app import TagTeamApp
from tagteam.render.compact import BAR_FULL
from tagteam.screens.fight import table_layout
from tagteam.words import feeds

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

SIZES = ((80, 24), (120, 40))


def region(app: TagTeamApp, selector: str) -> str:
    """The cells a widget of the current screen covers, as text (borders left in)."""
    rows = screen_text(app).split("\n")
    r = app.screen.query_one(selector).region
    return "\n".join(row[r.x : r.right] for row in rows[r.y : r.bottom])


async def to_second_fight(pilot: Pilot[Any], app: TagTeamApp) -> None:
    """Hot-seat first game, seed 3: round 1's Fight skipped, both Builds locked, two Turns of round 2 played."""
    app.reduced_motion = True
    await pilot.press("f")
    await play(pilot, app, stop="FightScreen")
    await pilot.press("s", "enter")
    await play(pilot, app, stop="FightScreen")
    await pilot.press("n", "n")
    await pilot.pause()


def test_fight_boards_say_the_next_stop_and_leave_the_rest_on_screen() -> None:
    """At 80x24 (as the screen opened) and at 120x40 (the terminal resized, as a player may: the screen lays
    itself out again), one walk to the second Fight rather than one walk per size."""

    def check(app: TagTeamApp, size: tuple[int, int]) -> None:
        screen: Any = app.screen
        view = screen.feed.view()
        assert view.table is not None
        for seat in (0, 1):  # each Fighter on its own team's board, its HP as a number or as its track's marker
            board = region(app, f"#team{seat}")
            for f in (2 * seat, 2 * seat + 1):
                fv = view.fighters[f]
                assert fv.name in board, (size, fv.name, board)
                assert f"{fv.hp}/{fv.max_hp}" in board or f"[{fv.hp}" in board, (size, fv.name, board)

        text = screen_text(app)
        flat = " ".join(text.split())
        assert feeds.heading(screen.feed.heading()) in text, size
        layout = table_layout(*size)
        for seat, (inst, _flipped) in screen.feed.revealed().items():  # both cards, by name (and text)
            drawn = region(app, f"#card{seat}")
            columns = [" ".join(part.split()) for part in drawn.split("\n")]
            face = " ".join(" ".join(row.split("│")[1::2]) for row in drawn.split("\n"))
            face = " ".join(face.split())
            card = view.table.cards[inst].cdef
            assert card.name in face or card.name in " ".join(columns), (size, card.name, drawn)
            if layout.pair_text:
                assert " ".join(card.model.text.split()) in face, (size, card.name, face)
        fight = screen.query_one("#fight")
        assert fight.region.bottom <= size[1] - 2, (size, fight.region)  # over the status line and the footer
        status = region(app, "#status")
        assert "n or space: next Turn" in status and "l: log" in status, (size, status)
        assert "n Next Turn" in text.split("\n")[-1], size  # the footer, below it
        del flat

    async def run() -> None:
        sizes = list(SIZES)
        app = make_app(seed=3)
        async with app.run_test(size=sizes[0]) as pilot:
            await to_second_fight(pilot, app)
            for size in sizes:
                if size != (app.size.width, app.size.height):
                    await pilot.resize_terminal(*size)
                    await pilot.pause()
                check(app, size)

    asyncio.run(run())


def test_auto_play_status_takes_its_rows_from_the_boards_room() -> None:
    """Auto-play's longer status line wraps at 80 columns: it stays whole, and the log is still in sight."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_second_fight(pilot, app)
            await pilot.press("minus", "minus", "a")  # slowest: nothing moves while the picture is read
            await pilot.pause()
            status = " ".join(region(app, "#status").split())
            assert "auto every 2.0 s (a stops, +/- speed)" in status and "l: log" in status
            assert app.screen.query_one("#fight").region.bottom <= 24 - 3  # the table whole, over the status
            await pilot.press("a")

    asyncio.run(run())


def test_the_boards_are_no_narrower_at_120x40_than_at_100x30() -> None:
    """Three columns at 120 made each board 40 cells, narrower than at 100 columns (50), and dropped its HP
    bar: from 120 to 150 columns the cards sit under the teams, and the boards keep their width and bars."""
    widths: dict[tuple[int, int], int] = {}

    async def run(sizes: tuple[tuple[int, int], ...]) -> None:
        """One walk to the second Fight, looked at in each size in turn (the terminal resized between them,
        as a player may: the screen lays itself out again), rather than one walk per size."""
        app = make_app(seed=3)
        async with app.run_test(size=sizes[0]) as pilot:
            await to_second_fight(pilot, app)
            for size in sizes:
                if size != (app.size.width, app.size.height):
                    await pilot.resize_terminal(*size)
                    await pilot.pause()
                widths[size] = app.screen.query_one("#team0").region.width
                assert all(BAR_FULL in region(app, f"#team{seat}") for seat in (0, 1)), size  # an HP bar on each

    asyncio.run(run(((100, 30), (120, 40))))
    assert widths[(120, 40)] >= widths[(100, 30)] >= 50, widths


def test_auto_play_draws_the_heading_boards_and_log_of_the_same_turn() -> None:
    """In auto-play the heading said "Turn 2" while the log already showed Turn 3, and the two boards
    disagreed for about a second: after each step the auto-play timer takes, the heading, both boards and the
    log's newest line are all of the Turn just played."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            app.reduced_motion = True
            await pilot.press("f")  # as to_second_fight, but the second Fight from its first Turn
            await play(pilot, app, stop="FightScreen")
            await pilot.press("s", "enter")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("a")  # auto-play on: its timer calls action_step, as here
            screen: Any = app.screen
            screen.timer.pause()  # the steps are ours alone: on a busy machine the timer also stepped between our looks
            turns = set()
            while not screen.finished:
                screen.action_step()
                await pilot.pause()
                view = screen.feed.view()
                heading = feeds.heading(screen.feed.heading())
                turns.add(heading)
                assert heading in region(app, "#head")
                for seat in (0, 1):
                    board = region(app, f"#team{seat}")
                    for f in (2 * seat, 2 * seat + 1):
                        fv = view.fighters[f]
                        assert fv.ko or f"{fv.hp}/{fv.max_hp}" in board, (heading, fv.name, board)
                if screen.finished:  # the pause line and the recap follow the last Turn in the log
                    break
                for seat, (inst, _flipped) in screen.feed.revealed().items():  # the table's pair: this Turn's
                    name = view.table.cards[inst].cdef.name
                    drawn = " ".join(region(app, f"#card{seat}").split())
                    assert all(word in drawn for word in name.split()), (heading, name, drawn)
            assert len(turns) == 3  # every Turn of round 2's Fight

    asyncio.run(run())
