"""Chinese laid out as Chinese (issue 42): widths in cells, lines broken between ideographs but never before a
closing mark ("，。）"), after an opening one ("（「"), nor inside a Latin word; the card faces fit.

Chinese puts no space between words, so rich's wrapping (which breaks at spaces, and folds a longer "word" at
any cell) would cut a sentence anywhere; our wrapping places (``tagteam.render.glued``, the help's
``tagteam.words.width.wrap``) break it where Chinese allows."""

from __future__ import annotations

import io
import re
import textwrap

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from tagteam.cli.parsing import TEXT_WIDTH, Parser, text
from tagteam.engine.table import library
from tagteam.render.card_face import CardFace
from tagteam.render.glued import Glued, wrap
from tagteam.screens.glossary import terms_lines
from tagteam.screens.help import _Rules
from tagteam.words import set_language
from tagteam.words import width as cjk
from tagteam.words.args import argparse_in_words
from tagteam.words.names import card_text, fighter_name

SENTENCE = (
    "如果你持有警长：将其交给对手并攻击。如果对手持有警长（Sheriff），该对手获得 1 能量，"
    "然后你收回「Drag You to Hell」并获得 1 能量。每名格斗家受到 1 点直接伤害！"
)
LATIN = set(re.findall(r"[A-Za-z]+", SENTENCE))
CLOSING = "，。、：；！？）」"
OPENING = "（「"


def _closes(line: str) -> bool:
    """The line starts with a closing mark (which Chinese never puts at a line's start)."""
    return line.lstrip()[:1] in set(CLOSING)


def _printed(renderable: object, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


def _faults(lines: list[str], width: int) -> list[str]:
    """What is wrong with these lines of SENTENCE at ``width`` cells (empty: nothing)."""
    faults = [f"too wide: {line!r}" for line in lines if cell_len(line.rstrip()) > width]
    faults += [f"starts with a closing mark: {line!r}" for line in lines if _closes(line)]
    faults += [f"ends with an opening mark: {line!r}" for line in lines if line.rstrip()[-1:] in set(OPENING)]
    faults += [f"a Latin word cut: {line!r}" for line in lines if not set(re.findall(r"[A-Za-z]+", line)) <= LATIN]
    if "".join(lines).replace(" ", "") != SENTENCE.replace(" ", ""):
        faults.append("text lost or added")
    return faults


def test_the_check_finds_what_rich_alone_does() -> None:
    """Rich's own wrapping folds the sentence at any cell: a closing mark starts a line, a name is cut."""
    found = [_faults([line.plain for line in Text(SENTENCE).wrap(Console(), w)], w) for w in range(14, 60)]
    assert any(found)


def test_chinese_breaks_only_where_chinese_allows() -> None:
    for width in range(14, 60):
        for lines in (
            [line.plain for line in wrap(Text(SENTENCE), width)],
            [line.rstrip() for line in _printed(Glued(Text(SENTENCE)), width)],
            cjk.wrap(SENTENCE, width),
        ):
            assert not _faults(lines, width), (width, lines)


def test_help_text_is_wrapped_in_cells() -> None:
    """A command's description in Chinese fits TEXT_WIDTH cells (textwrap counts characters: twice as wide)."""
    lines = text(SENTENCE * 3).splitlines()
    assert len(lines) > 1
    assert all(cell_len(line) <= TEXT_WIDTH for line in lines), lines
    english = "Play bot-against-bot games, prove every Build position against every reply, and write the set. " * 3
    assert text(english) == textwrap.fill(english, TEXT_WIDTH)  # English wraps as before


def test_card_faces_fit_in_chinese() -> None:
    """Every card of every Fighter, in Chinese, at its narrowest and at wider widths: no line wider than the
    card, the Fighter's name whole on one line, none of the card's text lost, no line starting with "，"."""
    set_language("zh")
    try:
        for fd in library().values():
            name = fighter_name(fd.model)
            assert cell_len(name) > len(name), name  # the Chinese name is shown (two cells a letter)
            for card in fd.model.cards:
                least = CardFace(card, fighter=fd.model, text=True).min_width()
                for width in sorted({least, 18, 24, 34} - set(range(least))):
                    lines = _printed(CardFace(card, fighter=fd.model, text=True, width=width), width + 4)
                    assert all(cell_len(line.rstrip()) <= width for line in lines), lines
                    inside = [line.strip().strip("│").strip() for line in lines]
                    assert name in inside, (name, lines)
                    flat = "".join(inside).replace(" ", "")
                    assert card_text(card).replace(" ", "") in flat, (card.id, lines)
                    if width >= 14:  # narrower, a number in brackets ("（16），") may not fit whole
                        assert not [line for line in inside if _closes(line)], lines
                back = _printed(CardFace(None, width=width), width)
                assert all(cell_len(line) == cell_len(back[0]) for line in back), back
    finally:
        set_language("en")


def test_overlays_break_chinese_where_it_may() -> None:
    """The glossary and the rules reference (rich Markdown) wrap their Chinese with ours too."""
    set_language("zh")
    try:
        for width in (40, 57, 76):
            lines = [strip.text for strip in terms_lines("", width, Console(), "zh")]
            assert any(cell_len(line) > len(line) for line in lines)  # the entries are in Chinese
            assert not [line for line in lines if _closes(line)], (width, lines)
    finally:
        set_language("en")
    rules = _Rules(f"# 标题\n\n{SENTENCE}\n\n1. {SENTENCE}\n2. {SENTENCE}\n")
    for width in range(20, 70):
        lines = [line.rstrip() for line in _printed(rules, width)]
        assert all(cell_len(line) <= width for line in lines)
        assert not [line for line in lines if _closes(line)], (width, lines)
        assert not [line for line in lines if not set(re.findall(r"[A-Za-z]+", line)) <= LATIN], (width, lines)


def test_help_usage_lines_stand_under_each_other_in_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse indents the usage's later lines by the characters of "usage: "; "用法：" is twice as wide."""
    monkeypatch.setenv("COLUMNS", "60")
    set_language("zh")
    try:
        parser = Parser(prog="tagteam puzzles make")
        for flag in ("--count", "--jobs", "--start", "--keep", "--out", "--seed", "--bind"):
            parser.add_argument(flag, metavar=flag.strip("-").upper())
        with argparse_in_words():
            lines = parser.format_usage().rstrip("\n").split("\n")
    finally:
        set_language("en")
    assert len(lines) > 1 and lines[0].startswith("用法：")
    first = cell_len(lines[0][: lines[0].index("[")])  # where the first line's flags start, in cells
    assert all(cell_len(line) - cell_len(line.lstrip()) == first for line in lines[1:]), lines
