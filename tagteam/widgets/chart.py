"""The rating over time drawn as a chart with rich: a value axis, the dates along the bottom, one mark per game.

Why our own drawing, measured on this machine (``python -X importtime``, textual.app already imported, the
machine shared and busy, so the orders of magnitude count):
- ``textual-plotext`` 1.0.1 with plotext 6.1: plotext alone took 470-970 ms to import, a new dependency for
  one chart, its results told by colour alone and its axes labelled in its own words;
- Textual's ``Sparkline``: about 14 ms, and bars only: no value axis, no dates, no marks (the old
  "six block characters" again);
- this module: 6-9 ms (rich is already loaded by Textual), an axis with values, the dates along the bottom,
  and each result with its own shape (● ◆ ○) as well as its colour, so it reads under NO_COLOR too.
The words (legend, dates) come from ``tagteam.words.history``; the numbers from ``tagteam.play.stats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

MARKS = {"win": "●", "draw": "◆", "loss": "○"}  # a shape per result: never told by its colour alone
STYLES = {"win": "bold green", "draw": "bold yellow", "loss": "bold red"}
MIN_SPAN = 20.0  # a flat run of games is drawn flat, not blown up to fill the chart


@dataclass(frozen=True, slots=True)
class Mark:
    """One rated game on the chart: the rating after it, its date as said, and its result."""

    rating: float
    date: str
    result: str


def _range(values: Sequence[float]) -> tuple[float, float]:
    low, high = min(values), max(values)
    if high - low < MIN_SPAN:
        mid = (high + low) / 2
        low, high = mid - MIN_SPAN / 2, mid + MIN_SPAN / 2
    return low, high


def draw(marks: Sequence[Mark], start: float, width: int, height: int = 8) -> Text:
    """The chart of ``marks`` (oldest first) in ``width`` cells: ``height`` rows of plot, the axis, the dates.
    ``start`` is the rating before the first game shown (drawn as the first column's "·"). The last games
    that fit are shown, each two or more cells apart when there is room."""
    height = max(3, height)
    values = [start, *(m.rating for m in marks)]
    low, high = _range(values)
    labels = [f"{v:.0f}" for v in (high, (high + low) / 2, low)]
    label_w = max(cell_len(x) for x in labels)
    plot_w = max(4, width - label_w - 2)
    step = max(1, min(4, (plot_w - 1) // max(1, len(marks))))
    shown = list(marks[-((plot_w - 1) // step) :]) if marks else []
    if len(shown) < len(marks):
        start = marks[-len(shown) - 1].rating
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_w for _ in range(height)]

    def row(v: float) -> int:
        return round((high - v) / (high - low) * (height - 1))

    grid[row(start)][0] = ("·", "dim")
    for i, m in enumerate(shown):
        x = (i + 1) * step
        if x < plot_w:
            grid[row(m.rating)][x] = (MARKS.get(m.result, "•"), STYLES.get(m.result, ""))
    out = Text(no_wrap=True, overflow="crop")
    ticks = {0: labels[0], (height - 1) // 2: labels[1], height - 1: labels[2]}
    for r, cells in enumerate(grid):
        out.append(ticks.get(r, "").rjust(label_w) + (" ┤" if r in ticks else " │"), style="dim")
        for ch, style in cells:
            out.append(ch, style=style)
        out.append("\n")
    out.append(" " * (label_w + 1) + "└" + "─" * plot_w + "\n", style="dim")
    out.append(_dates(shown, step, plot_w, label_w + 2), style="dim")
    return out


def _dates(shown: Sequence[Mark], step: int, plot_w: int, indent: int) -> str:
    """The first game's date under it, the last one's under it (right-aligned there), the middle one's if room."""
    if not shown:
        return ""
    line = [" "] * (plot_w + indent)
    first, last = shown[0], shown[-1]
    last_x = indent + len(shown) * step

    def put(text: str, at: int) -> bool:
        # one list item per cell: a wide letter fills its cell and leaves the next one empty ("")
        cells = [part for ch in text for part in (ch, *[""] * (cell_len(ch) - 1))]
        at = max(0, min(at, len(line) - len(cells)))
        if any(c != " " for c in line[max(0, at - 1) : at + len(cells) + 1]):
            return False
        line[at : at + len(cells)] = cells
        return True

    put(first.date, indent + step - cell_len(first.date) // 2)
    if last is not first:
        put(last.date, last_x - cell_len(last.date) // 2)
    if len(shown) > 2:
        mid = shown[len(shown) // 2]
        put(mid.date, indent + (len(shown) // 2 + 1) * step - cell_len(mid.date) // 2)
    return "".join(line).rstrip()


def legend(words: dict[str, str]) -> Text:
    """Each result's mark and word, "● won  ◆ draw  ○ lost" (``words`` from the words layer)."""
    out = Text(no_wrap=False)
    for i, key in enumerate(("win", "draw", "loss")):
        if i:
            out.append("  ")
        out.append(MARKS[key], style=STYLES[key])
        out.append(f" {words[key]}")
    return out


class RatingChart(Static):
    """The rating chart, redrawn at its own width whenever it changes size."""

    DEFAULT_CSS = "RatingChart { height: auto; }"

    def __init__(self, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.marks: list[Mark] = []
        self.start = 0.0
        self.words: dict[str, str] = {}

    def show_marks(self, marks: list[Mark], start: float, words: dict[str, str]) -> None:
        self.marks, self.start, self.words = marks, start, words
        self._redraw()

    def on_resize(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        if not self.marks:
            self.update("")
            return
        width = self.content_region.width or self.app.size.width - 4
        chart = draw(self.marks, self.start, width, height=8 if self.app.size.height < 40 else 12)
        chart.append("\n")
        chart.append_text(legend(self.words))
        self.update(chart)
