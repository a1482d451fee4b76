"""The Textual app: owns the Session, picks the next screen, runs the bot, autosaves. Screens compute no rules."""

from __future__ import annotations

import hashlib
import os
import secrets
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme
from textual.worker import get_current_worker

if TYPE_CHECKING:  # the engine (and pydantic) load after the title screen is up, keeping start-up quick
    from tagteam.engine import events as ev
    from tagteam.engine.actions import Action
    from tagteam.engine.record import GameRecord, SoloInfo
    from tagteam.engine.session import Session
    from tagteam.render.board import Palette

FIRST_GAME = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))
MIN_SIZE = (80, 24)
CB_THEME = Theme(
    name="tagteam-colourblind",
    primary="#0072B2",
    secondary="#56B4E9",
    accent="#E69F00",
    warning="#F0E442",
    error="#D55E00",
    success="#009E73",
    foreground="#F0F0F0",
    background="#101418",
    surface="#1A2026",
    panel="#24303A",
    dark=True,
)


def load_ai() -> Any | None:
    """The bot module when a teammate's ``tagteam.ai`` exposes ``make_bot``; None means "coming soon"."""
    try:
        import tagteam.ai as ai
    except Exception:
        return None
    return ai if callable(getattr(ai, "make_bot", None)) else None


def solo_info(level: str, seed: int) -> SoloInfo:
    """The bot's seed is hashed from the game seed (reproducible with --seed) but reveals nothing of it."""
    from tagteam.engine.record import SoloInfo

    digest = hashlib.sha256(f"tagteam-bot:{seed}".encode()).digest()
    return SoloInfo(seat=1, level=level, bot_seed=int.from_bytes(digest[:4], "big"))  # type: ignore[arg-type]


def resume_session(rec: GameRecord) -> Session:
    """Rebuild exactly the saved position: every decision, then the Turns already shown after the last one."""
    from tagteam.engine.session import Session

    return Session.from_record(rec)


class ReplayDriver:
    """Plays a record back one step at a time: a Turn, or the next recorded decision."""

    def __init__(self, rec: GameRecord) -> None:
        from tagteam.engine.record import replay
        from tagteam.engine.session import Session

        self.rec = rec
        self.session = Session.new(rec.seed, teams=rec.teams, draft=rec.draft, players=rec.players)
        self.index = 0
        # A game still in progress keeps its secrets: its save holds both players' choices
        self.finished = replay(rec).phase == "over"
        self.session.record = rec.model_copy(deep=True)  # stepping must not change the loaded record

    def has_next(self) -> bool:
        return self.session.needs_advance() or self.index < len(self.rec.decisions)

    def step(self) -> tuple[list[ev.Event], str | None]:
        """Events of the next step and, for a decision, a line saying what was decided (all public in a replay)."""
        s = self.session
        if s.needs_advance():
            return s.advance(), None
        from tagteam.engine.actions import from_dict

        d = self.rec.decisions[self.index]
        self.index += 1
        action = from_dict(d.action)
        if self.finished:
            note = describe_decision(s, d.seat, action)
        else:
            note = f"{s.record.players[d.seat]} makes a choice (kept secret: this game is not finished)."
        return s.replay_decision(d.seat, action), note


def describe_decision(s: Session, seat: int, action: Action) -> str:
    """A replay spectator's line for a decision (never used while a hot-seat game is live)."""
    from tagteam.engine.actions import BuildChoice

    who = s.record.players[seat]
    tab = s.state.table
    if isinstance(action, BuildChoice) and tab is not None:
        inst = s.state.drawn[seat][action.card]
        return f"{who} adds {tab.cards[inst].cdef.name} at position {action.position + 1} of their Fight deck."
    return f"{who} decides: {action}."


class TagTeamApp(App[int]):
    """Hot-seat (or solo) Tag Team. The flow lives here; each screen shows one view and posts intents back."""

    TITLE = "Tag Team"
    CSS = """
    TooSmall { display: none; }
    TagTeamApp.-too-small Screen > * { display: none; }
    TagTeamApp.-too-small Screen > TooSmall {
        display: block; width: 1fr; height: 1fr; content-align: center middle; text-style: bold;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", "Rules"),
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+q", "quit", "Quit"),
    ]

    def __init__(
        self,
        seed: int | None = None,
        record: GameRecord | None = None,
        replay_record: GameRecord | None = None,
        reduced_motion: bool | None = None,
    ) -> None:
        super().__init__()
        self.seed = seed
        self.session: Session | None = None
        self.names: tuple[str, str] = ("Player 1", "Player 2")
        self.bot: Any | None = None
        self.bot_seat = -1
        self.bot_level = ""
        self.mode = "first"
        self.fight_log: list[str] = []
        self.handoff_note = ""
        self.last_seat = -1  # the human who decided last, while no public screen has been shown since
        self.table_memory = False
        env_motion = os.environ.get("TAGTEAM_REDUCED_MOTION", "") not in ("", "0")
        self.reduced_motion = env_motion if reduced_motion is None else reduced_motion
        self._boot = record
        self.driver = ReplayDriver(replay_record) if replay_record is not None else None
        self.ai: Any | None = None
        self.ai_loaded = False

    # ------------------------------------------------------------------ start-up and look

    def on_mount(self) -> None:
        self.register_theme(CB_THEME)
        self._check_size(self.size.width, self.size.height)
        if self.driver is not None:
            self.names = self.driver.rec.players
            self._public(self.driver.session.log)
            self.show(self._screen("fight"))
        elif self._boot is not None:
            self.continue_game(self._boot)
        else:
            self.show(self._screen("title"))

    def on_resize(self, event: Any) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        self.set_class(width < MIN_SIZE[0] or height < MIN_SIZE[1], "-too-small")

    @work(thread=True, exclusive=True, group="ai-load")
    def load_ai_in_background(self) -> None:
        """Look for the bot after the title is painted; the title then offers solo practice or "coming soon"."""
        if not self.ai_loaded:
            self.ai = load_ai()
            self.ai_loaded = True
        self.call_from_thread(self.post_ai_ready)

    def post_ai_ready(self) -> None:
        hook = getattr(self.screen, "ai_ready", None)
        if callable(hook):
            hook()

    def ensure_ai(self) -> None:
        if not self.ai_loaded:
            self.ai, self.ai_loaded = load_ai(), True

    @property
    def palette(self) -> Palette:
        from tagteam.render.board import PALETTES

        if self.no_color:
            return PALETTES["plain"]
        return PALETTES["colourblind" if self.theme == CB_THEME.name else "default"]

    def _screen(self, name: str, *args: Any) -> Screen[Any]:
        """Screens are imported lazily so start-up stays close to a bare Textual app."""
        if name == "title":
            from tagteam.screens.title import TitleScreen

            return TitleScreen()
        if name == "fight":
            from tagteam.screens.fight import FightScreen

            return FightScreen()
        if name == "handoff":
            from tagteam.screens.handoff import HandoffScreen

            return HandoffScreen(*args)
        if name == "over":
            from tagteam.screens.gameover import GameOverScreen

            return GameOverScreen()
        raise KeyError(name)

    def show(self, screen: Screen[Any]) -> None:
        """Replace the flow screen, so the previous player's secret screen is unmounted, never just covered."""
        while len(self.screen_stack) > 2 and not getattr(self.screen, "FLOW", False):
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # ------------------------------------------------------------------ starting games

    def new_game(self, mode: str, names: tuple[str, str] = ("Player 1", "Player 2"), level: str = "") -> None:
        """``mode``: "first" (the rulebook's first-game teams), "free", "standard" or "competitive"."""
        from tagteam.engine.session import Session

        seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
        if self.seed is not None:
            self.seed += 1  # a rematch in the same run gets the next seed, still reproducible
        self.mode = mode
        teams = FIRST_GAME if mode == "first" else None
        draft = "free" if mode == "first" else mode
        s = Session.new(seed, teams=teams, draft=draft, players=names)
        if level:
            s.record.solo = solo_info(level, seed)
        self._start(s)

    def rematch(self, same_teams: bool) -> None:
        from tagteam.engine.session import Session

        s = self.session
        assert s is not None
        level = s.record.solo.level if s.record.solo else ""
        if same_teams and s.state.table is not None:
            teams = (s.state.table.team(0), s.state.table.team(1))
            seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
            new = Session.new(seed, teams=teams, players=s.record.players)
            if level:
                new.record.solo = solo_info(level, seed)
            self._start(new)
        else:
            self.new_game("standard" if self.mode == "first" else self.mode, s.record.players, level)

    def continue_game(self, rec: GameRecord) -> None:
        s = resume_session(rec)
        self._start(s)
        self._public(s.log)

    def _start(self, s: Session) -> None:
        self.session = s
        self.names = s.record.players
        self.fight_log = []
        self.last_seat = -1
        self.bot, self.bot_seat = None, -1
        solo = s.record.solo
        if solo:
            self.ensure_ai()
        if solo and self.ai is not None:
            self.bot_level = solo.level
            self.bot = self.ai.make_bot(solo.level, solo.bot_seed)  # never the game seed: see SoloInfo
            self.bot_seat = solo.seat
        elif solo:
            self.notify("This save is a solo game but the bot is not available: both seats play hot-seat.")
        self._public(s.log)
        self.next_step()

    # ------------------------------------------------------------------ the flow

    def next_step(self) -> None:
        """Show whatever the game needs now: the Fight, a decision (after a hand-over), the bot, or game over."""
        s = self.session
        if s is None:
            self.show(self._screen("title"))
            return
        if s.over():
            self.show(self._screen("over"))
            return
        if s.needs_advance():
            self.last_seat = -1
            self.show(self._screen("fight"))
            return
        pending = s.pending()
        humans = [p for p in pending if p != self.bot_seat]
        if humans:
            seat = humans[0]
            if self.bot is None and seat != self.last_seat:
                note, self.handoff_note = self.handoff_note, ""
                self.show(self._screen("handoff", seat, self.names[seat], self._what(seat), note))
            else:
                self.open_decision(seat)
        else:
            self.show(self._screen("handoff", self.bot_seat, self.names[self.bot_seat], "thinking", ""))
            self.run_bot(self.bot_seat, s.view(self.bot_seat))

    def _what(self, seat: int) -> str:
        assert self.session is not None
        kind = self.session.view(seat).pending
        return {
            "pick_team": "pick your team",
            "draft_pick": "make your Draft pick",
            "order_start": "order your Starting Cards",
            "character": "choose the Fey Folk Character",
            "build": f"Build step, round {self.session.state.round}",
        }.get(kind or "", "decide")

    def open_decision(self, seat: int) -> None:
        """The secret screen for ``seat``'s pending decision."""
        assert self.session is not None
        kind = self.session.view(seat).pending
        if kind in ("pick_team", "draft_pick"):
            from tagteam.screens.draft import DraftScreen

            self.show(DraftScreen(seat))
        elif kind in ("order_start", "character"):
            from tagteam.screens.setup import SetupScreen

            self.show(SetupScreen(seat))
        else:
            from tagteam.screens.build import BuildScreen

            self.show(BuildScreen(seat))

    def submit(self, seat: int, action: Action) -> bool:
        """A screen's intent becomes an engine action; illegal ones are reported, not applied."""
        from tagteam.engine.actions import BuildChoice, IllegalAction

        assert self.session is not None
        try:
            events = self.session.act(seat, action)
        except IllegalAction as e:
            self.notify(str(e), severity="error")
            return False
        self._public(events)
        self.last_seat = seat
        if isinstance(action, BuildChoice):
            self.handoff_note = f"{self.names[seat]}'s choice is locked."
            self.autosave()
        self.next_step()
        return True

    def _public(self, events: Iterable[ev.Event]) -> None:
        """Every engine event is public (secrets never enter events): log it and announce the important ones."""
        from tagteam.engine import events as ev

        s = self.session or (self.driver.session if self.driver else None)
        table = s.state.table if s is not None else None
        for e in events:
            line = ev.describe(e, table, (self.names[0], self.names[1]))
            self.fight_log.append(line)
            if isinstance(e, ev.InstantBonus | ev.DraftRevealed):
                self.notify(line, title="Announced")
        del self.fight_log[:-400]

    # ------------------------------------------------------------------ the Fight step (also the replay viewer)

    def fight_can_step(self) -> bool:
        if self.driver is not None:
            return self.driver.has_next()
        return self.session is not None and self.session.needs_advance()

    def fight_step(self) -> list[ev.Event]:
        """Resolve one Turn (in a replay: one Turn or one recorded decision) and log it."""
        if self.driver is not None:
            events, note = self.driver.step()
            if note:
                self.fight_log.append(note)
            self._public(events)
            return events
        assert self.session is not None
        events = self.session.advance()
        self._public(events)
        return events

    def fight_view(self) -> Any:
        s = self.driver.session if self.driver is not None else self.session
        assert s is not None
        return s.view(0)

    def fight_done(self) -> None:
        if self.driver is not None:
            self.session = self.driver.session
        self.next_step()

    # ------------------------------------------------------------------ the bot

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def run_bot(self, seat: int, view: Any) -> None:
        """The bot sees only its own view, off the UI thread. Its search runs in a daemon thread that the
        worker watches, so quitting (which cancels the worker) never waits for a long decision to finish."""
        worker = get_current_worker()
        bot = self.bot
        if bot is None:
            return
        result: list[Action] = []
        failure: list[str] = []

        def think() -> None:
            try:
                result.append(bot.decide(view))
            except Exception as e:  # a bot bug must not freeze the game on "thinking"
                failure.append(f"{type(e).__name__}: {e}")

        thread = threading.Thread(target=think, daemon=True, name="tagteam-bot")
        thread.start()
        while thread.is_alive():
            thread.join(0.02)
            if worker.is_cancelled:
                return
        if failure:
            self.call_from_thread(self.notify, f"The bot failed ({failure[0]}).", severity="error")
        elif result and not worker.is_cancelled:
            self.call_from_thread(self._bot_decided, seat, result[0])

    def _bot_decided(self, seat: int, action: Action) -> None:
        if self.session is not None and seat in self.session.pending():
            if type(action).__name__ == "BuildChoice":
                self.handoff_note = ""
            self.submit(seat, action)

    # ------------------------------------------------------------------ saving and commands

    def autosave(self) -> None:
        if self.session is None or self.driver is not None:
            return
        from tagteam import saves

        problem = saves.autosave(self.session.record)
        if problem:
            self.notify(problem, title="Autosave skipped", severity="warning")

    def action_save(self) -> None:
        if self.session is None or self.driver is not None:
            self.notify("No game in progress to save.")
            return
        from tagteam import saves

        path = saves.new_save_path()
        problem = saves.write(self.session.record, path)
        self.notify(problem or f"Saved to {path}", severity="error" if problem else "information")

    async def action_quit(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.autosave()
        self.exit(0)

    def action_rules(self) -> None:
        from tagteam.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_gallery(self) -> None:
        from tagteam.screens.gallery import GalleryScreen

        self.push_screen(GalleryScreen())

    def action_load(self) -> None:
        from tagteam.screens.load import LoadScreen

        self.push_screen(LoadScreen())

    def action_toggle_motion(self) -> None:
        self.reduced_motion = not self.reduced_motion
        self.notify("Animations off (reduced motion)." if self.reduced_motion else "Animations on.")

    def action_new_game(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.session, self.driver = None, None
        self.next_step()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Back to the title screen to start a game", self.action_new_game)
        yield SystemCommand("Save game", "Save the game in progress to a new file", self.action_save)
        yield SystemCommand("Load game", "Continue a saved game", self.action_load)
        yield SystemCommand("Toggle animations", "Reduced motion on or off", self.action_toggle_motion)
        yield SystemCommand("Colour-blind theme", "Okabe-Ito colours, marks unchanged", self.action_cb_theme)
        yield SystemCommand("Rules", "The rules reference", self.action_rules)
        yield SystemCommand("Card gallery", "Every Fighter's board and cards", self.action_gallery)

    def action_cb_theme(self) -> None:
        self.theme = CB_THEME.name
