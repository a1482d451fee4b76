"""The network seat's screen while the other seat is away: one truthful status, not two.

The hand-over screen (``tagteam.screens.handoff``) says "Player 2 is thinking…" under its note, which is
true while the other player is connected and deciding, but not while they have not joined yet or have
dropped. This screen says only the note ("Waiting for Player 2 to join: join code K7QF-M2XD", or "Player 2
is not connected; waiting for them to rejoin.") and what this player can do meanwhile.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.widgets import Footer, LoadingIndicator, Static

from tagteam.screens.base import GameScreen
from tagteam.words import _


class AwayScreen(GameScreen):
    """The other seat is not connected: why this seat waits, with nothing else to read into it."""

    DEFAULT_CSS = """
    AwayScreen { align: center middle; background: $background; }
    AwayScreen #card { width: 70; height: auto; border: heavy $accent; padding: 1 2; background: $surface; }
    AwayScreen #card Static { width: 100%; text-align: center; }
    AwayScreen #away { text-style: bold; margin-bottom: 1; }
    AwayScreen #hint { color: $text-muted; }
    AwayScreen LoadingIndicator { height: 3; }
    """

    def __init__(self, seat: int, note: str) -> None:
        super().__init__()
        self.seat = seat  # the seat that is away
        self.note = note

    def body(self) -> ComposeResult:
        with Center(), Vertical(id="card"):
            yield Static(self.note, id="away", markup=False)
            yield LoadingIndicator()
            yield Static(_("You can quit (ctrl+q) at any time; the game is autosaved."), id="hint", markup=False)
        yield Footer()
