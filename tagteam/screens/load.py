"""Load: the autosave and saved games, or any path typed in; a bad file gets one line and stays untouched.

The screen validates (``saves.load``) and then posts ``LoadScreen.Loaded(record)``; the app starts the
game from it. Listing only stats regular files (``saves.list_saves``), so a FIFO, a folder named x.json
or a dangling link in the saves folder is skipped, never opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from tagteam import saves
from tagteam.engine.record import GameRecord, RecordError
from tagteam.jsonfile import printable
from tagteam.screens.base import GameScreen

MAX_SUMMARIES = 30  # each summary replays its game: keep opening the screen quick


class LoadScreen(GameScreen):
    """Validation is the engine's (record.load); this screen only reports its one-line error."""

    FLOW = False
    CSS_PATH = "load.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    @dataclass
    class Loaded(Message):
        """A save was chosen and validated: the app continues this game."""

        record: GameRecord

    def __init__(self) -> None:
        super().__init__()
        self.files = saves.list_saves()

    def body(self) -> ComposeResult:
        head = f"Saved games in {printable(saves.home())} (Enter to load), or type a path below."
        yield Static(head, id="head", markup=False)
        options = []
        for i, p in enumerate(self.files):
            label = saves.summary(p) if i < MAX_SUMMARIES else printable(p.name)
            options.append(Option(label, id=f"f{i}"))
        yield OptionList(*options, id="files")
        yield Input(placeholder="path/to/game.json", id="path")
        yield Footer()

    def on_mount(self) -> None:
        files = self.query_one("#files", OptionList)
        (files if files.option_count else self.query_one("#path")).focus()

    @on(OptionList.OptionSelected, "#files")
    def _file(self, event: OptionList.OptionSelected) -> None:
        index = int((event.option.id or "f-1")[1:])
        if 0 <= index < len(self.files):
            self.open(str(self.files[index]))

    @on(Input.Submitted, "#path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.open(event.value.strip())

    def open(self, path: str) -> None:
        try:
            rec = saves.load(path)
        except RecordError as e:
            self.notify(str(e), title="Cannot load", severity="error", markup=False)
            return
        self.post_message(self.Loaded(rec))
