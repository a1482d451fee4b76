"""Text that never leaves one word alone on its last line: a paragraph is wrapped a little narrower instead."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.text import Text

from tagteam.render.glued import Glued, wrap

SLACK = 16  # how many cells narrower a paragraph may be wrapped to take a second word onto its last line


def widowed(lines: Iterable[Text]) -> bool:
    """A wrapped paragraph whose last line (of two or more) holds a single word."""
    rows = list(lines)
    return len(rows) >= 2 and len(rows[-1].plain.split()) == 1


class Unwidowed:
    """A rich renderable: ``text`` wrapped at words (French marks kept with theirs: ``render.glued``), each
    paragraph narrowed (by up to ``SLACK`` cells) until its last line holds two words or more; a paragraph
    that cannot be is left as it wraps."""

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for paragraph in self.text.split("\n", allow_blank=True):
            lines = list(wrap(paragraph, width, console))
            for narrower in range(width - 1, max(width - SLACK, width // 2, 0), -1):
                if not widowed(lines):
                    break
                lines = list(wrap(paragraph, narrower, console))
            if widowed(lines):
                lines = list(wrap(paragraph, width, console))
            yield from lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)


def unwidow(renderable: RenderableType) -> RenderableType:
    """The same renderable with every Text in it (in Groups and Panels, as the card renderers build them)
    wrapped without widows."""
    if isinstance(renderable, Text | Glued):  # a card board's lines come glued (render.glued): Unwidowed glues too
        return Unwidowed(renderable if isinstance(renderable, Text) else renderable.text)
    if isinstance(renderable, Group):
        return Group(*(unwidow(r) for r in renderable.renderables))
    if isinstance(renderable, Panel):
        renderable.renderable = unwidow(renderable.renderable)
        return renderable
    return renderable
