"""The card gallery and the replay draw their cards with the one card widget (issue 40): each card's name whole
on its face, its Fighter, its Actions with their words, the star on a Starting Card, and its whole text under
the pointer; in a replay every card on the table reads whole on hover and in the ``v`` panel (``cardwalk``)."""

from __future__ import annotations

import asyncio
from typing import Any

from cardwalk import card_of, card_widgets, check_every_card_readable, hover_text_missing, rendered
from uihelp import make_app, name, random_finished_session

from tagteam.engine.table import library
from tagteam.render.card_face import STAR
from tagteam.screens.gallery import GalleryScreen, columns
from tagteam.widgets.card import CardWidget
from tagteam.words.names import card_name, fighter_name


def test_the_gallery_draws_every_fighters_cards_as_card_widgets() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.push_screen(GalleryScreen())
            await pilot.pause(0.2)
            fids = sorted(library())
            for k, fid in enumerate(fids):
                if k:
                    await pilot.press("down")
                await pilot.pause(0.1)
                model = library()[fid].model
                widgets = [w for w in card_widgets(app.screen) if isinstance(w, CardWidget)]
                assert [card_of(w) for w in widgets] == list(model.cards), fid
                for w in widgets:
                    card = card_of(w)
                    assert card is not None
                    assert hover_text_missing(w, card) is None, (fid, card.id)
                    face = rendered(w.face, w.size.width or 30)
                    assert all(word in face.split() for word in card_name(card).split()), (card.id, face)  # whole
                    assert fighter_name(model) in face
                    assert (STAR in face) == card.starting, card.id
                    assert w.face.text  # the card's text on its face, not only under the pointer

    asyncio.run(run())


def test_wider_rooms_hold_more_cards_side_by_side() -> None:
    assert columns(56)[0] == 2
    assert columns(136)[0] >= 4
    assert all(width >= 26 for _count, width in (columns(r) for r in (20, 56, 96, 136)))


def test_a_replay_shows_every_card_on_its_table_whole() -> None:
    record = random_finished_session(12).record

    async def run() -> None:
        app: Any = make_app(replay_record=record)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert name(app) == "FightScreen"
            walked = 0
            for _ in range(3):
                await pilot.press("n")
                await pilot.pause()
                walked += await check_every_card_readable(app, pilot)
            assert walked >= 2  # the revealed pair at least, each a card widget with its text under the pointer

    asyncio.run(run())
