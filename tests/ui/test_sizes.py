"""Every screen at every size: what a player must see at 80x24, 100x30, 120x40 and 200x60, without scrolling."""

from __future__ import annotations

import asyncio
import re
import time
from itertools import pairwise
from typing import Any

import pytest
from buildhost import check_thinking_space
from textual.pilot import Pilot
from uihelp import make_app, name, play, random_finished_session, screen_text

from tagteam.app import TagTeamApp

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

SIZES = [(80, 24), (100, 30), (120, 40), (200, 60)]


def fighters_visible(app: TagTeamApp, text: str) -> None:
    """All four Fighters with their HP as a number and their Power, as the view has them."""
    s = app.session
    assert s is not None
    view = s.view(0)
    for fv in view.fighters:
        assert fv.name in text, fv.name
        assert f"{fv.hp}/{fv.max_hp}" in text, (fv.name, fv.hp)
        assert f"{fv.name} · Power {fv.power}" in text or f"Power {fv.power}" in text
    assert text.count("Power ") >= 4


def card_face(text: str, card: str, fighter: str) -> bool:
    """A drawn card with its Fighter: drawn as a card, its whole name on one row of its face and its Fighter's
    name right under it; or, where the screen is too small for faces (80x24), one row "name — Fighter"."""
    if f"{card} — {fighter}" in text:
        return True
    lines = text.splitlines()
    for top, below in pairwise(lines):
        at = top.find(card)
        while at >= 0:
            if below[at:].startswith(fighter):
                return True
            at = top.find(card, at + 1)
    return False


def active_marked(app: TagTeamApp, text: str) -> None:
    """Each board writes its Active Fighter with the mark ("▶ ACTIVE", "▶" alone where the board is narrow)."""
    s = app.session
    assert s is not None
    view = s.view(0)
    active = [fv.name for fv in view.fighters if fv.active]
    assert len(active) == 2
    for who in active:
        assert re.search(rf"▶ (?:ACTIVE )?{re.escape(who)} ·", text), who


async def shown(pilot: Pilot[Any], app: TagTeamApp, *wants: str, timeout: float = 30.0) -> str:
    """The screen's text once it shows every one of ``wants``, pausing as often as that takes.

    One ``pilot.pause()`` is not enough on a loaded machine: it returns when this process looks idle, which a
    process waiting for a core also does, and the footer is filled in a refresh after the screen is shown.
    The deadline only bounds a failure; the caller's assertions still say what was missing."""
    end = time.monotonic() + timeout
    text = screen_text(app)
    while not all(w in text for w in wants) and time.monotonic() < end:
        await pilot.pause()
        text = screen_text(app)
    return text


async def to_second_round(pilot: Pilot[Any], app: TagTeamApp, stop: str) -> None:
    await pilot.press("f")
    await play(pilot, app, stop="FightScreen")
    await pilot.press("s", "enter")
    await play(pilot, app, stop=stop)


async def at(pilot: Pilot[Any], app: TagTeamApp, size: tuple[int, int]) -> None:
    """The terminal at ``size`` (resized as a player may: every screen lays itself out again)."""
    if size != (app.size.width, app.size.height):
        await pilot.resize_terminal(*size)
        await pilot.pause()


def test_every_screen_shows_what_a_player_needs() -> None:
    """One game, each screen looked at in every size in turn (the first at 80x24, the narrowest, as it opened;
    the others after a resize), rather than one game per size."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=SIZES[0]) as pilot:
            for size in SIZES:
                await at(pilot, app, size)
                text = await shown(pilot, app, "f First game", "Quit")
                assert "First game" in text and "Quit" in text and "f First game" in text, size
                assert "^q Quit" not in text  # one Quit in the footer, the rest in the palette
            await at(pilot, app, SIZES[0])

            await to_second_round(pilot, app, "BuildScreen")
            for size in SIZES:
                await at(pilot, app, size)
                text = await shown(pilot, app, "c Lock ", "? Rules")
                fighters_visible(app, text)
                screen: Any = app.screen
                view = screen.view
                for inst in view.drawn:  # the three drawn cards in full, each with its Fighter
                    card = view.table.cards[inst]
                    assert card_face(text, card.cdef.name, view.table.fighters[card.owner].name), size
                assert "c Lock " in text and "INSERT HERE" in text and "NEW ▶" in text, size
                assert "? Rules" in text  # the footer keeps it at every size (it was cut at 80 columns)
                assert "▶ KEEP" in text, size
                check_thinking_space(app, screen, view)  # the kept card's text, every slot, each next Stop
            await at(pilot, app, SIZES[0])

            await pilot.press("c")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("n", "n")
            for size in SIZES:
                await at(pilot, app, size)
                text = await shown(pilot, app, "▶ ", "n Next Turn")
                fighters_visible(app, text)
                active_marked(app, text)
                assert "n Next Turn" in text, size
                feed: Any = app.screen
                for seat, (inst, _flipped) in feed.feed.revealed().items():
                    assert app.session is not None and app.session.state.table is not None
                    assert app.session.state.table.cards[inst].cdef.name in text, (seat, size)
                last = [ln for ln in feed.feed.lines() if ln.strip()][-1]
                await pilot.press("l")  # the log is a drawer one key away
                text = await shown(pilot, app, last[:20])
                assert last[:30] in text.replace("\n", " ") or last.split()[0] in text  # the log's last line
                await pilot.press("l")

            # the game-over screen, from a finished game resumed (not played out by keys here: whole games
            # are played by test_hotseat and the network end-to-end tests)
            app.continue_game(random_finished_session(30).record)
            for size in SIZES:
                await at(pilot, app, size)
                text = await shown(pilot, app, "GAME OVER", "r Same teams")
                assert "GAME OVER" in text and "r Same teams" in text, size
                assert name(app) == "GameOverScreen"

    asyncio.run(run())


def test_fight_log_rewraps_on_resize() -> None:
    """The log is re-written from the feed at the new width: a long line is whole again after widening, from
    80x24 (as the screen opened) and from 120x40 (the terminal narrowed to it first), in one walk."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("n", "n")
            feed: Any = app.screen
            longest = max((ln for ln in feed.feed.lines() if len(ln) < 90), key=len)  # one row of the drawer at 200
            await pilot.press("l")  # the log is a drawer one key away
            for size in ((80, 24), (120, 40)):
                if size != (app.size.width, app.size.height):
                    await pilot.resize_terminal(*size)  # the log written again at this width
                    await pilot.pause()
                await pilot.resize_terminal(200, 60)
                await pilot.pause()
                await pilot.pause()
                text = screen_text(app)
                assert longest in text, size  # one line in the drawer at 200 columns, not wrapped at the old width

    asyncio.run(run())


def test_legend_folds_away_behind_l() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("f")
            await play(pilot, app, stop="FightScreen")
            assert "Health marker" not in screen_text(app)
            await pilot.press("l")
            await pilot.pause()
            assert "Health marker" in screen_text(app)

    asyncio.run(run())


def test_round_key_steps_to_the_end_of_the_round() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("f")
            await play(pilot, app, stop="FightScreen")
            await pilot.press("r")
            await pilot.pause()
            screen: Any = app.screen
            assert screen.finished and "l: the log and the recap" in screen_text(app)
            await pilot.press("l")  # the log drawer
            await pilot.pause()
            assert "End of the Fight step" in screen_text(app)

    asyncio.run(run())


def test_round_key_in_a_replay_goes_through_the_build_to_the_next_round() -> None:
    s = random_finished_session(12)

    async def run() -> None:
        app = make_app(replay_record=s.record)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen: Any = app.screen
            assert "REPLAY" in screen_text(app)
            rounds = []
            for _ in range(3):
                await pilot.press("r")
                await pilot.pause()
                rounds.append(screen.feed.view().round)
                assert screen.feed.session.state.turn == 0  # stopped as the new round begins, not mid-Fight
            assert rounds == sorted(rounds) and len(set(rounds)) == 3  # one round further each time
            assert f"Round {rounds[-1]}" in screen_text(app)

    asyncio.run(run())
