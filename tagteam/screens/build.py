"""Build: pick one of three drawn cards, the gap it goes into, and the order of the other two under the Build deck."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Static

from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView
from tagteam.render.board import card_label
from tagteam.render.cards import card_panel
from tagteam.screens.base import GameScreen, SeatContext
from tagteam.screens.messages import Decided, TableMemory
from tagteam.widgets.basic import CardTile, DeckGaps


class BuildScreen(GameScreen):
    """Everything here is this seat's secret; the app replaces the screen (never covers it) when it is done."""

    CSS_PATH = "build.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "card(0)", "Card 1"),
        Binding("2", "card(1)", "Card 2"),
        Binding("3", "card(2)", "Card 3"),
        Binding("o", "swap", "Swap bottom order"),
        Binding("t", "memory", "Table memory"),
        Binding("c", "confirm", "Confirm (lock)"),
        Binding("h", "coach", "Coach"),
    ]

    def __init__(
        self,
        ctx: SeatContext,
        table_memory: bool = False,
        coach: Callable[[PlayerView], Sequence[object]] | None = None,
    ) -> None:
        super().__init__()
        self.ctx = ctx
        self.seat = ctx.seat
        self.table_memory = table_memory
        self.coach = coach  # solo practice only: never offered between two humans
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
        name = self.ctx.name
        head = f"{name}: Build step, round {v.round}. Card: 1-3 or click · gap: ↑↓ or click · c locks."
        yield Static(head, id="head", markup=False)
        with Horizontal(id="drawn"):
            for i in range(len(v.drawn)):
                yield CardTile("", i, classes="tile")
        yield Static(id="status", markup=False)
        yield Static(id="coach", markup=False)
        with Horizontal(id="lower"):
            yield DeckGaps(id="gaps")
            with VerticalScroll(id="memory"):
                yield Static(id="lineup")
        yield Footer()

    def on_mount(self) -> None:
        self._refresh_all()
        self.query_one(DeckGaps).focus()

    # ------------------------------------------------------------------ drawing

    def _refresh_all(self) -> None:
        v = self._v
        assert v.table is not None
        for tile in self.query(CardTile):
            i = tile.index
            inst = v.drawn[i]
            if i == self.card:
                mark, style = f"[{i + 1}] ▶ KEEP: goes into your Fight deck", "bold reverse"
            else:
                nth = "1st" if self.bottom[0] == i else "2nd"
                mark, style = f"[{i + 1}] under the Build deck ({nth})", "dim"
            tile.update(Group(Text(mark, style=style), card_panel(v.table.cards[inst].cdef.model, inst in v.flipped)))
            tile.set_class(i == self.card, "-keep")
        cards = [card_label(v.table, inst, inst in v.flipped) for inst in v.my_fight_deck]
        new = card_label(v.table, v.drawn[self.card])
        self.query_one(DeckGaps).set_deck(
            [Text(f"#{n + 1} ").append_text(c) for n, c in enumerate(cards)], self.position, new
        )
        self._refresh_side()

    def _refresh_side(self) -> None:
        v = self._v
        assert v.table is not None
        first, second = (v.table.cards[v.drawn[i]].cdef.name for i in self.bottom)
        where = "the top" if self.position == 0 else f"slot #{self.position + 1}"
        if self.position == len(v.my_fight_deck):
            where = f"the bottom (slot #{self.position + 1})"
        self.query_one("#status", Static).update(
            f"Keep {v.table.cards[v.drawn[self.card]].cdef.name} at {where}.  "
            f"Under the Build deck: first {first}, then {second} (o swaps)."
        )
        self.query_one("#lineup", Static).update(self._lineup())
        memory = self.query_one("#memory", VerticalScroll)
        memory.scroll_to(y=max(0, self.position - 4), animate=False)

    def _lineup(self) -> Table:
        """Your next Fight deck slot by slot beside the opponent's last Fight, so a Block can meet an Attack."""
        v = self._v
        assert v.table is not None
        opp = v.last_played[1 - self.seat]
        mine = list(v.my_fight_deck)
        mine.insert(self.position, v.drawn[self.card])
        hide = self.table_memory
        t = Table(expand=True, show_lines=False, box=box.SIMPLE_HEAD, pad_edge=False)
        t.add_column("#", justify="right", width=2)
        t.add_column("You, next Fight", no_wrap=True, overflow="ellipsis", ratio=1)
        t.add_column("Opponent, last Fight" + (" (hidden)" if hide else ""), no_wrap=True, overflow="ellipsis", ratio=1)
        for i in range(max(len(mine), len(opp))):
            you = Text("")
            if i < len(mine):
                you = card_label(v.table, mine[i], mine[i] in v.flipped, short=True)
                if i == self.position:
                    you = Text("NEW ▶ ", style="bold").append_text(you)
            them = Text("?" if hide else "")
            if i < len(opp) and not hide:
                them = card_label(v.table, opp[i], opp[i] in v.flipped, short=True)
            t.add_row(str(i + 1), you, them)
        if not opp and not hide:
            t.caption = "No Fight played yet."
        return t

    # ------------------------------------------------------------------ intents

    @on(DeckGaps.GapChosen)
    def _gap(self, event: DeckGaps.GapChosen) -> None:
        if event.position != self.position:
            self.position = event.position
            self._refresh_all()

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
        self.table_memory = not self.table_memory
        self.post_message(TableMemory(self.table_memory))
        self.notify(
            "Table memory: the opponent's last Fight is hidden." if self.table_memory else "Table memory off."
        )
        self._refresh_side()

    # ------------------------------------------------------------------ the coach (solo practice only)

    def coach_available(self) -> bool:
        """The coach only helps in solo practice (never between two humans): the app passes it only then."""
        return self.coach is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "coach":
            return self.coach_available()
        return True

    def action_coach(self) -> None:
        if not self.coach_available():
            return
        box = self.query_one("#coach", Static)
        box.display = True
        box.update("Coach: thinking about your options…")
        self._think(self._v)

    @work(thread=True, exclusive=True, group="coach")
    def _think(self, view: PlayerView) -> None:
        """The coach reads this seat's view only, like the bot: it cannot see the other side's secrets."""
        assert self.coach is not None
        lines = self.coach(view)
        self.app.call_from_thread(self._show_coach, lines)

    def _show_coach(self, lines: Sequence[object]) -> None:
        if not lines:
            self.query_one("#coach", Static).update("Coach: nothing to suggest here.")
            return
        out = ["Coach (what Hard would do first, then the main options):"]
        for i, line in enumerate(lines):
            mark = "▶" if i == 0 else " "
            out.append(f" {mark} {getattr(line, 'text', line)}")
        self.query_one("#coach", Static).update("\n".join(out))

    def action_confirm(self) -> None:
        self.post_message(Decided(self.seat, BuildChoice(self.card, self.position, self.bottom)))
