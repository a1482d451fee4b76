"""The networked player's app: the local app's screens, fed by what the host sent to this seat only.

What to show is the flow's (``tagteam.play.flow.SeatFlow``), and which screen shows it is the same map the
local app uses (``tagteam.screens.route``). A screen is rebuilt only when what it shows changed, so an
update about the other player (a lock-in, a reconnect) never wipes a half-made choice.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on, work
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.screen import Screen

from tagteam.base_app import GameApp
from tagteam.net import protocol as p
from tagteam.net.client import HostGone, NetClient, RemoteFeed, Retrying, facts
from tagteam.play.flow import SeatFlow, ShowDecision, ShowFight, ShowGameOver, ShowWaiting, Step
from tagteam.screens import messages as msg
from tagteam.screens.fight import FightScreen
from tagteam.screens.gameover import GameOverScreen
from tagteam.screens.route import screen_for
from tagteam.store.paths import home
from tagteam.words.lang import _
from tagteam.words.names import player_name, player_names
from tagteam.words.net import opponent_back, opponent_left, rematch_note

if TYPE_CHECKING:
    from pathlib import Path

    from tagteam.engine.record import GameRecord
    from tagteam.engine.view import PlayerView
    from tagteam.play.feeds import FightSource
    from tagteam.play.summary import GameSummary
    from tagteam.screens.advisers import Coach, WhatIfAdviser

EXIT_HOST_GONE = 3  # the host quit, dropped this seat or could not be reached again


class ServerUpdate(Message):
    """Something arrived from the host (posted from the network thread)."""

    def __init__(self, item: p.ServerMsg | HostGone | Retrying | str) -> None:
        super().__init__()
        self.item = item


class NetApp(GameApp):
    """One seat of a hosted game. Exit status 0 on quit; ``goodbye`` holds the host's last word, if any."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", "Rules"),
        Binding("k", "glossary", "Terms", show=False),
        # quit lives in the command palette (and stays bound), as in the local app: at 80 columns a "^q Quit"
        # in the footer cut "? Rules" off the Fight screen's footer
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]

    def __init__(self, client: NetClient, code: str = "", reduced_motion: bool | None = None) -> None:
        super().__init__(reduced_motion)  # the theme and animations, as the local app has them (tagteam.appearance)
        self.client = client
        self.code = code  # shown while waiting for the other player (the host's terminal)
        self.feed = RemoteFeed(client)
        self.flow: SeatFlow | None = None  # made with the first state: it names this seat
        self.table_memory = False
        self.title_on_escape = False  # a network seat leaves its table by quitting, never by a stray Esc
        self.shown: tuple[object, ...] = ()
        self.goodbye = ""
        self.refused = False  # the host turned this seat's (re)join down: the exit status is 2
        self._accepting = False
        self.opponent_here = False  # as the last state said
        self.opponent_met = False  # the other player was connected once: a later drop is news, the first join not
        self.left_notice: Notification | None = None  # "Player 2 left the game", withdrawn when they are back
        self.rematch_asked: p.RematchAsked | None = None  # as the last state said
        self._early: list[p.ServerMsg | HostGone | Retrying | str] = []
        self._lock = threading.Lock()
        self.home: Path = home()  # where this seat keeps its finished games (this machine's data folder)
        self._kept = ""  # the digest of the finished game kept and indexed here
        self._history_said = ""  # its game-over line, once indexed

    def deliver(self, item: p.ServerMsg | HostGone | Retrying | str) -> None:
        """The network thread's callback: queue it for the UI (or keep it until the app is up)."""
        with self._lock:
            if not self._accepting:
                self._early.append(item)
                return
        self.post_message(ServerUpdate(item))

    # ------------------------------------------------------------------ what the screens are given (route.Stage)

    def fight_source(self) -> FightSource:
        return self.feed

    def seat_view(self, seat: int) -> PlayerView:
        view = self.client.snapshot()[2]
        assert view is not None and seat == self._state().seat  # only this seat's own view ever arrives
        return view

    def seat_names(self) -> tuple[str, str]:
        return player_names(self._state().names)  # "Player 1" in this screen's language

    def game_summary(self) -> GameSummary | None:
        from tagteam.engine.session import Session
        from tagteam.play.summary import summarize

        rec = self._record()
        return summarize(Session.from_record(rec), viewer=self._state().seat) if rec is not None else None

    def advisers(self) -> tuple[Coach | None, WhatIfAdviser | None]:
        return None, None  # the coach is for solo practice

    def viewer(self) -> int | None:
        return self._state().seat  # this terminal plays its own seat only

    def kept_build(self, seat: int) -> tuple[int, int, tuple[int, int]] | None:
        """The Build choice this seat was making before its connection dropped or its app was restarted."""
        from tagteam.store import saves

        key = self._build_key()
        kept = saves.half(key) if key else None
        return (kept.card, kept.position, kept.bottom) if kept is not None else None

    @on(msg.HalfBuilt)
    def _half_built(self, message: msg.HalfBuilt) -> None:
        """Kept in this seat's home at each change: the host holds the record, so the key is the decision's own
        (this seat, the teams, the round and the cards drawn), not the record's."""
        from tagteam.store import saves

        key = self._build_key()
        if key:
            saves.keep_half(key, saves.HalfChoice(message.card, message.position, message.bottom))

    def _build_key(self) -> str:
        from tagteam.store import saves

        state, _lines, view = self.client.snapshot()
        if state is None or view is None or view.pending != "build":
            return ""
        return saves.half_key("network", state.seat, state.teams, view.round, view.drawn)

    def _state(self) -> p.State:
        state = self.client.snapshot()[0]
        assert state is not None
        return state

    def _record(self) -> GameRecord | None:
        """The finished game's record, which the host sends once nothing in it is secret."""
        from tagteam.engine.record import RecordError, parse

        state = self.client.snapshot()[0]
        if state is None or state.record is None:
            return None
        try:
            return parse(state.record, "record")
        except RecordError as e:  # the parser's line names the field (technical); the title says what failed
            from tagteam.words import inputs

            said = inputs.line(e)
            self.notify(said, title=_("The host's game record cannot be read"), severity="error", markup=False)
            return None

    # ------------------------------------------------------------------ start-up

    def on_mount(self) -> None:
        self.apply_settings()
        self._check_size(self.size.width, self.size.height)
        if self.code:  # in the footer of every screen until the other player is in (not a notice over the choices)
            self.sub_title = _("join code {code}").format(code=self.code)
            self.bind("f2", "join_code", description=_("Join code {code}").format(code=self.code))
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
            self.refused = item.refused
            self.exit(EXIT_HOST_GONE, return_code=EXIT_HOST_GONE)
        elif isinstance(item, Retrying):  # one countdown notice, replaced each second
            self.clear_notifications()
            self.notify(item.text, title=item.reason, severity="warning", timeout=1.5)
        elif isinstance(item, str):
            self.notify(item)
        elif isinstance(item, p.Error):
            self.notify(item.text, severity="error")
        elif isinstance(item, p.State):
            self.feed.gone = False  # (re)connected: the Fight can be stepped again
            for line in self.feed.notices(item):  # worded here, in this player's language
                self.notify(line, title=_("Announced"))
            self._opponent_news(item)
            self.render_step()

    def _opponent_news(self, state: p.State) -> None:
        """What changed about the other seat: the join code leaves the footer once they are in; when they leave
        or come back, a notice says so (a decision screen shows no waiting status, so the footer's join code
        coming back was the only sign); a rematch asked by either seat is said once, to both (the other accepts
        with the same key)."""
        if state.opponent_here != self.opponent_here:
            self.opponent_here = state.opponent_here
            self.refresh_bindings()
            other = player_name(state.names[1 - state.seat])
            if not state.opponent_here and self.opponent_met:
                self.left_notice = Notification(opponent_left(other, self.code), "", "warning", 20, markup=False)
                self.post_message(Notify(self.left_notice))  # as ``notify`` does, keeping the notice to withdraw
            elif state.opponent_here and self.opponent_met:
                if self.left_notice is not None:  # out of date now: only "is back" stays on screen
                    self._unnotify(self.left_notice)
                    self.left_notice = None
                self.notify(opponent_back(other), timeout=8, markup=False)
            self.opponent_met = self.opponent_met or state.opponent_here
        asked = state.rematch_asked
        if asked != self.rematch_asked:
            if asked is None:  # the rematch started (or the game moved on): its notice would cover the new game
                self.clear_notifications()
            self.rematch_asked = asked
            if asked is not None:
                other = player_name(state.names[1 - state.seat])
                mine = asked.seat == state.seat
                self.notify(rematch_note(mine, asked.same_teams, other), title=_("Rematch"), timeout=30)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "join_code":
            return bool(self.code) and not self.opponent_here
        return super().check_action(action, parameters)

    def action_join_code(self) -> None:
        self.notify(_("Join code: {code}").format(code=self.code), title=_("Hosting"))

    # ------------------------------------------------------------------ the flow at this seat

    def step(self) -> Step | None:
        """The flow's next step for this seat (None before the first state)."""
        state = self.client.snapshot()[0]
        if state is None:
            return None
        if self.flow is None or self.flow.seat != state.seat:
            self.flow = SeatFlow(state.seat, self.code)
        return self.flow.step(facts(state), player_names(state.names), state.opponent_here)

    def render_step(self) -> None:
        state, _lines, view = self.client.snapshot()
        step = self.step()
        if state is None or view is None or step is None:
            return
        key = self._key(step, state, view)
        if key == self.shown:
            return
        if isinstance(step, ShowFight) and isinstance(self.screen, FightScreen) and self.shown[:1] == ("fight",):
            self.screen.feed_changed()  # the same Fight, moved on by the other player: redraw, don't rebuild
            return
        screen = self._away(step) or screen_for(step, self)
        if screen is None:
            return
        self.shown = key
        self.show(screen)
        if isinstance(step, ShowGameOver):
            self._keep_finished(screen)

    @staticmethod
    def _away(step: Step) -> Screen[Any] | None:
        """The other seat is not connected: the one status that says so (not also "is thinking…")."""
        if isinstance(step, ShowWaiting) and step.why is not None:
            from tagteam.remote.waiting import AwayScreen
            from tagteam.words.flow import waiting

            return AwayScreen(step.seat, waiting(step.why))
        return None

    @staticmethod
    def _key(step: Step, state: p.State, view: PlayerView) -> tuple[object, ...]:
        """What the shown screen depends on: the same key, the same screen (kept, with its half-made choice)."""
        match step:
            case ShowFight():
                return ("fight", state.version)
            case ShowDecision():
                return ("decision", view.pending, view.round, view.drawn, view.draft_hand, view.legal)
            case ShowWaiting(why=why):
                return ("wait", state.decisions, why)
            case ShowGameOver():
                return ("over", state.version)
        return (type(step).__name__,)

    def show(self, screen: Screen[Any]) -> None:
        """Replace the flow screen (see ``show_flow_screen``)."""
        from tagteam.screens.base import show_flow_screen

        show_flow_screen(self, screen)

    # ------------------------------------------------------------------ what the screens say

    @on(msg.Decided)
    def _decided(self, message: msg.Decided) -> None:
        self.client.act(message.action)

    @on(msg.FightDone)
    def _fight_done(self) -> None:
        state = self.client.snapshot()[0]
        if state is not None and self.flow is not None:
            self.flow.fight_done(facts(state))
        self.render_step()

    @on(msg.Rematch)
    def _rematch(self, message: msg.Rematch) -> None:
        self.client.ask(p.RematchMsg(type="rematch", same_teams=message.same_teams))

    @on(msg.TableMemory)
    def _table_memory(self, message: msg.TableMemory) -> None:
        self.table_memory = message.on

    # ------------------------------------------------------------------ the game history (issue 27)

    def _keep_finished(self, screen: Screen[Any]) -> None:
        """The game is over: this machine keeps the finished record the host sent, for its own seat
        (``saves/network-p<seat>-<date>.json``), and indexes it with that seat as yours, once per game, off the
        UI thread; the game-over screen then gets its line. The host's seat does the same on its machine."""
        from tagteam.engine.record import compute_digest

        state = self.client.snapshot()[0]
        rec = self._record()
        if state is None or rec is None:
            return
        digest = compute_digest(rec)
        over = screen if isinstance(screen, GameOverScreen) else None
        if digest == self._kept:
            if self._history_said and over is not None:
                over.show_history(self._history_said)
            return
        self._kept, self._history_said = digest, ""
        from tagteam.screens.preload import GAME, preload

        preload(GAME)  # what the indexing worker imports, imported before it starts
        self._index_game(rec, state.seat, over)

    @work(thread=True, group="history", exit_on_error=False)
    def _index_game(self, rec: GameRecord, seat: int, over: GameOverScreen | None) -> None:
        from tagteam.screens.history import index_finished
        from tagteam.store import saves
        from tagteam.store.history import NETWORK_PREFIX
        from tagteam.store.paths import kept_in
        from tagteam.words import saves as saves_words

        with kept_in(self.home):
            path = saves.new_save_path(f"{NETWORK_PREFIX}{seat + 1}")
            problem = saves_words.notice(saves.write(rec, path))
            said, line = ([problem], "") if problem else index_finished(rec, path)
        self.call_from_thread(self._history_done, said, line, over)

    def _history_done(self, notes: list[str], line: str, over: GameOverScreen | None) -> None:
        for note in notes:
            self.notify(note, severity="warning", timeout=8, markup=False)
        self._history_said = line
        if line and over is not None and over.is_attached:
            over.show_history(line)

    @on(msg.SaveReplay)
    def _save_replay(self) -> None:
        from tagteam.store import saves
        from tagteam.words import saves as saves_words

        rec = self._record()
        if rec is None:
            return
        path = saves.new_save_path("replay")
        problem = saves_words.notice(saves.write(rec, path))
        said = problem or _("Replay saved: {file}").format(file=path.name)
        self.notify(said, severity="error" if problem else "information")

    @on(msg.BackToTitle)
    def _leave(self) -> None:
        self.exit(0)

    # ------------------------------------------------------------------ commands

    async def action_quit(self) -> None:
        self.exit(0)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from self.appearance_commands()  # toggle animations, the colour-blind theme
