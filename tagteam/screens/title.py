"""Title screen: new hot-seat game (names, draft mode), solo practice, continue, load, rules, cards, quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from tagteam.modes import BOT_LEVELS
from tagteam.screens.base import GameScreen
from tagteam.screens.messages import Command, StartGame, StartTutorial
from tagteam.widgets.basic import MarkedOptionList

BANNER = "T A G   T E A M\ntwo Fighters each · one card a round · the Fight plays itself"
MENU = (
    ("first", "First game: Joan + Ching Shih vs Bödvar + Wong Fei-Hung   [f]"),
    ("free", "New game: free pick"),
    ("standard", "New game: Standard Draft"),
    ("competitive", "New game: Competitive Draft"),
    ("practise", "Practise against the computer   [p]"),  # relabelled with the remembered level
    ("tutorial", "Guided first game: learn by playing, with a tutor   [t]"),
    ("continue", "Continue the autosaved game   [c]"),
    ("load", "Load a saved game   [l]"),
    ("rules", "Rules reference   [?]"),
    ("gallery", "Card gallery   [g]"),
    ("quit", "Quit   [q]"),
)

OVER = "the last game is over"  # the autosave holds a finished game: Continue would only reopen GAME OVER
NAME_CHARS = r"[^\[\]]*"  # square brackets would read as markup wherever a name is shown


def _parse_rules() -> None:
    from tagteam.screens.help import rules_text  # here, not at the top: start-up stays quick

    rules_text()


class TitleScreen(GameScreen):
    """Choose names, an opponent and a mode; the choice is posted to the app, which starts the game."""

    CSS_PATH = "title.tcss"
    AUTO_FOCUS = "#menu"  # keys like f start a game at once, instead of typing into the first name
    BINDINGS: ClassVar[list[BindingType]] = [  # each opens another screen: see on_key
        Binding("p", "practise", "Practise"),
        Binding("t", "pick('tutorial')", "Tutorial", show=False),
        Binding("f", "start('first')", "First game"),
        Binding("c", "pick('continue')", "Continue", show=False),
        Binding("l", "pick('load')", "Load", show=False),
        Binding("g", "pick('gallery')", "Cards", show=False),
        Binding("q", "pick('quit')", "Quit"),
    ]

    def __init__(
        self,
        names: tuple[str, str] = ("Player 1", "Player 2"),
        level: str = "",
        practice: str = "normal",
        has_autosave: bool = True,
    ) -> None:
        super().__init__()
        self.names = names
        self.has_autosave = has_autosave  # without one, Continue is greyed and says so
        self.autosave_over: bool | None = None  # it holds a finished game: Continue is greyed too (read later)
        self.level = level if level in BOT_LEVELS else ""
        self.practice = practice if practice in BOT_LEVELS else "normal"  # remembered between runs
        self.leaving = False  # a choice is on its way to the app: keys typed meanwhile are dropped (_leave)
        self.choosing = False  # a key that chooses passed here; the choice follows a message later (on_key)

    def body(self) -> ComposeResult:
        yield Static(BANNER, id="banner")
        with Horizontal(id="names"):
            yield Input(
                self.names[0],
                id="p1",
                max_length=20,
                restrict=NAME_CHARS,
                placeholder="Player 1 name",
                tooltip="Player 1 name",
            )
            yield Input(
                self.names[1],  # seat 2's last human name, even when the last game was solo
                id="p2",
                max_length=20,
                restrict=NAME_CHARS,
                placeholder="Player 2 name",
                tooltip="Player 2 name",
            )
        yield MarkedOptionList(*(Option(Text(text), id=key) for key, text in MENU), id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()
        self._labels()
        self.set_timer(0.05, self._mount_opponents)  # after the first frame: the title paints sooner
        if self.has_autosave:  # read off the UI thread: reading a game needs the engine, slow to import
            self.run_worker(self._read_autosave, thread=True, group="autosave", exit_on_error=False)
        self.set_timer(0.5, self._read_rules_ahead)

    def _read_rules_ahead(self) -> None:
        """The rules text is parsed off the UI thread while the player reads the title, so the first ``?``
        only lays it out (its Markdown reader alone takes a quarter of a second to load)."""
        self.run_worker(_parse_rules, thread=True, group="read-ahead", exit_on_error=False)

    def _read_autosave(self) -> None:
        from tagteam import saves

        over = saves.autosave_over()
        self.app.call_from_thread(self._autosave_read, over)

    def _autosave_read(self, over: bool | None) -> None:
        self.autosave_over = over
        if self.query("#menu"):  # the title may be gone by now
            self._labels()

    def _finished_autosave(self) -> bool:
        """Whether Continue would only reopen a finished game's GAME OVER (read now if not read yet)."""
        if self.has_autosave and self.autosave_over is None:
            from tagteam import saves

            self.autosave_over = saves.autosave_over()
        return bool(self.autosave_over)

    def _mount_opponents(self) -> None:
        """The opponent selector: a human (hot-seat) or the computer at a level."""
        if self.query("#solo"):
            return
        options = [("Opponent: a human (hot-seat, pass the keyboard)", "")]
        options += [(f"Opponent: the computer ({lv.capitalize()}) plays Player 2", lv) for lv in BOT_LEVELS]
        self.mount(Select(options, value=self.level, allow_blank=False, id="solo"), after="#names")

    def _labels(self) -> None:
        """Each entry says who plays: practice names its level; the first game says hot-seat or the bot."""
        menu = self.query_one("#menu", MarkedOptionList)
        if not self.has_autosave:
            menu.set_prompt("continue", Text("Continue: no autosaved game yet   [c]"))
            menu.disable_option("continue")
        elif self.autosave_over:  # nothing to go on with: Load still lists it, to look back at
            menu.set_prompt("continue", Text(f"Continue: {OVER}, nothing to continue   [c]"))
            menu.disable_option("continue")
        menu.set_prompt("practise", Text(f"Practise against the computer ({self.practice.capitalize()})   [p]"))
        level = self._level()
        who = f"against the computer ({level.capitalize()})" if level else "hot-seat, two players"
        menu.set_prompt("first", Text(f"First game, {who}: Joan + Ching Shih vs Bödvar + Wong Fei-Hung   [f]"))

    @on(Select.Changed, "#solo")
    def _opponent(self, event: Select.Changed) -> None:
        """Choosing a computer level here also makes it the practice level (the app remembers it)."""
        if isinstance(event.value, str) and event.value in BOT_LEVELS:
            self.practice = event.value
        self._labels()

    def action_practise(self) -> None:
        """Solo in one key: the first-game teams against the computer at the remembered level."""
        a, _b = self._names()
        self.post_message(StartGame("first", (a, "Player 2"), self.practice))
        self._leave()

    def _names(self) -> tuple[str, str]:
        a = self.query_one("#p1", Input).value.strip() or "Player 1"
        b = self.query_one("#p2", Input).value.strip() or "Player 2"
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
            said = f"{OVER.capitalize()}: Load [l] lists it, to see how it ended."
            self.notify(said, title="Nothing to continue", markup=False)  # [l] is the key, not markup
        elif key == "continue":
            self.post_message(Command("continue"))
        elif key in ("load", "rules", "gallery", "quit"):
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
        self.leaving = self.choosing = False

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
        elif event.key in CHOOSING_KEYS or (event.key == "enter" and self.focused is self.query_one("#menu")):
            self.choosing = True


CHOOSING_KEYS = frozenset(b.key for b in TitleScreen.BINDINGS if isinstance(b, Binding))
