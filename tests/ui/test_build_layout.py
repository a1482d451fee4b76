"""The Build screen as the place to think, at 80x24, 100x30, 120x40 and 200x60: the kept card's whole text,
every line-up slot and what an Attack would do to each Fighter are on screen, without scrolling."""

from __future__ import annotations

import asyncio
import threading

import pytest
from buildhost import Host, check_thinking_space, context, padded, position_at, region_text
from uihelp import screen_text

from tagteam.content.choices import LANGUAGES
from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView
from tagteam.render.lineup import LETTER_LEGEND, NEW_MARK, lineup_legend
from tagteam.screens.advisers import Coach, WhatIfAdviser
from tagteam.screens.build import NO_COACH, BuildScreen
from tagteam.widgets.basic import LineUp
from tagteam.words import _
from tagteam.words.advice import CoachLine, WhatIfLine
from tests.waiting import answered

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

SIZES = [(80, 24), (100, 30), (120, 40), (200, 60)]
# the most slots each size must show whole with every next Stop: 12 from 100x30 on (a long game); 80x24 packs
# the boards from 7 slots (trim 1) and leaves their Stops out next (trim 2), never the special tracks and tokens
# (a Build is chosen by them): longer line-ups fold there, slot 1 and the new card in sight
SLOTS = {(80, 24): 7, (100, 30): 12, (120, 40): 12, (200, 60): 12}
LONGEST_AT_80 = 7  # the line-up whole at 80x24, boards packed (special tracks and tokens kept)


OTHER_TEAMS = (("fey_folk", "maman_brijit"), ("milady", "wild_bunch"))  # Stops, icons, Spirits, revival


@pytest.mark.parametrize("game", ["first", "other"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_build_at_every_size(size: tuple[int, int], game: str) -> None:
    view = position_at("build") if game == "first" else position_at("build", rounds=3, teams=OTHER_TEAMS)

    async def run() -> None:
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            for card in (0, 1, 2):  # each drawn card's text in turn
                await pilot.press(str(card + 1))
                await pilot.pause()
                check_thinking_space(app, screen, view)
            await pilot.press("t")  # table memory: other titles and a longer status, still whole
            await pilot.pause()
            check_thinking_space(app, screen, view)
            assert "hidden" in screen_text(app) and len(str(screen.query_one("#status").render()).split("\n")) == 1

    asyncio.run(run())


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_long_line_up_fits_whole(size: tuple[int, int]) -> None:
    view = padded(position_at("build", rounds=2), SLOTS[size])

    async def run() -> None:
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            await pilot.press("home")
            await pilot.pause()
            check_thinking_space(app, screen, view)
            assert screen.position == 0

    asyncio.run(run())


def test_the_legend_is_chosen_to_fit() -> None:
    assert lineup_legend(False, len(LETTER_LEGEND)) == LETTER_LEGEND
    assert lineup_legend(False, len(LETTER_LEGEND) - 1) != LETTER_LEGEND
    for wide, width in ((False, 74), (True, 94), (True, 114), (True, 194)):  # the box at 80 to 200 columns
        assert len(lineup_legend(wide, width)) <= width


def fake_helpers(gate: threading.Event) -> tuple[Coach, WhatIfAdviser]:
    """A coach and a what-if that wait for ``gate`` (so a test sees what shows while they think)."""

    def coach(view: PlayerView, selected: BuildChoice) -> list[CoachLine]:
        gate.wait(5)
        return [CoachLine(selected, "card", 0, 0.2, 0.6, "Keep the first card, insert it at the bottom: 60% to win")]

    def what_if(view: PlayerView, selected: BuildChoice) -> list[WhatIfLine]:
        gate.wait(5)
        return [WhatIfLine("top", 0, (), 0.2, "If they insert at the top: your card meets theirs in slot 1")]

    return coach, what_if


def test_coach_and_what_if_toggle_and_keep_the_line_up_in_sight() -> None:
    view = position_at("build")
    gate = threading.Event()
    coach, what_if = fake_helpers(gate)

    async def run() -> None:
        app = Host(BuildScreen(context(view), coach=coach, what_if=what_if))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            assert "w What if" in screen_text(app) and "h Coach" in screen_text(app)
            await pilot.press("w")  # the first press opens it
            await pilot.pause()
            assert "thinking…" in screen_text(app)  # at once, before the answer
            gate.set()
            await answered(pilot)
            text = screen_text(app)
            assert "If they insert at the top" in text and "NEW ▶" in text
            lineup = screen.query_one(LineUp)
            assert lineup.max_scroll_y == 0 and lineup.region.bottom <= 22
            await pilot.press("w")  # the key that opened it closes it
            await pilot.pause()
            assert "If they insert" not in screen_text(app) and screen.panel is None
            gate.clear()
            await pilot.press("h")
            await pilot.pause()
            assert "Coach: thinking…" in screen_text(app)
            gate.set()
            await answered(pilot)
            assert "60% to win" in screen_text(app) and "NEW ▶" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert "60% to win" not in screen_text(app)
            await pilot.press("h")
            await answered(pilot)
            await pilot.press("h")
            await pilot.pause()
            assert screen.panel is None and "Coach" not in region_text(app, screen.query_one("#lower"))

    asyncio.run(run())


def test_coach_beside_the_line_up_leaves_the_boards() -> None:
    view = position_at("build")
    gate = threading.Event()
    gate.set()
    coach, what_if = fake_helpers(gate)

    async def run() -> None:
        app = Host(BuildScreen(context(view), coach=coach, what_if=what_if))
        async with app.run_test(size=(200, 60)) as pilot:
            await pilot.press("h")
            await answered(pilot)
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            text = screen_text(app)
            assert "60% to win" in text and "P1 Player 1 (you)" in text and "NEW ▶" in text
            box, lineup = screen.query_one("#coachbox"), screen.query_one(LineUp)
            assert box.region.x >= lineup.region.right  # beside it, not over it

    asyncio.run(run())


def test_hot_seat_h_says_why_there_is_no_coach() -> None:
    view = position_at("build")

    async def run() -> None:
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert "What if" not in screen_text(app) and "h Coach" not in screen_text(app)
            await pilot.press("h")
            await pilot.pause()
            text = screen_text(app)
            assert NO_COACH in text  # one line, whole
            assert "P1 Player 1 (you)" in text  # the boards stay
            await pilot.press("h")
            await pilot.pause()
            assert NO_COACH not in screen_text(app)

    asyncio.run(run())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_80x24_a_long_line_up_keeps_slot_1_and_the_new_card_in_sight(lang: str) -> None:
    """A line-up of six or more scrolled at 80x24 with slot 1 out of sight (French from six, one row more
    for its longer board words): the boards give their rows up first, and every slot stays on screen, with
    the new card at the top or at the bottom."""
    from tagteam.words import set_language

    async def run(slots: int) -> None:
        view = padded(position_at("build", rounds=2), slots)
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            for key in ("home", "end"):
                await pilot.press(key)
                await pilot.pause()
                lineup = screen.query_one(LineUp)
                assert lineup.max_scroll_y == 0 and lineup.region.bottom <= 22, (slots, key)
                rows = [row.lstrip("│ ") for row in region_text(app, lineup).split("\n")]
                shown = [n for n in range(1, slots + 1) if any(row.startswith(f"{n} ") for row in rows)]
                assert shown == list(range(1, slots + 1)), (slots, key, shown)

    set_language(lang)
    try:
        for slots in range(6, LONGEST_AT_80 + 1):
            asyncio.run(run(slots))
    finally:
        set_language("en")


LONGEST = 17  # the longest line-up ``padded`` can make of this position (a long game's, both sides full)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_line_up_too_long_for_the_screen_folds_with_slot_1_and_the_new_card_in_sight(lang: str) -> None:
    """From 12 slots at 80x24 the line-up no longer fits whole: it scrolled, with slot 1 out of sight. The
    slots far from the new card fold into one row ("⋮ slots 2–5"), so slot 1, the new card's slot and its
    neighbours stay in sight at the top, in the middle and at the bottom, and ↑↓ still reach every slot."""
    from tagteam.words import set_language

    async def run(slots: int) -> None:
        view = padded(position_at("build", rounds=2), slots)
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=SIZES[0]) as pilot:  # one game per length, the terminal resized in it
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            for size in SIZES[:3]:
                if size != (app.size.width, app.size.height):
                    await pilot.resize_terminal(*size)
                    await pilot.pause()
                for keys in (["home"], ["end"], ["home", "middle"], ["end", "up", "up"]):
                    for key in keys:
                        if key == "middle":  # the new card in the middle: set at once (the walk below uses ↓)
                            screen.post_message(LineUp.SlotChosen(slots // 2))
                        else:
                            await pilot.press(key)
                    await pilot.pause()
                    lineup = screen.query_one(LineUp)
                    where = (size, slots, keys)
                    assert lineup.max_scroll_y == 0 and lineup.region.bottom <= size[1] - 2, where
                    rows = [row.lstrip("│ ") for row in region_text(app, lineup).split("\n")]
                    shown = {n for n in range(1, slots + 1) if any(row.startswith(f"{n} ") for row in rows)}
                    new = screen.position + 1
                    assert {1, new, slots} | ({new - 1} if new > 1 else set()) <= shown, (*where, shown)
                    assert any(row.startswith(f"{new} ") and _(NEW_MARK) in row for row in rows), where
                    hidden = sorted(set(range(1, slots + 1)) - shown)
                    if hidden:  # each run of hidden slots is said in one row
                        assert any(row.startswith("⋮") for row in rows), rows
            if slots < LONGEST:
                return
            await pilot.resize_terminal(*SIZES[0])  # folded: ↓ must still reach every slot
            await pilot.pause()
            await pilot.press("home")
            for _step in range(slots - 1):  # ↓ walks through every slot, folded or not
                await pilot.press("down")
            await pilot.pause()
            assert screen.position == slots - 1

    set_language(lang)
    try:
        for slots in (12, LONGEST):  # the first length that folds at 80x24, and the longest
            asyncio.run(run(slots))
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_row_heights_remembered_by_content_match_a_fresh_measure_at_every_slot(size: tuple[int, int]) -> None:
    """Row heights are remembered by what a row holds (``row_key``), across slots: at every slot of a long
    line-up the box's height and the rows shown are what a screen that has measured nothing would find."""
    view = padded(position_at("build", rounds=2), 14)

    async def run() -> None:
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            level = screen._level
            assert level is not None  # laid out
            for position in range(len(view.my_fight_deck) + 1):
                screen.position = position
                screen._refresh_side()
                kept = (screen._lineup_height(), [r if isinstance(r, int) else -1 for r in screen._shown_rows(level)])
                screen._measured.clear()
                fresh = (screen._lineup_height(), [r if isinstance(r, int) else -1 for r in screen._shown_rows(level)])
                assert kept == fresh, (position, kept, fresh)

    asyncio.run(run())


def test_a_rows_key_tells_apart_rows_that_differ_in_their_words_only() -> None:
    from rich.table import Table
    from rich.text import Text

    from tagteam.screens.build import row_key

    def row(name: str) -> Table:
        grid = Table.grid(expand=True)
        grid.add_column(ratio=1, overflow="fold")
        grid.add_row(Text(name))
        return grid

    assert row_key(row("Holy Shield")) == row_key(row("Holy Shield"))
    assert row_key(row("Holy Shield")) != row_key(row("Sword of St. Michael and a long name that wraps"))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["Player 1", "Marie-Hélène Dupont-Laurent"])
def test_the_heading_is_never_cut_at_80_columns(lang: str, name: str) -> None:
    """The heading names every key to its last one ("c lock", "c valider"): the French one once lost
    "valider" past column 78, and a long name would push any language's out. It takes a second row only
    when its words need one, and the line-up still shows every slot."""
    import dataclasses

    from tagteam.words import set_language

    async def run() -> None:
        view = position_at("build", rounds=2)
        ctx = dataclasses.replace(context(view), names=(name, "Player 2"))
        app = Host(BuildScreen(ctx))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            head = screen.query_one("#head")
            said = " ".join(region_text(app, head).split())
            last = _("{player}: Build, round {round} · 1-3 keep · ↑↓ slot · o order · c lock").split(" · ")[-1]
            assert said.endswith(last), said  # "c lock", "c valider", "c pronto"
            assert name.split()[0] in said
            assert head.region.height == (1 if name == "Player 1" else 2)
            lineup = screen.query_one(LineUp)
            rows = [row.lstrip("│ ") for row in region_text(app, lineup).split("\n")]
            slots = len(view.my_fight_deck) + 1
            assert all(any(row.startswith(f"{n} ") for row in rows) for n in range(1, slots + 1))

    set_language(lang)
    try:
        asyncio.run(run())
    finally:
        set_language("en")
