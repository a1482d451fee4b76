"""The Textual app: a thin shell that maps the flow's next step (``tagteam.play.flow``) to a screen.

It holds the Session (through the flow), the bot and the player's preferences; what any screen shows is
derived from the Session and its record. Screens answer with typed messages (``screens.messages``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.worker import get_current_worker

from tagteam.appearance import CB_THEME
from tagteam.base_app import MIN_SIZE, GameApp
from tagteam.play.modes import FIRST_GAME, Mode
from tagteam.screens import messages as msg
from tagteam.words import LANGUAGES, N_, NAMES, _, choose, language, set_language

if TYPE_CHECKING:  # the engine (and pydantic) load after the title screen is up, keeping start-up quick
    from tagteam.engine.actions import Action, BuildChoice
    from tagteam.engine.record import GameRecord
    from tagteam.engine.session import Session
    from tagteam.engine.view import PlayerView
    from tagteam.play.feeds import FightSource
    from tagteam.play.flow import LiveFlow, Step
    from tagteam.play.games import Seeds
    from tagteam.play.kinds import ComputerSeat, Game
    from tagteam.play.summary import GameSummary
    from tagteam.screens.advisers import Coach, WhatIfAdviser
    from tagteam.screens.gameover import GameOverScreen
    from tagteam.store.history import PastGame
    from tagteam.words.advice import CoachLine, WhatIfLine

__all__ = ["CB_THEME", "FIRST_GAME", "MIN_SIZE", "TagTeamApp"]

EXIT_NOT_SAVED = 1  # quit, but the last autosave could not be written (said on the terminal)
# Textual's own palette commands and footer words, put into the catalog here (the app translates them as shown)
TEXTUAL_WORDS = (
    N_("palette"),
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
    # tagteam.appearance's two commands (the app translates them as it lists them)
    N_("Toggle animations"),
    N_("Reduced motion on or off"),
    N_("Colour-blind theme"),
    N_("Okabe-Ito colours, marks unchanged"),
)


BotFactory = Callable[[str, int], "ComputerSeat"]


def default_bot_factory(level: str, seed: int) -> ComputerSeat:
    """The real bots, imported only when a solo game starts (they are heavy)."""
    from tagteam.ai import make_bot

    return make_bot(level, seed)


class TagTeamApp(GameApp):
    """Hot-seat, solo, the guided game and replays. The flow decides what comes next
    (``tagteam.play.flow``); ``tagteam.screens.route`` picks the screen; this class holds the one game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # not priority: keys keep their order (a key typed before ? still reaches the screen it was typed on)
        Binding("question_mark", "rules", N_("Rules")),
        Binding("k", "glossary", N_("Terms"), show=False),  # free on every screen; in the palette too
        # save and quit live in the command palette: the footer keeps its room for the screen's own keys
        Binding("ctrl+s", "save", N_("Save"), show=False),
        Binding("ctrl+q", "quit", N_("Quit"), show=False),
        # only while watching a replay opened from the game history (check_action): back to that game
        Binding("escape", "leave_replay", N_("History")),
    ]

    def __init__(
        self,
        seed: int | None = None,
        record: GameRecord | None = None,
        replay_record: GameRecord | None = None,
        reduced_motion: bool | None = None,
        bot_factory: BotFactory | None = None,
        lang: str | None = None,
    ) -> None:
        super().__init__(reduced_motion)  # the theme and animations: tagteam.appearance
        self.lang_flag = lang  # --lang: wins over the saved language and the environment (words.choose)
        self.base_seed = seed
        self._seeds: Seeds | None = None
        self.game: Game | None = None  # what kind of game is running, and its flow: the one place for both
        self.bot_factory: BotFactory = bot_factory or default_bot_factory
        self.names: tuple[str, str] = ("Player 1", "Player 2")  # the title's names, kept across games
        self.level = ""  # the title's opponent: "" for a human, else the bot level
        self.table_memory = False
        self.title_on_escape = True  # Esc on the Draft and Setup screens: back to the title (route.Stage)
        self.practice = "normal"  # the practice level, remembered between runs (tagteam.store.settings)
        self.practice_chosen = False  # the player chose it (not only the default): the chooser says so
        self._boot = record
        # the past game (and what its screen showed) of a replay opened from the history: Esc goes back there
        self._replay_from: tuple[PastGame, msg.Reviewed | None] | None = None
        self._indexed: tuple[int, int, int] | None = None  # the finished game indexed: (record, decisions, turns)
        self._history_said = ""  # its game-over line, once indexed
        self._replay_record = replay_record
        self._summary: tuple[tuple[int, int, bool], GameSummary] | None = None  # derived, keyed by position

    # ------------------------------------------------------------------ start-up and look

    def on_mount(self) -> None:
        self._load_settings()
        self.call_after_refresh(self._tidy_saves)
        self._check_size(self.size.width, self.size.height)
        if self._replay_record is not None:
            from tagteam.play.feeds import ReplayFeed
            from tagteam.play.kinds import Replay

            self.play(Replay(ReplayFeed(self._replay_record)))
        elif self._boot is not None:
            self.continue_game(self._boot)
        else:
            self.render_step()

    def _tidy_saves(self) -> None:
        """Temporary files left by a killed write are removed once the first screen is up."""
        from tagteam.store.paths import (
            clean_stale_temps,  # not tagteam.store.saves: that would load the engine at start-up
        )

        clean_stale_temps()

    @property
    def flow(self) -> LiveFlow | None:
        """The live game's flow; None on the title screen and in a replay (nothing can be decided there)."""
        from tagteam.play.kinds import Replay

        return None if self.game is None or isinstance(self.game, Replay) else self.game.flow

    @property
    def bot(self) -> ComputerSeat | None:
        from tagteam.play.kinds import Guided, Solo

        return self.game.bot if isinstance(self.game, Solo | Guided) else None

    @property
    def session(self) -> Session | None:
        """The game being played (or replayed), read from the game: the app keeps no copy of its own."""
        from tagteam.play.kinds import Replay

        if isinstance(self.game, Replay):
            return self.game.feed.session
        return self.game.flow.session if self.game is not None else None

    # ------------------------------------------------------------------ what the screens are given (route.Stage)

    def fight_source(self) -> FightSource:
        from tagteam.play.feeds import FightFeed
        from tagteam.play.kinds import Replay

        if isinstance(self.game, Replay):
            return self.game.feed
        assert self.flow is not None
        return FightFeed(self.flow.session)

    def seat_view(self, seat: int) -> PlayerView:
        assert self.flow is not None
        return self.flow.session.view(seat)

    def seat_names(self) -> tuple[str, str]:
        assert self.session is not None
        from tagteam.words.names import player_names

        return player_names(self.session.record.players)

    def game_summary(self) -> GameSummary | None:
        """The finished game's summary, computed once per position (the Fight's last pause computes it
        ahead, so Enter shows the game-over screen without waiting for the recap's search)."""
        from tagteam.play.kinds import Replay
        from tagteam.play.summary import summarize

        s = self.session
        if s is None:
            return None
        key = (id(s), len(s.log), isinstance(self.game, Replay))
        if self._summary is None or self._summary[0] != key:
            self._summary = (key, summarize(s, replay=key[2]))
        return self._summary[1]

    def viewer(self) -> int | None:
        """The human's seat against the computer (solo practice, the guided game); None in hot-seat, where both
        players share the screen, and in a replay."""
        from tagteam.play.kinds import Guided, Solo

        if isinstance(self.game, Solo | Guided) and self.game.flow.bot_seat is not None:
            return 1 - self.game.flow.bot_seat
        return None

    def kept_build(self, seat: int) -> tuple[int, int, tuple[int, int]] | None:
        """The Build choice kept for this seat's pending Build (a page reloaded, a game continued), or None."""
        if self.flow is None:
            return None
        from tagteam.store import saves

        kept = saves.half_choice(self.flow.session.record, seat)
        return (kept.card, kept.position, kept.bottom) if kept is not None else None

    @on(msg.HalfBuilt)
    def _half_built(self, message: msg.HalfBuilt) -> None:
        """Kept beside the autosave at each change, as small as it is: a page closes without warning."""
        if self.flow is None:
            return
        from tagteam.store import saves

        choice = saves.HalfChoice(message.card, message.position, message.bottom)
        saves.keep_half_choice(self.flow.session.record, message.seat, choice)  # a failure costs only this

    def advisers(self) -> tuple[Coach | None, WhatIfAdviser | None]:
        """The coach and the what-if help in solo practice and the guided game (whose lessons teach them),
        from the player's own view; never between two humans."""
        from tagteam.play.kinds import Guided, Solo

        if not isinstance(self.game, Solo | Guided):
            return None, None
        base = self.game.flow.session.record.seed
        guided = isinstance(self.game, Guided)  # the tutor has said where it inserts: the advisers know it too
        solo = self.game.flow.session.record.solo
        against = "tutor" if guided else solo.level if solo else ""  # whose calibration the numbers use

        def helped() -> None:
            """A solo game where the player asked the coach or the what-if is marked assisted in its record:
            it is kept and counted, but not rated (``tagteam.play.stats.rated``)."""
            if solo is not None:
                solo.assisted = True

        def announced(view: PlayerView) -> str:
            from tagteam.play.tutorial import tutor_place

            return tutor_place(view.round) if guided else ""

        def coach(view: PlayerView, selected: BuildChoice) -> Sequence[CoachLine]:
            """The coach's lines (the words layer's ``coach``: the best options by win chance, ``selected``
            always rated too); no card of their last Fight named with table memory on."""
            from tagteam.words.coach import coach as ask

            helped()
            seed = base + 7919 * view.round
            return ask(view, seed, selected, hidden=self.table_memory, announced=announced(view), against=against)

        def what_if(view: PlayerView, selected: BuildChoice) -> Sequence[WhatIfLine]:
            from tagteam.words.coach import what_if as imagine

            helped()
            seed = base + 7919 * view.round
            return imagine(view, seed, selected, hidden=self.table_memory, announced=announced(view), against=against)

        return coach, what_if

    def show(self, screen: Screen[Any]) -> None:
        """Replace the flow screen (see ``show_flow_screen``)."""
        from tagteam.screens.base import show_flow_screen

        show_flow_screen(self, screen)

    # ------------------------------------------------------------------ starting games

    @property
    def seeds(self) -> Seeds:
        if self._seeds is None:
            from tagteam.play.games import Seeds

            self._seeds = Seeds(self.base_seed)
        return self._seeds

    def new_game(self, mode: Mode | str, names: tuple[str, str] = ("Player 1", "Player 2"), level: str = "") -> None:
        """``mode``: "first" (the rulebook's first-game teams), "free", "standard" or "competitive"."""
        from tagteam.play.games import new_session

        self.start(new_session(mode, self.seeds.next(), names, level))

    def rematch(self, same_teams: bool) -> None:
        """Play again with the same players (and bot), never the same seed: a rematch is a new game."""
        from tagteam.play.games import rematch_session
        from tagteam.play.kinds import Guided, Replay

        s = self.session
        if s is None or isinstance(self.game, Replay):
            return
        if isinstance(self.game, Guided):  # after the guided game, the natural next step: a real practice game
            level = self.practice
            self.new_game("first", (s.record.players[0], bot_name(level)), level)
            return
        self.start(rematch_session(s, same_teams, self.seeds.next()))

    def continue_game(self, rec: GameRecord) -> None:
        """Resume a saved game exactly where it was: the flow then shows what was on screen at the quit."""
        from tagteam.engine.session import Session

        self.start(Session.from_record(rec))

    def start(self, s: Session) -> None:
        """Play a live game: solo when its record names a bot (seeded from the record, never the game seed)."""
        from tagteam.play.flow import LiveFlow
        from tagteam.play.kinds import HotSeat, Solo

        solo = s.record.solo
        flow = LiveFlow(s, bot_seat=solo.seat if solo else None)
        self.play(Solo(flow, self.bot_factory(solo.level, solo.bot_seed)) if solo else HotSeat(flow))

    def play(self, game: Game | None) -> None:
        """Make ``game`` the one game of this terminal (None: the title); a bot still thinking is stopped."""
        if game is not None:  # what the game's workers will import, imported before any of them starts
            from tagteam.screens.preload import GAME, preload

            preload(GAME)
        self.stop_bot()
        self.game = game
        self._replay_from = None
        self.render_step()

    # ------------------------------------------------------------------ the flow

    def render_step(self) -> None:
        """Show whatever the game needs now, as the flow derives it from the Session."""
        from tagteam.play.kinds import Replay

        if self.game is None:  # the title needs neither the engine nor the flow: start-up stays quick
            from tagteam.screens.title import TitleScreen
            from tagteam.store.paths import autosave_path

            self.show(
                TitleScreen(self.names, self.level, self.practice, autosave_path().exists(), self.practice_chosen)
            )
            return
        from tagteam.play.flow import BotThinking, ShowFight, ShowGameOver
        from tagteam.screens.route import screen_for

        step: Step = ShowGameOver() if isinstance(self.game, Replay) else self.game.flow.step()
        if isinstance(self.game, Replay) and not self.game.feed.session.over():
            step = ShowFight()  # an unfinished replay ends on its Fight screen's pause
        screen = screen_for(step, self)
        if screen is None:  # the title (a step no game shows)
            self.play(None)
            return
        self.show(screen)
        if isinstance(step, ShowGameOver) and not isinstance(self.game, Replay):
            self.autosave()  # the last Fight has no decision after it: keep the game saved as finished now
            self.record_history(screen)
        if isinstance(step, BotThinking) and self.flow is not None:
            self.run_bot(step.seat, self.flow.session.view(step.seat))
        self._teach(step)

    def submit(self, seat: int, action: Action) -> bool:
        """A decision becomes an engine action; an illegal one is reported, not applied."""
        from tagteam.engine.actions import IllegalAction
        from tagteam.words import inputs

        if self.flow is None or seat not in self.flow.session.seats_owing():
            return False
        try:
            self.flow.act(seat, action)
        except IllegalAction as e:
            self.notify(inputs.line(e), severity="error")
            return False
        self.autosave()
        self._announce()
        self.render_step()
        return True

    def _announce(self) -> None:
        if self.flow is not None:
            for line in self.flow.announcements():
                self.notify(line, title=_("Announced"))

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
        from tagteam.play.kinds import Replay

        if isinstance(self.game, Replay):  # a replay never opens a decision screen
            self.play(self.game if self.game.feed.session.over() else None)  # its summary, or the title
            return
        if self.flow is not None:
            self.flow.fight_done()
            self._announce()
        self.render_step()

    @on(msg.StartGame)
    def _start_game(self, message: msg.StartGame) -> None:
        from tagteam.store.settings import remember_names

        names = message.names
        human = (True, not message.level)  # solo: seat 2 is the computer, its remembered name stays
        self.names, self.level = remember_names(self.names, names, human), message.level
        self._save_settings(message.level)
        if message.level:
            names = (names[0], bot_name(message.level))
        self.new_game(message.mode, names, message.level)

    # ------------------------------------------------------------------ preferences and the tutorial

    def _load_settings(self) -> None:
        """The practice level, names, theme and animations from the last run; a bad settings file is ignored,
        with a notice."""
        prefs = self.apply_settings()
        set_language(choose(self.lang_flag, prefs.lang, os.environ))
        self.practice = prefs.level
        self.practice_chosen = prefs.level_chosen
        if self.names == ("Player 1", "Player 2"):
            self.names = prefs.names

    def _save_settings(self, level: str) -> None:
        from tagteam.store import settings
        from tagteam.words import settings as settings_words

        changes: dict[str, object] = {"level": self.practice, "names": (self.names[0], self.names[1])}
        if level:
            self.practice = changes["level"] = level
            self.practice_chosen = changes["level_chosen"] = True
        problem = settings_words.notice(settings.update(**changes))
        if problem:
            self.notify(problem, severity="warning")

    @on(msg.StartTutorial)
    def _start_tutorial(self, message: msg.StartTutorial) -> None:
        """The guided first game: an ordinary game through the flow, against the scripted tutor."""
        from tagteam.play import tutorial
        from tagteam.play.flow import LiveFlow
        from tagteam.play.kinds import Guided

        flow = LiveFlow(tutorial.new_session(message.name), bot_seat=1)
        self.play(Guided(flow, tutorial.Tutor(), tutorial.Tutorial()))

    def _teach(self, step: Step | str) -> None:
        """In the guided game, the lessons due on the screen just shown (a step, or "pause")."""
        from tagteam.play.flow import ShowDecision, ShowFight, ShowGameOver
        from tagteam.play.kinds import Guided

        if not isinstance(self.game, Guided):
            return
        match step:
            case ShowDecision(kind=kind):
                where: str = kind
            case ShowFight():
                where = "fight"
            case ShowGameOver():
                where = "over"
            case str():
                where = step
            case _:
                where = ""
        lessons = self.game.lessons.due(self.game.flow.session, where)
        if lessons:
            from tagteam.screens.tutorial import LessonScreen

            # after the game screen's first layout, so the card can see where its target is drawn
            self.call_after_refresh(self.push_screen, LessonScreen(lessons))

    @on(msg.SkipLessons)
    def _skip_lessons(self) -> None:
        from tagteam.play.kinds import Guided

        if isinstance(self.game, Guided):
            self.game.lessons.skipped = True

    @on(msg.FightPaused)
    def _fight_paused(self) -> None:
        self._teach("pause")
        s = self.session
        if s is not None and s.over():  # the summary comes next: compute it once the pause is drawn
            self.call_after_refresh(self._warm_game_over)

    def _warm_game_over(self) -> None:
        import tagteam.screens.gameover  # noqa: F401  (its module and styles load before Enter, not after)

        self.game_summary()

    @on(msg.Rematch)
    def _rematch(self, message: msg.Rematch) -> None:
        self.rematch(message.same_teams)

    @on(msg.TableMemory)
    def _table_memory(self, message: msg.TableMemory) -> None:
        self.table_memory = message.on

    # ------------------------------------------------------------------ the bot

    @work(thread=True, exclusive=True, group="bot", exit_on_error=False)
    def run_bot(self, seat: int, view: PlayerView) -> None:
        """The bot decides in this one worker, off the UI thread, from its own view only. Leaving the game
        cancels the worker and calls ``ComputerSeat.cancel()``, so a long search ends soon instead of running on."""
        worker = get_current_worker()
        bot = self.bot
        if bot is None:
            return
        action: Action | None = None
        failure = ""
        try:
            action = bot.decide(view)
        except Exception as e:  # a bot bug must not freeze the game on "thinking"
            failure = f"{type(e).__name__}: {e}"
        if not worker.is_cancelled:
            self.call_from_thread(self._bot_decided, seat, action, failure)

    def stop_bot(self) -> None:
        """Stop a bot that is thinking: its worker is cancelled and its search told to stop."""
        bot = self.bot
        if bot is not None:
            bot.cancel()
        self.workers.cancel_group(self, "bot")

    def _bot_decided(self, seat: int, action: Action | None, failure: str) -> None:
        """Apply the bot's choice; a failed or illegal one is replaced by a legal fallback, with a notice."""
        from tagteam.engine.actions import IllegalAction
        from tagteam.ground.problems import Code, printable, problem
        from tagteam.play.games import fallback_action
        from tagteam.words import inputs

        flow = self.flow
        if flow is None or seat not in flow.session.seats_owing():
            return
        try:
            if action is None:
                raise IllegalAction(problem(Code.NO_DECISION, why=printable(failure or "None", 200)))
            flow.act(seat, action)
        except IllegalAction as e:
            said = _("The bot failed ({problem}); it plays a random legal choice instead.")
            said = said.format(problem=inputs.line(e))
            self.notify(said, severity="warning")
            flow.act(seat, fallback_action(flow.session, seat))
        self.autosave()
        self._announce()
        self.render_step()

    # ------------------------------------------------------------------ saving and commands

    def autosave(self) -> str | None:
        """Autosave the game in play; why nothing could be written (a full disk...), or None."""
        from tagteam.play.kinds import Guided

        if self.flow is None or isinstance(self.game, Guided):  # the tutorial never replaces a real autosave
            return None
        from tagteam.store import saves
        from tagteam.words import saves as saves_words

        notes = saves.autosave(self.flow.session.record)
        notice = saves_words.notice(notes)
        if notice:  # where a previous autosave went, or why this one was not written: one short line
            self.notify(notice, severity="warning", timeout=3, markup=False)
        return saves_words.notice(saves.failure(notes))

    def action_save(self) -> None:
        if self.flow is None:
            self.notify(_("No game in progress to save."))
            return
        self._write("game")

    def action_save_replay(self) -> None:
        if self.flow is not None:
            self._write("replay")

    def _write(self, prefix: str) -> None:
        from tagteam.store import saves
        from tagteam.words import saves as saves_words

        assert self.flow is not None
        path = saves.new_save_path(prefix)
        problem = saves_words.notice(saves.write(self.flow.session.record, path))
        if problem:
            self.notify(problem, severity="error")
        elif prefix == "replay":
            said = _("Replay saved (watch it with: tagteam replay, then this path):\n{path}").format(
                path=broken_path(path)
            )
            self.notify(said, markup=False)
        else:
            self.notify(_("Saved to\n{path}").format(path=broken_path(path)), markup=False)

    def action_continue_autosave(self) -> None:
        from tagteam.engine.record import RecordError
        from tagteam.store import saves
        from tagteam.words import inputs

        path = saves.autosave_path()
        if not path.exists():
            self.notify(_("No autosaved game yet."))
            return
        try:
            rec = saves.load(path)
        except RecordError as e:  # set aside, so it never blocks Continue or a new game again
            try:
                aside = saves.quarantine(path).name
                said = _("{problem}. It was set aside as {file}.").format(problem=inputs.line(e), file=aside)
            except OSError as err:
                said = _("{problem}. It could not be moved aside ({reason}).")
                said = said.format(problem=inputs.line(e), reason=err.strerror or err)
            self.notify(said, title=_("Cannot continue"), severity="error", timeout=15, markup=False)
            return
        from tagteam.words import saves as saves_words

        note = saves_words.trust_note(rec, path)
        if note:
            self.notify(note, severity="warning", markup=False)
        self.continue_game(rec)

    async def action_quit(self) -> None:
        self.stop_bot()
        failed = self.autosave()
        if failed:  # said on the terminal once the screen has closed: a notice would close with it
            said = _("tagteam: the game's last moves are not saved: {why}").format(why=failed)
            self.exit(EXIT_NOT_SAVED, return_code=EXIT_NOT_SAVED, message=Text(said))
            return
        self.exit(0)

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

    def action_new_game(self) -> None:
        """Back to the title screen (the game in progress stays in the autosave)."""
        self.stop_bot()
        self.autosave()
        self.play(None)

    @on(msg.BackToTitle)
    def _back_to_title(self) -> None:
        self.action_new_game()

    @on(msg.SaveReplay)
    def _save_replay(self) -> None:
        self.action_save_replay()

    @on(msg.Command)
    async def _command(self, message: msg.Command) -> None:
        """A title-menu entry (continue, load, rules, gallery, quit): a typed message, not an action string."""
        match message.what:
            case "continue":
                self.action_continue_autosave()
            case "load":
                self.action_load()
            case "rules":
                self.action_rules()
            case "gallery":
                self.action_gallery()
            case "history":
                self.action_history()
            case "puzzles":
                self.action_puzzles()
            case "quit":
                await self.action_quit()

    # ------------------------------------------------------------------ the game history (tagteam.store.history)

    def action_history(self) -> None:
        """Past games, newest first (the index is read when the screen opens, never at start-up)."""
        from tagteam.screens.history import HistoryScreen

        self.push_screen(HistoryScreen())

    def action_puzzles(self) -> None:
        """The Build puzzles' home (issue 28): the puzzle of the day, the rating, themes; read when it opens."""
        from tagteam.screens.puzzles import PuzzleHome

        self.push_screen(PuzzleHome())

    def on_watch_replay(self, message: msg.WatchReplay) -> None:
        """A past game chosen on the history screen: watch it as ``tagteam replay`` would (it is not indexed again)."""
        from tagteam.play.feeds import ReplayFeed
        from tagteam.play.kinds import Replay

        self.play(Replay(ReplayFeed(message.record)))
        if message.game is not None:
            self._replay_from = (message.game, message.reviewed)
            self.refresh_bindings()
            self.notify(_("Watching its replay: Esc goes back to this game in the history."), timeout=6)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave_replay":
            return self._replay_from is not None
        return super().check_action(action, parameters)

    def action_leave_replay(self) -> None:
        """Esc while watching a past game's replay: back to that game in the history (the title under it)."""
        from tagteam.screens.history import GameScreenOfHistory, HistoryScreen

        if self._replay_from is None:
            return
        game, reviewed = self._replay_from
        self.clear_notifications()  # its "Esc goes back" notice is done
        self.play(None)
        self.push_screen(HistoryScreen())
        self.push_screen(GameScreenOfHistory(game, reviewed))

    def record_history(self, screen: Screen[Any]) -> None:
        """A game just ended (hot-seat, solo or the guided game): index it once, off the UI thread, then give the
        game-over screen its line (your record against this level and the rating change)."""
        from tagteam.play.kinds import Guided
        from tagteam.screens.gameover import GameOverScreen

        if self.flow is None:
            return
        over = screen if isinstance(screen, GameOverScreen) else None
        rec = self.flow.session.record
        key = (id(rec), len(rec.decisions), rec.turns_after)
        if self._indexed == key:
            if self._history_said and over is not None:
                over.show_history(self._history_said)
            return
        self._indexed, self._history_said = key, ""
        self._index_game(rec.model_copy(deep=True), isinstance(self.game, Guided), over)

    @work(thread=True, group="history", exit_on_error=False)
    def _index_game(self, rec: GameRecord, guided: bool, over: GameOverScreen | None) -> None:
        from tagteam.screens.history import index_finished
        from tagteam.store import saves

        path = saves.autosave_path()
        if guided:  # the guided game has no autosave: its record is kept in the saves folder, so it counts
            path = saves.new_save_path("guided")
            from tagteam.words import saves as saves_words

            problem = saves_words.notice(saves.write(rec, path))
            if problem:
                self.call_from_thread(self.notify, problem, severity="warning", markup=False)
        said, line = index_finished(rec, path)
        self.call_from_thread(self._history_done, said, line, over)

    def _history_done(self, notes: list[str], line: str, over: GameOverScreen | None) -> None:
        for note in notes:
            self.notify(note, severity="warning", timeout=8, markup=False)
        self._history_said = line
        if line and over is not None and over.is_attached:
            over.show_history(line)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):  # Textual's own (theme, quit, keys...), translated
            yield command._replace(title=_(command.title), help=_(command.help))
        yield SystemCommand(_("New game"), _("Back to the title screen to start a game"), self.action_new_game)
        yield SystemCommand(_("Save game"), _("Save the game in progress to a new file"), self.action_save)
        yield SystemCommand(_("Load game"), _("Continue a saved game"), self.action_load)
        for command in self.appearance_commands():  # toggle animations, the colour-blind theme
            yield command._replace(title=_(command.title), help=_(command.help))
        yield SystemCommand(
            # TRANSLATORS: {languages} is every language's own name, separated by " / " (English / Français)
            _("Language: {languages}").format(languages=" / ".join(NAMES[code] for code in LANGUAGES)),
            _("Now {language}: switch to {other}").format(
                language=NAMES[language()], other=NAMES[self._next_language()]
            ),
            self.action_next_language,
        )
        yield SystemCommand(_("Rules"), _("The rules reference"), self.action_rules)
        yield SystemCommand(_("Card gallery"), _("Every Fighter's board and cards"), self.action_gallery)
        yield SystemCommand(_("Glossary"), _("What Stop, Presence, Scheme... mean (k)"), self.action_glossary)

    # ------------------------------------------------------------------ the language

    @staticmethod
    def _next_language() -> str:
        now = language()
        return LANGUAGES[(LANGUAGES.index(now) + 1) % len(LANGUAGES)] if now in LANGUAGES else LANGUAGES[0]

    def action_next_language(self) -> None:
        """Switch to the next language, keep the choice, and build the screen again from the game (as after
        a load: what it shows comes from the Session, so nothing is lost but a selection not yet confirmed)."""
        self.switch_language(self._next_language())

    def switch_language(self, code: str) -> None:
        from tagteam.store import settings
        from tagteam.words import settings as settings_words

        lang = set_language(code)
        problem = settings_words.notice(settings.update(lang=lang))
        if problem:
            self.notify(problem, severity="warning")
        self.render_step()


def bot_name(level: str) -> str:
    """The computer's name in a solo game: Bot (Normal), in the player's language."""
    from tagteam.words.levels import name

    return _("Bot ({level})").format(level=name(level))


def broken_path(path: object, width: int = 48) -> str:
    """A file path in lines of at most ``width`` cells, broken after a ``/``, so a notice never cuts it
    mid-word (a single name longer than ``width`` keeps its own line)."""
    from tagteam.words import cells

    lines: list[str] = []
    line = ""
    for part in str(path).replace("/", "/\0").split("\0"):
        if line and cells(line + part) > width:
            lines.append(line)
            line = ""
        line += part
    lines.append(line)
    return "\n".join(lines)
