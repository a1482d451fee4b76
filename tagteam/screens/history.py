"""Game history: your finished games newest first, filtered by kind, level, team or Fighter; one game opens to
its summary, the review of every Build, its Draft with the discards, and its replay; the statistics screen.

Every choice has a key and a click: 1-4 (or a click on a filter button) move a filter to its next value, 0
clears them, Enter or a click opens a game, s (or the button) the statistics, r (or the button) a game's replay.
The index (``tagteam.store.history``) is only read here, one page of rows at a time; a fresh index is filled
from the saves in a worker, with a progress bar. A database that cannot be used gives its one line and an
empty list: the saves are never touched.
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from tagteam.play import history as ph
from tagteam.screens.base import GameScreen
from tagteam.screens.messages import Reviewed, WatchReplay
from tagteam.store import history as hs
from tagteam.widgets.chart import Mark, RatingChart
from tagteam.words import N_, _
from tagteam.words import history as wh

if TYPE_CHECKING:
    from pathlib import Path

    from tagteam.engine.record import GameRecord
    from tagteam.play.stats import Score, Stats

WIDE = 120  # from here the tables and the rating sit side by side (the right half was empty)
PAGE = 50  # rows read and listed at once: the newest, whatever the size of the history
FILTERS = ("kind", "level", "team", "fighter")


def link_places(labels: list[str], width: int) -> list[tuple[int, int]]:
    """Where each link (`` label ``, two cells between links) starts, (x, line), on lines of ``width`` cells: a
    link that does not fit after the others starts the next line."""
    from tagteam.words import cells

    out: list[tuple[int, int]] = []
    x = y = 0
    for label in labels:
        size = cells(label) + 2
        if x and x + 2 + size > width:
            x, y = 0, y + 1
        elif x:
            x += 2
        out.append((x, y))
        x += size
    return out


ROW_STYLES = {"win": "bold $success", "draw": "bold $warning", "loss": "bold $error"}


def _option(g: hs.PastGame, i: int, change: float | None = None) -> Option:
    """One past game in the list: its result (its word in its colour), the rating change it made, then its
    teams and date, dimmed."""
    head, said = wh.entry_head(g), wh.result(g.result)
    parts: list[str | tuple[str, str]] = [(said, ROW_STYLES[g.result]), head[len(said) :]]
    if not head.startswith(said):  # a language that puts the result elsewhere: the line as written
        parts = [head]
    if change is not None:
        parts += [" · ", (wh.rating_change(change), ROW_STYLES[g.result])]
    return Option(Content.assemble(*parts, "\n", (wh.entry_tail(g), "dim")), id=f"g{i}")


def index_finished(rec: GameRecord, path: Path) -> tuple[list[str], str]:
    """Index a game that has just ended, its record kept in ``path`` (off the UI thread: it opens the database):
    the notes on the database, one line each, and the game-over screen's line (your record against this level
    or in this kind of game, and the rating change)."""
    from tagteam.play import stats

    game, notes = ph.record_finished(rec, path)
    said = [wh.note_line(n) for n in notes]
    line = ""
    if game is not None:
        opened = hs.open_history(create=False)
        said += [wh.note_line(n) for n in opened.notes]
        if opened.history is not None:
            with opened.history as h:
                try:
                    games = h.oldest_first()
                except sqlite3.Error as e:
                    said.append(wh.note_line(hs.fault(e, h.path)))
                    return said, line
            points = [p for p in stats.rating_history(games) if p.digest == game.digest]
            line = wh.gameover_line(game, stats.record_against(games, game), points[-1] if points else None)
    return said, line


class HistoryScreen(GameScreen):
    """The list of past games and its filters; it reads the index, never the saves (a game opens its own)."""

    FLOW = False
    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        # the filter buttons name their keys: the footer keeps to the rest (fewer keys to lay out on each change)
        Binding("1", "next('kind')", N_("Kind"), show=False),
        Binding("2", "next('level')", N_("Level"), show=False),
        Binding("3", "next('team')", N_("Team"), show=False),
        Binding("4", "next('fighter')", N_("Fighter"), show=False),
        Binding("0", "clear", N_("Clear filters")),
        Binding("m", "more", N_("Older games")),
        Binding("s", "stats", N_("Statistics")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.where = hs.Filter()
        self.choices = hs.Choices((), (), (), ())
        self.games: list[hs.PastGame] = []
        self.notes: list[str] = []
        self.total = 0
        self.changes: dict[str, float] = {}  # each rated game's rating change (``stats.changes``), by digest

    def body(self) -> ComposeResult:
        yield Static(_("Game history"), id="head")
        yield Static(self._filters(), id="filters")  # one line of links: a click moves a filter on
        yield Static(id="status", markup=False)
        yield ProgressBar(id="progress", show_eta=False)
        yield OptionList(id="games")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#progress").display = False
        opened = hs.open_history()
        self.notes = [wh.note_line(n) for n in opened.notes]
        h = opened.history
        if h is None:
            if opened.notes and hs.record_files():  # the index cannot be used: the games are read from the saves
                self._from_saves()
            else:
                self._show()
            return
        if opened.fresh and hs.record_files():
            h.close()
            self._rebuild()
            return
        with h:
            self._read(h)
        self._show()
        self._rate()

    @work(thread=True, exclusive=True, group="history-rate", exit_on_error=False)
    def _rate(self) -> None:
        """Each rated game's rating change, from the one rating history of every game (off the UI thread)."""
        from tagteam.play.stats import changes

        opened = hs.open_history(create=False)
        if opened.history is None:
            return
        with opened.history as h:
            try:
                found = changes(h.oldest_first())
            except sqlite3.Error:
                return  # the list says the fault when it reads; the rows keep their lines without the change
        self.app.call_from_thread(self._rated, found)

    def _rated(self, found: dict[str, float]) -> None:
        self.changes = found
        listing = self.query_one("#games", OptionList)
        for i, g in enumerate(self.games):
            if g.digest in found and i < listing.option_count:
                listing.replace_option_prompt_at_index(i, _option(g, i, found[g.digest]).prompt)

    def _read(self, h: hs.History) -> None:
        try:
            self.total = h.count(self.where)
            self.games = h.newest(self.where, PAGE)
            self.total = max(len(self.games), self.total - h.skipped)  # a skipped row is no game
        except sqlite3.Error as e:
            self.notes.append(wh.note_line(hs.fault(e, h.path)))
            self.games, self.total = [], 0
        self.notes += [wh.note_line(n) for n in h.notes() if wh.note_line(n) not in self.notes]

    @work(thread=True, exclusive=True, group="history-rebuild", exit_on_error=False)
    def _from_saves(self) -> None:
        """The index cannot be used this time: the newest games read from the saves themselves (as ``tagteam
        stats`` does), never "no finished game yet" while the saves hold some."""
        self.app.call_from_thread(self._progress, 0, 1)

        def progress(done: int, total: int) -> None:
            if done == total or done % max(1, total // 100) == 0:
                self.app.call_from_thread(self._progress, done, total)

        found = hs.unique(g for g in ph.read_games(hs.record_files(), progress) if isinstance(g, hs.PastGame))
        found.sort(key=lambda g: g.ended, reverse=True)
        self.app.call_from_thread(self._listed, found)

    def _listed(self, found: list[hs.PastGame]) -> None:
        self.query_one("#progress").display = False
        self.total = len(found)
        self.games = found[:PAGE]
        self._show()

    def _reread(self) -> None:
        opened = hs.open_history(create=False)
        if opened.history is not None:
            with opened.history as h:
                self._read(h)
        self._show()

    @work(thread=True, exclusive=True, group="history-rebuild", exit_on_error=False)
    def _rebuild(self) -> None:
        """A fresh index is filled from the saves, the bar showing how far (1,000 saves take seconds)."""
        self.app.call_from_thread(self._progress, 0, 1)

        def progress(done: int, total: int) -> None:  # each call waits for the UI: a hundred calls at most
            if done == total or done % max(1, total // 100) == 0:
                self.app.call_from_thread(self._progress, done, total)

        out = ph.rebuild(progress)
        self.app.call_from_thread(self._rebuilt, [wh.note_line(n) for n in out.notes])

    def _progress(self, done: int, total: int) -> None:
        bar = self.query_one("#progress", ProgressBar)
        bar.display = True
        bar.update(total=max(total, 1), progress=done)
        self.query_one("#status", Static).update(wh.rebuilding(done, total))

    def _rebuilt(self, notes: list[str]) -> None:
        self.notes += notes
        self.query_one("#progress").display = False
        self._reread()
        self._rate()

    def _orders(self) -> dict[str, tuple[str, str]]:
        """Each team as you last played it, for the Team filter's name (the index's ``Choices``)."""
        return dict(zip(self.choices.teams, self.choices.orders, strict=False))

    def links(self) -> list[tuple[str, str, tuple[int, int]]]:
        """The filters' and the statistics' links: (action, label, where it starts in the filters' text)."""
        out = [
            (f"next('{what}')", wh.filter_label(what, getattr(self.where, what), key, self._orders()), (0, 0))
            for key, what in enumerate(FILTERS, 1)
        ]
        out.append(("stats", _("Statistics (s)"), (0, 0)))
        places = link_places([label for _action, label, _at in out], self._width())
        return [(action, label, at) for (action, label, _at), at in zip(out, places, strict=True)]

    def _width(self) -> int:
        """The filters' text width: the screen's less the padding (the app's before the screen is laid out)."""
        return max(10, (self.size.width or self.app.size.width) - 2)

    def _filters(self) -> Content:
        """The filters and the statistics as clickable links (a widget each cost a frame's time), broken into
        lines between links, never inside one (Textual wraps at a no-break space too: "Combattant / (4) : tous")."""
        parts: list[Content | str] = []
        row = 0
        for action, label, (_x, y) in self.links():
            if parts:
                parts.append("\n" if y != row else "  ")
            row = y
            style = "bold reverse" if action == "stats" else "reverse"
            parts.append(Content.from_markup(f"[{style} @click=screen.{action}] $label [/]", label=label))
        return Content.assemble(*parts)

    def on_resize(self) -> None:
        self.query_one("#filters", Static).update(self._filters())

    def _show(self) -> None:
        self.query_one("#filters", Static).update(self._filters())
        listing = self.query_one("#games", OptionList)
        listing.clear_options()
        listing.add_options(_option(g, i, self.changes.get(g.digest)) for i, g in enumerate(self.games))
        if self.games:
            listing.highlighted = 0
            status = wh.shown(len(self.games), self.total)
        elif self.where != hs.Filter():
            status = wh.no_match()
        else:
            status = wh.no_games()
        self.query_one("#status", Static).update("\n".join([*self.notes, status]))
        if self.focused is not listing:
            listing.focus()

    # ------------------------------------------------------------------------------------------ choices

    def _values(self, what: str) -> list[str | None]:
        if self.choices == hs.Choices((), (), (), ()):  # read at the first filter key, not at the opening
            opened = hs.open_history(create=False)
            if opened.history is not None:
                with opened.history as h, contextlib.suppress(sqlite3.Error):
                    self.choices = h.choices()
        c = self.choices
        found: tuple[str, ...] = {"kind": c.kinds, "level": c.levels, "team": c.teams, "fighter": c.fighters}[what]
        return [None, *found]

    def action_next(self, what: str) -> None:
        """The filter's next value (after the last one: any)."""
        values = self._values(what)
        now = getattr(self.where, what)
        i = values.index(now) if now in values else 0
        self.where = replace(self.where, **{what: values[(i + 1) % len(values)]})
        self._reread()

    def action_more(self) -> None:
        """The next page of older games, added under the list (the cursor stays where it is)."""
        if len(self.games) >= self.total:
            return
        opened = hs.open_history(create=False)
        if opened.history is None:
            return
        with opened.history as h:
            try:
                more = h.newest(self.where, PAGE, offset=len(self.games))
            except sqlite3.Error as e:
                self.notes.append(wh.note_line(hs.fault(e, h.path)))
                more = []
        start = len(self.games)
        self.games += more
        rows = (_option(g, start + i, self.changes.get(g.digest)) for i, g in enumerate(more))
        self.query_one("#games", OptionList).add_options(rows)
        self.query_one("#status", Static).update("\n".join([*self.notes, wh.shown(len(self.games), self.total)]))

    def action_clear(self) -> None:
        self.where = hs.Filter()
        self._reread()

    @on(OptionList.OptionSelected, "#games")
    def _open(self, event: OptionList.OptionSelected) -> None:
        i = int((event.option.id or "g-1")[1:])
        if 0 <= i < len(self.games):
            self.app.push_screen(GameScreenOfHistory(self.games[i]))

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen(self.where))

    def action_back(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------------------------------- one game


def review_game(game: hs.PastGame) -> Reviewed:
    """Load the game's save and replay it: the summary, every Build against the best alternative, the Draft."""
    from tagteam.engine.hindsight import builds, regrets
    from tagteam.engine.record import RecordError
    from tagteam.engine.session import Session
    from tagteam.play.recap import regret_words
    from tagteam.play.summary import summarize
    from tagteam.store.records import load
    from tagteam.words.names import player_name

    path = hs.locate(game)
    if path is None:
        return Reviewed(None, problem=wh.missing_file(game.file))
    try:
        rec = load(path)
    except RecordError as e:
        from tagteam.words import inputs

        return Reviewed(None, problem=inputs.line(e))
    s = Session.from_record(rec)
    table = s.state.table
    summary = summarize(s)
    seats = (0, 1) if game.kind == "hotseat" else (game.you,)  # a network game: this machine's seat
    lines: list[str] = []
    if table is not None:
        found = {r.decision: r for seat in seats for r in regrets(rec, seat, top=10_000)}
        for b in builds(rec):
            if b.seat in seats:
                r = found.get(b.index)
                name = player_name(rec.players[b.seat])
                lines.append(regret_words(r, table, name) if r is not None else wh.as_good(name, b.round))
    draft: list[str] = [wh.draft_heading(game.mode)]
    picks: tuple[list[str], list[str]] = ([], [])
    discards: tuple[list[str], list[str]] = ([], [])
    for d in rec.decisions:  # the Draft's picks as recorded: the discards, face down then, are public now
        if d.action.get("type") == "draft_pick":
            picks[d.seat].append(str(d.action["fighter"]))
            if d.action.get("discard"):
                discards[d.seat].append(str(d.action["discard"]))
    for seat in (0, 1):
        if picks[seat]:
            draft.append(wh.draft_line(player_name(rec.players[seat]), picks[seat], discards[seat]))
        elif table is not None:
            draft.append(wh.teams_line(player_name(rec.players[seat]), table.team(seat)))
    return Reviewed(rec, summary, tuple(lines) or (wh.no_builds(),), tuple(draft))


class GameScreenOfHistory(GameScreen):
    """One past game: its summary, the review of every Build, the Draft; r (or the button) watches its replay."""

    FLOW = False
    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("r", "replay", N_("Watch the replay")),
    ]

    def __init__(self, game: hs.PastGame, reviewed: Reviewed | None = None) -> None:
        super().__init__()
        self.game = game
        self.reviewed: Reviewed | None = None
        self._given = reviewed  # worked out already (back from its replay): shown as it was

    def body(self) -> ComposeResult:
        yield Static(wh.game_title(self.game), id="head", markup=False)
        with Horizontal(id="actions"):
            yield Button(_("Watch the replay (r)"), id="replay", compact=True, variant="primary")
            yield Button(_("Back (Esc)"), id="back", compact=True)
        with VerticalScroll(id="game"):
            yield Static(wh.reviewing(), id="summary", markup=False)
            yield Static(id="recap", markup=False)
            yield Static(id="review", markup=False)
            yield Static(id="draft", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#game").focus()
        if self._given is not None:
            self._show(self._given)
        else:
            self._work()

    @work(thread=True, exclusive=True, group="history-review", exit_on_error=False)
    def _work(self) -> None:
        done = review_game(self.game)
        self.app.call_from_thread(self._show, done)

    def _show(self, done: Reviewed) -> None:
        from tagteam.screens.gameover import summary_table, why_text

        self.reviewed = done
        if done.record is None or done.summary is None:
            self.query_one("#summary", Static).update(done.problem)
            return
        self.query_one("#summary", Static).update(summary_table(done.summary))
        self.query_one("#recap", Static).update(why_text(done.summary))
        review = Text(wh.review_heading() + "\n", style="bold")
        review.append("\n".join(f"• {line}" for line in done.review), style="not bold")
        self.query_one("#review", Static).update(review)
        draft = Text(done.draft[0] + "\n", style="bold")
        draft.append("\n".join(done.draft[1:]), style="not bold")
        self.query_one("#draft", Static).update(draft)

    def action_replay(self) -> None:
        if self.reviewed is not None and self.reviewed.record is not None:
            self.post_message(WatchReplay(self.reviewed.record, self.game, self.reviewed))

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "replay":
            self.action_replay()
        else:
            self.action_back()


# ---------------------------------------------------------------------------------------------- statistics


RESULT_STYLES = {"win": "green", "draw": "yellow", "loss": "red"}
BAR_CELLS = (("win", "█"), ("draw", "▒"), ("loss", "░"))  # a shape per result too: read without colour


def score_bar(s: Score, width: int) -> Text:
    """A row's wins, draws and losses as one bar of ``width`` cells, each part its own shade and colour."""
    out = Text(no_wrap=True)
    counts = {"win": s.wins, "draw": s.draws, "loss": s.losses}
    games = max(1, s.games)
    used = 0
    for i, (key, ch) in enumerate(BAR_CELLS):
        n = width - used if i == len(BAR_CELLS) - 1 and s.games else round(width * counts[key] / games)
        n = max(0, min(n, width - used))
        out.append(ch * n, style=RESULT_STYLES[key])
        used += n
    return out


def stats_tables(st: Stats, width: int) -> Group:
    """The statistics' tables, each row with its bar beside it (the numbers stay in the table)."""
    bar = 12 if width >= 90 else 8  # the names keep their room: a bar is read at 8 cells too
    parts: list[Text | Table] = [Text(line) for line in wh.stats_heads(st)]
    for heading, rows in wh.stats_sections(st):
        t = Table(title=heading, title_justify="left", title_style="bold", box=None, padding=(0, 0, 0, 2))
        names = wh.headers()
        t.add_column(names[0], justify="left", ratio=None)
        for name in names[1:]:
            t.add_column(name, justify="right", no_wrap=True)
        t.add_column("", no_wrap=True, width=bar)
        for name, score in rows:
            t.add_row(*wh.score_cells(name, score), score_bar(score, bar))
        parts += [Text(""), t]
    return Group(*parts)


def rating_side(st: Stats) -> tuple[Text, Text]:
    """The rating's heading and lines (above the chart), and the streaks (under it)."""
    from tagteam.play.stats import ANCHORS  # read when counted, not when the app starts

    top = Text(wh.rating_heading() + "\n", style="bold")
    top.append("\n".join(wh.rating_lines(st.rating, ANCHORS, st.assisted)), style="not bold")
    if st.rating:
        top.append("\n" + wh.chart(st.rating, len(st.rating))[0], style="not bold")
    streaks = Text(wh.streaks_heading() + "\n", style="bold")
    streaks.append("\n".join(wh.streak_lines(st.streaks)), style="not bold")
    return top, streaks


class StatsScreen(GameScreen):
    """The statistics of the games the history's filters show: the tables with a bar per row, and beside them
    (under them below 120 columns) the rating chart and the streaks."""

    FLOW = False
    CSS_PATH = "history.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", N_("Back"))]

    def __init__(self, where: hs.Filter | None = None) -> None:
        super().__init__()
        self.where = where or hs.Filter()
        self.figures: Stats | None = None

    def body(self) -> ComposeResult:
        self.set_class(self.app.size.width < WIDE, "-narrow")
        yield Static(id="head", markup=False)
        with Horizontal(id="actions"):
            yield Button(_("Back (Esc)"), id="back", compact=True)
        with VerticalScroll(id="game"), Horizontal(id="cols"):
            yield Static(id="tables", markup=False)
            with Vertical(id="side"):
                yield Static(id="rating", markup=False)
                yield RatingChart(id="chart")
                yield Static(id="streaks", markup=False)
        yield Static(wh.stats_help(), id="help", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#game").focus()
        self.query_one("#head", Static).update(_("Statistics"))
        self.query_one("#tables", Static).update(wh.counting())
        self._count()

    @work(thread=True, exclusive=True, group="history-stats", exit_on_error=False)
    def _count(self) -> None:
        """Every game the filters show, read and counted off the UI thread (10,000 take a few tenths of a second)."""
        from tagteam.play.stats import compute

        opened = hs.open_history(create=False)
        games: list[hs.PastGame] = []
        notes = [wh.note_line(n) for n in opened.notes]
        if opened.history is not None:
            with opened.history as h:
                try:
                    games = h.oldest_first(self.where)
                except sqlite3.Error as e:
                    notes.append(wh.note_line(hs.fault(e, h.path)))
        figures = compute(games)
        self.app.call_from_thread(self._counted, figures, notes)

    def _counted(self, figures: Stats, notes: list[str]) -> None:
        self.figures = figures
        self.query_one("#head", Static).update("\n".join([*notes, _("Statistics")]))
        top, streaks = rating_side(figures)
        self.query_one("#rating", Static).update(top)
        self.query_one("#streaks", Static).update(streaks)
        start = figures.rating[0].before.rating if figures.rating else 0.0
        marks = [Mark(p.after.rating, wh.chart_date(p.ended), p.result) for p in figures.rating]
        self.query_one("#chart", RatingChart).show_marks(marks, start, wh.result_words())
        self._lines(self.size.width)

    def on_resize(self) -> None:
        self.set_class(self.app.size.width < WIDE, "-narrow")
        self._lines(self.size.width)

    def _lines(self, width: int) -> None:
        """The tables, their bars as wide as the column allows."""
        if self.figures is not None:
            tables = self.query_one("#tables", Static)
            column = tables.content_region.width or (width if width < WIDE else width * 3 // 5)
            tables.update(stats_tables(self.figures, column))

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed, "#back")
    def _back(self) -> None:
        self.action_back()
