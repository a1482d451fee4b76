"""The Fight table: two Fight decks as rows of cards facing each other, the pair of this Turn between them,
larger, and what each card did written beside it.

The screen hands the table what to draw (``TableScene``); the table draws it at a fixed height for the
screen's size (the tallest card of the game decides it), so nothing jumps when a Turn passes. A row is
either cards (``CardWidget``, each with its full text under the pointer) where the rows have room, or one
line per row of whole card names (never cut inside a name). Who may see a coming card is decided by
``tagteam.render.fight_table.deck_slots``, never here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.align import Align
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from tagteam.engine import events as ev
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView
from tagteam.render.board import Palette
from tagteam.render.card_face import COMPACT, FULL, STAR, CardFace
from tagteam.render.compact import team_title
from tagteam.render.fight_table import Slot, deck_slots, what_each_did
from tagteam.widgets.card import CardWidget
from tagteam.words import cells
from tagteam.words import fight as words
from tagteam.words import table as table_words
from tagteam.words.names import card_name

ROW_CARD = 18  # a card of a row, in cells
DID_ROWS = 7  # the pair's rows at least: what a busy Turn's cards did
PAIR_SMALL = 16  # the pair when the table is compact (no text on the card: its text is under the pointer)


@dataclass(frozen=True, slots=True)
class Layout:
    """How the table is drawn at a size: rows as cards or as lines of names, the pair with or without its
    text, and the pair's width."""

    card_rows: bool
    pair_text: bool
    pair_width: int
    row_width: int = ROW_CARD  # a row's card, in cells (wider where the room allows: 160 columns)

    @property
    def pair_size(self) -> str:
        return FULL if self.pair_text else COMPACT


@dataclass(frozen=True, slots=True)
class TableScene:
    """What the table shows now: the public view, whose rows, the cards on the table, the Turn's events."""

    view: PlayerView
    names: tuple[str, str]
    palette: Palette
    you: int | None
    revealed: dict[int, tuple[int, bool]]
    events: Sequence[ev.Event] = field(default=())
    hidden_pair: bool = False  # the pair lies face down for a moment (the reveal's animation)
    quiet: bool = False  # what the cards did is not written yet (the reveal's animation)


def top_seat(you: int | None) -> int:
    """The seat whose row is drawn at the top: the other player's, as at a table (P2 on a shared screen)."""
    return 0 if you == 1 else 1


def face_of(table: GameTable, inst: int, flipped: bool, pal: Palette, size: str, width: int, **kw: object) -> CardFace:
    ci = table.cards[inst]
    style = pal.seat[ci.owner >> 1]
    return CardFace(
        ci.cdef.model,
        table.fighters[ci.owner].model,
        style,
        ci.starred,
        flipped,
        size,
        width=width,
        **kw,  # type: ignore[arg-type]
    )


_TALLEST: dict[tuple[int, str, bool, int], tuple[GameTable, int]] = {}


def tallest(table: GameTable, size: str, text: bool, width: int) -> int:
    """The rows the tallest card of this game takes at this size (either side of a Summoning): the place
    every card of that kind gets, so the table keeps its height from Turn to Turn. Measured once a game."""
    key = (id(table), size, text, width)
    known = _TALLEST.get(key)
    if known is not None and known[0] is table:
        return known[1]
    console = Console(width=200, legacy_windows=False, color_system=None)
    most = 0
    for ci in table.cards:
        for flipped in (False, True) if ci.cdef.model.flipped_text else (False,):
            face = CardFace(ci.cdef.model, table.fighters[ci.owner].model, "", ci.starred, flipped, size, text)
            room = max(width, face.min_width())
            most = max(most, len(console.render_lines(face.panel(room), console.options.update_width(room))))
    if len(_TALLEST) > 32:
        _TALLEST.clear()
    _TALLEST[key] = (table, most)
    return most


def chips(slots: list[Slot], table: GameTable, pal: Palette, width: int, label: Text) -> Text:
    """A row as whole card names on lines of ``width`` cells: played cards by name, your own coming cards
    named and marked, the rest as a count face down. A name is never split between lines."""
    pieces: list[Text] = [label]
    down = 0
    mine: list[str] = []
    for slot in slots:
        if slot.place == "now":
            continue  # drawn large in the middle
        if slot.inst is None:
            down += 1
            continue
        ci = table.cards[slot.inst]
        name = card_name(ci.cdef.model) + (f" {STAR}" if ci.starred else "") + (" ⇅" if slot.flipped else "")
        if slot.place == "coming":
            mine.append(name)
        else:
            pieces.append(Text(f"▣ {name}", style="bold"))
    if mine:
        pieces.append(Text(table_words.coming_known(), style="italic"))
        pieces.extend(Text(f"▢ {name}", style="italic") for name in mine)
    if down:
        pieces.append(Text(f"░ {table_words.coming(down)}", style=pal.dim))
    out = Text()
    used = 0
    for i, piece in enumerate(pieces):
        need = piece.cell_len + (2 if i else 0)
        if i and used + need > width:
            out.append("\n")
            used = 0
            need = piece.cell_len
        elif i:
            out.append("  ")
        out.append_text(piece)
        used += need
    return out


class DeckRow(Static):
    """One Fight deck's row: its label, then its cards drawn side by side (``CardFace``, the card widget's
    face: one widget for the row keeps a Turn's redraw cheap; every card's text is one key away, ``v``) or,
    where the table is compact, a line of whole names."""

    DEFAULT_CSS = """
    DeckRow { height: auto; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(markup=False, **kw)

    def show(self, slots: list[Slot], table: GameTable, pal: Palette, label: Text, layout: Layout) -> None:
        if not layout.card_rows:
            self.update(chips(slots, table, pal, max(20, self.size.width or 80), label))
            return
        faces: list[RenderableType] = []
        for slot in slots:
            if slot.place == "now":
                continue  # drawn large in the middle
            if slot.inst is None:
                faces.append(CardFace(None, style=pal.dim, size=COMPACT, width=layout.row_width))
            else:
                note = (Text(words.to_come(), style="italic"),) if slot.place == "coming" else ()
                faces.append(face_of(table, slot.inst, slot.flipped, pal, COMPACT, layout.row_width, note=note))
        if not faces:
            self.update(label)
            return
        grid = Table.grid(padding=(0, 1))
        grid.add_row(*faces)
        self.update(Group(label, grid))


class FightTable(Vertical):
    """The table: the top row, the pair with what each card did, the bottom row."""

    DEFAULT_CSS = """
    FightTable { height: auto; padding: 0 1; }
    FightTable #pair { height: auto; }
    FightTable #pair CardWidget { width: auto; height: 100%; }
    FightTable #did { width: 1fr; height: 100%; padding: 0 1; }
    """

    def __init__(self, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.layout_ = Layout(False, False, PAIR_SMALL)

    def compose(self) -> ComposeResult:
        yield DeckRow(id="row-top", classes="deck")
        with Horizontal(id="pair"):  # each card under its seat's name (the widget's header)
            yield CardWidget(CardFace(None, size=COMPACT, width=PAIR_SMALL), id="card0")
            yield Static(id="did", markup=False)
            yield CardWidget(CardFace(None, size=COMPACT, width=PAIR_SMALL), id="card1")
        yield DeckRow(id="row-bottom", classes="deck")

    def pair_rows(self, table: GameTable, layout: Layout) -> int:
        """The pair's rows: a name line over the tallest card of the game, and at least ``DID_ROWS``, the
        rows a busy Turn's lines take between the cards."""
        return max(DID_ROWS, 1 + tallest(table, layout.pair_size, layout.pair_text, layout.pair_width))

    def heights(self, table: GameTable, layout: Layout, width: int) -> int:
        """The rows the table takes at this layout (the screen gives the boards what is left)."""
        pair = self.pair_rows(table, layout)
        row = 2 + tallest(table, COMPACT, False, layout.row_width) if layout.card_rows else 2  # label, cards, a note
        return pair + 2 * row

    def show(self, scene: TableScene, layout: Layout) -> None:
        self.layout_ = layout
        view, pal = scene.view, scene.palette
        table = view.table
        if table is None:
            return
        top = top_seat(scene.you)
        row_height = 2 + tallest(table, COMPACT, False, layout.row_width) if layout.card_rows else 2  # label, a note
        for seat, row_id in ((top, "#row-top"), (1 - top, "#row-bottom")):
            now = scene.revealed.get(seat, (None, False))[0]
            slots = deck_slots(view, seat, scene.you, now)
            size = len(slots)
            left = sum(1 for s in slots if s.place == "coming")
            label = Text(words.row_label(team_title(scene.names, seat), size, left))  # the boards say "(you)"
            label.stylize(f"bold {pal.seat[seat]}".strip())
            row = self.query_one(row_id, DeckRow)
            row.styles.height = row_height
            row.show(slots, table, pal, label, layout)
        pair_height = self.pair_rows(table, layout)
        self.query_one("#pair").styles.height = pair_height
        did = what_each_did(scene.events, table, pal, short=not layout.pair_text) if not scene.quiet else ([], [])
        for seat in (0, 1):
            who = Text(team_title(scene.names, seat), style=f"bold {pal.seat[seat]}".strip(), no_wrap=True)
            card = self.query_one(f"#card{seat}", CardWidget)
            shown = scene.revealed.get(seat)
            if shown is None or scene.hidden_pair:
                face = CardFace(None, style=pal.dim, size=COMPACT, width=layout.pair_width)
            else:
                inst, flipped = shown
                face = face_of(table, inst, flipped, pal, layout.pair_size, layout.pair_width, text=layout.pair_text)
            card.show(face, who)
        self.query_one("#did", Static).update(self._did(did, scene, pair_height))

    def _did(self, did: tuple[list[Text], list[Text]], scene: TableScene, room: int) -> RenderableType:
        """What each card did, between the two cards: the left card's lines from the left, the right card's
        from the right. Where they need more than ``room`` rows, each card's lines share rows, whole."""
        if not scene.revealed:
            return Text(words.no_card(), style="italic")
        width = max(10, self.query_one("#did").content_region.width or 30)
        parts = [list(did[0]), list(did[1])]
        if sum(-(-line.cell_len // width) for p in parts for line in p) > room:
            parts = [packed(p, width) for p in parts]
        lines: list[RenderableType] = []
        for seat, part in enumerate(parts):
            lines.extend(Align.right(line) if seat else line for line in part)  # each beside its own card
        return Group(*lines)


def packed(lines: list[Text], width: int) -> list[Text]:
    """Lines joined with " · " on as few rows of ``width`` cells as they fit, a line never split."""
    out: list[Text] = []
    for line in lines:
        if out and out[-1].cell_len + 3 + line.cell_len <= width:
            out[-1].append(" · ").append_text(line)
        else:
            out.append(line.copy())
    return out


def widest_name(table: GameTable) -> int:
    """The widest card name of this game, in cells (a row line is never narrower)."""
    return max(cells(card_name(ci.cdef.model)) for ci in table.cards)
