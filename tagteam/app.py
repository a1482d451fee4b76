"""The Textual app: a thin shell that maps the flow's next step (``tagteam.flow``) to a screen.

It holds the Session (through the flow), the bot and the player's preferences; what any screen shows is
derived from the Session and its record. Screens answer with typed messages (``screens.messages``).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme
from textual.worker import get_current_worker

from tagteam.modes import FIRST_GAME, Mode
from tagteam.screens import messages as msg

if TYPE_CHECKING:  # the engine (and pydantic) load after the title screen is up, keeping start-up quick
    from tagteam.engine.actions import Action, BuildChoice
    from tagteam.engine.record import GameRecord, SoloInfo
    from tagteam.engine.session import Session
    from tagteam.engine.view import PlayerView
    from tagteam.flow import FightFeed, LiveFlow, ReplayFeed, Seeds, Step
    from tagteam.render.board import Palette
    from tagteam.tutorial import Tutorial

__all__ = ["FIRST_GAME", "MIN_SIZE", "TagTeamApp"]

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


class Bot(Protocol):
    """What the app needs of a solo opponent: a decision from its own seat's view only."""

    def decide(self, view: PlayerView) -> Action: ...


BotFactory = Callable[[str, int], Bot]
Coach = Callable[..., Sequence[object]]  # (view, seed) or (view, seed, selected BuildChoice)


def default_bot_factory(level: str, seed: int) -> Bot:
    """The real bots, imported only when a solo game starts (they are heavy)."""
    from tagteam.ai import make_bot

    return make_bot(level, seed)


def default_coach(view: PlayerView, seed: int, selected: object = None) -> Sequence[object]:
    """The coach's lines; with ``selected`` (the player's BuildChoice) that option is always rated too."""
    from tagteam.ai.coach import coach

    return coach(view, seed, selected)  # type: ignore[arg-type]


def solo_info(level: str, seed: int) -> SoloInfo:
    """The bot's seed is hashed from the game seed (reproducible with --seed) but reveals nothing of it."""
    from tagteam.engine.record import SoloInfo

    digest = hashlib.sha256(f"tagteam-bot:{seed}".encode()).digest()
    return SoloInfo(seat=1, level=level, bot_seed=int.from_bytes(digest[:4], "big"))  # type: ignore[arg-type]


class TagTeamApp(App[int]):
    """Hot-seat (or solo) Tag Team. The flow module decides what comes next; this class shows it."""

    TITLE = "Tag Team"
    CSS = """
    TooSmall { display: none; }
    TagTeamApp.-too-small Screen > * { display: none; }
    TagTeamApp.-too-small Screen > TooSmall {
        display: block; width: 1fr; height: 1fr; content-align: center middle; text-style: bold;
    }
    .-lesson { outline: heavy $warning; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the overlay is pushed as the key arrives, so the keys typed after it go to the overlay
        # (a field that takes text still gets ? and k: Textual leaves a key to the focused widget that consumes it)
        Binding("question_mark", "rules", "Rules", priority=True),
        Binding("k", "glossary", "Terms", show=False, priority=True),  # free on every screen; in the palette too
        # save and quit live in the command palette: the footer keeps its room for the screen's own keys
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False),
    ]

    def __init__(
        self,
        seed: int | None = None,
        record: GameRecord | None = None,
        replay_record: GameRecord | None = None,
        reduced_motion: bool | None = None,
        bot_factory: BotFactory | None = None,
        coach: Coach | None = None,
    ) -> None:
        super().__init__()
        self.base_seed = seed
        self._seeds: Seeds | None = None
        self.flow: LiveFlow | None = None
        self.replay: ReplayFeed | None = None
        self.bot: Bot | None = None
        self.bot_factory: BotFactory = bot_factory or default_bot_factory
        self.coach: Coach = coach or default_coach
        self.names: tuple[str, str] = ("Player 1", "Player 2")  # the title's names, kept across games
        self.level = ""  # the title's opponent: "" for a human, else the bot level
        self.table_memory = False
        self.tutorial: Tutorial | None = None  # the guided first game's lessons shown so far (tutorial only)
        self.practice = "normal"  # the practice level, remembered between runs (tagteam.settings)
        env_motion = os.environ.get("TAGTEAM_REDUCED_MOTION", "") not in ("", "0")
        self.reduced_motion = env_motion if reduced_motion is None else reduced_motion
        self._boot = record
        self._replay_record = replay_record

    # ------------------------------------------------------------------ start-up and look

    def on_mount(self) -> None:
        self.register_theme(CB_THEME)
        self._load_settings()
        self.call_after_refresh(self._tidy_saves)
        self._check_size(self.size.width, self.size.height)
        if self._replay_record is not None:
            from tagteam.flow import ReplayFeed

            self.replay = ReplayFeed(self._replay_record)
            self._show_fight(self.replay)
        elif self._boot is not None:
            self.continue_game(self._boot)
        else:
            self.render_step()

    def _tidy_saves(self) -> None:
        """Temporary files left by a killed write are removed once the first screen is up."""
        from tagteam.paths import clean_stale_temps  # not tagteam.saves: that would load the engine at start-up

        clean_stale_temps()

    def on_resize(self, event: Any) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        self.set_class(width < MIN_SIZE[0] or height < MIN_SIZE[1], "-too-small")

    @property
    def palette(self) -> Palette:
        from tagteam.render.board import PALETTES

        if self.no_color:
            return PALETTES["plain"]
        return PALETTES["colourblind" if self.theme == CB_THEME.name else "default"]

    @property
    def session(self) -> Session | None:
        """The game being played (or replayed), read from the flow: the app keeps no copy of its own."""
        if self.replay is not None:
            return self.replay.session
        return self.flow.session if self.flow is not None else None

    def show(self, screen: Screen[Any]) -> None:
        """Replace the flow screen (see ``show_flow_screen``)."""
        from tagteam.screens.base import show_flow_screen

        show_flow_screen(self, screen)

    # ------------------------------------------------------------------ starting games

    @property
    def seeds(self) -> Seeds:
        if self._seeds is None:
            from tagteam.flow import Seeds

            self._seeds = Seeds(self.base_seed)
        return self._seeds

    def new_game(self, mode: Mode | str, names: tuple[str, str] = ("Player 1", "Player 2"), level: str = "") -> None:
        """``mode``: "first" (the rulebook's first-game teams), "free", "standard" or "competitive"."""
        from tagteam.engine.session import Session

        seed = self.seeds.next()
        teams = FIRST_GAME if mode == "first" else None
        draft = "free" if mode == "first" else mode
        s = Session.new(seed, teams=teams, draft=draft, players=names)
        if level:
            s.record.solo = solo_info(level, seed)
        self.start(s)

    def rematch(self, same_teams: bool) -> None:
        """Play again with the same players (and bot), never the same seed: a rematch is a new game."""
        from tagteam.engine.session import Session
        from tagteam.flow import new_draft_mode

        s = self.session
        if s is None:
            return
        if self.tutorial is not None:  # after the guided game, the natural next step: a real practice game
            self.tutorial = None
            level = self.practice
            self.new_game("first", (s.record.players[0], f"Bot ({level.capitalize()})"), level)
            return
        rec = s.record
        level = rec.solo.level if rec.solo else ""
        if same_teams and s.state.table is not None:
            seed = self.seeds.next()
            new = Session.new(seed, teams=(s.state.table.team(0), s.state.table.team(1)), players=rec.players)
            if level:
                new.record.solo = solo_info(level, seed)
            self.start(new)
        else:
            self.new_game(new_draft_mode(rec), rec.players, level)

    def continue_game(self, rec: GameRecord) -> None:
        """Resume a saved game exactly where it was: the flow then shows what was on screen at the quit."""
        from tagteam.engine.session import Session

        self.start(Session.from_record(rec))

    def start(self, s: Session) -> None:
        from tagteam.flow import LiveFlow

        self.workers.cancel_group(self, "bot")
        self.replay = None
        solo = s.record.solo
        self.bot = self.bot_factory(solo.level, solo.bot_seed) if solo else None  # never the game seed
        self.tutorial = None
        self.flow = LiveFlow(s, bot_seat=solo.seat if solo else None)
        self.render_step()

    # ------------------------------------------------------------------ the flow

    def render_step(self) -> None:
        """Show whatever the game needs now, as the flow derives it from the Session."""
        if self.flow is None:  # the title needs neither the engine nor the flow: start-up stays quick
            from tagteam.paths import autosave_path
            from tagteam.screens.title import TitleScreen

            self.show(TitleScreen(self.names, self.level, self.practice, autosave_path().exists()))
            return
        from tagteam.flow import BotThinking, ShowDecision, ShowFight, ShowGameOver, ShowHandoff, ShowTitle

        step: Step = self.flow.step()
        match step:
            case ShowTitle():
                self.flow = None
                self.render_step()
            case ShowGameOver():
                from tagteam.screens.gameover import GameOverScreen

                self.show(GameOverScreen(self.flow.session))
            case ShowFight():
                from tagteam.flow import LiveFeed

                self._show_fight(LiveFeed(self.flow))
            case ShowHandoff(seat=seat, name=name, what=what, note=note):
                from tagteam.screens.handoff import HandoffScreen

                self.show(HandoffScreen(seat, name, what, note))
            case BotThinking(seat=seat, name=name):
                from tagteam.screens.handoff import HandoffScreen

                self.show(HandoffScreen(seat, name, "", "", thinking=True))
                self.run_bot(seat, self.flow.session.view(seat))
            case ShowDecision(seat=seat, kind=kind):
                self.show(self._decision_screen(seat, kind))
        if self.tutorial is not None:  # the one tutorial-aware step: lessons over the screen just shown
            kinds = {ShowFight: "fight", ShowGameOver: "over"}
            self._teach(step.kind if isinstance(step, ShowDecision) else kinds.get(type(step), ""))

    def _show_fight(self, feed: FightFeed) -> None:
        from tagteam.screens.fight import FightScreen

        self.show(FightScreen(feed, self.palette, self.reduced_motion))

    def _decision_screen(self, seat: int, kind: str) -> Screen[Any]:
        """The secret screen for ``seat``, given its own view and nothing else."""
        from tagteam.screens.base import SeatContext

        assert self.flow is not None
        ctx = SeatContext(seat, self.flow.session.view(seat), self.flow.names, self.palette)
        if kind in ("pick_team", "draft_pick"):
            from tagteam.screens.draft import DraftScreen

            return DraftScreen(ctx)
        if kind in ("order_start", "character"):
            from tagteam.screens.setup import SetupScreen

            return SetupScreen(ctx)
        from tagteam.screens.build import BuildScreen

        coach = None
        if self.bot is not None:  # the coach helps in solo practice only, from the player's own view
            base = self.flow.session.record.seed

            def coach(view: PlayerView, selected: object = None) -> Sequence[object]:
                seed = base + 7919 * view.round
                return self.coach(view, seed) if selected is None else self.coach(view, seed, selected)

        what_if = None
        if self.bot is not None:
            base = self.flow.session.record.seed

            def what_if(view: PlayerView, selected: BuildChoice) -> Sequence[object]:
                from tagteam.ai.coach import what_if as imagine

                return imagine(view, base + 7919 * view.round, selected)

        return BuildScreen(ctx, self.table_memory, coach, what_if)

    def submit(self, seat: int, action: Action) -> bool:
        """A decision becomes an engine action; an illegal one is reported, not applied."""
        from tagteam.engine.actions import IllegalAction

        if self.flow is None or seat not in self.flow.session.pending():
            return False
        try:
            self.flow.act(seat, action)
        except IllegalAction as e:
            self.notify(str(e), severity="error")
            return False
        self.autosave()
        self._announce()
        self.render_step()
        return True

    def _announce(self) -> None:
        if self.flow is not None:
            for line in self.flow.announcements():
                self.notify(line, title="Announced")

    @on(msg.Decided)
    def _decided(self, message: msg.Decided) -> None:
        self.submit(message.seat, message.action)

    @on(msg.Ready)
    def _hand_over_done(self, message: msg.Ready) -> None:
        if self.flow is not None:
            self.flow.acknowledge(message.seat)
            self.render_step()

    @on(msg.FightDone)
    def _fight_done(self) -> None:
        if self.replay is not None:  # a replay never opens a decision screen
            feed, self.replay = self.replay, None
            if feed.session.over():
                from tagteam.screens.gameover import GameOverScreen

                self.show(GameOverScreen(feed.session, replay=True))
            else:
                self.render_step()
            return
        if self.flow is not None:
            self.flow.fight_done()
            self._announce()
        self.render_step()

    @on(msg.StartGame)
    def _start_game(self, message: msg.StartGame) -> None:
        from tagteam.settings import remember_names

        names = message.names
        human = (True, not message.level)  # solo: seat 2 is the computer, its remembered name stays
        self.names, self.level = remember_names(self.names, names, human), message.level
        self._save_settings(message.level)
        if message.level:
            names = (names[0], f"Bot ({message.level.capitalize()})")
        self.new_game(message.mode, names, message.level)

    # ------------------------------------------------------------------ preferences and the tutorial

    def _load_settings(self) -> None:
        """The practice level and names from the last run; a bad settings file is ignored, with a notice."""
        from tagteam import settings

        prefs, notice = settings.load()
        self.practice = prefs.level
        if self.names == ("Player 1", "Player 2"):
            self.names = prefs.names
        if notice:
            self.notify(notice, title="Settings", severity="warning", timeout=10)

    def _save_settings(self, level: str) -> None:
        from tagteam import settings

        if level:
            self.practice = level
        problem = settings.update(level=self.practice, names=(self.names[0], self.names[1]))
        if problem:
            self.notify(problem, severity="warning")

    @on(msg.StartTutorial)
    def _start_tutorial(self, message: msg.StartTutorial) -> None:
        """The guided first game: an ordinary game through the flow, against the scripted tutor."""
        from tagteam import tutorial
        from tagteam.flow import LiveFlow

        self.workers.cancel_group(self, "bot")
        self.replay = None
        self.bot = tutorial.Tutor()
        self.flow = LiveFlow(tutorial.new_session(message.name), bot_seat=1)
        self.tutorial = tutorial.Tutorial()
        self.render_step()

    def _teach(self, where: str) -> None:
        """Show the lessons due on the screen just shown (``where``: a decision kind, fight, pause, over)."""
        if self.tutorial is None or self.flow is None:
            return
        lessons = self.tutorial.due(self.flow.session, where)
        if lessons:
            from tagteam.screens.tutorial import LessonScreen

            self.push_screen(LessonScreen(lessons))

    @on(msg.SkipLessons)
    def _skip_lessons(self) -> None:
        if self.tutorial is not None:
            self.tutorial.skipped = True

    @on(msg.FightPaused)
    def _fight_paused(self) -> None:
        self._teach("pause")

    @on(msg.Rematch)
    def _rematch(self, message: msg.Rematch) -> None:
        self.rematch(message.same_teams)

    @on(msg.TableMemory)
    def _table_memory(self, message: msg.TableMemory) -> None:
        self.table_memory = message.on

    # ------------------------------------------------------------------ the bot

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def run_bot(self, seat: int, view: PlayerView) -> None:
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
        if not worker.is_cancelled:
            self.call_from_thread(self._bot_decided, seat, result[0] if result else None, failure)

    def _bot_decided(self, seat: int, action: Action | None, failure: list[str]) -> None:
        """Apply the bot's choice; a failed or illegal one is replaced by a legal fallback, with a notice."""
        from tagteam.engine.actions import IllegalAction
        from tagteam.flow import fallback_action

        flow = self.flow
        if flow is None or seat not in flow.session.pending():
            return
        try:
            if action is None:
                raise IllegalAction(failure[0] if failure else "no decision")
            flow.act(seat, action)
        except IllegalAction as e:
            self.notify(f"The bot failed ({e}); it plays a random legal choice instead.", severity="warning")
            flow.act(seat, fallback_action(flow.session, seat))
        self.autosave()
        self._announce()
        self.render_step()

    # ------------------------------------------------------------------ saving and commands

    def autosave(self) -> None:
        if self.flow is None or self.tutorial is not None:  # the tutorial never replaces a real autosave
            return
        from tagteam import saves

        notice = saves.autosave(self.flow.session.record)
        if notice:  # where a previous autosave went, or why this one was not written: one short line
            self.notify(notice, severity="warning", timeout=3, markup=False)

    def action_save(self) -> None:
        if self.flow is None:
            self.notify("No game in progress to save.")
            return
        self._write("game")

    def action_save_replay(self) -> None:
        if self.flow is not None:
            self._write("replay")

    def _write(self, prefix: str) -> None:
        from tagteam import saves

        assert self.flow is not None
        path = saves.new_save_path(prefix)
        problem = saves.write(self.flow.session.record, path)
        if problem:
            self.notify(problem, severity="error")
        elif prefix == "replay":
            self.notify(f"Replay saved: {path} (watch it with: tagteam replay {path})")
        else:
            self.notify(f"Saved to {path}")

    def action_continue_autosave(self) -> None:
        from tagteam import saves
        from tagteam.engine.record import RecordError

        path = saves.autosave_path()
        if not path.exists():
            self.notify("No autosaved game yet.")
            return
        try:
            rec = saves.load(path)
        except RecordError as e:  # set aside, so it never blocks Continue or a new game again
            try:
                moved = f"it was set aside as {saves.quarantine(path).name}"
            except OSError as err:
                moved = f"it could not be moved aside ({err.strerror or err})"
            self.notify(f"{e}. {moved}.", title="Cannot continue", severity="error", timeout=15)
            return
        note = saves.trust_note(rec, path)
        if note:
            self.notify(note, severity="warning", markup=False)
        self.continue_game(rec)

    async def action_quit(self) -> None:
        self.workers.cancel_group(self, "bot")
        self.autosave()
        self.exit(0)

    def action_rules(self) -> None:
        from tagteam.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_glossary(self) -> None:
        """The glossary of rules terms, over any screen (it shows no game state)."""
        from tagteam.screens.glossary import GlossaryScreen

        if not isinstance(self.screen, GlossaryScreen):
            self.push_screen(GlossaryScreen())

    def action_gallery(self) -> None:
        from tagteam.screens.gallery import GalleryScreen

        self.push_screen(GalleryScreen())

    def action_load(self) -> None:
        """The Load screen returns the validated record it chose (None on Esc): carry on with that game."""
        from tagteam.screens.load import LoadScreen

        def chosen(rec: GameRecord | None) -> None:
            if rec is not None:
                self.continue_game(rec)

        self.push_screen(LoadScreen(), chosen)

    def action_toggle_motion(self) -> None:
        self.reduced_motion = not self.reduced_motion
        self.notify("Animations off (reduced motion)." if self.reduced_motion else "Animations on.")

    def action_new_game(self) -> None:
        """Back to the title screen (the game in progress stays in the autosave)."""
        self.workers.cancel_group(self, "bot")
        self.autosave()
        self.flow, self.replay, self.bot = None, None, None
        self.tutorial = None
        self.render_step()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("New game", "Back to the title screen to start a game", self.action_new_game)
        yield SystemCommand("Save game", "Save the game in progress to a new file", self.action_save)
        yield SystemCommand("Load game", "Continue a saved game", self.action_load)
        yield SystemCommand("Toggle animations", "Reduced motion on or off", self.action_toggle_motion)
        yield SystemCommand("Colour-blind theme", "Okabe-Ito colours, marks unchanged", self.action_cb_theme)
        yield SystemCommand("Rules", "The rules reference", self.action_rules)
        yield SystemCommand("Card gallery", "Every Fighter's board and cards", self.action_gallery)
        yield SystemCommand("Glossary", "What Stop, Presence, Scheme... mean (k)", self.action_glossary)

    def action_cb_theme(self) -> None:
        self.theme = CB_THEME.name
