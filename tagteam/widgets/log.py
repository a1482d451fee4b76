"""The Fight log widget, in its own module so the title screen never loads RichLog (start-up time)."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.message import Message
from textual.widgets import RichLog


class WrapLog(RichLog):
    """A RichLog that asks its screen to re-write it when its width changes: RichLog keeps the old wrap width
    for lines already written, so the screen re-writes them from its source (never from a copy)."""

    class Rewrap(Message):
        """The log's width changed: write every line again."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._width = 0

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)  # RichLog writes what was deferred until its size was known
        if event.size.width != self._width:
            first = self._width == 0
            self._width = event.size.width
            if not first:
                self.post_message(self.Rewrap())
