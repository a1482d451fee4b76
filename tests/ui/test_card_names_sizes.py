"""Every card and Fighter name, in English and French, through the card widget as the screens lay it out at
80x24, 120x40 and 160x50: three drawn cards side by side (the Build), a small card (their last Fight, the
Draft at 80 columns), a full one (the Draft from 120); no name is cut mid-word on screen (issue 40)."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from uihelp import screen_text

from tagteam.content.choices import LANGUAGES
from tagteam.content.loader import load_all
from tagteam.content.models import Card, Fighter
from tagteam.render.card_face import COMPACT, FULL, WIDTHS, CardFace
from tagteam.screens.build import FACES_WIDE
from tagteam.widgets.card import CardWidget
from tagteam.words.lang import set_language
from tagteam.words.names import card_name, fighter_name

pytestmark = pytest.mark.slow  # 120 cards, two languages, three sizes, read off the screen

SIZES = [(80, 24), (120, 40), (160, 50)]
BORDERS = "│╭╮╰╯─"


def cards() -> list[tuple[Fighter, Card]]:
    return [(f, c) for f in load_all().values() for c in f.cards]


class Table(App[None]):
    """Three cards side by side at the Build's width each, then a small and a full card of fixed widths."""

    CSS = "Horizontal { height: auto; } CardWidget.drawn { width: 1fr; height: auto; }"

    def __init__(self, wide: bool) -> None:
        super().__init__()
        self.wide = wide

    def compose(self) -> ComposeResult:
        with Horizontal(id="drawn"):
            for _k in range(3):
                yield CardWidget(CardFace(None), classes="drawn")
        with Horizontal(id="fixed"):
            yield CardWidget(CardFace(None, width=WIDTHS[COMPACT]), id="small")
            yield CardWidget(CardFace(None, width=WIDTHS[FULL]), id="full")


def cut_words(rows: list[str], widget: CardWidget, fighter: Fighter, card: Card) -> list[str]:
    """The words of the card's and its Fighter's names missing from ``widget``'s cells of the screen ``rows``."""
    r = widget.region
    rows = rows[r.y : r.bottom]
    drawn = " ".join(row[r.x : r.right] for row in rows)
    for ch in BORDERS:
        drawn = drawn.replace(ch, " ")
    words = drawn.split()
    return [w for w in (*card_name(card).split(), *fighter_name(fighter).split()) if w not in words]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_name_is_cut_mid_word_at_any_size(lang: str, size: tuple[int, int]) -> None:
    set_language(lang)
    every = cards()
    faults: list[str] = []

    async def run() -> None:
        app = Table(size[0] >= FACES_WIDE)
        async with app.run_test(size=size) as pilot:
            drawn = list(app.query_one("#drawn").query(CardWidget))
            small, full = app.query_one("#small", CardWidget), app.query_one("#full", CardWidget)
            for start in range(0, len(every), 3):
                batch = every[start : start + 3]
                size_of = FULL if app.wide else COMPACT
                for widget, (fighter, card) in zip(drawn, batch, strict=False):
                    widget.show(CardFace(card, fighter, starred=card.starting, size=size_of, text=app.wide))
                fighter, card = batch[0]
                small.show(CardFace(card, fighter, starred=card.starting, size=COMPACT, width=WIDTHS[COMPACT]))
                full.show(CardFace(card, fighter, starred=card.starting, size=FULL, width=WIDTHS[FULL]))
                await pilot.pause()
                rows = screen_text(app).split("\n")  # read once: the five cards are all on it
                for widget, (fighter, card) in [*zip(drawn, batch, strict=False), (small, batch[0]), (full, batch[0])]:
                    cut = cut_words(rows, widget, fighter, card)
                    if cut:
                        faults.append(f"{card.id} ({lang}, {size}, {widget.region.width} cells): {cut}")

    asyncio.run(run())
    assert not faults, "\n".join(faults[:20])
