"""Every card of the four Fighters, one key away during play: from the Build and the Fight screens ``v`` opens a
panel where each card, theirs and yours, reads in full. The test walks every card drawn and reads its text off
the screen, inside that card's own place (issue 40)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from uihelp import make_app, name, screen_text, solo_to_build

from tagteam.app import TagTeamApp
from tagteam.engine.session import Session
from tagteam.play.games import new_session
from tagteam.screens.cards import CardsScreen
from tagteam.widgets.card import CardWidget
from tagteam.words.lang import set_language
from tagteam.words.names import card_text
from tests.waiting import rounds

BORDER = "│╭╮╰╯─"


def at_the_fight(level: str) -> Session:
    """A first game with both Starting Card orders made: the next thing shown is round 1's Fight."""
    s = new_session("first", 4, level=level)
    while s.seats_owing():
        seat = s.seats_owing()[0]
        s.act(seat, s.view(seat).legal[0])
    return s


def flat(text: str) -> str:
    return " ".join(text.split())


def on_screen_in(text: str, widget: CardWidget) -> str:
    """The screen's ``text`` inside the widget's place, its border taken off, as one line of words."""
    r = widget.region
    lines = text.splitlines()[r.y : r.bottom]
    return flat(" ".join(line[r.x : r.right].strip().strip(BORDER) for line in lines))


def unread(widget: CardWidget, drawn: str) -> list[str]:
    """What of the widget's card (its text, and its flipped side's) is missing from ``drawn``."""
    card = widget.face.card
    assert card is not None
    sides = [flat(card_text(card))] + ([flat(card_text(card, flipped=True))] if card.flipped_text else [])
    return [side for side in sides if side not in drawn]


async def walk_every_card(app: TagTeamApp, pilot: Pilot[Any]) -> None:
    await pilot.press("v")
    await pilot.pause()
    assert isinstance(app.screen, CardsScreen), name(app)
    panel = app.screen
    table = panel.cards.table
    cards = panel.query(CardWidget)
    want = {c.id for fd in table.fighters for c in fd.model.cards}
    assert {w.face.card.id for w in cards if w.face.card is not None} == want
    seats = [w.face.style for w in cards]
    assert len(set(seats)) == 2  # both teams, each in its colour
    # The first card not read yet is scrolled into view and must read whole; the screen is read once per scroll,
    # and every other card that reads whole inside its own place on it is done too (one screenshot per view, not
    # per card); the others wait for their own turn in view.
    left = list(cards)
    while left:
        widget = left[0]
        widget.scroll_visible(animate=False, immediate=True)
        await pilot.pause()
        text = screen_text(app)
        drawn = on_screen_in(text, widget)
        assert not unread(widget, drawn), f"{widget.face.card and widget.face.card.id}: {drawn}"
        left = [w for w in left[1:] if unread(w, on_screen_in(text, w))]
    await pilot.press("v")
    await pilot.pause()
    assert not isinstance(app.screen, CardsScreen)


def test_from_the_build_screen_v_shows_every_card_of_both_teams() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(120, 40)) as pilot:
            await solo_to_build(app, pilot, "easy")
            await walk_every_card(app, pilot)
            assert name(app) == "BuildScreen"

    asyncio.run(run())


@pytest.mark.parametrize(("lang", "size"), [("en", (80, 24)), ("fr", (120, 40))])
def test_from_the_fight_screen_v_shows_every_card_of_both_teams(lang: str, size: tuple[int, int]) -> None:
    async def run() -> None:
        app = make_app(seed=4, record=at_the_fight("normal").record, lang=lang)
        async with app.run_test(size=size) as pilot:
            for _ in rounds():
                await pilot.pause()
                if name(app) == "FightScreen":
                    break
            assert name(app) == "FightScreen"
            await pilot.press("n")
            await walk_every_card(app, pilot)
            assert name(app) == "FightScreen"

    try:
        asyncio.run(run())
    finally:
        set_language("en")


def test_the_panel_puts_their_fighters_first_and_marks_yours() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(120, 40)) as pilot:
            await solo_to_build(app, pilot, "easy")
            await pilot.press("v")
            await pilot.pause()
            panel = app.screen
            assert isinstance(panel, CardsScreen) and panel.cards.you == 0
            owners = [w.face.fighter.id for w in panel.query(CardWidget)]
            table = panel.cards.table
            theirs = {table.fighters[2].model.id, table.fighters[3].model.id}
            half = sum(len(table.fighters[f].model.cards) for f in (2, 3))
            assert set(owners[:half]) == theirs and not set(owners[half:]) & theirs
            heads = [str(s.content) for s in panel.query(".team").results(Static)]
            assert len(heads) == 2 and "(you)" in heads[1] and "(you)" not in heads[0], heads

    asyncio.run(run())
