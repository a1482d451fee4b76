"""A French line never starts with ":", ";", "?", "!", "»" or "%" when we wrap it (the space French puts
before them was a break: "Complexité" then ": ●●○○○" on the next line, "l'autre équipe" then ": voilà
pourquoi" in a lesson card, both seen in tmux). Our text is wrapped by ``tagteam.render.glued`` (rich's own
wrapping breaks at any space): the card boards, the cards' text, the lessons, the coach. English wraps as
rich wraps it."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.text import Text

from tagteam.engine.table import library
from tagteam.render.cards import fighter_board_panel
from tagteam.render.glued import Glued, wrap
from tagteam.render.unwidowed import Unwidowed
from tagteam.screens.build import Hanging, Row
from tagteam.screens.tutorial import hanging
from tagteam.words import set_language

STARTS_WITH_MARK = re.compile(r"^\s*[│▊]?\s*[:;!?»%]", re.MULTILINE)
SENTENCE = "Une Attaque touche l'Adversaire, le Combattant actif de l'autre équipe : voilà pourquoi « ceci » vaut 77 %"
ENGLISH = "Power 2: Attack. If your Opponent has a Focus token: Attack with its Power; then take it back."


def _panels(width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    for fd in library().values():
        console.print(fighter_board_panel(fd.model))
    return console.export_text()


def _printed(renderable: object, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


def _ours(text: str, width: int) -> list[str]:
    """The sentence as each of our wrapping places lays it out at ``width``."""
    lines = [line.plain for line in wrap(Text(text), width)]
    lines += _printed(Glued(Text(text)), width) + _printed(Unwidowed(Text(text)), width)
    lines += _printed(hanging(text), width)  # a lesson card
    lines += [line.plain for line in Hanging([Row(" • ", text)]).wrapped(width).split("\n")]  # the coach
    return lines


def test_the_check_finds_a_line_that_starts_with_a_mark() -> None:
    """Rich's own wrapping (what a plain Text does) leaves a mark at a line's start: what we wrap against."""
    assert any(STARTS_WITH_MARK.search(line.plain) for w in range(20, 70) for line in Text(SENTENCE).wrap(Console(), w))


def test_french_marks_stay_with_their_word_at_every_width() -> None:
    set_language("fr")
    for width in range(34, 46):
        assert not STARTS_WITH_MARK.search(_panels(width)), width
    for width in range(12, 90):
        lines = _ours(SENTENCE, width)
        assert not [line for line in lines if STARTS_WITH_MARK.search(line)], (width, lines)
        assert all(" ".join(line.split()).strip("• ") in " ".join(SENTENCE.split()) for line in lines)  # nothing lost


def test_english_wraps_as_rich_wraps_it() -> None:
    for justify in (None, "left", "center", "right", "full"):
        for width in range(1, 100):
            text = Text(ENGLISH + "\n\n  " + "x" * 60 + " end", justify=justify)  # a paragraph, a blank, a long word
            ours = [(line.plain, line.spans) for line in wrap(text, width)]
            assert ours == [(line.plain, line.spans) for line in text.wrap(Console(), width)], (justify, width)


def test_a_board_measures_its_widest_glued_word() -> None:
    """Its narrowest is its widest word with its mark ("Complexité :"), which rich alone would split."""
    measured = Console(width=80).measure(Glued(Text("Complexité : ●●○○○ court")))
    assert measured.minimum == len("Complexité :")
    assert measured.maximum == len("Complexité : ●●○○○ court")
