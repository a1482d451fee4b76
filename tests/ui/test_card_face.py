"""The card widget draws every card's name and its Fighter's name whole, in English and French, at every width
the table draws cards at: a name wraps between its words, never inside one (issue 40)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from rich.console import Console
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from uihelp import screen_text

from tagteam.content.loader import load_all
from tagteam.content.models import Card, Fighter
from tagteam.render.card_face import COMPACT, FULL, LARGE, SIZES, WIDTHS, CardFace, card_kinds, marks_line
from tagteam.widgets.card import CardWidget
from tagteam.words.lang import set_language
from tagteam.words.names import card_name, fighter_name

BORDER = "│╭╮╰╯─"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def every_card() -> list[tuple[Fighter, Card]]:
    """Each card as many times as the decks hold it: the 120 cards of the twelve Fighters."""
    return [(f, c) for f in load_all().values() for c in f.cards for _copy in range(c.copies)]


def drawn_words(face: CardFace, width: int) -> list[str]:
    """The words of the face drawn in ``width`` cells (or its measured least width, as a widget sized to its
    content draws it), read off its lines inside the border."""
    console = Console(width=width + 40, color_system=None, legacy_windows=False)
    least = face.min_width()
    out: list[str] = []
    for line in console.render_lines(face, console.options.update_width(max(width, least))):
        plain = "".join(seg.text for seg in line).strip(BORDER + " ")
        out.extend(plain.strip("│").split())
    return out


def test_the_decks_hold_120_cards() -> None:
    assert len(every_card()) == 120


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [*WIDTHS.values(), LARGE])
@pytest.mark.parametrize("size", SIZES)
def test_no_card_or_fighter_name_is_cut_mid_word(lang: str, width: int, size: str) -> None:
    set_language(lang)
    cut = []
    for fighter, card in every_card():
        for flipped in (False, True) if card.flipped_text else (False,):
            face = CardFace(card, fighter, starred=card.starting, flipped=flipped, size=size, width=width)
            drawn = drawn_words(face, width)
            for word in (*card_name(card).split(), *fighter_name(fighter).split()):
                if word not in drawn:
                    cut.append(f"{card.id} ({lang}, {size}, {width}): {word!r} not whole in {drawn}")
    assert not cut, "\n".join(cut[:20])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(("size", "width"), [(COMPACT, WIDTHS[COMPACT]), (FULL, WIDTHS[FULL]), (FULL, LARGE)])
def test_every_card_fits_the_widths_the_table_uses(lang: str, size: str, width: int) -> None:
    """At the sizes the table draws, no card asks for more room than it is given (so none is widened)."""
    set_language(lang)
    wide = [c.id for f, c in every_card() if CardFace(c, f, starred=c.starting, size=size).min_width() > width]
    assert not wide


def test_a_card_is_never_drawn_narrower_than_its_longest_word() -> None:
    card = next(c for f, c in every_card() if c.name == "Rune of Transformation")
    fighter = load_all()["bodvar"]
    face = CardFace(card, fighter, size=COMPACT, width=8)  # asked narrower than "Transformation"
    assert "Transformation" in drawn_words(face, 8)


def test_the_face_shows_marks_star_fighter_and_the_turned_over_summoning() -> None:
    fighters = load_all()
    golem = fighters["golem"]
    protect = next(c for c in golem.cards if c.starting)
    words = drawn_words(CardFace(protect, golem, starred=True, size=FULL, text=True), 30)
    assert "★" in words and "Golem" in words
    kinds = card_kinds(protect)
    assert kinds and all(k.endswith("?") for k in kinds)  # both its Actions hang on a condition: "maybe"
    assert marks_line(kinds) in " ".join(drawn_words(CardFace(protect, golem, size=COMPACT), 16))
    fey = fighters["fey_folk"]
    summoning = next(c for c in fey.cards if c.flipped_text)
    face = " ".join(drawn_words(CardFace(summoning, fey, flipped=True, text=True), 30))
    assert "⇅" in face and "turned over" in face


def test_a_face_down_card_says_so_and_shows_nothing_of_the_card() -> None:
    words = " ".join(drawn_words(CardFace(None, size=COMPACT, label="3"), 16))
    assert "face down" in words and "3" in words


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_widget_draws_the_longest_names_whole_on_screen(lang: str) -> None:
    """Through the widget itself: the longest card names at the compact width, read off the screen."""
    set_language(lang)
    pairs = sorted(every_card(), key=lambda fc: -len(card_name(fc[1])))
    chosen = list({card.id: (fighter, card) for fighter, card in reversed(pairs)}.values())[::-1][:6]

    class Cards(App[None]):
        def compose(self) -> ComposeResult:
            with Horizontal():
                for fighter, card in chosen:
                    yield CardWidget(CardFace(card, fighter, size=COMPACT, width=WIDTHS[COMPACT]))

    async def run() -> None:
        app = Cards()
        async with app.run_test(size=(120, 24)) as pilot:
            await pilot.pause()
            text = screen_text(app)
            on_screen = text.replace("│", " ").split()
            for fighter, card in chosen:
                for word in (*card_name(card).split(), *fighter_name(fighter).split()):
                    assert word in on_screen, f"{word!r} cut on screen:\n{text}"

    asyncio.run(run())
