"""The networked player's app: the hot-seat screens, fed by what the host sent to this seat only.

No hand-over screens: nobody else looks at this terminal. What to show is derived from the last state
(``client.next_screen``); a screen is rebuilt only when what it shows changed, so an update about the
other player (a lock-in, a reconnect) never wipes a half-made choice.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import App
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen

from tagteam.app import MIN_SIZE, TagTeamApp
from tagteam.net import protocol as p
from tagteam.net.client import HostGone, NetClient, RemoteFeed, next_screen
from tagteam.screens import fight as fight_module
from tagteam.screens import messages as msg
from tagteam.screens.fight import FightScreen


class ServerUpdate(Message):
    """Something arrived from the host (posted from the network thread)."""

    def __init__(self, item: p.ServerMsg | HostGone | str) -> None:
        super().__init__()
        self.item = item


class RemoteFightScreen(FightScreen):
    """The Fight screen over the network: ``feed_changed`` redraws when the other player steps."""

    CSS_PATH = str(Path(fight_module.__file__).with_name("fight.tcss"))  # Textual reads it beside this module

    def action_step(self) -> None:
        super().action_step()
        self._say_error()

    def action_skip(self) -> None:
        """The rest of the Fight step in one request, not one round trip per Turn."""
        if self.finished or not self.feed.can_step():
            return
        assert isinstance(self.feed, RemoteFeed)
        self.feed.skip()
        self._after()
        self._say_error()

    def _say_error(self) -> None:
        feed = self.feed
        if isinstance(feed, RemoteFeed) and feed.error:
            self.notify(feed.error, severity="warning")
            feed.error = ""


class NetApp(App[int]):
    """One seat of a hosted game. Exit status 0 on quit; ``goodbye`` holds the host's last word, if any."""

    TITLE = "Tag Team"
    CSS = TagTeamApp.CSS  # the same "terminal too small" notice as hot-seat
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", "Rules"),
        Binding("ctrl+q", "quit", "Quit"),
    ]

    def __init__(self, client: NetClient, code: str = "", reduced_motion: bool = False) -> None:
        super().__init__()
        self.client = client
        self.code = code  # shown while waiting for the other player (the host's terminal)
        self.reduced_motion = reduced_motion
        self.feed = RemoteFeed(client)
        self.pause_read: tuple[int, int] | None = None
        self.table_memory = False
        self.shown: tuple[object, ...] = ()
        self.goodbye = ""
        self._accepting = False
        self._early: list[p.ServerMsg | HostGone | str] = []
        self._lock = threading.Lock()

    def deliver(self, item: p.ServerMsg | HostGone | str) -> None:
        """The network thread's callback: queue it for the UI (or keep it until the app is up)."""
        with self._lock:
            if not self._accepting:
                self._early.append(item)
                return
        self.post_message(ServerUpdate(item))

    @property
    def palette(self) -> Any:
        from tagteam.render.board import PALETTES

        return PALETTES["plain" if self.no_color else "default"]

    def on_resize(self, event: Any) -> None:
        self.set_class(event.size.width < MIN_SIZE[0] or event.size.height < MIN_SIZE[1], "-too-small")

    def on_mount(self) -> None:
        self.set_class(self.size.width < MIN_SIZE[0] or self.size.height < MIN_SIZE[1], "-too-small")
        if self.code:
            self.sub_title = f"join code {self.code}"
            self.notify(f"Join code: {self.code}", title="Hosting", timeout=10)
        with self._lock:
            self._accepting = True
            early, self._early = self._early, []
        for item in early:
            self.post_message(ServerUpdate(item))
        self.render_step()

    # ------------------------------------------------------------------ what arrives

    @on(ServerUpdate)
    def _update(self, message: ServerUpdate) -> None:
        item = message.item
        if isinstance(item, HostGone):
            self.goodbye = str(item)
            self.exit(3)
        elif isinstance(item, str):
            self.notify(item)
        elif isinstance(item, p.Error):
            self.notify(item.text, severity="error")
        elif isinstance(item, p.State):
            self.feed.gone = False  # (re)connected: the Fight can be stepped again
            for line in item.notices:
                self.notify(line, title="Announced")
            self.render_step()

    # ------------------------------------------------------------------ the flow at this seat

    def show(self, screen: Screen[Any]) -> None:
        """Replace the flow screen (see ``show_flow_screen``)."""
        from tagteam.screens.base import show_flow_screen

        show_flow_screen(self, screen)

    def render_step(self) -> None:
        state, _lines, view = self.client.snapshot()
        where = next_screen(state, self.pause_read)
        if state is None or view is None or where == "none":
            return
        names = state.names
        if where == "fight":
            if isinstance(self.screen, RemoteFightScreen) and self.shown[:1] == ("fight",):
                self.screen.feed_changed()
                return
            self.shown = ("fight",)
            self.show(RemoteFightScreen(self.feed, self.palette, self.reduced_motion))  # type: ignore[arg-type]
            return
        if where == "decision":
            key: tuple[object, ...] = ("decision", view.pending, view.round, view.drawn, view.draft_hand, view.legal)
            if key != self.shown:
                self.shown = key
                self.show(self._decision_screen(view))
            return
        if where == "wait":
            opp = 1 - state.seat
            here = state.opponent_here
            key = ("wait", state.decisions, here)
            if key != self.shown:
                from tagteam.screens.handoff import HandoffScreen

                self.shown = key
                if here:
                    note = ""
                elif self.code:
                    note = f"Waiting for {names[opp]} to join: join code {self.code}"
                else:
                    note = f"{names[opp]} is not connected; waiting for them to rejoin."
                self.show(HandoffScreen(opp, names[opp], "", note, thinking=True))
            return
        key = ("over", state.version)
        if key != self.shown and state.record is not None:
            from tagteam.engine.record import RecordError, parse
            from tagteam.engine.session import Session
            from tagteam.screens.gameover import GameOverScreen

            self.shown = key
            try:
                session = Session.from_record(parse(state.record, "the host's record"))
            except RecordError as e:
                self.notify(str(e), severity="error")
                return
            self.show(GameOverScreen(session))

    def _decision_screen(self, view: Any) -> Screen[Any]:
        from tagteam.screens.base import SeatContext

        state = self.client.snapshot()[0]
        assert state is not None
        ctx = SeatContext(state.seat, view, state.names, self.palette)
        if view.pending in ("pick_team", "draft_pick"):
            from tagteam.screens.draft import DraftScreen

            return DraftScreen(ctx)
        if view.pending in ("order_start", "character"):
            from tagteam.screens.setup import SetupScreen

            return SetupScreen(ctx)
        from tagteam.screens.build import BuildScreen

        return BuildScreen(ctx, self.table_memory)

    # ------------------------------------------------------------------ what the screens say

    @on(msg.Decided)
    def _decided(self, message: msg.Decided) -> None:
        self.client.act(message.action)

    @on(msg.FightDone)
    def _fight_done(self) -> None:
        state = self.client.snapshot()[0]
        if state is not None:
            self.pause_read = (state.decisions, state.turns_after)
        self.render_step()

    @on(msg.Rematch)
    def _rematch(self, message: msg.Rematch) -> None:
        self.client.ask(p.RematchMsg(type="rematch", same_teams=message.same_teams))

    @on(msg.TableMemory)
    def _table_memory(self, message: msg.TableMemory) -> None:
        self.table_memory = message.on

    @on(msg.Ready)
    def _ready_pressed(self) -> None:
        """A hand-over is never needed here (the waiting screen shows one only while the other decides)."""

    # ------------------------------------------------------------------ commands

    def action_save_replay(self) -> None:
        from tagteam import saves
        from tagteam.engine.record import RecordError, parse

        state = self.client.snapshot()[0]
        if state is None or state.record is None:
            return
        try:
            rec = parse(state.record, "the host's record")
        except RecordError as e:
            self.notify(str(e), severity="error")
            return
        path = saves.new_save_path("replay")
        problem = saves.write(rec, path)
        self.notify(problem or f"Replay saved: {path}", severity="error" if problem else "information")

    def action_new_game(self) -> None:
        self.exit(0)

    def action_rules(self) -> None:
        from tagteam.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    async def action_quit(self) -> None:
        self.exit(0)
