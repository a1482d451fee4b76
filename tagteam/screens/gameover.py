"""Game over: who won and why, HP over the rounds, cards played; rematch, new draft, or save the replay."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Sparkline, Static

from tagteam.engine import events as ev
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable
from tagteam.screens.base import GameScreen
from tagteam.screens.messages import Rematch


def hp_by_round(log: list[ev.Event], table: GameTable) -> list[list[int]]:
    """HP of each Fighter at the end of every Fight step, read from the event log (no rule is re-applied)."""
    hp = [fd.tracks[0].hp[fd.tracks[0].start] for fd in table.fighters]
    rows: list[list[int]] = []
    for e in log:
        match e:
            case ev.MarkerMoved(fighter=f, to_hp=h) | ev.Transformed(fighter=f, hp=h) | ev.Revived(fighter=f, hp=h):
                hp[f] = h
            case ev.CharacterChosen(fighter=f, character=c):
                td = next(t for t in table.fighters[f].tracks if t.name == c)
                hp[f] = td.hp[td.start]
            case ev.BecameSpirit(fighter=f):
                hp[f] = 0
            case ev.FightEnded() | ev.GameOver():
                rows.append(hp[:])
    return rows


def summary(s: Session, names: tuple[str, str]) -> Group:
    """The result line, the HP table and the most played cards of each player."""
    over = next((e for e in reversed(s.log) if isinstance(e, ev.GameOver)), None)
    w = s.state.winner
    if w is None or w < 0:
        result = "Draw"
    else:
        player = f"Player {w + 1}"
        if names[w] == player:
            result = f"{player} wins"
        elif names[w].endswith(")"):  # a bot's name already carries brackets: "Bot (Normal)"
            result = f"{names[w]}, {player}, wins"
        else:
            result = f"{names[w]} ({player}) wins"
    parts: list[Text | Table] = [Text(f"{result}.", style="bold"), Text(over.detail if over else s.state.over_reason)]
    tab = s.state.table
    if tab is not None:
        t = Table(title="HP at the end of each round", expand=False)
        t.add_column("Round", justify="right")
        for fd in tab.fighters:
            t.add_column(fd.name, justify="right")
        for r, row in enumerate(hp_by_round(s.log, tab), 1):
            t.add_row(str(r), *(str(x) for x in row))
        parts.append(t)
        counts: list[Counter[str]] = [Counter(), Counter()]
        for e in s.log:
            if isinstance(e, ev.CardRevealed):
                counts[e.seat][tab.cards_by_id[e.card_id].name] += 1
        for seat in (0, 1):
            top = ", ".join(f"{n} ×{k}" for n, k in counts[seat].most_common(4))
            parts.append(Text(f"{names[seat]} played {sum(counts[seat].values())} cards; most often: {top or 'none'}"))
    return Group(*parts)


def why(s: Session, names: tuple[str, str]) -> Text:
    """How the game was decided and its key Turns, from the events (``tagteam.recap``)."""
    from tagteam.recap import game_recap

    if s.state.table is None:
        return Text()
    out = Text("Why it ended this way\n", style="bold")
    out.append("\n".join(game_recap(s.log, s.state.table, names)))
    return out


class GameOverScreen(GameScreen):
    """Reads the finished session; rematches go through the app, which owns sessions."""

    CSS_PATH = "gameover.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rematch(True)", "Same teams"),
        Binding("d", "rematch(False)", "New draft"),
        Binding("w", "save_replay", "Save replay"),
        Binding("t", "title", "Title"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, session: Session, replay: bool = False) -> None:
        super().__init__()
        self.session = session
        self.replay = replay

    def body(self) -> ComposeResult:
        yield Static("REPLAY · GAME OVER" if self.replay else "GAME OVER", id="head")
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
        """One HP line per Fighter, round by round, beside the table (the numbers stay in the table)."""
        tab = self.session.state.table
        if tab is None:
            return
        rows = hp_by_round(self.session.log, tab)
        if not rows:
            return
        yield Static("HP round by round", classes="chart-title")
        for f, fd in enumerate(tab.fighters):
            series = [float(r[f]) for r in rows]
            start = fd.tracks[0].hp[fd.tracks[0].start]
            yield Static(f"P{f // 2 + 1} {fd.name}: {start} → {' → '.join(str(r[f]) for r in rows)}", classes="label")
            with Vertical(classes="chart"):
                yield Sparkline([float(start), *series], summary_function=max)

    def on_mount(self) -> None:
        players = self.session.record.players
        self.query_one("#summary", Static).update(summary(self.session, (players[0], players[1])))
        self.query_one("#recap", Static).update(why(self.session, (players[0], players[1])))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rematch", "save_replay"):
            return not self.replay
        return True

    def action_rematch(self, same: bool) -> None:
        self.post_message(Rematch(same))

    async def action_save_replay(self) -> None:
        await self.app.run_action("app.save_replay")

    async def action_title(self) -> None:
        await self.app.run_action("app.new_game")
