"""Build: pick one of three drawn cards, the slot it goes into, and the order of the other two under the Build deck.

The screen is laid out like the table: both teams' boards (compact), the three drawn cards with their
Fighter, the full text of the card being kept, and the line-up (your next Fight slot by slot against the
opponent's last Fight, with clashes in words). Everything shown is read from this seat's view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView
from tagteam.render.compact import team_compact
from tagteam.render.lineup import Slot, drawn_line, kinds, lineup_header, lineup_legend, lineup_rows
from tagteam.screens.base import GameScreen, SeatContext
from tagteam.screens.messages import Decided, TableMemory
from tagteam.widgets.basic import CardTile, LineUp

TALL = 32  # from this height on, each Fighter's Health track is drawn under its HP bar
WIDE = 120  # from this width on, the kept card's text sits beside the drawn cards
NAMES_WHOLE = 100  # from this width on, card names in the line-up wrap, never shortened


class BuildScreen(GameScreen):
    """Everything here is this seat's secret; the app replaces the screen (never covers it) when it is done."""

    CSS_PATH = "build.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "confirm", "Confirm (lock)"),
        Binding("1", "card(0)", "Card 1", show=False),
        Binding("2", "card(1)", "Card 2", show=False),
        Binding("3", "card(2)", "Card 3", show=False),
        Binding("o", "swap", "Order under"),
        Binding("t", "memory", "Table memory"),
        Binding("h", "coach", "Coach"),
        Binding("w", "what_if", "What if", show=False),
        Binding("home", "slot('home')", "Top", show=False),
        Binding("end", "slot('end')", "Bottom", show=False),
    ]

    def __init__(
        self,
        ctx: SeatContext,
        table_memory: bool = False,
        coach: Callable[..., Sequence[object]] | None = None,
        what_if: Callable[[PlayerView, BuildChoice], Sequence[object]] | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.seat = ctx.seat
        self.table_memory = table_memory
        self.coach = coach  # solo practice only: never offered between two humans
        self.what_if = what_if  # solo practice only: the line-up if they insert at the top, middle or bottom
        self.card = 0
        self.position = 0
        self.bottom: tuple[int, int] = (1, 2)

    @property
    def view(self) -> PlayerView:
        return self.ctx.view

    def body(self) -> ComposeResult:
        v = self.view
        self._v = v
        self.position = len(v.my_fight_deck)  # bottom by default: the least surprising place
        head = f"{self.ctx.name}: Build, round {v.round} · 1-3 keep · ↑↓ slot · o order · c lock"
        yield Static(head, id="head", markup=False)
        with Horizontal(id="teams"):
            yield Static(id="team0", classes="team")
            yield Static(id="team1", classes="team")
        with Horizontal(id="middle"):
            with Vertical(id="drawn"):
                for i in range(len(v.drawn)):
                    yield CardTile("", i, classes="tile")
            yield Static(id="focus")
        yield Static(id="coach", markup=False)
        yield LineUp(id="lineup")
        yield Static(id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._refresh_all()
        self.query_one(LineUp).focus()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= WIDE, "-wide")
        self._refresh_all()

    # ------------------------------------------------------------------ drawing

    def _slots(self) -> tuple[list[Slot], list[Slot]]:
        """Your next Fight with the kept card at ``position``, and the opponent's last Fight."""
        v = self._v
        mine = [Slot(i, i in v.flipped) for i in v.my_fight_deck]
        mine.insert(self.position, Slot(v.drawn[self.card], False))
        theirs = [Slot(i, i in v.flipped) for i in v.last_played[1 - self.seat]]
        return mine, theirs

    def _refresh_all(self) -> None:
        v = self._v
        table = v.table
        assert table is not None
        if not self.is_mounted:
            return
        tall = self.size.height >= TALL
        pal = self.ctx.palette
        for seat in (0, 1):
            panel = team_compact(v, seat, self.ctx.names, pal, track=tall, bar=10, you=self.seat)
            self.query_one(f"#team{seat}", Static).update(panel)
        for tile in self.query(CardTile):
            i = tile.index
            slot = Slot(v.drawn[i], False)
            if i == self.card:
                mark = f"[{i + 1}] ▶ KEEP     "
            else:
                mark = f"[{i + 1}] under, {'1st' if self.bottom[0] == i else '2nd'} "
            line = drawn_line(table, slot, mark, self._v)
            if tall:  # room for every drawn card's text, not only the kept one's
                line.append("\n      " + table.cards[slot.inst].cdef.model.text, style="italic")
            tile.update(line)
            tile.set_class(i == self.card, "-keep")
        self._refresh_side()

    def _focus_text(self) -> Text:
        """The kept card in full: name, Fighter, text and its Actions, so a short name is never all you see."""
        v = self._v
        assert v.table is not None
        inst = v.drawn[self.card]
        ci = v.table.cards[inst]
        model = ci.cdef.model
        text = Text(f"[{self.card + 1}] {ci.cdef.name}: ", style="bold")
        text.append(model.text)
        if model.flipped_text:
            text.append(f"\nOther half: {model.flipped_text}", style="italic")
        _mine, theirs = self._slots()
        if not self.table_memory and self.position < len(theirs):
            them = theirs[self.position]
            tci = v.table.cards[them.inst]
            text.append(f"\nTheir #{self.position + 1} last Fight: ", style="bold")
            text.append(f"{tci.cdef.name} — {v.table.fighters[tci.owner].name}")
            tk = kinds(v.table, them, v)
            if tk:
                text.append(" (" + ", ".join(tk) + ")")
        acts = kinds(v.table, Slot(inst, False), v)
        if ci.cdef.instant_heal:
            text.append(f"\nInstant Bonus: heal {ci.cdef.instant_heal} when added to the deck")
        if acts and self.size.height >= TALL:
            text.append("\nActions: " + " · ".join(acts), style="bold")
        return text

    def _refresh_side(self) -> None:
        v = self._v
        assert v.table is not None
        first, second = (v.table.cards[v.drawn[i]].cdef.name for i in self.bottom)
        n = len(v.my_fight_deck)
        where = "the top" if self.position == 0 else f"slot #{self.position + 1}"
        if self.position == n:
            where = f"the bottom (slot #{self.position + 1})"
        self.query_one("#status", Static).update(
            f"▶ INSERT HERE: {where} · under: 1st {first}, then {second} (o swaps)"
            + (" · table memory on: the opponent's last Fight is hidden (t)" if self.table_memory else "")
        )
        self.query_one("#focus", Static).update(self._focus_text())
        mine, theirs = self._slots()
        lineup = self.query_one(LineUp)
        width = max(40, (lineup.content_size.width or self.size.width - 4) - 2)
        wide = self.size.width >= NAMES_WHOLE
        rows = lineup_rows(v.table, mine, None if self.table_memory else theirs, self.position, width, wide, v)
        lineup.border_title = lineup_header(width, self.table_memory)
        lineup.border_subtitle = lineup_legend(wide)
        lineup.set_rows(list(rows), self.position, len(mine))
        if getattr(self, "coached", False) and self.coach is not None:  # re-rate the new selection, off the UI thread
            self.query_one("#coach", Static).update("Coach: rating your new selection…")
            timer = getattr(self, "_rerate", None)
            if timer is not None:
                timer.stop()
            self._rerate = self.set_timer(0.4, lambda: self._think(self._v, self._selected()))  # after keys settle

    # ------------------------------------------------------------------ intents

    @on(LineUp.SlotChosen)
    def _slot(self, event: LineUp.SlotChosen) -> None:
        if event.position != self.position:
            self.position = event.position
            self._refresh_side()

    def action_slot(self, where: str) -> None:
        self.position = 0 if where == "home" else len(self._v.my_fight_deck)
        self._refresh_side()

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

    def action_swap(self) -> None:
        self.bottom = (self.bottom[1], self.bottom[0])
        self._refresh_all()

    def action_memory(self) -> None:
        """Table memory hides the opponent's last Fight, for players who play it from memory as at a real table."""
        self.table_memory = not self.table_memory
        self.post_message(TableMemory(self.table_memory))
        self._refresh_side()

    # ------------------------------------------------------------------ the coach (solo practice only)

    def coach_available(self) -> bool:
        """The coach only helps in solo practice (never between two humans): the app passes it only then."""
        return self.coach is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "coach":
            return self.coach_available()
        if action == "what_if":
            return self.what_if is not None
        return True

    def action_coach(self) -> None:
        if not self.coach_available():
            return
        box = self.query_one("#coach", Static)
        box.display = True
        box.update("Coach: thinking about your options…")
        self.coached = True
        self._think(self._v, self._selected())

    @work(thread=True, exclusive=True, group="coach")
    def _think(self, view: PlayerView, selected: BuildChoice | None = None) -> None:
        """The coach reads this seat's view only, like the bot: it cannot see the other side's secrets.
        The player's selection is rated too (the coach is re-asked when it changes, off the UI thread)."""
        assert self.coach is not None
        lines = self.coach(view, selected) if selected is not None else self.coach(view)
        self.app.call_from_thread(self._show_coach, lines, selected)

    def action_what_if(self) -> None:
        """How your selection's line-up falls if they insert at the top, in the middle or at the bottom."""
        if self.what_if is None:
            return
        box = self.query_one("#coach", Static)
        box.display = True
        box.update("What if: playing out where they might insert…")
        self._imagine(self._v, self._selected())

    @work(thread=True, exclusive=True, group="coach")
    def _imagine(self, view: PlayerView, selected: BuildChoice) -> None:
        assert self.what_if is not None
        cases = self.what_if(view, selected)
        self.app.call_from_thread(self._show_what_if, cases, selected)

    def _show_what_if(self, cases: Sequence[object], selected: BuildChoice) -> None:
        if selected != self._selected():
            return  # the selection moved on while this was worked out
        if not cases:
            self.query_one("#coach", Static).update("What if: nothing to show here.")
            return
        out = ["What if (your selection; w again after a change, h for the coach):"]
        out.extend(f" • {getattr(case, 'text', case)}" for case in cases)
        self.query_one("#coach", Static).update("\n".join(out))

    def _selected(self) -> BuildChoice:
        return BuildChoice(self.card, self.position, self.bottom)

    def _show_coach(self, lines: Sequence[object], selected: BuildChoice | None = None) -> None:
        if selected is not None and selected != self._selected():
            return  # the selection changed while the coach thought: a newer rating is on its way
        if not lines:
            self.query_one("#coach", Static).update("Coach: nothing to suggest here.")
            return
        out = ["Coach (what Hard would do first, then the main options):"]
        for i, line in enumerate(lines):
            mark = "▶" if i == 0 else " "
            mark = "★" if getattr(line, "selected", False) else mark
            out.append(f" {mark} {getattr(line, 'text', line)}")
            reason = getattr(line, "reason", "")
            if reason:
                out.append(f"     why: {reason}")
        if any(getattr(line, "selected", False) for line in lines):
            out.append(" ★ = your selection (re-rated when you change it)")
        self.query_one("#coach", Static).update("\n".join(out))

    def action_confirm(self) -> None:
        self.post_message(Decided(self.seat, BuildChoice(self.card, self.position, self.bottom)))
