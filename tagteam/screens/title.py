"""Title screen: new hot-seat game (names, draft mode), solo practice, continue, load, rules, cards, quit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from tagteam.screens.base import GameScreen

BANNER = "T A G   T E A M\ntwo Fighters each · one card a round · the Fight plays itself"
MENU = (
    ("first", "New game: first-game teams (Joan + Ching Shih vs Bödvar + Wong Fei-Hung)   [f]"),
    ("free", "New game: free pick"),
    ("standard", "New game: Standard Draft"),
    ("competitive", "New game: Competitive Draft"),
    ("continue", "Continue the autosaved game   [c]"),
    ("load", "Load a saved game   [l]"),
    ("rules", "Rules reference   [?]"),
    ("gallery", "Card gallery   [g]"),
    ("quit", "Quit   [q]"),
)

NAME_CHARS = r"[^\[\]]*"  # square brackets would read as markup wherever a name is shown


class TitleScreen(GameScreen):
    """Choose names and a mode; every start goes through the app, which owns the Session."""

    CSS_PATH = "title.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "start('first')", "First game"),
        Binding("c", "pick('continue')", "Continue", show=False),
        Binding("l", "pick('load')", "Load", show=False),
        Binding("g", "pick('gallery')", "Cards", show=False),
        Binding("q", "pick('quit')", "Quit"),
    ]

    def body(self) -> ComposeResult:
        yield Static(BANNER, id="banner")
        with Horizontal(id="names"):
            yield Input(
                "Player 1",
                id="p1",
                max_length=20,
                restrict=NAME_CHARS,
                placeholder="Player 1 name",
                tooltip="Player 1 name",
            )
            yield Input(
                "Player 2",
                id="p2",
                max_length=20,
                restrict=NAME_CHARS,
                placeholder="Player 2 name",
                tooltip="Player 2 name",
            )
        yield Static("Solo practice: looking for the bot…", id="solo-note")
        yield OptionList(*(Option(Text(text), id=key) for key, text in MENU), id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()
        if self.game.ai_loaded:
            self.ai_ready()
        else:  # after the first paint, so importing the engine does not delay the title
            self.set_timer(0.3, self.game.load_ai_in_background)

    def ai_ready(self) -> None:
        """Offer solo practice once the bot module is known to be there (or say it is coming soon)."""
        if self.query("#solo"):
            return
        ai = self.game.ai
        note = self.query_one("#solo-note", Static)
        if ai is None:
            note.update("Solo practice against a bot: coming soon (hot-seat only for now).")
            return
        levels = getattr(ai, "LEVELS", ("easy", "normal", "hard"))
        options = [("Human (hot-seat, pass the keyboard)", "")]
        options += [(f"Solo practice: bot ({lv}) plays Player 2", str(lv)) for lv in levels]
        note.remove()
        self.mount(Select(options, value="", allow_blank=False, id="solo"), after="#names")

    def _names(self) -> tuple[str, str]:
        a = self.query_one("#p1", Input).value.strip() or "Player 1"
        b = self.query_one("#p2", Input).value.strip() or "Player 2"
        return a, b

    def _level(self) -> str:
        sel = self.query("#solo")
        if not sel:
            return ""
        value = sel.first(Select).value
        return value if isinstance(value, str) else ""

    def action_start(self, mode: str) -> None:
        names = self._names()
        level = self._level()
        if level:
            names = (names[0], f"Bot ({level})")
        self.game.new_game(mode, names, level)

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id or "")

    def action_pick(self, key: str) -> None:
        if key in ("first", "free", "standard", "competitive"):
            self.action_start(key)
        elif key == "continue":
            from tagteam import saves
            from tagteam.engine.record import RecordError

            path = saves.autosave_path()
            if not path.exists():
                self.notify("No autosaved game yet.")
                return
            try:
                rec = saves.load(path)
            except RecordError as e:
                self.notify(str(e), title="Cannot continue", severity="error")
                return
            self.game.continue_game(rec)
        elif key == "load":
            self.game.action_load()
        elif key == "rules":
            self.game.action_rules()
        elif key == "gallery":
            self.game.action_gallery()
        elif key == "quit":
            self.app.exit(0)
