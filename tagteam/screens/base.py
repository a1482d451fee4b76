"""The base of every screen: the too-small notice is always mounted, and the app reached with its type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.screen import Screen

from tagteam.widgets.basic import TooSmall

if TYPE_CHECKING:
    from tagteam.app import TagTeamApp


class GameScreen(Screen[Any]):
    """Subclasses write ``body()``; ``FLOW`` screens are the game's steps (the app replaces them in turn)."""

    FLOW = True

    @property
    def game(self) -> TagTeamApp:
        return self.app  # type: ignore[return-value]

    def body(self) -> ComposeResult:
        yield from ()

    def compose(self) -> ComposeResult:
        yield from self.body()
        yield TooSmall()
