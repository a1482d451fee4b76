"""Game over: who won and why, HP over the rounds, cards played; rematch, new draft, or save the replay."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Static

from tagteam.play.summary import FighterLine, GameSummary
from tagteam.render.glued import Glued
from tagteam.screens.base import GameScreen
from tagteam.screens.messages import BackToTitle, Rematch, SaveReplay
from tagteam.widgets.basic import NoticeLine
from tagteam.words import N_, _
from tagteam.words.summary import hp_points

BARS = " ▁▂▃▄▅▆▇█"


def summary_table(s: GameSummary) -> Group:
    """The result line, the HP table and the most played cards of each player."""
    parts: list[Text | Table] = [Text(s.result, style="bold"), Text(s.detail)]
    if s.fighters:
        t = Table(title=_("HP at the end of each round"), expand=False)
        t.add_column(_("Round"), justify="right")
        for f in s.fighters:
            t.add_column(f.name, justify="right")
        for r in range(len(s.fighters[0].rounds)):
            t.add_row(str(r + 1), *(str(f.rounds[r]) for f in s.fighters))
        parts.append(t)
        parts.extend(
            Text(_("{fighter} from round {round}: the {track}'s HP").format(fighter=f.name, round=r, track=track))
            for f in s.fighters
            for r, track in f.switches()
        )
        parts.extend(Text(line) for line in s.played)
    return Group(*parts)


def why_text(s: GameSummary) -> Text:
    if not s.why:
        return Text()
    out = Text(_("Why it ended this way") + "\n", style="bold")
    out.append("\n".join(s.why), style="not bold")  # the heading bold, its lines read as text
    return out


def hp_bars(f: FighterLine) -> str:
    """One bar per round, scaled to the top of the track in use then (never to the game's range, nor to a
    track not yet reached: Bödvar at 11 before the Bear is a full bar, not 11 of the Bear's 15)."""
    top = len(BARS) - 1
    points = zip((f.start, *f.rounds), f.tops(), strict=True)
    return "".join(BARS[max(0, min(top, round(top * hp / full)))] if full else " " for hp, full in points)


class GameOverScreen(GameScreen):
    """Shows a finished game's summary (``tagteam.play.summary``); rematches go through the app, which owns games."""

    CSS_PATH = "gameover.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rematch(True)", N_("Same teams")),
        Binding("d", "rematch(False)", N_("New draft")),
        Binding("w", "save_replay", N_("Save replay")),
        Binding("t", "title", N_("Title")),
        Binding("q", "app.quit", N_("Quit"), show=False),  # the title has it too: the footer keeps "? Rules" whole
    ]

    def __init__(self, summary: GameSummary) -> None:
        super().__init__()
        self.summary = summary
        self.replay = summary.replay

    def body(self) -> ComposeResult:
        self.set_class(self.app.size.width < 110, "-narrow")  # laid out once at the right width, not twice
        yield Static(_("REPLAY · GAME OVER") if self.replay else _("GAME OVER"), id="head")
        yield Static(id="history-line", markup=False)  # your record against this level, the rating change (app)
        yield NoticeLine()  # the app's notices (a replay saved, a game set aside) in the layout, over nothing
        with VerticalScroll(id="body"):
            with Horizontal(id="main"):
                yield Static(id="summary")
                with Vertical(id="charts"):
                    yield from self.charts()
            yield Static(id="recap")  # why it ended this way: the key Turns, under the result and the HP table
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """Below 110 columns the charts go under the table, so no Fighter's name is cut in the table."""
        self.set_class(event.size.width < 110, "-narrow")

    def charts(self) -> ComposeResult:
        """One HP bar per round and Fighter, beside the table (the numbers stay in the table)."""
        if not self.summary.fighters or not self.summary.fighters[0].rounds:
            return
        yield Static(_("HP round by round (start, then each round)"), classes="chart-title")
        for f in self.summary.fighters:
            label = _("P{seat} {fighter}: {hp}").format(seat=f.seat + 1, fighter=f.name, hp=hp_points(f))
            yield Static(Text(label), classes="label")
            yield Static(Text(hp_bars(f)), classes="chart")

    def on_mount(self) -> None:
        """The body takes the focus: Home, End and the page keys scroll it, never the screen around it."""
        self.query_one("#body").focus()
        self.query_one("#summary", Static).update(summary_table(self.summary))
        self.query_one("#recap", Static).update(Glued(why_text(self.summary)))  # Chinese broken where it may be

    def show_history(self, line: str) -> None:
        """The game history's one line, given by the app once the game is indexed."""
        self.query_one("#history-line", Static).update(line)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rematch", "save_replay"):
            return not self.replay
        return True

    def action_rematch(self, same: bool) -> None:
        self.post_message(Rematch(same))

    def action_save_replay(self) -> None:
        self.post_message(SaveReplay())

    def action_title(self) -> None:
        self.post_message(BackToTitle())
