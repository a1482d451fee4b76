"""A card drawn as a card: a rich renderable of one card's face (or its back), at a width given in cells.

Its name whole (wrapped between words, never inside one: the card is never narrower than its longest word),
its Fighter in the team's colour and by name, what it does as the line-up's marks (``A`` Attack, ``?`` maybe,
``★`` Starting Card: one set of marks, ``tagteam.render.lineup``), a turned-over Summoning marked in words,
and, at full size, the card's own text. Nothing is decided here: the Actions are the engine's reading of the
card's data (``reachable_ops`` with no position: what a condition or the other card decides is "maybe").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.text import Text

from tagteam.content.models import Card
from tagteam.engine.now import reachable_ops
from tagteam.engine.table import GameTable
from tagteam.render.cards import KEYWORDS
from tagteam.render.glued import Glued
from tagteam.render.lineup import MAYBE, NONE, action_words, mark, no_action
from tagteam.words import _, cells
from tagteam.words import table as words
from tagteam.words.names import card_name, card_text, fighter_name

FULL = "full"  # the cards panel, the Fight's revealed pair: marks with their words, and the text with ``text``
COMPACT = "compact"  # a row of cards at 80x24: marks only
SIZES = (FULL, COMPACT)
# a card as one line under its Fighter's name (the Draft's preview at 80x24): name, star, marks, copies, no border
LINE = "line"
WIDTHS = {COMPACT: 16, FULL: 26}  # the widths the table draws at (the test puts every name through each)
LARGE = 34  # the revealed pair at 120 columns and more
STAR = "★"
BACK = "░"


def card_kinds(card: Card, flipped: bool = False) -> list[str]:
    """The basic Actions printed on the card (``KEYWORDS`` words, "Heal" first for an Instant Bonus), each
    ending in ``MAYBE`` when a condition or the other card decides it: the engine's ``reachable_ops`` with no
    position, as the line-up reads a card it cannot place yet."""
    upside = flipped and card.flipped_text is not None
    effects = (card.flipped_effects or []) if upside else card.effects
    found: list[str] = []
    for op, sure in reachable_ops(None, 0, effects).items():
        word = KEYWORDS.get(op)
        if word is None or word in found or word + MAYBE in found:
            continue
        found.append(word if sure else word + MAYBE)
    if card.instant_heal and "Heal" not in found:
        found = ["Heal"] + [k for k in found if k != "Heal" + MAYBE]
    return found


def _marked(kind: str) -> str:
    sure = not kind.endswith(MAYBE)
    return mark(kind if sure else kind[: -len(MAYBE)]) + ("" if sure else MAYBE)


def marks_line(kinds: Sequence[str]) -> str:
    """The Actions as their marks ("A+P?"), as the line-up writes them."""
    return "+".join(_marked(k) for k in kinds)


def longest_word(text: str) -> int:
    """The widest word of ``text``, in cells: a card is never drawn narrower, so no word is cut."""
    return max((cells(word) for word in text.split()), default=0)


def pack(pieces: Iterable[str], width: int, sep: str = " · ") -> list[str]:
    """Pieces on as few lines of ``width`` cells as they fit, a piece never split (one wider than ``width``
    gets a line of its own)."""
    lines: list[str] = []
    for piece in pieces:
        if lines and cells(lines[-1] + sep + piece) <= width:
            lines[-1] += sep + piece
        else:
            lines.append(piece)
    return lines


@dataclass(frozen=True, slots=True)
class CardFace:
    """One card, face up or face down. ``fighter`` is anything with a printed name (a content ``Fighter`` or an
    engine ``FighterDef``); ``style`` the team's colour (a palette's seat style); ``starred`` the Starting
    Card star on this copy; ``text`` writes the card's own text (and a Summoning's other half) under it;
    ``note`` lines (what the card did this Turn) close the face. The words are looked up when it is drawn."""

    card: Card | None
    fighter: Any = None
    style: str = ""
    starred: bool = False
    flipped: bool = False
    size: str = FULL
    text: bool = False
    copies: bool = False
    width: int | None = None
    note: tuple[Text, ...] = ()
    label: str = ""  # the back's label (a slot number), face down only

    @property
    def face_down(self) -> bool:
        return self.card is None

    def _pad(self) -> int:
        return 0 if self.size in (COMPACT, LINE) else 1

    def min_width(self, pad: int = 0) -> int:
        """The narrowest this card is drawn: its longest word (name, Fighter, each mark and its word), plus
        its border and ``pad`` blanks each side."""
        chrome = 0 if self.size == LINE else 2 + 2 * pad
        if self.card is None:
            return max(chrome + 1, cells(words.face_down()) + chrome)
        name = card_name(self.card) + (f" {STAR}" if self.starred else "")
        widest = [longest_word(name), longest_word(self._fighter()), *(cells(p) for p in self._action_pieces())]
        if self.flipped and self.card.flipped_text is not None:
            widest.append(cells(words.upside_down()))
        return max(widest) + chrome

    def _fighter(self) -> str:
        return fighter_name(self.fighter) if self.fighter is not None else ""

    def _upside(self) -> bool:
        return self.card is not None and self.flipped and self.card.flipped_text is not None

    def _action_pieces(self) -> list[str]:
        """What the card does, one piece per Action: its mark alone (compact), or its mark and its word."""
        assert self.card is not None
        kinds = card_kinds(self.card, self.flipped)
        if not kinds and not self.card.instant_heal:  # no basic Action: the legend's "—", never a blank
            return [NONE] if self.size == COMPACT else [f"{NONE} {no_action()}"]
        if self.size in (COMPACT, LINE):
            line = marks_line(kinds)
            return [line] if line else []
        return [f"{_marked(k)} {word}" for k, word in zip(kinds, action_words(kinds), strict=True)]

    def lines(self, inner: int) -> list[RenderableType]:
        """The face's lines for ``inner`` cells of room inside the border."""
        if self.card is None:
            return self._back(inner)
        card = self.card
        out: list[RenderableType] = []
        name = Text(card_name(card), style="bold")
        if self.starred:
            name.append(f" {STAR}", style="bold")
        out.append(name)
        if self.fighter is not None:
            out.append(Text(self._fighter(), style=f"bold {self.style}".strip()))
        if self._upside():
            out.append(Text(words.upside_down(), style="italic"))
        acts = self._action_pieces()
        if self.size != COMPACT and card.instant_heal:
            acts.insert(0, words.instant(card.instant_heal))
        out.extend(Text(line, style="italic") for line in pack(acts, inner, "  "))
        if self.text:
            out.append(Glued(Text(card_text(card, flipped=self._upside()))))  # Chinese broken where it may be
            if card.flipped_text and not self._upside():
                other = _("Other half (after turning over): {text}").format(text=card_text(card, flipped=True))
                out.append(Glued(Text(other, style="dim")))
        out.extend(self.note)
        return out

    def _back(self, inner: int) -> list[RenderableType]:
        """The back: a pattern, a word (never a colour alone) and the label, if any."""
        rows: list[RenderableType] = [Text(BACK * inner, style="dim")]
        for word in (words.face_down(), self.label):
            if word:
                word = f" {word} " if cells(word) + 2 <= inner else word
                centred = word.center(inner - cells(word) + len(word), BACK)  # in cells: a wide letter takes two
                rows.append(Text(centred if cells(word) <= inner else word, style="dim"))
        rows.append(Text(BACK * inner, style="dim"))
        return rows

    def line(self, width: int) -> Text:
        """The card as one line (``LINE``): the back's word, or its name (and star) in bold, its marks, and its
        copies; wrapped between words where ``width`` is short, never inside one."""
        if self.card is None:
            return Text(f"{BACK} {words.face_down()}", style="dim")
        name = card_name(self.card) + (f" {STAR}" if self.starred else "")
        text = Text(name, style=f"bold {self.style}".strip())
        for piece in self._action_pieces():
            text.append("  " + piece, style="italic")
        if self.copies and self.card.copies > 1:
            text.append("  " + words.copies(self.card.copies), style="dim")
        return text

    def panel(self, width: int) -> Panel:
        """The face in its border, ``width`` cells wide (never less than ``min_width``): a full face too narrow
        for its padding drops it before it would cut a word."""
        width = max(width, self.min_width())
        pad = self._pad() if width >= self.min_width(self._pad()) else 0
        inner = width - 2 - 2 * pad
        subtitle = None
        if self.copies and self.card is not None:
            subtitle = words.copies(self.card.copies)
        return Panel(
            Group(*self.lines(inner)),
            box=box.ROUNDED,
            border_style=self.style or "none",
            width=width,
            padding=(0, pad),
            subtitle=subtitle,
            subtitle_align="right",
        )

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(self.width if self.width is not None else options.max_width, self.min_width())
        shown = self.line(width) if self.size == LINE else self.panel(width)
        yield from console.render(shown, options.update_width(width))  # wider, never cut

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        least = self.min_width()
        most = self.width if self.width is not None else max(least, options.max_width)
        return Measurement(least, max(least, most))


def table_face(
    table: GameTable,
    inst: int,
    flipped: bool = False,
    seat_styles: tuple[str, str] = ("", ""),
    size: str = FULL,
    text: bool = False,
    note: tuple[Text, ...] = (),
    width: int | None = None,
) -> CardFace:
    """The face of card instance ``inst`` of a game: its Fighter by name in its team's colour (``seat_styles``,
    a palette's), the star on the one starred copy, turned over where it lies upside down."""
    ci = table.cards[inst]
    fd = table.fighters[ci.owner]
    return CardFace(
        ci.cdef.model,
        fd.model,
        seat_styles[ci.owner // 2],
        ci.starred,
        flipped,
        size=size,
        text=text,
        note=note,
        width=width,
    )
