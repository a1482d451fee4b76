"""The base of every screen, and what a decision screen is given when it is built.

Screens get what they show as constructor arguments and answer with one typed message
(``tagteam.screens.messages``); none reaches into the app's state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.app import App, ComposeResult
from textual.screen import Screen

from tagteam.widgets.basic import TooSmall

if TYPE_CHECKING:
    from tagteam.engine.view import PlayerView
    from tagteam.render.board import Palette


@dataclass(frozen=True, slots=True)
class SeatContext:
    """Everything a secret screen shows: whose it is, that seat's view, the players' names, the colours."""

    seat: int
    view: PlayerView
    names: tuple[str, str]
    palette: Palette

    @property
    def name(self) -> str:
        return self.names[self.seat]


class GameScreen(Screen[Any]):
    """Subclasses write ``body()``; ``FLOW`` screens are the game's steps (the app replaces them in turn)."""

    FLOW = True

    def body(self) -> ComposeResult:
        yield from ()

    def compose(self) -> ComposeResult:
        yield from self.body()
        yield TooSmall()


def show_flow_screen(app: App[Any], screen: Screen[Any]) -> None:
    """Replace the flow screen, so the previous player's secret screen is unmounted, never just covered.

    Screens pushed over the flow (rules, gallery, load: ``FLOW = False``) are popped first."""
    while len(app.screen_stack) > 2 and not getattr(app.screen, "FLOW", False):
        app.pop_screen()
    if len(app.screen_stack) > 1:
        app.switch_screen(screen)
    else:
        app.push_screen(screen)
