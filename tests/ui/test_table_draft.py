"""The Draft at 80x24 shows the previewed Fighter's cards without scrolling (issue 40): one line a card above
the board, every name whole on the screen, each card whole under the pointer."""

from __future__ import annotations

import asyncio

import pytest
from cardwalk import card_of, card_widgets, hover_text_missing
from uihelp import make_app, name, screen_text

from tagteam.engine.table import library
from tagteam.words.lang import set_language
from tagteam.words.names import card_name


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_drafts_cards_are_in_sight_at_80x24(lang: str) -> None:
    async def run() -> None:
        app = make_app(seed=3, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("down", "down", "enter", "enter")  # the title's Standard Draft, its hand-over
            for _ in range(20):
                if name(app) == "DraftScreen":
                    break
                await pilot.pause(0.05)
            assert name(app) == "DraftScreen"
            screen = app.screen
            for k in range(len(screen._pool())):  # type: ignore[attr-defined]
                if k:
                    await pilot.press("down")
                await pilot.pause(0.1)
                text = screen_text(app)
                flat = " ".join(text.split())
                widgets = card_widgets(screen)
                assert widgets
                for w in widgets:
                    card = card_of(w)
                    assert card is not None
                    assert w.region.bottom <= 24 - 1, (card.id, w.region)  # over the footer, no scrolling
                    assert " ".join(card_name(card).split()) in flat, (card.id, text)  # whole, on one line
                    assert hover_text_missing(w, card) is None
                fid = screen._previewed  # type: ignore[attr-defined]
                assert len(widgets) == len(library()[fid].model.cards)

    try:
        asyncio.run(run())
    finally:
        set_language("en")
