"""Title screen: new hot-seat game (names, draft mode), solo practice, continue, load, history, puzzles, rules,
cards, quit."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from tagteam.play.modes import BOT_LEVELS
from tagteam.screens.base import GameScreen
from tagteam.screens.messages import Command, StartGame, StartTutorial
from tagteam.screens.preload import TITLE, preload
from tagteam.widgets.basic import MarkedOptionList
from tagteam.widgets.late import LateSelect
from tagteam.words import N_, _, cells
from tagteam.words.levels import name as level_name

BANNER = "T A G   T E A M"
TAGLINE = N_("two Fighters each · one card a round · the Fight plays itself")
MENU = (
    ("first", N_("First game: Joan + Ching Shih vs Bödvar + Wong Fei-Hung   [f]")),
    ("free", N_("New game: free pick")),
    ("standard", N_("New game: Standard Draft")),
    ("competitive", N_("New game: Competitive Draft")),
    ("practise", N_("Practise against the computer   [p]")),  # relabelled with the remembered level
    ("tutorial", N_("Guided first game: learn by playing, with a tutor   [t]")),
    ("continue", N_("Continue the autosaved game   [c]")),
    ("load", N_("Load a saved game   [l]")),
    ("history", N_("Game history   [h]")),
    ("puzzles", N_("Build puzzles: puzzle of the day, themes, rating   [b]")),
    ("rules", N_("Rules reference   [?]")),
    ("gallery", N_("Card gallery   [g]")),
    ("quit", N_("Quit   [q]")),
)
MENU_ROOM = 6  # the menu's border, padding, cursor mark and scrollbar around its longest entry
MENU_TALLEST = 16  # title.tcss's max-height for the menu
ABOVE_MENU = 10  # rows above it: the banner (3), the names (3), the opponent (3), and the footer's row below


NAME_CHARS = r"[^\[\]]*"  # square brackets would read as markup wherever a name is shown


def _parse_rules() -> None:
    from tagteam.screens.help import rules_text  # imported by preload(TITLE) before this thread starts

    rules_text()


class TitleScreen(GameScreen):
    """Choose names, an opponent and a mode; the choice is posted to the app, which starts the game."""

    CSS_PATH = "title.tcss"
    AUTO_FOCUS = "#menu"  # keys like f start a game at once, instead of typing into the first name
    BINDINGS: ClassVar[list[BindingType]] = [  # each opens another screen: see on_key
        Binding("p", "practise", N_("Practise")),
        Binding("t", "pick('tutorial')", N_("Tutorial"), show=False),
        Binding("f", "start('first')", N_("First game")),
        Binding("c", "pick('continue')", N_("Continue"), show=False),
        Binding("l", "pick('load')", N_("Load"), show=False),
        Binding("g", "pick('gallery')", N_("Cards"), show=False),
        Binding("h", "pick('history')", N_("History"), show=False),
        Binding("b", "pick('puzzles')", N_("Puzzles"), show=False),
        Binding("q", "pick('quit')", N_("Quit")),
    ]

    def __init__(
        self,
        names: tuple[str, str] = ("Player 1", "Player 2"),
        level: str = "",
        practice: str = "normal",
        has_autosave: bool = True,
        practice_chosen: bool = False,
    ) -> None:
        super().__init__()
        defaults = ("Player 1", "Player 2")  # the untouched defaults are shown in the player's language
        self.names = (
            names[0] if names[0] != defaults[0] else _(defaults[0]),
            names[1] if names[1] != defaults[1] else _(defaults[1]),
        )
        self.has_autosave = has_autosave  # without one, Continue is greyed and says so
        self.autosave_over: bool | None = None  # it holds a finished game: Continue is greyed too (read later)
        self.level = level if level in BOT_LEVELS else ""
        self.practice = practice if practice in BOT_LEVELS else "normal"  # remembered between runs
        self.practice_chosen = practice_chosen and practice in BOT_LEVELS  # else "normal" is only the default
        self.leaving = False  # a choice is on its way to the app: keys typed meanwhile are dropped (_leave)
        self.choosing = False  # a key that chooses passed here; the choice follows a message later (on_key)
        self.practising = False  # that key was p: the keys typed after it are the level chooser's (on_key)
        self.held: list[events.Key] = []  # keys typed after p, before the chooser was open to take them
        self.chooser: Screen[Any] | None = None

    def body(self) -> ComposeResult:
        yield Static(f"{BANNER}\n{_(TAGLINE)}", id="banner", markup=False)
        with Horizontal(id="names"):
            yield Input(
                self.names[0],
                id="p1",
                max_length=20,
                restrict=NAME_CHARS,
                placeholder=_("Player 1 name"),
                tooltip=_("Player 1 name"),
            )
            yield Input(
                self.names[1],  # seat 2's last human name, even when the last game was solo
                id="p2",
                max_length=20,
                restrict=NAME_CHARS,
                placeholder=_("Player 2 name"),
                tooltip=_("Player 2 name"),
            )
        yield MarkedOptionList(*(Option(Text(_(text)), id=key) for key, text in MENU), id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()
        self._labels()
        self.set_timer(0.05, self._mount_opponents)  # after the first frame: the title paints sooner
        self.set_timer(0.5, self._read_ahead)

    def _read_ahead(self) -> None:
        """While the player reads the title: the autosave is read (is its game over?) and the rules text parsed
        off the UI thread, so the first ``?`` only lays it out. What those threads need (the engine, the
        Markdown reader) is imported here first, on the UI thread, so that a key pressed meanwhile never
        imports the same modules at the same time as they do (``tagteam.screens.preload``)."""
        preload(TITLE)
        if self.has_autosave:
            self.run_worker(self._read_autosave, thread=True, group="autosave", exit_on_error=False)
        self.run_worker(_parse_rules, thread=True, group="read-ahead", exit_on_error=False)

    def _read_autosave(self) -> None:
        from tagteam.store import saves

        over = saves.autosave_over()
        self.app.call_from_thread(self._autosave_read, over)

    def _autosave_read(self, over: bool | None) -> None:
        self.autosave_over = over
        if self.query("#menu"):  # the title may be gone by now
            self._labels()

    def _finished_autosave(self) -> bool:
        """Whether Continue would only reopen a finished game's GAME OVER (read now if not read yet)."""
        if self.has_autosave and self.autosave_over is None:
            from tagteam.store import saves

            self.autosave_over = saves.autosave_over()
        return bool(self.autosave_over)

    def _mount_opponents(self) -> None:
        """The opponent selector: a human (hot-seat) or the computer at a level."""
        if self.query("#solo"):
            return
        options = [(_("Opponent: a human (hot-seat, pass the keyboard)"), "")]
        options += [
            (_("Opponent: the computer ({level}) plays Player 2").format(level=level_name(lv)), lv) for lv in BOT_LEVELS
        ]
        # mounted late, the app may be ending: LateSelect survives it
        self.mount(LateSelect(options, value=self.level, allow_blank=False, id="solo"), after="#names")

    def _labels(self) -> None:
        """Each entry says who plays: practice names its level; the first game says hot-seat or the bot."""
        menu = self.query_one("#menu", MarkedOptionList)
        prompts: dict[str, str] = {key: _(text) for key, text in MENU}
        if not self.has_autosave:
            prompts["continue"] = _("Continue: no autosaved game yet   [c]")
            menu.disable_option("continue")
        elif self.autosave_over:  # nothing to go on with: Load still lists it, to look back at
            prompts["continue"] = _("Continue: the last game is over, nothing to continue   [c]")
            menu.disable_option("continue")
        prompts["practise"] = _("Practise against the computer ({level})   [p]").format(level=level_name(self.practice))
        level = self._level()
        if level:
            first = _("First game, against the computer ({level}): Joan + Ching Shih vs Bödvar + Wong Fei-Hung   [f]")
            prompts["first"] = first.format(level=level_name(level))
        else:
            prompts["first"] = _("First game, hot-seat, two players: Joan + Ching Shih vs Bödvar + Wong Fei-Hung   [f]")
        for key in ("continue", "practise", "first"):
            menu.set_prompt(key, Text(prompts[key]))
        # as wide as its longest entry (up to the screen's width), so no entry wraps where there is room
        menu.styles.width = max(cells(text) for text in prompts.values()) + MENU_ROOM

    def on_resize(self) -> None:
        """The menu takes the rows left on the screen (it scrolls, Quit included) rather than running off its
        foot: at 80x24 its bottom border and last entries were cut off."""
        if self.query("#menu"):
            room = self.size.height - ABOVE_MENU
            self.query_one("#menu").styles.max_height = max(5, min(MENU_TALLEST, room))

    @on(Select.Changed, "#solo")
    def _opponent(self, event: Select.Changed) -> None:
        """Choosing a computer level here also makes it the practice level (the app remembers it)."""
        if isinstance(event.value, str) and event.value in BOT_LEVELS:
            self.practice = event.value
        self._labels()

    def action_practise(self) -> None:
        """Solo: the chooser shows the levels and how each plays, the last one chosen highlighted."""
        from tagteam.screens.ladder import LevelScreen  # here, not at the top: the title paints first

        self.chooser = LevelScreen(self.practice, self.practice_chosen)
        self.app.push_screen(self.chooser, self._practise_at)
        self._leave()
        held, self.held = self.held, []
        for key in held:
            self._pass_on(key)

    def _practise_at(self, level: str | None) -> None:
        """The chooser's answer: a level starts the first-game teams against it; None (Esc) stays here."""
        if level is None or level not in BOT_LEVELS:
            return
        self.practice, self.practice_chosen = level, True
        a, _b = self._names()
        self.post_message(StartGame("first", (a, _("Player 2")), level))
        self._leave()

    def _names(self) -> tuple[str, str]:
        a = self.query_one("#p1", Input).value.strip() or _("Player 1")
        b = self.query_one("#p2", Input).value.strip() or _("Player 2")
        return a, b

    def _level(self) -> str:
        found = self.query("#solo")
        if not found:  # not mounted yet: the opponent the title was opened with
            return self.level
        value = found.first(Select).value
        return value if isinstance(value, str) else ""

    def action_start(self, mode: str) -> None:
        self.post_message(StartGame(mode, self._names(), self._level()))
        self._leave()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.leaving  # after a choice, until the app has acted on it

    @on(OptionList.OptionSelected, "#menu")
    async def _chosen(self, event: OptionList.OptionSelected) -> None:
        await self.action_pick(event.option.id or "")

    async def action_pick(self, key: str) -> None:
        if self.leaving:  # the menu's own Enter or a click, after a choice already made
            return
        if key in ("first", "free", "standard", "competitive"):
            self.action_start(key)
        elif key == "practise":
            self.action_practise()
        elif key == "tutorial":
            self.post_message(StartTutorial(self._names()[0]))
        elif key == "continue" and self._finished_autosave():
            said = _("The last game is over: Load [l] lists it, to see how it ended.")
            self.notify(said, title=_("Nothing to continue"), markup=False)  # [l] is the key, not markup
        elif key == "continue":
            self.post_message(Command("continue"))
        elif key in ("load", "history", "puzzles", "rules", "gallery", "quit"):
            self.post_message(Command(key))
        self._leave()

    class _Left(Message, bubble=False):
        """Posted after a choice: when this screen reads it, the choice has gone on to the app's queue."""

    def _leave(self) -> None:
        """Keys typed after a choice reach this screen until the app has acted on it (a message later): they
        are dropped, so the menu never moves on and chooses again beneath the screen being opened."""
        self.leaving = True
        self.post_message(self._Left())

    @on(_Left)
    def _left(self) -> None:
        self.app.call_later(self._stay)  # queued behind the choice: runs once the app has acted on it

    def _stay(self) -> None:
        self.leaving = self.choosing = self.practising = False
        self.held = []

    def on_screen_resume(self) -> None:
        self._stay()

    def on_key(self, event: events.Key) -> None:
        """Keys after a choice are dropped here, before the app reads them as this screen's or the menu's.

        Every key reaches this screen on its way to the app, in the order typed, and a key that chooses (a
        title key, or Enter on the menu) chooses only once the app reads it: the keys after it are held
        back from here on, so g, Down, Enter typed together open the gallery and nothing else. (A name
        field keeps the letters it takes: they never come here.)"""
        if self.leaving or self.choosing:
            event.stop()
            event.prevent_default()
            if self.practising:  # p then 4 in one burst: the 4 is the chooser's, not lost
                self._pass_on(event)
        elif event.key in CHOOSING_KEYS or (event.key == "enter" and self.focused is self.query_one("#menu")):
            self.choosing = True
            menu = self.query_one("#menu", OptionList)
            on_practise = event.key == "enter" and menu.highlighted == menu.get_option_index("practise")
            self.practising = event.key == "p" or on_practise

    def _pass_on(self, event: events.Key) -> None:
        """A key typed after p goes to the level chooser once it is open (kept until then), as typed."""
        from tagteam.screens.ladder import LevelScreen

        if not isinstance(self.chooser, LevelScreen) or self.app.screen is not self.chooser:
            self.held.append(event)
            return
        self.chooser.typed(event.key)


CHOOSING_KEYS = frozenset(b.key for b in TitleScreen.BINDINGS if isinstance(b, Binding))
