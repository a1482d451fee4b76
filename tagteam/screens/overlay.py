"""The base of screens pushed over the game (rules, glossary, gallery): keys typed while one opens are its own.

A key typed just after the one that opens an overlay reaches the app before the overlay has any widget to
focus, so the app hands it to the overlay screen itself. Each overlay names its focused widget in
``AUTO_FOCUS``, which Textual focuses right after compose, before the screen reads a queued key (a focus()
in on_mount comes later). A typed character that reached the screen before its field existed is passed on
to that field: typing ``k`` then ``stop`` fills the glossary's filter with "stop", and nothing of it lands
on the screen beneath.
"""

from __future__ import annotations

from weakref import WeakSet

from textual import events

from tagteam.screens.base import GameScreen


class OverlayScreen(GameScreen):
    """Shows no game state, so it is safe over any screen; Escape (the subclass's binding) pops it."""

    FLOW = False

    def __init__(self) -> None:
        super().__init__()
        self._passed_on: WeakSet[events.Key] = WeakSet()

    def on_mount(self) -> None:
        """Textual skips ``AUTO_FOCUS`` while the terminal window is not focused: focus it then anyway."""
        if self.focused is None and self.AUTO_FOCUS:
            found = self.query(self.AUTO_FOCUS)
            if found:
                found.first().focus()

    def on_key(self, event: events.Key) -> None:
        """A key sent to the screen itself (before it had a focused widget) goes to the field that takes it.

        A key the focused field consumes never bubbles up here once the field has it, so one that arrives
        here was queued on the screen while it opened."""
        target = self.focused
        if target is None or event in self._passed_on or not target.check_consume_key(event.key, event.character):
            return
        event.stop()
        event.prevent_default()
        again = events.Key(event.key, event.character)
        self._passed_on.add(again)
        target.post_message(again)
