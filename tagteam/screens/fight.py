"""Fight: laid out like the table, one team each side and the revealed cards between them; a log in words.

One Turn at a time, automatic, or skipped. At 150 columns and more the two teams sit side by side with
the two revealed cards between them; below that the cards sit under the teams (three columns at 120 made
each board narrower than at 100 columns, and dropped its HP bar). The boards are the Build
screen's (``team_packed``): HP, Power, the next Stop under each marker in words, tokens; whole Health tracks
and HP bars only where they leave the log its rows (``board_level``, the choice the Build screen's boards
make too). At 80x24 every Fighter's board, both revealed cards and the last lines of the log fit unscrolled.
"""

from __future__ import annotations

from typing import ClassVar

from rich.align import Align
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from tagteam.engine import events as ev
from tagteam.engine.view import PlayerView
from tagteam.play.feeds import FightSource
from tagteam.render.board import LEGEND, Palette, deck_counts, dial_legend
from tagteam.render.card_face import FULL, LARGE, CardFace
from tagteam.render.compact import BOARD_LEVELS, BoardLevel, board_level, revealed_cards, rows, team_packed
from tagteam.screens.base import GameScreen
from tagteam.screens.cards import TableCards
from tagteam.screens.messages import FightDone, FightPaused
from tagteam.widgets.log import WrapLog
from tagteam.words import N_, _, cells, feeds
from tagteam.words import table as table_words
from tagteam.words.names import card_name

SPEEDS = (0.25, 0.5, 1.0, 2.0)
MAYBE_WORDS = N_("Attack? (any Action with ?): only if its condition holds; often the other card decides")


def legend_line() -> str:
    """The marks' legend, the Divine Voice's abbreviations and what a ``?`` means, in the player's language."""
    return f"{_(LEGEND)} · {dial_legend()} · {_(MAYBE_WORDS)}"


PAIR_AT = 120  # from this width on, the revealed pair is drawn as two cards (the text lines below it)
WIDE = 150  # from this width on: teams side by side with the revealed cards between them, each board as wide as at 100
LOG_ROWS = 6  # rows of log the boards leave free when they can (the leanest boards are drawn regardless)


def revealed_pair(
    view: PlayerView, names: tuple[str, str], revealed: dict[int, tuple[int, bool]], pal: Palette, stacked: bool
) -> RenderableType:
    """The two cards on the table drawn as cards (``CardFace``, with their text), each under its player's
    name, side by side, or one above the other (``stacked``, the narrow column between the teams)."""
    table = view.table
    if table is None or not revealed:
        return Text(_("No card revealed yet."))
    faces: list[RenderableType] = []
    for seat in sorted(revealed):
        inst, flipped = revealed[seat]
        ci = table.cards[inst]
        who = _("P{number} {name}").format(number=seat + 1, name=names[seat])
        style = pal.seat[seat]
        face = CardFace(
            ci.cdef.model, table.fighters[ci.owner].model, style, ci.starred, flipped, FULL, text=True, width=LARGE
        )
        faces.append(Group(Text(_("{player}:").format(player=who), style=f"bold {style}".strip()), face))
    if stacked:
        return Group(*faces)
    grid = Table.grid(padding=(0, 4))
    grid.add_row(*faces)
    return Align.center(grid)  # the pair in the middle of the table, between the two teams


def deck_row(view: PlayerView, seat: int, names: tuple[str, str], pal: Palette, you: int | None) -> Text:
    """One Fight deck as a row of the table: the cards played this Fight face up by name (the one just
    revealed in brackets), then how many lie face down. Your own coming cards are named only where you alone
    watch (``you`` is this view's seat): on a shared screen neither row shows what is to come."""
    table = view.table
    assert table is not None
    style = pal.seat[seat]
    row = Text(table_words.played_row(_("P{number} {name}").format(number=seat + 1, name=names[seat])) + " ")
    row.stylize(f"bold {style}".strip())
    size, done, _build = deck_counts(view, seat)
    left = max(0, size - done)
    # after the last Turn the engine files this Fight's cards as last played: the row still shows them
    played = view.played[seat] or (view.last_played[seat] if not left else ())
    for i, inst in enumerate(played):
        name = card_name(table.cards[inst].cdef.model) + (" ★" if table.cards[inst].starred else "")
        if inst in view.flipped:
            name += " ⇅"
        if i:
            row.append(" · ")
        row.append(f"[{name}]" if i == len(played) - 1 else name, style="bold" if i == len(played) - 1 else "")
    if played and left:
        row.append(" · ")
    if not left:
        return row  # every card is face up: nothing lies face down
    if you is not None and seat == you == view.seat and left:
        row.append(table_words.coming_known() + " ", style=pal.dim)
        coming = view.my_fight_deck[view.my_cursor :]
        row.append(" · ".join(card_name(table.cards[inst].cdef.model) for inst in coming), style=pal.dim)
    else:
        row.append(table_words.coming(left), style=pal.dim)
    return row


class FightScreen(GameScreen):
    """Public: shows only what both players may see. Turns are resolved by the feed (the engine), not here;
    what is drawn (log, revealed cards, pause) is read from the feed each time, never kept as a copy."""

    CSS_PATH = "fight.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "step", N_("Next Turn")),
        Binding("space", "step", N_("Next Turn"), show=False),
        Binding("enter", "done", N_("Continue")),
        Binding("a", "auto", N_("Auto")),
        Binding("s", "skip", N_("Skip Fight")),
        Binding("r", "round", N_("Next round")),
        Binding("l", "legend", N_("Legend")),
        Binding("plus,equals_sign", "speed(-1)", N_("Faster"), show=False),
        Binding("minus", "speed(1)", N_("Slower"), show=False),
    ]

    def __init__(
        self, feed: FightSource, palette: Palette, reduced_motion: bool = False, you: int | None = None
    ) -> None:
        super().__init__()
        self.feed = feed
        self.you = you  # the viewer's own seat, marked "(you)" as on the Build screen; None when both share it
        self.palette = palette
        self.reduced_motion = reduced_motion
        self.timer: Timer | None = None
        self.speed = 2
        self.shown = 0  # lines of the feed's log already written to the log widget
        self.finished = False
        self._cards_at = ""  # which Static shows the revealed cards (between the teams, or under them)
        self._status_line = ""  # what the status line says: its rows count in the boards' room

    def body(self) -> ComposeResult:
        yield Static(id="head")
        with Horizontal(id="table"):
            yield Static(id="team0", classes="team")
            yield Static(id="between")
            yield Static(id="team1", classes="team")
        yield Static(id="revealed")
        yield WrapLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
        yield Static(Text(legend_line()), id="legend")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self._pull_log()
        if not self.feed.can_step():
            self._finish()
        else:
            self._status()
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        """Re-lay the table, and re-write the log from the feed so it wraps at the new width."""
        self.set_class(event.size.width >= WIDE, "-wide")
        self._redraw()

    @on(WrapLog.Rewrap)
    def _rewrap(self) -> None:
        self.query_one(RichLog).clear()
        self.shown = 0
        self._pull_log()
        if self.finished:
            self._write_pause()

    # ------------------------------------------------------------------ drawing

    def _pull_log(self) -> None:
        log = self.query_one(RichLog)
        lines = self.feed.lines()
        heads = (_("Round") + " ", _("Game over"), _("Turn") + " ")  # the lines that start a round or a Turn
        width = log.scrollable_content_region.width or None  # wrap at the log's own width, not the console's
        for line in lines[self.shown :]:
            text = Text(line, style="bold") if line.startswith(heads) else Text(line)
            log.write(text, width=width)
        self.shown = len(lines)

    def _redraw(self) -> None:
        view = self.feed.view()
        names = self.feed.names
        wide = self.size.width >= WIDE
        if self.size.width >= PAIR_AT:
            cards = revealed_pair(view, names, self.feed.revealed(), self.palette, stacked=wide)
            if view.table is not None:  # the two Fight decks face each other across the pair
                rows_ = [deck_row(view, seat, names, self.palette, self.you) for seat in (0, 1)]
                cards = Group(rows_[0], cards, rows_[1])
        else:
            cards = revealed_cards(view, names, self.feed.revealed())
        if view.table is not None:
            width = self.size.width // 3 if wide else self.size.width // 2  # one team's panel (1fr of 3, or of 2)
            level = self._board_level(view, cards, width) if width else BOARD_LEVELS[-1]
            for seat in (0, 1):
                panel = team_packed(
                    view, seat, names, self.palette, width, level.tracks, level.bar, you=self.you, notes=True
                )
                self.query_one(f"#team{seat}", Static).update(panel)
        where = "#between" if wide else "#revealed"
        self.query_one(where, Static).update(cards)
        if where != self._cards_at:  # the cards moved (a resize): empty their old place once
            self.query_one("#revealed" if wide else "#between", Static).update("")
            self._cards_at = where
        self.query_one("#head", Static).update(feeds.heading(self.feed.heading()))

    def _board_level(self, view: PlayerView, cards: RenderableType, width: int) -> BoardLevel:
        """The richest boards that leave the heading, the cards under the teams (below ``WIDE``), the open
        legend, the status line and the footer whole and ``LOG_ROWS`` rows to the log."""
        console = self.app.console
        w, h = self.size
        used = 1 + LOG_ROWS + 1 + rows(console, Text(self._status_line), w - 2)  # heading, log, footer, status
        if self.has_class("-legend"):
            used += rows(console, Text(legend_line()), w - 2)
        if w < WIDE:
            used += rows(console, cards, w - 2)
        return board_level(console, view, self.feed.names, self.palette, width, h - used, notes=True, you=self.you)

    def _status(self, text: str | None = None) -> None:
        if text is None:
            if self.timer:
                text = _(
                    "n or space: next Turn · auto every {seconds} s (a stops, +/- speed) · s: skip the Fight step · "
                    "Tab, PgUp: log"
                )
                text = text.format(seconds=SPEEDS[self.speed])
            else:
                text = _("n or space: next Turn · a: auto-play · s: skip the Fight step · Tab, PgUp: log")
            hint = f"{text} · {table_words.cards_key()}"
            text = hint if cells(hint) <= self.size.width - 2 else text  # never a row more for the reminder
        self._status_line = text
        self.query_one("#status", Static).update(text)

    # ------------------------------------------------------------------ stepping

    def action_step(self) -> None:
        if self.finished or not self.feed.can_step():
            return
        self.feed.step()
        self._after()

    def action_skip(self) -> None:
        """The rest of the Fight step (in a replay, until the next Fight step ends)."""
        if self.finished or not self.feed.can_step():
            return
        self.feed.skip()
        self._after()

    def action_round(self) -> None:
        """Step until the next round has begun (in a replay, through the Build decisions) or nothing is left."""
        start = self.feed.view().round
        while self.feed.can_step():
            out = self.feed.step()
            if any(isinstance(e, ev.GameOver) for e in out) or self.feed.view().round != start:
                break
        self._after()

    def feed_changed(self) -> None:
        """Someone else moved the game on (the other player over the network): draw what the feed says now."""
        if not self.is_mounted:
            return
        if self.finished:
            if not self.feed.can_step():
                self._pull_log()
                self._redraw()
                return
            self.finished = False  # play goes on (a Character was chosen mid-Fight)
            self.refresh_bindings()
        self._after()

    def _after(self) -> None:
        problem = self.feed.problem()
        if problem:  # e.g. the host could not be reached: said once, and the screen shows what it has
            self.notify(problem, severity="warning")
        self._pull_log()
        if not self.feed.can_step():
            self._finish()
        else:
            self._status()
        self._redraw()  # after the status line: its rows count in the boards' room
        if not self.reduced_motion:  # the Turn heading lights up: one widget to restyle, not the whole table
            head = self.query_one("#head")
            head.add_class("-flash")
            self.set_timer(0.25, lambda: head.remove_class("-flash"))

    def _finish(self) -> None:
        self.finished = True
        self._stop()
        why = self.feed.pause()
        self._status(feeds.pause(why) if why is not None else "")
        self._write_pause()
        self.refresh_bindings()
        self.post_message(FightPaused())

    def _write_pause(self) -> None:
        """The pause line and the recap, both computed by the feed (locally, or by the host), in this screen's
        words; the recap's first line says it is the recap."""
        log = self.query_one(RichLog)
        why = self.feed.pause()
        if why is not None:
            log.write(Text(feeds.pause_line(why), style="italic"))
        for i, line in enumerate(self.feed.recap()):
            log.write(Text(f"▸ {feeds.recap_lead(line) if i == 0 else line}", style="bold"))

    def table_cards(self) -> TableCards | None:
        """The cards panel's table, from the feed: the viewer's seat first only where one player looks."""
        table = self.feed.view().table
        return TableCards(table, self.feed.names, self.palette, self.you) if table is not None else None

    def action_legend(self) -> None:
        """The marks' legend folds away so the log keeps its lines at 80x24."""
        self.toggle_class("-legend")
        self._redraw()

    def action_auto(self) -> None:
        if self.timer is not None:
            self._stop()
        elif not self.finished:
            self.timer = self.set_interval(SPEEDS[self.speed], self.action_step)
        self._status()
        self._redraw()  # the status line may now take another row

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
        self._redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done":
            return self.finished
        if action in ("step", "auto", "skip", "speed", "round"):
            return not self.finished
        return True

    def action_done(self) -> None:
        if self.finished:
            self.post_message(FightDone())
