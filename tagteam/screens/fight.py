"""Fight: both boards, the two revealed cards and a log in words; one Turn at a time, automatic, or skipped."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from tagteam.engine import events as ev
from tagteam.flow import FightFeed
from tagteam.render.board import LEGEND, Palette, card_label
from tagteam.screens.base import GameScreen
from tagteam.screens.messages import FightDone
from tagteam.widgets.basic import BoardView

SPEEDS = (0.25, 0.5, 1.0, 2.0)


class FightScreen(GameScreen):
    """Public: shows only what both players may see. Turns are resolved by the feed (the engine), not here;
    what is drawn (log, revealed cards, pause) is read from the feed each time, never kept as a copy."""

    CSS_PATH = "fight.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "step", "Next Turn"),
        Binding("space", "step", "Next Turn", show=False),
        Binding("a", "auto", "Auto play"),
        Binding("plus,equals_sign", "speed(-1)", "Faster"),
        Binding("minus", "speed(1)", "Slower"),
        Binding("s", "skip", "Skip to end of Fight"),
        Binding("enter", "done", "Continue"),
    ]

    def __init__(self, feed: FightFeed, palette: Palette, reduced_motion: bool = False) -> None:
        super().__init__()
        self.feed = feed
        self.palette = palette
        self.reduced_motion = reduced_motion
        self.timer: Timer | None = None
        self.speed = 2
        self.shown = 0  # lines of the feed's log already written to the log widget
        self.finished = False

    def body(self) -> ComposeResult:
        yield Static(id="head")
        with Horizontal(id="main"):
            with VerticalScroll(id="boardbox"):
                yield BoardView(id="board")
            with Vertical(id="side"):
                yield Static(id="revealed")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Static(Text(LEGEND), id="legend")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self._pull_log()
        self._redraw()
        if not self.feed.can_step():
            self._finish()
        else:
            self._status()

    # ------------------------------------------------------------------ drawing

    def _pull_log(self) -> None:
        log = self.query_one(RichLog)
        lines = self.feed.lines()
        for line in lines[self.shown :]:
            log.write(Text(line, style="bold") if line.startswith(("Round ", "Game over")) else line)
        self.shown = len(lines)

    def _redraw(self) -> None:
        view = self.feed.view()
        names = self.feed.names
        self.query_one(BoardView).show_view(view, names, self.palette)
        self.query_one("#head", Static).update(self.feed.heading())
        parts: list[Text] = []
        revealed = self.feed.revealed()
        if view.table is not None:
            for seat in (0, 1):
                if seat in revealed:
                    inst, flipped = revealed[seat]
                    parts.append(Text(f"{names[seat]} revealed:", style="bold"))
                    parts.append(card_label(view.table, inst, flipped))
                    model = view.table.cards[inst].cdef.model
                    parts.append(Text((model.flipped_text if flipped and model.flipped_text else model.text) + "\n"))
        self.query_one("#revealed", Static).update(Group(*parts) if parts else "No card revealed yet.")

    def _status(self, text: str | None = None) -> None:
        if text is None:
            auto = f"auto-play every {SPEEDS[self.speed]} s (a stops)" if self.timer else "a: auto-play"
            text = f"n or space: next Turn · {auto} · s: skip to the end of the Fight step"
        self.query_one("#status", Static).update(text)

    # ------------------------------------------------------------------ stepping

    def action_step(self) -> None:
        if self.finished or not self.feed.can_step():
            return
        self.feed.step()
        self._after()

    def action_skip(self) -> None:
        """Resolve Turns until the Fight step ends (or, in a replay, until the next Fight step ends)."""
        while self.feed.can_step():
            if any(isinstance(e, ev.FightEnded | ev.GameOver) for e in self.feed.step()):
                break
        self._after()

    def _after(self) -> None:
        self._pull_log()
        self._redraw()
        if not self.reduced_motion:
            board = self.query_one(BoardView)
            board.add_class("-flash")
            self.set_timer(0.25, lambda: board.remove_class("-flash"))
        if not self.feed.can_step():
            self._finish()
        else:
            self._status()

    def _finish(self) -> None:
        self.finished = True
        self._stop()
        pause = self.feed.pause()
        self._status(pause)
        self.query_one(RichLog).write(Text(pause.split(" Press Enter")[0], style="italic"))
        self.refresh_bindings()

    def action_auto(self) -> None:
        if self.timer is not None:
            self._stop()
        elif not self.finished:
            self.timer = self.set_interval(SPEEDS[self.speed], self.action_step)
        self._status()

    def _stop(self) -> None:
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.timer is not None:
            self._stop()
            self.timer = self.set_interval(SPEEDS[self.speed], self.action_step)
        self._status()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done":
            return self.finished
        if action in ("step", "auto", "skip", "speed"):
            return not self.finished
        return True

    def action_done(self) -> None:
        if self.finished:
            self.post_message(FightDone())
