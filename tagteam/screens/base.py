"""The base of every screen, and what a decision screen is given when it is built.

Screens get what they show as constructor arguments and answer with one typed message
(``tagteam.screens.messages``); none reaches into the app's state.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.screen import ModalScreen, Screen

from tagteam.widgets.basic import TooSmall
from tagteam.words import _
from tagteam.words.boards import CARDS_KEY_SHORT
from tagteam.words.table import CARDS_KEY

if TYPE_CHECKING:
    from tagteam.engine.view import PlayerView
    from tagteam.render.board import Palette
    from tagteam.screens.cards import TableCards


@dataclass(frozen=True, slots=True)
class SeatContext:
    """Everything a secret screen shows: whose it is, that seat's view, the players' names, the colours."""

    seat: int
    view: PlayerView
    names: tuple[str, str]
    palette: Palette
    leave: bool = False  # Esc on the game's first screens goes back to the title (the local app only)

    @property
    def name(self) -> str:
        return self.names[self.seat]


FOOTER_FIRST = ("join_code",)  # never cut by a narrow footer: the host's join code, until the other player is in


def translated(bindings: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """The bindings with their descriptions (``N_``-marked English) in the player's language: Textual reads a
    binding's description when the footer is drawn, so a language chosen after start-up shows at once.

    ``FOOTER_FIRST`` actions come first: the footer cuts what does not fit at its right end, and at 80 columns
    the host's Build screen cut its join code to "f2 Join co" (the app's keys come after the screen's)."""
    out: dict[str, ActiveBinding] = {}
    for key, active in sorted(bindings.items(), key=lambda item: item[1].binding.action not in FOOTER_FIRST):
        b = active.binding
        desc = _(b.description) if b.description else b.description
        tip = _(active.tooltip) if active.tooltip else active.tooltip
        out[key] = active._replace(binding=dataclasses.replace(b, description=desc), tooltip=tip)
    return out


class WordsScreen(Screen[Any]):
    """A screen whose footer and key panel speak the player's language (its BINDINGS and the app's)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return translated(super().active_bindings)


class WordsModal(ModalScreen[Any]):
    """A modal screen whose footer speaks the player's language, as ``WordsScreen``."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return translated(super().active_bindings)


class GameScreen(WordsScreen):
    """Subclasses write ``body()``; ``FLOW`` screens are the game's steps (the app replaces them in turn).

    ``v`` opens every card of the four Fighters on any screen of a game (``table_cards``); the Fight screen
    and the screens given a ``SeatContext`` (Setup, Build, a puzzle) have one."""

    FLOW = True
    BINDINGS: ClassVar[list[BindingType]] = [Binding("v", "cards", CARDS_KEY, show=False)]
    SHOWN_CARDS_KEY = Binding("v", "cards", CARDS_KEY_SHORT)  # a screen with room in its footer lists it there
    ctx: SeatContext | None = None  # the seat's context, on the screens given one (Draft, Setup, Build, a puzzle)

    def body(self) -> ComposeResult:
        yield from ()

    def compose(self) -> ComposeResult:
        yield from self.body()
        yield TooSmall()

    def table_cards(self) -> TableCards | None:
        """The game's table as the cards panel shows it, read off the screen's ``SeatContext`` (None before
        the teams are chosen, or on a screen outside a game); the Fight screen answers from its feed."""
        from tagteam.screens.cards import TableCards

        ctx = self.ctx
        if ctx is not None and ctx.view.table is not None:
            return TableCards(ctx.view.table, ctx.names, ctx.palette, ctx.seat)
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``v`` only where there is a table to show (not before the teams are chosen)."""
        if action == "cards":
            return self.table_cards() is not None
        return True

    def action_cards(self) -> None:
        """Every card on the table, theirs first, in a panel over the screen (Esc or ``v`` closes it)."""
        from tagteam.screens.cards import CardsScreen

        cards = self.table_cards()
        if cards is not None:
            self.app.push_screen(CardsScreen(cards))


def show_flow_screen(app: App[Any], screen: Screen[Any]) -> None:
    """Replace the flow screen, so the previous player's secret screen is unmounted, never just covered.

    Screens pushed over the flow (rules, gallery, load: ``FLOW = False``; any screen not a GameScreen, such as a
    lesson) are popped first."""
    while len(app.screen_stack) > 2 and not (isinstance(app.screen, GameScreen) and app.screen.FLOW):
        app.pop_screen()
    if len(app.screen_stack) > 1:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)
