"""Build: pick one of three drawn cards, the slot it goes into, and the order of the other two under the Build deck.

The screen is laid out like the table: both teams' boards (compact), the three drawn cards with their
Fighter, the full text of the card being kept, and the line-up (your next Fight slot by slot against the
opponent's last Fight, with clashes in words). Everything shown is read from this seat's view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.styles import RulesMap
from textual.message import Message
from textual.strip import Strip
from textual.style import Style
from textual.timer import Timer
from textual.visual import RenderOptions, Visual
from textual.widgets import Footer, Static

from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView
from tagteam.render.card_face import COMPACT, FULL, WIDTHS, CardFace, table_face
from tagteam.render.cards import card_panel
from tagteam.render.compact import team_packed
from tagteam.render.glued import wrap
from tagteam.render.lineup import (
    Slot,
    action_words,
    coming_kinds,
    drawn_line,
    fold_row,
    folded,
    lineup_header,
    lineup_legend,
    lineup_rows,
)
from tagteam.render.unwidowed import Unwidowed
from tagteam.screens.base import GameScreen, SeatContext
from tagteam.screens.messages import Decided, HalfBuilt, TableMemory
from tagteam.widgets.basic import CardTile, LineUp, NoticeLine
from tagteam.widgets.card import CardWidget
from tagteam.words import N_, _, cells
from tagteam.words.names import card_name, card_text, fighter_name

if TYPE_CHECKING:
    from tagteam.screens.advisers import Coach, WhatIfAdviser
    from tagteam.words.advice import CoachLine, WhatIfLine

WIDE = 120  # from this width on, the kept card's text sits beside the drawn cards
FACES_WIDE = 120  # from this width on, a drawn card's face carries its whole text
BESIDE = 160  # from this width on, the coach and the what-if sit beside the line-up (else they take the boards' place)
COMPACT_W = WIDTHS[COMPACT]  # a card of their last Fight, drawn small under the line-up
NAMES_WHOLE = 96  # from this line-up width on, card names in the line-up wrap, never shortened
NO_COACH = N_("No coach here: it is for solo practice (your opponent here is a person).")  # hot-seat or online


@dataclass(frozen=True, slots=True)
class Detail:
    """How much the screen shows besides the line-up: whole Health tracks, every drawn card's text, the
    opponent's card and the Actions under the kept card, HP bars; ``trim``: the boards' last resorts for a
    long line-up at 80x24 (``team_packed``: packed lines, the next Stop left out last; the special tracks and
    tokens always stay, the line-up folds rather than lose them), so slot 1 stays in sight with the new card."""

    tracks: bool
    texts: bool
    extras: bool
    bar: bool
    trim: int = 0
    faces: bool = False  # the drawn cards drawn as cards, side by side (their text on the face)


LEVELS = (
    Detail(True, True, True, True, faces=True),
    Detail(True, True, True, True),
    Detail(True, False, True, True),
    Detail(False, False, True, True),
    Detail(False, False, False, True),
    Detail(False, False, False, False),
    Detail(False, False, False, False, 1),
    Detail(False, False, False, False, 2),
)


class InsertLine(Static):
    """The line that says where the kept card goes and the order of the two under: a click on it swaps that
    order (as ``o`` does), so every Build choice has a click as well as a key."""

    class Swap(Message):
        """The line was clicked."""

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Swap())


def row_key(row: Table) -> tuple[object, ...]:
    """What a line-up row's height depends on: its columns' settings and the words in its cells. Moving the new
    card changes two rows, so the others keep the height measured at the last position (measuring every row
    again made each arrow key cost a visible pause on a long line-up)."""
    return (
        "row",
        row.padding,
        row.pad_edge,
        row.expand,
        *((c.width, c.ratio, c.no_wrap, c.overflow, tuple(str(cell) for cell in c.cells)) for c in row.columns),
    )


class BuildScreen(GameScreen):
    """Everything here is this seat's secret; the app replaces the screen (never covers it) when it is done."""
    ctx: SeatContext  # given at construction: never None here

    CSS_PATH = "build.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        GameScreen.SHOWN_CARDS_KEY,  # their cards, one key away, said in the footer
        Binding("c", "confirm", N_("Lock")),
        Binding("1", "card(0)", N_("Card 1"), show=False),
        Binding("2", "card(1)", N_("Card 2"), show=False),
        Binding("3", "card(2)", N_("Card 3"), show=False),
        Binding("o", "swap", N_("Order under"), show=False),  # said in the heading: the footer keeps "? Rules" whole
        Binding("t", "memory", N_("Table memory")),
        Binding("h", "coach", N_("Coach")),
        Binding("h", "no_coach", N_("Coach"), show=False),
        Binding("w", "what_if", N_("What if")),
        Binding("escape", "close_panel", N_("Close"), show=False),
        Binding("pageup", "panel_scroll(-1)", N_("Scroll"), show=False, priority=True),
        Binding("pagedown", "panel_scroll(1)", N_("Scroll"), show=False, priority=True),
        Binding("home", "slot('home')", N_("Top"), show=False),
        Binding("end", "slot('end')", N_("Bottom"), show=False),
    ]

    def __init__(
        self,
        ctx: SeatContext,
        table_memory: bool = False,
        coach: Coach | None = None,
        what_if: WhatIfAdviser | None = None,
        kept: tuple[int, int, tuple[int, int]] | None = None,
        keeps: bool = False,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.kept = kept  # a choice made here before a reload or a rejoin: (card, position, bottom)
        self.keeps = keeps  # a game's Build (not a puzzle's): each change is posted for the app to keep
        self.seat = ctx.seat
        self.table_memory = table_memory
        self.coach = coach  # solo practice only: never offered between two humans
        self.what_if = what_if  # solo practice only: the line-up if they insert at the top, middle or bottom
        self.card = 0
        self.position = 0
        self.bottom: tuple[int, int] = (1, 2)
        self.panel: str | None = None  # what the side panel shows: "coach", "what_if", "note" or nothing
        self._level: Detail | None = None  # the detail the screen was last laid out at (None: not yet)
        self._rerate: Timer | None = None
        self._measured: dict[tuple[object, ...], int] = {}
        self._lineup_memo: tuple[tuple[object, ...], tuple[int, bool, list[Table]]] | None = None

    @property
    def view(self) -> PlayerView:
        return self.ctx.view

    def body(self) -> ComposeResult:
        v = self.view
        self._v = v
        self.position = len(v.my_fight_deck)  # bottom by default: the least surprising place
        if self.kept is not None:  # as it was before the page was reloaded or the seat rejoined
            card, position, bottom = self.kept
            if card < len(v.drawn) and position <= len(v.my_fight_deck) and {card, *bottom} == set(range(len(v.drawn))):
                self.card, self.position, self.bottom = card, position, bottom
        head = _("{player}: Build, round {round} · 1-3 keep · ↑↓ slot · o order · c lock")
        head = head.format(player=self.ctx.name, round=v.round)
        yield Static(head, id="head", markup=False)
        with Horizontal(id="teams"):
            yield Static(id="team0", classes="team")
            yield Static(id="team1", classes="team")
        with Horizontal(id="middle"):
            with Vertical(id="drawn"):
                for i in range(len(v.drawn)):
                    yield CardTile("", i, classes="tile")
            yield Static(id="focus")
        with Horizontal(id="lower"):
            with Vertical(id="lineupbox"):
                yield LineUp(id="lineup")
                yield Static(id="theirs-head", markup=False)
                with Container(id="theirs"):
                    for k, slot in enumerate(self._their_last()):
                        yield CardWidget(self._their_face(slot), index=k, classes="their-card")
            with VerticalScroll(id="coachbox"):
                yield Static(id="coach", markup=False)
        yield InsertLine(id="status", markup=False)
        yield NoticeLine()  # notices here, under the choices, never a toast over a board or the line-up
        yield Footer()

    def on_mount(self) -> None:
        self._refresh_all()
        self.query_one(LineUp).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= WIDE, "-wide")
        self.set_class(event.size.width >= BESIDE, "-beside")
        self._place_panel()
        self._refresh_all()

    def _place_panel(self) -> None:
        """The coach or what-if takes the boards' place below ``BESIDE`` columns (the line-up stays in sight)."""
        self.set_class(self.panel in ("coach", "what_if") and not self.has_class("-beside"), "-coached")

    # ------------------------------------------------------------------ drawing

    def _their_last(self) -> list[Slot]:
        """The opponent's last Fight as the line-up pairs it (a card removed from the game takes no slot)."""
        v = self.view
        return [Slot(i, i in v.flipped) for i in v.last_played[1 - self.seat] if i not in v.removed]

    def _their_face(self, slot: Slot) -> CardFace:
        assert self.view.table is not None
        return table_face(self.view.table, slot.inst, slot.flipped, self.ctx.palette.seat, COMPACT, width=COMPACT_W)

    def _theirs_rows(self) -> int:
        """Rows the opponent's last Fight drawn as cards takes below the line-up (its heading included)."""
        cards = self._their_last()
        if not cards or self.table_memory:
            return 0
        per_row = max(1, (self._lineup()[0] - 2) // (COMPACT_W + 1))
        tall = max(
            self._rows(("their-face", s.inst, s.flipped), partial(self._their_face, s), COMPACT_W) for s in cards
        )
        return 1 + -(-len(cards) // per_row) * tall

    def _drawn_face(self, i: int, mark: str, width: int) -> CardFace:
        v = self._v
        assert v.table is not None
        note = (Text(mark.strip(), style="bold reverse" if i == self.card else "bold"),)
        wide = self.size.width >= FACES_WIDE
        return table_face(v.table, v.drawn[i], False, self.ctx.palette.seat, FULL if wide else COMPACT, wide, note)

    def _drawn_faces_rows(self) -> int:
        """Rows the drawn cards take drawn as cards, side by side (the tallest)."""
        width = max(1, (self.size.width - 2) // max(1, len(self._v.drawn)) - 1)
        return max(
            (
                self._rows(("drawn-face", i, self.size.width), partial(self._drawn_face, i, "x", width), width)
                for i in range(len(self._v.drawn))
            ),
            default=0,
        )

    def _slots(self) -> tuple[list[Slot], list[Slot]]:
        """Your next Fight with the kept card at ``position``, and the opponent's last Fight."""
        v = self._v
        mine = [Slot(i, i in v.flipped) for i in v.my_fight_deck]
        mine.insert(self.position, Slot(v.drawn[self.card], False))
        theirs = [Slot(i, i in v.flipped) for i in v.last_played[1 - self.seat]]
        return mine, theirs

    def _rows(self, key: tuple[object, ...], make: Callable[[], RenderableType], width: int) -> int:
        """How many terminal rows ``make()`` takes at ``width`` cells (to choose what fits, never to cut),
        remembered under ``key``: the view does not change while the screen is up, only the selection."""
        known = self._measured.get((*key, width))
        if known is None:
            console = self.app.console
            options = console.options.update_width(max(1, width))
            known = self._measured[(*key, width)] = len(console.render_lines(make(), options, pad=False))
        return known

    def _detail(self) -> Detail:
        """The richest layout that leaves every line-up slot on screen (``LEVELS``, richest first)."""
        h = self.size.height
        lineup = self._lineup_height()
        return next((level for level in LEVELS if self._around(level) + lineup <= h), LEVELS[-1])

    def _around(self, level: Detail) -> int:
        """The rows the screen gives everything but the line-up box at ``level``: the heading, both boards,
        the drawn cards and the kept card's text, the status line and the footer."""
        v = self._v
        w = self.size.width
        half = w // 2
        focus_w = (w * 2) // 5 - 3 if w >= WIDE else w - 3
        drawn_w = w - focus_w - 3 if w >= WIDE else w - 2
        teams = max(
            self._rows(
                ("team", seat, level.tracks, level.bar, level.trim), partial(self._team, seat, half, level), half
            )
            for seat in (0, 1)
        )
        drawn = len(v.drawn)
        if level.faces:
            drawn = self._drawn_faces_rows()
            focus_w = w - 3  # the focus under the cards, the whole width
        elif level.texts:
            drawn += sum(
                self._rows(("drawn", i), partial(Unwidowed, self._drawn_text(i)), drawn_w) for i in range(len(v.drawn))
            )
        key = ("focus", self.card, self.position, self.table_memory, level.extras, level.faces)
        focus = self._rows(key, partial(self._focus, level.extras, self._own_text(level)), focus_w)
        middle = max(drawn, focus) if w >= WIDE and not level.faces else drawn + focus
        return self._head_rows() + teams + middle + 1 + 1

    def _head_rows(self) -> int:
        """The heading's rows: one, or two where its words need them (a French heading, a long name)."""
        head = str(self.query_one("#head", Static).content)
        return self._rows(("head", head), partial(Text, head), max(1, self.size.width - 2))

    def _shown_rows(self, level: Detail) -> list[int | RenderableType]:
        """The line-up rows to show: every one when the box fits at ``level``, else slot 1, the new card's slot
        and the rows nearest it, with one row for each run folded away (``render.lineup.folded``)."""
        full, _wide, rows = self._lineup()
        mine, theirs = self._slots()
        coached = self.has_class("-coached")  # the boards and the kept card's text give the coach their place
        around = self._head_rows() + len(self._v.drawn) + 1 + 1 if coached else self._around(level)
        room = self.size.height - around - 2  # the box's borders
        heights = [self._rows(row_key(row), partial(Group, row), full - 2) for row in rows]
        staying = [] if self.table_memory else [t for t in theirs if t.inst not in self._v.removed]
        slots = max(len(mine), len(staying))  # the rows after them say what was removed: always shown
        keep = {0, self.position - 1, self.position, self.position + 1, len(mine) - 1, *range(slots, len(rows))}
        return [r if isinstance(r, int) else fold_row(r) for r in folded(heights, room, keep, self.position)]

    def _lineup(self) -> tuple[int, bool, list[Table]]:
        """The line-up box's width, whether names are whole, and its rows for the current selection (made once
        per selection and size: the layout measures them, then shows them)."""
        v = self._v
        assert v.table is not None
        full = self.size.width // 2 if self.has_class("-beside") and self.panel else self.size.width
        key = (self.card, self.position, self.table_memory, full)
        if self._lineup_memo is None or self._lineup_memo[0] != key:
            mine, theirs = self._slots()
            width = max(40, full - 4)
            wide = width >= NAMES_WHOLE
            staying = None if self.table_memory else [t for t in theirs if t.inst not in v.removed]
            rows = lineup_rows(v.table, mine, staying, self.position, width, wide, v)
            rows.extend(self._removed_rows(theirs))
            self._lineup_memo = (key, (full, wide, rows))
        return self._lineup_memo[1]

    def _removed_rows(self, theirs: list[Slot]) -> list[Table]:
        """The line-up's last rows: your cards removed from the game (Crippling Touch takes the card it meets,
        which then vanishes from your deck), then theirs from their last Fight (none with table memory on)."""
        v = self._v
        assert v.table is not None
        table = v.table
        mine = [i for i in sorted(v.removed) if table.cards[i].owner // 2 == self.seat]
        gone = [] if self.table_memory else [t.inst for t in theirs if t.inst in v.removed]
        notes = []
        if mine:
            names = ", ".join(card_name(table.cards[i].cdef) for i in mine)
            notes.append(_("Removed from the game, not in your next Fight: {cards}").format(cards=names))
        if gone:
            names = ", ".join(card_name(table.cards[i].cdef) for i in gone)
            notes.append(_("Removed from the game, not in their next Fight: {cards}").format(cards=names))
        rows = []
        for note in notes:
            # a space after the box's border, as the slots have
            grid = Table.grid(expand=True, padding=(0, 0, 0, 1), pad_edge=True)
            grid.add_column(ratio=1, overflow="fold")
            grid.add_row(Text(note, style="italic"))
            rows.append(grid)
        return rows

    def _lineup_height(self) -> int:
        """Rows the line-up box takes, borders included (a long name may wrap onto a second row)."""
        full, _wide, rows = self._lineup()
        return 2 + sum(self._rows(row_key(row), partial(Group, row), full - 2) for row in rows)

    def _team(self, seat: int, width: int, level: Detail) -> RenderableType:
        v, ctx = self._v, self.ctx
        return team_packed(
            v, seat, ctx.names, ctx.palette, width, tracks=level.tracks, bar=level.bar, you=self.seat, trim=level.trim
        )

    def _drawn_text(self, i: int) -> Text:
        assert self._v.table is not None
        return Text(card_text(self._v.table.cards[self._v.drawn[i]].cdef.model), style="italic")

    def _refresh_all(self) -> None:
        v = self._v
        table = v.table
        assert table is not None
        if not self.is_mounted:
            return
        level = self._level = self._detail() if self.size.width else LEVELS[-1]
        half = self.size.width // 2
        for seat in (0, 1):
            self.query_one(f"#team{seat}", Static).update(self._team(seat, half, level))
        self.set_class(level.faces, "-faces")
        width = max(1, (self.size.width - 2) // max(1, len(v.drawn)) - 1)
        for tile in self.query(CardTile):
            i = tile.index
            slot = Slot(v.drawn[i], False)
            if i == self.card:
                mark = _("[{number}] ▶ KEEP     ").format(number=i + 1)
            elif self.bottom[0] == i:
                mark = _("[{number}] under, 1st ").format(number=i + 1)
            else:
                mark = _("[{number}] under, 2nd ").format(number=i + 1)
            model = table.cards[slot.inst].cdef.model
            tile.card = model
            tile.tooltip = card_panel(model)  # the whole card under the pointer, at every size
            if level.faces:
                tile.update(self._drawn_face(i, mark, width))
            else:
                line = drawn_line(table, slot, mark, self._v)
                if level.texts:  # room for every drawn card's text, not only the kept one's
                    line.append("\n").append_text(self._drawn_text(i))
                tile.update(Unwidowed(line))
            tile.set_class(i == self.card, "-keep")
        self._show_theirs(level)
        self._refresh_side()

    def _show_theirs(self, level: Detail) -> None:
        """The opponent's last Fight drawn as cards under the line-up, where the rows are left for it (the
        line-up says it slot by slot at every size; its cards' text is under the pointer, and ``v``)."""
        need = self._theirs_rows()
        room = self.size.height - self._around(level) - self._lineup_height()
        shown = 0 < need <= room and not self.has_class("-coached")
        self.query_one("#theirs-head", Static).display = shown
        self.query_one("#theirs").display = shown
        if shown:
            grid = self.query_one("#theirs")
            grid.styles.grid_size_columns = max(1, (self._lineup()[0] - 2) // (COMPACT_W + 1))
            head = _("Their last Fight as cards (the pointer on one, or v, reads it whole)")
            self.query_one("#theirs-head", Static).update(Text(head, style="bold"))

    def _own_text(self, level: Detail) -> bool:
        """Whether the focus says the kept card's text: not where its face, drawn whole, says it already."""
        return not (level.faces and self.size.width >= FACES_WIDE)

    def _focus(self, extras: bool, own_text: bool = True) -> RenderableType:
        return Unwidowed(self._focus_text(extras, own_text))

    def _focus_text(self, extras: bool = True, own_text: bool = True) -> Text:
        """The kept card in full: name and text (on one wrapped line, the name first, so it never scrolls away
        from its text); with ``extras`` (room to spare), the opponent's card in
        the same slot and the kept card's Actions (the line-up row says both in short)."""
        v = self._v
        assert v.table is not None
        inst = v.drawn[self.card]
        ci = v.table.cards[inst]
        model = ci.cdef.model
        head = _("[{number}] {card}: ").format(number=self.card + 1, card=card_name(ci.cdef))  # French: " : "
        if not own_text:  # its face above says its text: here, what it meets
            head = _("[{number}] {card} ▶ KEEP").format(number=self.card + 1, card=card_name(ci.cdef))
        text = Text(head, style="bold")  # at every level: the text alone did not say whose it was
        if own_text:  # else its face above says it
            text.append(card_text(model))
        if model.flipped_text and own_text:
            other = _("Other half: {text}").format(text=card_text(model, flipped=True))
            text.append("\n" + other, style="italic")
        _mine, theirs = self._slots()
        theirs = [t for t in theirs if t.inst not in v.removed]  # as the line-up: a removed card takes no slot
        if extras and not self.table_memory and self.position < len(theirs):
            them = theirs[self.position]
            tci = v.table.cards[them.inst]
            text.append("\n" + _("Their #{slot} last Fight: ").format(slot=self.position + 1), style="bold")
            text.append(f"{card_name(tci.cdef)} — {fighter_name(v.table.fighters[tci.owner])}")
            tk = action_words(coming_kinds(v.table, them, v))
            if tk:
                text.append(" (" + ", ".join(tk) + ")")
        acts = action_words(coming_kinds(v.table, Slot(inst, False), v))
        if ci.cdef.instant_heal:
            heal = _("Instant Bonus: heal {hp} when added to the deck").format(hp=ci.cdef.instant_heal)
            text.append("\n" + heal)
        if acts and extras and own_text:
            text.append("\n" + _("Actions: {actions}").format(actions=" · ".join(acts)), style="bold")
        return text

    def _status(self) -> str:
        """Where the kept card goes and the order under, in one line: the longest wording that fits."""
        v = self._v
        assert v.table is not None
        n = len(v.my_fight_deck)
        if self.position == n:
            where = _("the bottom (slot #{slot})").format(slot=self.position + 1)
        elif self.position == 0:
            where = _("the top")
        else:
            where = _("slot #{slot}").format(slot=self.position + 1)
        first, second = (card_name(v.table.cards[v.drawn[i]].cdef) for i in self.bottom)
        one, two = (f"[{i + 1}]" for i in self.bottom)  # the drawn cards say which is which
        memory = self.table_memory
        long = _("▶ INSERT HERE: {where} · under: 1st {first}, then {second} (o swaps)")
        short = _("▶ INSERT HERE: {where} · under: {first} then {second}")
        options = [
            long.format(where=where, first=first, second=second)
            + (_(" · table memory on: the opponent's last Fight is hidden (t)") if memory else ""),
            long.format(where=where, first=one, second=two) + (_(" · table memory on (t)") if memory else ""),
            short.format(where=where, first=one, second=two) + (_(" · table memory on (t)") if memory else ""),
            short.format(where=where, first=one, second=two) + (_(" · memory on (t)") if memory else ""),
        ]
        return next((line for line in options if cells(line) <= self.size.width - 2), options[-1])

    def _refresh_side(self, rerate: bool = True) -> None:
        v = self._v
        assert v.table is not None
        self.query_one("#status", Static).update(self._status())
        level = self._detail() if self.size.width else LEVELS[-1]
        if self._level is not None and level != self._level:  # the new slot's texts change what fits: lay out again
            self._refresh_all()
            return
        self.query_one("#focus", Static).update(self._focus(level.extras, self._own_text(level)))
        mine, _theirs = self._slots()
        lineup = self.query_one(LineUp)
        full, wide, rows = self._lineup()
        legend = lineup_legend(wide, full - 6)  # the box less its corners and the blanks around a title
        lineup.border_subtitle = legend
        lineup.border_title = lineup_header(full - 6, self.table_memory, star="★" not in legend)
        lineup.set_rows(list(rows), self.position, len(mine), self._shown_rows(level) if self.size.height else None)
        if rerate and self.panel in ("coach", "what_if"):  # re-rate the new selection once keys settle
            if self._rerate is not None:
                self._rerate.stop()
            self._rerate = self.set_timer(0.4, self._ask)

    # ------------------------------------------------------------------ intents

    @on(LineUp.SlotChosen)
    def _slot(self, event: LineUp.SlotChosen) -> None:
        if event.position != self.position:
            self.position = event.position
            self._refresh_side()
            self._changed()

    def action_slot(self, where: str) -> None:
        self.position = 0 if where == "home" else len(self._v.my_fight_deck)
        self._refresh_side()
        self._changed()

    def _changed(self) -> None:
        """The app keeps the choice being made (``HalfBuilt``), for a reload or a rejoin."""
        if self.keeps:
            self.post_message(HalfBuilt(self.seat, self.card, self.position, self.bottom))

    @on(CardTile.Selected)
    def _tile(self, event: CardTile.Selected) -> None:
        self.action_card(event.index)

    def action_card(self, index: int) -> None:
        if index == self.card or index >= len(self._v.drawn):
            return
        rest = [i for i in range(3) if i != index]
        self.card = index
        self.bottom = (rest[0], rest[1])
        self._refresh_all()
        self._changed()

    @on(InsertLine.Swap)
    def _swap_clicked(self, _event: InsertLine.Swap) -> None:
        self.action_swap()

    def action_swap(self) -> None:
        self.bottom = (self.bottom[1], self.bottom[0])
        self._refresh_all()
        self._changed()

    def action_memory(self) -> None:
        """Table memory hides the opponent's last Fight, for players who play it from memory as at a real table."""
        self.table_memory = not self.table_memory
        self.post_message(TableMemory(self.table_memory))
        self._refresh_side()

    # ------------------------------------------------------------------ the coach and the what-if (solo practice)

    def coach_available(self) -> bool:
        """The coach only helps in solo practice (never between two humans): the app passes it only then."""
        return self.coach is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "coach":
            return self.coach_available()
        if action == "no_coach":
            return not self.coach_available()
        if action == "what_if":
            return self.what_if is not None
        if action in ("close_panel", "panel_scroll"):
            return self.panel in ("coach", "what_if") if action == "panel_scroll" else self.panel is not None
        return True

    def _open(self, panel: str | None, text: str = "") -> None:
        """Show ``panel`` (or close it): beside the line-up on wide screens, else in the boards' place, so the
        line-up always stays in sight. A one-line note leaves the boards where they are."""
        self.panel = panel
        box = self.query_one("#coachbox")
        box.display = panel is not None
        box.set_class(panel == "note", "-note")
        self._place_panel()
        if panel is not None:
            self.query_one("#coach", Static).update(text)
            box.scroll_home(animate=False)
        if self._rerate is not None:
            self._rerate.stop()
        self.refresh_bindings()
        self._refresh_side(rerate=False)

    def action_panel_scroll(self, pages: int) -> None:
        """PgUp/PgDn read the open coach or what-if (↑↓ stay the slot keys: the line-up is the choice)."""
        box = self.query_one("#coachbox", VerticalScroll)
        page = max(1, box.scrollable_content_region.height - 1)
        box.scroll_relative(y=pages * page, animate=False, immediate=True)  # now, not at the next frame

    def action_close_panel(self) -> None:
        self._open(None)

    def action_no_coach(self) -> None:
        """Hot-seat (or online): the coach would read only this seat's view, but the other player is a person:
        say so, in one line, instead of doing nothing."""
        self._open(None if self.panel == "note" else "note", _(NO_COACH))

    def action_coach(self) -> None:
        if not self.coach_available():
            return
        if self.panel == "coach":
            self._open(None)
            return
        self._open("coach", _("Coach: thinking…"))
        self.call_after_refresh(self._ask)  # "thinking…" is drawn before the work starts

    def action_what_if(self) -> None:
        """How your selection's line-up falls if they insert at the top, in the middle or at the bottom."""
        if self.what_if is None:
            return
        if self.panel == "what_if":
            self._open(None)
            return
        self._open("what_if", _("What if: thinking… (playing out where they might insert)"))
        self.call_after_refresh(self._ask)

    def _ask(self) -> None:
        """Ask the open panel's helper about the current selection, in a thread (the answer comes back tagged)."""
        if self.panel == "coach" and self.coach is not None:
            self._think(self._v, self._selected())
        elif self.panel == "what_if" and self.what_if is not None:
            self._imagine(self._v, self._selected())

    @work(thread=True, exclusive=True, group="coach")
    def _think(self, view: PlayerView, selected: BuildChoice) -> None:
        """The coach reads this seat's view only, like the bot: it cannot see the other side's secrets.
        The player's selection is rated too (the coach is re-asked when it changes, off the UI thread)."""
        assert self.coach is not None
        lines = self.coach(view, selected)
        self.app.call_from_thread(self._show_coach, lines, selected)

    @work(thread=True, exclusive=True, group="coach")
    def _imagine(self, view: PlayerView, selected: BuildChoice) -> None:
        assert self.what_if is not None
        cases = self.what_if(view, selected)
        self.app.call_from_thread(self._show_what_if, cases, selected)

    def _current(self, panel: str, selected: BuildChoice) -> bool:
        """An answer is shown only if its panel is still open and the selection has not moved on since."""
        return self.panel == panel and selected == self._selected() and self.is_mounted

    def _show_what_if(self, cases: Sequence[WhatIfLine], selected: BuildChoice) -> None:
        if not self._current("what_if", selected):
            return
        if not cases:
            self.query_one("#coach", Static).update(_("What if: nothing to show here."))
            return
        rows = [Row("", _("What if (your selection; PgUp/PgDn scroll, w or Esc closes, h for the coach):"))]
        rows.extend(Row(" • ", case.text) for case in cases)
        self.query_one("#coach", Static).update(Hanging(rows))

    def _selected(self) -> BuildChoice:
        return BuildChoice(self.card, self.position, self.bottom)

    def _show_coach(self, lines: Sequence[CoachLine], selected: BuildChoice) -> None:
        if not self._current("coach", selected):
            return
        if not lines:
            self.query_one("#coach", Static).update(_("Coach: nothing to suggest here."))
            return
        self.query_one("#coach", Static).update(Hanging(coach_rows(lines)))

    def action_confirm(self) -> None:
        self.post_message(Decided(self.seat, BuildChoice(self.card, self.position, self.bottom)))


@dataclass(frozen=True, slots=True)
class Row:
    """One entry of the coach or what-if panel: its bullet (or label) and its text."""

    head: str
    body: str


class Hanging(Visual):
    """The coach's and the what-if's panel text: each row's text wraps at words to the width left after its
    bullet, and its wrapped lines stay indented under the text's first word (a hanging indent). Wrapped when
    drawn, at the width the panel has then, so a resize reflows it. ``str()`` gives the rows unwrapped, one a
    line (what ``Static.render()`` reads as plain text)."""

    def __init__(self, rows: Sequence[Row]) -> None:
        self.rows = tuple(rows)
        self._last: tuple[int, Content] | None = None  # the last width wrapped to (asked for its height, then drawn)

    def __str__(self) -> str:
        return "\n".join(row.head + row.body for row in self.rows)

    def wrapped(self, width: int) -> Content:
        """The rows wrapped to ``width`` cells, each wrapped line under its row's text."""
        if self._last is not None and self._last[0] == width:
            return self._last[1]
        out: list[Content] = []
        for row in self.rows:
            pad = cell_len(row.head)
            if width - pad < HANG_MIN:  # too narrow to hang: wrap at the edge, as plain text would
                out.extend(Content(line.plain) for line in wrap(Text(row.head + row.body), max(1, width)))
                continue
            for i, line in enumerate(wrap(Text(row.body), width - pad)):  # French marks kept with their word
                out.append(Content(row.head if i == 0 else " " * pad) + Content(line.plain).rstrip())
        text = Content("\n").join(out)
        self._last = (width, text)
        return text

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        return self.wrapped(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max((cell_len(row.head + row.body) for row in self.rows), default=0)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return len(self.wrapped(width).split("\n"))


HANG_MIN = 12  # narrowest text column kept beside a bullet; below it, rows wrap back to the panel's edge


def coach_rows(lines: Sequence[CoachLine]) -> list[Row]:
    """The coach's answer as panel rows: each option's line, then under it the suggestion's why and one row
    per place the opponent may insert (what the card meets there), each hanging under its own bullet."""
    rows = [
        Row(
            "",
            _(
                "Coach: the best options by win chance, each played out by the engine (▶ the best, ★ your "
                "selection; PgUp/PgDn scroll, h or Esc closes):"
            ),
        )
    ]
    for i, line in enumerate(lines):
        mark = "★" if line.selected else "▶" if i == 0 else " "
        rows.append(Row(f" {mark} ", line.text))
        why_head = "     " + _("why:") + " "
        if line.why:
            rows.append(Row(why_head, line.why))
        if line.cases:  # one row per place the opponent may insert: what the card meets there
            rows.extend(Row("     • ", case.text) for case in line.cases)
        elif line.reason:
            rows.append(Row(why_head, line.reason))
    if any(line.selected for line in lines):
        rows.append(Row(" ★ ", _("= your selection (re-rated when you change it)")))
    return rows
