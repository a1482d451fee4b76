"""Every card on the table, one key away during play (``v``): the opposing Fighters' cards first, then yours.

As a Board Game Arena table shows a card's text under the pointer, here every card of the four Fighters is
drawn whole (``tagteam.render.card_face``, with its text), grouped by Fighter under its team, each with its
number of copies and its Starting star. Only the Fighters' printed decks are shown, never where a card lies
in anyone's Fight deck: this panel tells nothing one seat must not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ItemGrid, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tagteam.render.board import seat_title
from tagteam.render.card_face import FULL, WIDTHS, CardFace
from tagteam.widgets.card import CardWidget
from tagteam.words import N_
from tagteam.words import table as words
from tagteam.words.names import fighter_name

if TYPE_CHECKING:
    from tagteam.engine.table import GameTable
    from tagteam.render.board import Palette


@dataclass(frozen=True, slots=True)
class TableCards:
    """What the panel needs: the game's table, the players' names, the colours, and whose screen it is
    (``you``: None where both players share the screen, and then the seats keep their order)."""

    table: GameTable
    names: tuple[str, str]
    palette: Palette
    you: int | None


def seat_order(you: int | None) -> tuple[int, int]:
    """Theirs first: the opposing seat, then the viewer's; seat 1 first on a shared screen."""
    return (1 - you, you) if you is not None else (0, 1)


class CardsScreen(ModalScreen[None]):
    """The cards panel: modal over the game, closed by Esc or the key that opened it. Its heading says its
    keys in the player's words, so it has no footer (and imports nothing of the screens it covers)."""

    FLOW = False
    DEFAULT_CSS = """
    CardsScreen { align: center middle; }
    CardsScreen #sheet { width: 100%; height: 1fr; background: $surface; padding: 0 1; }
    CardsScreen #cards-head { height: auto; text-style: bold; padding: 0 1; background: $surface; }
    CardsScreen .team { height: auto; text-style: bold reverse; margin-top: 1; }
    CardsScreen .fighter { height: auto; text-style: bold; margin-top: 1; }
    CardsScreen ItemGrid { grid-gutter: 0 1; }
    CardsScreen CardWidget { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,v", "app.pop_screen", N_("Back")),
        Binding("pageup", "page(-1)", N_("Scroll"), show=False),
        Binding("pagedown", "page(1)", N_("Scroll"), show=False),
    ]

    def __init__(self, cards: TableCards) -> None:
        super().__init__()
        self.cards = cards

    def compose(self) -> ComposeResult:
        yield Static(words.panel_title(), id="cards-head", markup=False)
        tab, pal = self.cards.table, self.cards.palette
        with VerticalScroll(id="sheet"):
            for seat in seat_order(self.cards.you):
                player = words.panel_team(seat_title(self.cards.names, seat), seat == self.cards.you)
                yield Static(Text(f" {player} ", style=pal.seat[seat]), classes="team")
                for f in (2 * seat, 2 * seat + 1):
                    fd = tab.fighters[f]
                    head = Text(words.panel_fighter(fighter_name(fd.model), player), style=pal.seat[seat])
                    yield Static(head, classes="fighter")
                    with ItemGrid(min_column_width=WIDTHS[FULL] + 4, classes=f"deck seat{seat}"):
                        for card in fd.model.cards:
                            face = CardFace(
                                card, fd.model, pal.seat[seat], card.starting, size=FULL, text=True, copies=True
                            )
                            yield CardWidget(face, classes="card")

    def on_mount(self) -> None:
        self.query_one("#sheet").focus()

    def action_page(self, pages: int) -> None:
        sheet = self.query_one("#sheet", VerticalScroll)
        sheet.scroll_relative(y=pages * max(1, sheet.scrollable_content_region.height - 1), animate=False)
