"""Hand-over: an opaque full screen between two players' secret screens (or while the bot thinks)."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.widgets import Footer, LoadingIndicator, Static

from tagteam.screens.base import GameScreen
from tagteam.screens.messages import Ready
from tagteam.widgets.basic import NoticeLine
from tagteam.words import N_, _


class HandoffScreen(GameScreen):
    """Shows only whose turn it is; the secret screen is mounted after the deliberate key, not before."""

    CSS_PATH = "handoff.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", N_("I am ready"), priority=True)]

    def __init__(self, seat: int, name: str, what: str, note: str = "", thinking: bool = False) -> None:
        super().__init__()
        self.seat = seat
        self.who = name
        self.what = what
        self.note = note
        self.thinking = thinking
        self.said_ready = False

    def body(self) -> ComposeResult:
        yield NoticeLine()  # the app says its notices here, above the card, instead of a toast over it
        with Center(), Vertical(id="card"):
            if self.note:
                yield Static(self.note, id="note", markup=False)
            if self.thinking:
                yield Static(_("{player} is thinking…").format(player=self.who), id="who", markup=False)
                yield LoadingIndicator()
                yield Static(_("You can quit (ctrl+q) at any time; the game is autosaved."), id="hint", markup=False)
            else:
                seat = _("Player {number}").format(number=self.seat + 1)
                if self.who in (seat, f"Player {self.seat + 1}"):
                    said = _("Pass the keyboard to {player}").format(player=self.who)
                else:
                    said = _("Pass the keyboard to {player} ({seat})").format(player=self.who, seat=seat)
                yield Static(said, id="who", markup=False)
                yield Static(_("Next: {what}.").format(what=self.what), id="what", markup=False)
                yield Static(_("Everyone else, look away. Press Enter or click here when ready."), id="hint")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "ready" and self.thinking)

    def on_click(self, event: events.Click) -> None:
        """A click on the card is the deliberate "I am ready" too; elsewhere (the footer has its own) it is not."""
        card = self.query_one("#card")
        if event.widget is not None and card in (event.widget, *event.widget.ancestors) and not self.thinking:
            event.stop()
            self.action_ready()

    def action_ready(self) -> None:
        """Said once: a double click or a repeated Enter must not acknowledge the next hand-over too."""
        if not self.said_ready:
            self.said_ready = True
            self.post_message(Ready(self.seat))
