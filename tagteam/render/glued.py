"""French punctuation stays with its word when we wrap a line: "équipe :" never leaves ":" at a line's start;
Chinese breaks between ideographs, never before "，" or "）", never inside a Latin word.

French puts a space before ":", ";", "?", "!", "»" and "%" and after "«" ("Complexité : ●●○○○", "77 %",
"Attaque ?"). Rich and Textual wrap at any whitespace, no-break spaces included, so a French line could start
with ":" (seen in tmux: "Complexité" at a line's end, ": ●●○○○" under it). Our text is therefore wrapped here,
with rich's public ``Text`` API, at our own break points: a word keeps such a mark (and the space before it)
and "« " before it, and a no-break space never breaks ("12 PV"); everything else breaks where rich breaks it,
so English wraps exactly as before (it puts no space before these marks). ``Glued`` is the renderable that
wraps so; ``glued`` puts it under every ``Text`` of a card's Group or Panel, as ``unwidow`` does.
"""

from __future__ import annotations

import re

from rich.cells import cell_len, chop_cells
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.containers import Lines
from rich.measure import Measurement
from rich.padding import Padding
from rich.panel import Panel
from rich.text import Text

from tagteam.words.width import IDEOGRAPH_UNIT, LATIN, OPENING

_SPACE = "[ \u00a0\u202f]"  # a space, or the no-break spaces French typesetting uses before these marks
_NO_BREAK = "[\u00a0\u202f]"  # a no-break space (Python's \s counts it as a space, rich breaks there)
_WORD = rf"{LATIN}+(?:{_NO_BREAK}+{LATIN}+)*"  # words joined by no-break spaces are one: "12 PV", "1,0 s"
_GLUED = (
    rf"{IDEOGRAPH_UNIT}"  # Chinese: one ideograph, with the marks that stay with it
    rf"|[{OPENING}]*(?:«{_SPACE}+)?{_WORD}(?:{_SPACE}+[:;!?»%](?:{_NO_BREAK}*{LATIN})*)*"  # "« " before, " :" after
)
WORD = re.compile(rf"\s*(?:{_GLUED})\s*")  # with the spaces around it, as rich counts a word


def words(plain: str) -> list[tuple[int, str]]:
    """Each word of ``plain`` with its start, a French mark kept with the word before it."""
    return [(m.start(), m.group()) for m in WORD.finditer(plain)]


def break_offsets(plain: str, width: int, fold: bool = True) -> list[int]:
    """Where one line of ``plain`` breaks to fit ``width`` cells, as rich decides it for its own words: before
    a word that does not fit on what is left of the line, and (``fold``) inside a word wider than a line."""
    offsets: list[int] = []
    used = 0
    for start, word in words(plain):
        length = cell_len(word.rstrip())
        if width - used >= length:
            used += cell_len(word)
        elif length > width:  # on no line whole: folded into pieces a line wide, or cropped
            at = start
            pieces = chop_cells(word, width) if fold else [word]
            for piece in pieces:
                if at:
                    offsets.append(at)
                at += len(piece)
                used = cell_len(piece)
        elif used and start:
            offsets.append(start)
            used = cell_len(word)
    return offsets


def wrap(text: Text, width: int, console: Console | None = None) -> Lines:
    """``text`` wrapped to ``width`` cells at our break points, justified and cut as rich's ``Text.wrap``."""
    justify = text.justify or "default"
    overflow = text.overflow or "fold"
    lines = Lines()
    for paragraph in text.split(allow_blank=True):
        if "\t" in paragraph:
            paragraph.expand_tabs(text.tab_size or 8)
        if text.no_wrap or overflow == "ignore":
            divided = Lines([paragraph])
        else:
            divided = paragraph.divide(break_offsets(paragraph.plain, width, fold=overflow == "fold"))
            for line in divided:
                line.rstrip_end(width)
        if justify != "default":  # rich's default leaves each line as it is
            divided.justify(console or Console(width=width), width, justify=justify, overflow=overflow)
        for line in divided:
            line.truncate(width, overflow=overflow)
        lines.extend(divided)
    return lines


class Glued:
    """A rich renderable: ``text`` wrapped by ``wrap`` at the width it is given (French marks kept)."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from Text("\n").join(wrap(self.text, options.max_width, console)).render(console, end=self.text.end)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = self.text.plain
        widest_word = max((cell_len(word.strip()) for _, word in words(plain)), default=0)
        widest_line = max((cell_len(line) for line in plain.split("\n")), default=0)
        return Measurement(widest_word, widest_line).clamp(max_width=options.max_width)


def glued(renderable: RenderableType) -> RenderableType:
    """The same renderable with every Text in it (in Groups, Paddings and Panels) wrapped by ``Glued``."""
    if isinstance(renderable, Text):
        return Glued(renderable)
    if isinstance(renderable, Group):
        return Group(*(glued(r) for r in renderable.renderables))
    if isinstance(renderable, Panel | Padding):
        renderable.renderable = glued(renderable.renderable)
    return renderable
