"""The Build puzzles' home: the puzzle of the day, your puzzle rating and streak, the themes, the next puzzle.

Every choice has a key and a click: ``d`` (or its row) the puzzle of the day, ``n`` the next puzzle near your
rating in the chosen theme, ``t`` the next theme (or Enter / a click on a theme's row), Esc back. The shipped
set and your progress are read in a worker when the screen opens (the history database may wait for another
process's lock); each answer is counted at once and kept in a worker, one write after another, in order.
Which puzzle, what the rating does and the streak are ``tagteam.puzzles.progress``'s; the words are
``tagteam.words.puzzles``'s.
"""

from __future__ import annotations

import random
import threading
import time
from collections import deque
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tagteam.puzzles import progress as pp
from tagteam.puzzles.model import Puzzle
from tagteam.screens.base import GameScreen
from tagteam.widgets.basic import MARK_OFF, MarkedOptionList
from tagteam.words import N_
from tagteam.words import puzzles as wp


class PuzzleHome(GameScreen):
    """The puzzles' home; it is also the ``Keeper`` of the puzzles it opens (it counts and keeps answers)."""

    FLOW = False
    DEFAULT_CSS = """
    PuzzleHome #head { height: 1; padding: 0 1; text-style: bold; background: $panel; }
    PuzzleHome #intro { height: auto; padding: 0 1; color: $text-muted; }
    PuzzleHome #progress { height: auto; padding: 0 1; text-style: bold; }
    PuzzleHome #notes { height: auto; padding: 0 1; color: $warning; }
    PuzzleHome #menu { height: auto; max-height: 16; margin: 0 1; }
    PuzzleHome #help { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "daily", N_("Puzzle of the day")),
        Binding("n", "next_puzzle", N_("Next puzzle")),
        Binding("t", "theme", N_("Theme")),
        Binding("escape", "back", N_("Back")),
        Binding("q", "back", N_("Back"), show=False),
    ]

    def __init__(self, day: str | None = None, seed: int | None = None) -> None:
        super().__init__()
        self.day = day or pp.today()  # the date the puzzle of the day is chosen for (tests fix it)
        self.rng = random.Random(seed)
        self.puzzles: list[Puzzle] = []
        self.tally = pp.Tally()
        self.theme: str | None = None
        self.notes: list[str] = []
        self.last: str | None = None  # the puzzle opened last: the next one is another
        self.ready = False
        self._queue: deque[pp.Attempt] = deque()
        self._lock = threading.Lock()

    def body(self) -> ComposeResult:
        yield Static(wp.home_title(), id="head", markup=False)
        yield Static(wp.home_intro(), id="intro", markup=False)
        yield Static(wp.loading(), id="progress", markup=False)
        yield Static(id="notes", markup=False)
        yield MarkedOptionList(id="menu")
        yield Static(wp.theme_hint(), id="help", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#notes").display = False
        self._load()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("daily", "next_puzzle", "theme"):
            return self.ready
        return True

    # ------------------------------------------------------------------------------------------ reading

    @work(thread=True, exclusive=True, group="puzzles-load", exit_on_error=False)
    def _load(self) -> None:
        from tagteam.puzzles import files, kept
        from tagteam.words import inputs

        try:
            puzzles = list(files.load(files.shipped_path()).puzzles)
        except files.PuzzleFileError as e:
            self.app.call_from_thread(self._failed, inputs.line(e))
            return
        got = kept.load()
        self.app.call_from_thread(self._loaded, puzzles, got.tally, [wp.note_line(n) for n in got.notes])

    def _failed(self, why: str) -> None:
        self.query_one("#progress", Static).update(wp.no_puzzles(why))

    def _loaded(self, puzzles: list[Puzzle], tally: pp.Tally, notes: list[str]) -> None:
        self.puzzles, self.tally, self.ready = puzzles, tally, bool(puzzles)
        self._say(notes)
        self._show()
        self.refresh_bindings()

    def _say(self, notes: list[str]) -> None:
        if notes:
            self.notes = (self.notes + notes)[-3:]  # the latest few: each is one line of what happened
            box = self.query_one("#notes", Static)
            box.update("\n".join(self.notes))
            box.display = True

    def _daily(self) -> Puzzle:
        return pp.daily(self.puzzles, self.day)

    def _show(self) -> None:
        t = self.tally
        lines = [wp.rating_line(t.rating.rating, t.rating.rd, t.rated), wp.streak_line(t.streak, t.best_streak)]
        self.query_one("#progress", Static).update("\n".join(lines))
        if not self.puzzles:
            return
        daily = self._daily()
        goal = wp.goal(daily.goal.kind, daily.goal.margin)
        rows = [
            ("daily", wp.daily_entry(goal, daily.difficulty.band, t.done(daily.id, self.day))),
            ("next", wp.next_entry(self.theme)),
        ]
        everything: list[tuple[str | None, int]] = [(None, len(self.puzzles)), *pp.themes(self.puzzles)]
        for name, count in everything:
            solved = sum(1 for p in pp.in_theme(self.puzzles, name) if p.id in t.solved)
            rows.append((f"theme:{name or ''}", wp.theme_entry(name, count, solved, name == self.theme)))
        menu = self.query_one("#menu", MarkedOptionList)
        if menu.option_count == 0:  # the first time: the rows (the set's themes do not change while it is open)
            menu.add_options(Option(Text(MARK_OFF) + Text(text), id=key) for key, text in rows)
            menu.highlighted = 0
            menu.focus()
        else:
            for key, text in rows:
                menu.set_prompt(key, Text(text))

    def on_screen_resume(self) -> None:
        if self.ready:
            self._show()

    # ------------------------------------------------------------------------------------------ choices

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key == "daily":
            self.action_daily()
        elif key == "next":
            self.action_next_puzzle()
        elif key.startswith("theme:"):
            self.theme = key.partition(":")[2] or None
            self._show()

    def action_daily(self) -> None:
        if self.ready:
            self._open(self._daily())

    def action_next_puzzle(self) -> None:
        if not self.ready:
            return
        p = pp.next_puzzle(self.puzzles, self.tally, self.theme, self.rng, exclude=self.last)
        if p is not None:
            self._open(p)

    def action_theme(self) -> None:
        """The next theme in the list (after the last: any theme)."""
        if not self.ready:
            return
        names: list[str | None] = [None, *(name for name, _count in pp.themes(self.puzzles))]
        i = names.index(self.theme) if self.theme in names else 0
        self.theme = names[(i + 1) % len(names)]
        self._show()
        menu = self.query_one("#menu", MarkedOptionList)
        menu.highlighted = menu.get_option_index(f"theme:{self.theme or ''}")

    def action_back(self) -> None:
        self.app.pop_screen()

    def _open(self, p: Puzzle) -> None:
        from tagteam.screens.puzzle import PuzzleScreen

        self.last = p.id
        while self.app.screen is not self and len(self.app.screen_stack) > 1:  # from a result's "next"
            self.app.pop_screen()
        self.app.push_screen(PuzzleScreen(p, keeper=self))

    # ------------------------------------------------------------------------------------------ the keeper

    def answered(self, puzzle: Puzzle, right: bool, hint: bool, first: bool) -> pp.Scored:
        """Count one answer now (the result shows what it did) and keep it in a worker, in order."""
        a = pp.Attempt(pp.new_id(), time.time(), pp.today(), puzzle.id, puzzle.difficulty.rating, right, hint, first)
        scored = self.tally.add(a)
        self._queue.append(a)
        self._keep()
        return scored

    def next_puzzle(self) -> None:
        self.action_next_puzzle()

    @work(thread=True, group="puzzles-keep", exit_on_error=False)
    def _keep(self) -> None:
        """Write what is queued, oldest first (each worker drains the queue under one lock, so two answers in
        quick succession are kept in the order given)."""
        from tagteam.puzzles import kept

        with self._lock:
            while self._queue:
                notes = kept.keep(self._queue.popleft())
                if notes:
                    self.app.call_from_thread(self._kept, [wp.note_line(n) for n in notes])

    def _kept(self, notes: list[str]) -> None:
        for line in notes:
            self.app.notify(line, severity="warning", timeout=8, markup=False)
        if self.is_attached:
            self._say(notes)
