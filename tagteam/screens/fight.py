"""Fight: laid out as a table. Both teams' boards at the top; under them the two Fight decks as rows of
cards facing each other, the pair of this Turn between them, larger, with what each card did written beside
it (from the Turn's typed events, in ``tagteam.words.fight``); the log is a drawer one key away (``l``).

One Turn at a time, automatic, or skipped. The table keeps its height for a size (``FightTable``: the
tallest card of the game decides it) and sits at the bottom, over the status line, so neither a Turn nor a
board growing a line moves it; the boards get what is left (``board_level``, the Build screen's choice).
Notices are said in the status line's place, never over the table; the drawer opens over the table only
when the player asks for it, and closes with the same key (at a pause, the status line says the recap is there).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Footer, RichLog, Static

from tagteam.engine import events as ev
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView
from tagteam.play.feeds import FightSource
from tagteam.render.board import LEGEND, Palette, dial_legend
from tagteam.render.card_face import LARGE
from tagteam.render.compact import (
    BOARD_LEVELS,
    BoardLevel,
    board_level,
    drawn_level,
    rows,
    team_packed,
    teams_rows,
)
from tagteam.render.glued import Glued
from tagteam.screens.base import GameScreen
from tagteam.screens.cards import TableCards
from tagteam.screens.messages import FightDone, FightPaused
from tagteam.widgets.basic import NoticeLine
from tagteam.widgets.fight_table import PAIR_SMALL, ROW_CARD, FightTable, Layout, TableScene, widest_name
from tagteam.widgets.log import WrapLog
from tagteam.words import N_, _, cells, feeds
from tagteam.words import fight as fight_words
from tagteam.words import table as table_words

SPEEDS = (0.25, 0.5, 1.0, 2.0)
MAYBE_WORDS = N_("Attack? (any Action with ?): only if its condition holds; often the other card decides")


def legend_line() -> str:
    """The marks' legend, the Divine Voice's abbreviations and what a ``?`` means, in the player's language."""
    return " · ".join(part for part in (_(LEGEND), dial_legend(), _(MAYBE_WORDS), fight_words.marks_legend()) if part)


WIDE = 120  # from this width on (and ``TALL`` rows), the pair is drawn with its text
TALL = 34
CARD_ROWS = 40  # from this height on, the rows are cards rather than lines of names
ROOMY = 150  # from this width on, the pair is drawn wider (fewer rows for its text), and the rows' cards too
ROOMY_ROW = 26
SPARE_LOG = 5  # rows left between the boards and the table from which the log's newest lines are shown there
REVEAL = (0.12, 0.3)  # seconds after a step: the pair turns face up, then what it did is written


def compact_pair(table: GameTable | None, width: int) -> int:
    """The compact pair's width: the game's widest card name on one row where 80 columns leave room for
    what the cards did between them (22 cells), else narrower (the name wraps between its words)."""
    widest = widest_name(table) + 4 if table is not None else PAIR_SMALL  # a star and the border
    return max(PAIR_SMALL, min(widest, (width - 2 - 22) // 2))


def table_layout(width: int, height: int, table: GameTable | None = None) -> Layout:
    """How the table is drawn at a terminal size: cards with their text from 120x34, rows of cards from 46
    rows, a wider pair from 150 columns; at 80x24 a compact pair and the rows as lines of whole names."""
    text = width >= WIDE and height >= TALL
    wide = LARGE + 8 if width >= ROOMY else LARGE
    return Layout(
        card_rows=height >= CARD_ROWS and width >= WIDE,
        pair_text=text,
        pair_width=wide if text else compact_pair(table, width),
        row_width=ROOMY_ROW if width >= ROOMY else ROW_CARD,  # the room used: wider cards in the rows
    )


class FightNotice(NoticeLine):
    """The app's notices, said in the status line's place (the status comes back when they are gone): the
    table, the boards and a hand-over are never covered, and nothing moves when a notice comes."""

    def show_notices(self, notices: list[tuple[str, str]]) -> None:
        super().show_notices(notices)
        if self.parent is not None:
            self.parent.set_class(bool(notices), "-noticed")


class FightScreen(GameScreen):
    """Public: shows only what both players may see. Turns are resolved by the feed (the engine), not here;
    what is drawn (table, log, pause) is read from the feed each time, never kept as a copy."""

    CSS_PATH = "fight.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "step", N_("Next Turn")),
        Binding("space", "step", N_("Next Turn"), show=False),
        Binding("enter", "done", N_("Continue")),
        Binding("a", "auto", N_("Auto")),
        Binding("s", "skip", N_("Skip Fight")),
        Binding("r", "round", N_("Next round")),
        Binding("l", "log", fight_words.LOG_KEY),
        Binding("plus,equals_sign", "speed(-1)", N_("Faster"), show=False),
        Binding("minus", "speed(1)", N_("Slower"), show=False),
    ]

    def __init__(
        self, feed: FightSource, palette: Palette, reduced_motion: bool = False, you: int | None = None
    ) -> None:
        super().__init__()
        self.feed = feed
        self.you = you  # the viewer's own seat, marked "(you)"; None when both share the screen (or a replay)
        self.palette = palette
        self.reduced_motion = reduced_motion
        self.timer: Timer | None = None
        self.speed = 2
        self.shown = 0  # lines of the feed's log already written to the log widget
        self.finished = False
        self._status_line = ""
        self._reveal: list[Timer] = []  # the reveal's animation steps still to come
        self._hidden_pair = False
        self._quiet = False
        self._drawn_at = (0, 0)  # the size the table was last drawn at

    def body(self) -> ComposeResult:
        # the width's class before anything is styled: set on the first resize, it would restyle every widget
        self.set_class(self.app.size.width < WIDE, "-narrow", update=False)
        yield Static(id="head")
        with Horizontal(id="table"):
            yield Static(id="team0", classes="team")
            yield Static(id="team1", classes="team")
        yield Static(id="spare")
        yield FightTable(id="fight")
        with Vertical(id="bar"):
            yield FightNotice()
            yield Static(id="status")
        yield Footer()
        with Vertical(id="drawer"):
            yield Static(Text(fight_words.drawer_title(), style="bold"), id="drawer-title")
            yield Static(Glued(Text(legend_line())), id="legend")
            # the drawer is closed: Tab skips the log (disabled from the start, not restyled once mounted)
            yield WrapLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20, disabled=True)

    def on_mount(self) -> None:
        self._pull_log()
        if not self.feed.can_step():
            self._finish()
        else:
            self._status()
        self._redraw()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < WIDE, "-narrow")
        if self._drawn_at != (event.size.width, event.size.height):  # the mount drew this size already
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
            log.write(Glued(text), width=width)  # Chinese broken between ideographs, French marks kept
        self.shown = len(lines)

    def layout_now(self) -> Layout:
        return table_layout(self.size.width, self.size.height, self.feed.view().table)

    def _redraw(self) -> None:
        view = self.feed.view()
        names = self.feed.names
        self.query_one("#head", Static).update(feeds.heading(self.feed.heading()))
        if view.table is None or not self.size.width:
            return
        self._drawn_at = (self.size.width, self.size.height)
        layout = self.layout_now()
        fight = self.query_one(FightTable)
        scene = TableScene(
            view,
            names,
            self.palette,
            self.you,
            self.feed.revealed(),
            self.feed.events(),
            hidden_pair=self._hidden_pair,
            quiet=self._quiet,
        )
        fight.show(scene, layout)
        width = self.size.width // 2  # one team's panel
        table_rows = fight.heights(view.table, layout, self.size.width)
        memo: dict[BoardLevel, int] = {}  # each level's rows, measured once for this drawing
        level = self._board_level(view, table_rows, width, memo)
        panels = [
            team_packed(view, seat, names, self.palette, width, level.tracks, level.bar, you=self.you, notes=True)
            for seat in (0, 1)
        ]
        boards = memo.get(drawn_level(level, width)) or max(rows(self.app.console, p, width) for p in panels)
        for seat in (0, 1):
            team = self.query_one(f"#team{seat}", Static)
            team.styles.height = boards  # measured already: Textual need not lay the panel out to learn it
            team.update(panels[seat])
        spare = self.size.height - 1 - boards - table_rows - self.bar_rows() - 1
        spare_ = self.query_one("#spare", Static)
        spare_.styles.height = max(0, spare)  # the table stays at the bottom, over the status
        # where the size leaves rows between the boards and the table, the log's newest lines fill them
        newest = [ln for ln in self.feed.lines() if ln.strip()][-(spare - 1) :] if spare >= SPARE_LOG else []
        spare_.update(Text("\n".join(newest), style="dim", overflow="ellipsis", no_wrap=True) if newest else "")

    def bar_rows(self) -> int:
        """The status line's rows: two below 120 columns (auto-play's line wraps there), one from 120 on."""
        return 2 if self.size.width < WIDE else 1

    def _board_level(
        self, view: PlayerView, table_rows: int, width: int, memo: dict[BoardLevel, int] | None = None
    ) -> BoardLevel:
        """The richest boards that leave the heading, the table, the status line and the footer whole."""
        if not width:
            return BOARD_LEVELS[-1]
        self.query_one("#bar").styles.height = self.bar_rows()
        room = self.size.height - 1 - table_rows - self.bar_rows() - 1
        console = self.app.console
        names = self.feed.names
        memo = {} if memo is None else memo
        level = board_level(console, view, names, self.palette, width, room, notes=True, you=self.you, memo=memo)
        if level.tracks or level.bar:
            return level
        # the card rows took the track rows (120x40): an HP bar costs no row where the line has room for it, so
        # the boards keep it rather than show less than at a smaller size
        barred = BoardLevel(tracks=False, bar=True)
        lean = teams_rows(console, view, names, self.palette, width, level, notes=True, you=self.you, memo=memo)
        if teams_rows(console, view, names, self.palette, width, barred, notes=True, you=self.you, memo=memo) <= lean:
            return barred
        return level

    def _status(self, text: str | None = None) -> None:
        if text is None:
            if self.timer:
                text = _(
                    "n or space: next Turn · auto every {seconds} s (a stops, +/- speed) · s: skip the Fight step · "
                    "l: log"
                )
                text = text.format(seconds=fight_words.seconds(SPEEDS[self.speed]))
            else:
                text = _("n or space: next Turn · a: auto-play · s: skip the Fight step · l: log")
            hint = table_words.cards_key()
            if cells(f"{text} · {hint}") <= self.size.width - 2:
                text = f"{text} · {hint}"
            elif self.bar_rows() > 1 and cells(text) <= self.size.width - 2:
                text = f"{text}\n{hint}"  # the reminder on the status line's second row, whole
        self._status_line = text
        self.query_one("#status", Static).update(text)

    # ------------------------------------------------------------------ stepping

    def action_step(self) -> None:
        if self.finished or not self.feed.can_step():
            return
        self.feed.step()
        self._after(animate=self.timer is not None)

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

    def motion(self) -> bool:
        """Whether the reveal is animated: not with reduced motion (the setting, or TAGTEAM_REDUCED_MOTION)."""
        return not (self.reduced_motion or getattr(self.app, "reduced_motion", False))

    def _after(self, animate: bool = False) -> None:
        problem = self.feed.problem()
        if problem:  # e.g. the host could not be reached: said once, and the screen shows what it has
            self.notify(problem, severity="warning")
        self._end_reveal()
        self._pull_log()
        if not self.feed.can_step():
            self._finish()
        else:
            self._status()
        if animate and self.motion() and not self.finished:
            self._start_reveal()
        self._redraw()
        if self.motion():  # the Turn heading lights up: one widget to restyle, not the whole table
            head = self.query_one("#head")
            head.add_class("-flash")
            self.set_timer(0.25, lambda: head.remove_class("-flash"))

    # ------------------------------------------------------------------ the reveal (auto-play)

    def _start_reveal(self) -> None:
        """Auto-play's reveal: the pair face down a moment, then face up, then what it did. Drawn from the
        feed at each step, so a key pressed meanwhile (``_end_reveal``) shows the whole Turn at once."""
        self._hidden_pair, self._quiet = True, True
        self._reveal = [
            self.set_timer(REVEAL[0], self._turn_up),
            self.set_timer(REVEAL[1], self._end_reveal_and_draw),
        ]

    def _turn_up(self) -> None:
        self._hidden_pair = False
        self._redraw()

    def _end_reveal_and_draw(self) -> None:
        self._end_reveal()
        self._redraw()

    def _end_reveal(self) -> None:
        for timer in self._reveal:
            timer.stop()
        self._reveal = []
        self._hidden_pair, self._quiet = False, False

    # ------------------------------------------------------------------ the pause

    def _finish(self) -> None:
        self.finished = True
        self._stop()
        why = self.feed.pause()
        said = feeds.pause(why) if why is not None else ""
        self._status(f"{said} · {fight_words.recap_hint()}" if said else "")  # the recap is in the log drawer
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

    def action_log(self) -> None:
        """The log drawer (with the marks' legend) opens over the table, and closes: nothing under it moves."""
        self.toggle_class("-log")
        log = self.query_one(RichLog)
        log.disabled = not self.has_class("-log")  # out of sight, out of the Tab order
        if log.disabled and self.focused is log:
            self.set_focus(None)
        elif not log.disabled:
            log.scroll_end(animate=False)  # opens on the newest lines

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
        self._end_reveal()

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.timer is not None:
            self.timer.stop()
            self.timer = self.set_interval(SPEEDS[self.speed], self.action_step)
        self._status()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "done":
            return self.finished
        if action in ("step", "auto", "skip", "speed", "round"):
            return not self.finished
        return True

    def action_done(self) -> None:
        if self.finished:
            self.post_message(FightDone())
