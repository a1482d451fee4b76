"""The base of screens pushed over the game (rules, glossary, gallery): they open at once, and keys typed
while one opens are its own.

Their text never changes while they are open, so ``LinesView`` lays it out once per width and draws only
the lines in view.

A key typed just after the one that opens an overlay reaches the app before the overlay has any widget to
focus, so the app hands it to the overlay screen itself. Each overlay names its focused widget in
``AUTO_FOCUS``, which Textual focuses right after compose, before the screen reads a queued key (a focus()
in on_mount comes later). A typed character that reached the screen before its field existed is passed on
to that field: typing ``k`` then ``stop`` fills the glossary's filter with "stop", and nothing of it lands
on the screen beneath.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakSet

from rich.console import Console, RenderableType
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tagteam.render.glued import glued
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


def laid_out(renderable: RenderableType, width: int, console: Console) -> tuple[Strip, ...]:
    """``renderable`` as lines of ``width`` cells: callers cache the result, so it is laid out once per width.
    Its Text is wrapped by ``glued`` (French marks kept with their word, Chinese broken between ideographs)."""
    lines = console.render_lines(glued(renderable), console.options.update_width(width), pad=True)
    return tuple(Strip(line, width) for line in lines)


class LinesView(ScrollView, can_focus=True):
    """An overlay's static text, drawn from lines laid out once per width (``source``, cached by the caller):
    only the lines in view are drawn, and reopening or scrolling lays nothing out again."""

    DEFAULT_CSS = "LinesView { scrollbar-gutter: stable; overflow-x: hidden; }"  # one width, with or without a bar

    def __init__(self, source: Callable[[int], tuple[Strip, ...]], **kw: Any) -> None:
        super().__init__(**kw)
        self.source = source
        self.lines: tuple[Strip, ...] = ()

    def show(self, source: Callable[[int], tuple[Strip, ...]]) -> None:
        """Other text, from its top."""
        self.source = source
        self.on_resize()
        self.scroll_home(animate=False)
        self.refresh()

    def on_resize(self) -> None:
        width = max(20, self.scrollable_content_region.width)
        self.lines = self.source(width)
        self.virtual_size = Size(width, len(self.lines))

    def render_line(self, y: int) -> Strip:
        index = y + round(self.scroll_offset.y)
        if 0 <= index < len(self.lines):
            return self.lines[index].apply_style(self.rich_style)  # the screen's colours under the text's own
        return Strip.blank(self.scrollable_content_region.width, self.rich_style)
