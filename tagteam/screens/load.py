"""Load: the autosave and saved games, or any path typed in; a bad file gets one line and stays untouched."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from tagteam import saves
from tagteam.engine.record import RecordError
from tagteam.screens.base import GameScreen


class LoadScreen(GameScreen):
    """Validation is the engine's (record.load); this screen only reports its one-line error."""

    FLOW = False
    CSS_PATH = "load.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def body(self) -> ComposeResult:
        yield Static(f"Saved games in {saves.home()} (Enter to load), or type a path below.", id="head", markup=False)
        files = saves.list_saves()
        yield OptionList(*(Option(str(p), id=f"f{i}") for i, p in enumerate(files)), id="files")
        yield Input(placeholder="path/to/game.json", id="path")
        yield Footer()

    def on_mount(self) -> None:
        files = self.query_one("#files", OptionList)
        (files if files.option_count else self.query_one("#path")).focus()

    @on(OptionList.OptionSelected, "#files")
    def _file(self, event: OptionList.OptionSelected) -> None:
        self.open(str(event.option.prompt))

    @on(Input.Submitted, "#path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.open(event.value.strip())

    def open(self, path: str) -> None:
        try:
            rec = saves.load(path)
        except RecordError as e:
            self.notify(str(e), title="Cannot load", severity="error")
            return
        self.game.continue_game(rec)
