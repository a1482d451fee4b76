"""Load: unfinished games, then finished ones, newest first; Enter or a click loads, ``d`` deletes (after a
confirmation), or any path can be typed in. A bad file gets one line and stays untouched.

The screen validates (``saves.load``) and returns the record with ``dismiss(record)`` to the callback it
was pushed with (``None`` on Esc). Listing only stats regular files (``saves.list_saves``), so a FIFO, a
folder named x.json or a dangling link in the saves folder is skipped, never opened.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from tagteam.engine.record import RecordError
from tagteam.ground.jsonfile import printable
from tagteam.screens.base import GameScreen, WordsModal
from tagteam.store import saves
from tagteam.words import N_, _, inputs
from tagteam.words import saves as saves_words

MAX_SUMMARIES = 60  # each summary replays its game: keep opening the screen quick (older ones by name)
HEADING_WORDS = {
    "unfinished": N_("Unfinished games, newest first (the app keeps its last {count})"),
    "finished": N_("Finished games, newest first"),
    "unusable": N_("Files that cannot be loaded"),
    "older": N_("Older saves (not read yet: Enter loads one)"),
}


def heading(key: str) -> str:
    """A group's heading in the player's language."""
    return _(HEADING_WORDS[key]).format(count=saves.KEEP_UNFINISHED)


HEADINGS = {key: text.format(count=saves.KEEP_UNFINISHED) for key, text in HEADING_WORDS.items()}  # in English


class ConfirmDelete(WordsModal):
    """Asks before a save is deleted: y or a click on Delete deletes, n, Esc or Keep does not."""

    DEFAULT_CSS = """
    ConfirmDelete { align: center middle; }
    ConfirmDelete > Vertical { width: 60; height: auto; border: thick $error; background: $surface; padding: 1 2; }
    ConfirmDelete Horizontal { height: auto; margin-top: 1; }
    ConfirmDelete Button { margin-right: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", N_("Delete")),
        Binding("n", "answer(False)", N_("Keep")),
        Binding("escape", "answer(False)", N_("Keep"), show=False),
    ]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.file_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            said = _("Delete {file}?\nIt cannot be undone.").format(file=printable(self.file_name))
            yield Static(said, markup=False)
            with Horizontal():
                yield Button(_("Delete (y)"), id="yes", variant="error")
                yield Button(_("Keep (n)"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


class LoadScreen(GameScreen):
    """Validation is the engine's (store.records.load parses with it); this screen only groups, reports and asks."""

    FLOW = False
    CSS_PATH = "load.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("d", "delete", N_("Delete")),
        Binding("delete", "delete", N_("Delete"), show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.files: list[Path] = []

    def body(self) -> ComposeResult:
        typed = not self.app.is_web  # a browser page (tagteam serve) reaches no path: the saves folder only
        if typed:
            head = _("Saved games: Enter or a click loads one, d deletes one; or type a path below.")
        else:
            head = _("Saved games: Enter or a click loads one, d deletes one.")
        yield Static(head, id="head", markup=False)
        yield OptionList(*self._options(), id="files")
        if typed:
            yield Input(placeholder=_("path/to/game.json"), id="path")
        yield Footer()

    def _options(self) -> list[Option]:
        """Headings (not selectable), then each group's saves; ``self.files[i]`` is option ``f{i}``."""
        found = saves.list_saves()
        described = saves_words.entries(MAX_SUMMARIES)
        groups: dict[str, list[tuple[Path, Text]]] = {key: [] for key in HEADINGS}
        for e in described:
            groups[e.state].append((e.path, Text.assemble(e.head, "\n", (e.tail, "dim"))))
        groups["older"] = [(p, Text(printable(p.name))) for p in found[MAX_SUMMARIES:]]
        self.files = []
        options: list[Option] = []
        for key, items in groups.items():
            if not items:
                continue
            options.append(Option(Text(heading(key), style="bold"), id=f"h-{key}", disabled=True))
            for path, label in items:
                options.append(Option(label, id=f"f{len(self.files)}"))
                self.files.append(path)
        return options

    def on_mount(self) -> None:
        files = self.query_one("#files", OptionList)
        if self.files:
            files.focus()
            self._highlight_first()
        elif not self.app.is_web:
            self.query_one("#path").focus()

    def _highlight_first(self) -> None:
        files = self.query_one("#files", OptionList)
        for i in range(files.option_count):
            if not files.get_option_at_index(i).disabled:
                files.highlighted = i
                return

    def _chosen(self) -> Path | None:
        files = self.query_one("#files", OptionList)
        if files.highlighted is None:
            return None
        return self._path_of(files.get_option_at_index(files.highlighted).id)

    def _path_of(self, option_id: str | None) -> Path | None:
        if not option_id or not option_id.startswith("f"):
            return None
        index = int(option_id[1:])
        return self.files[index] if 0 <= index < len(self.files) else None

    @on(OptionList.OptionSelected, "#files")
    def _file(self, event: OptionList.OptionSelected) -> None:
        path = self._path_of(event.option.id)
        if path is not None:
            self.open(str(path))

    @on(Input.Submitted, "#path")
    def _typed(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.open(event.value.strip())

    def open(self, path: str) -> None:
        try:
            rec = saves.load(path)
        except RecordError as e:
            self.notify(inputs.line(e), title=_("Cannot load"), severity="error", markup=False)
            return
        note = saves_words.trust_note(rec, path)
        if note:
            self.notify(note, title=_("Loaded"), severity="warning", markup=False)
        self.dismiss(rec)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_delete(self) -> None:
        path = self._chosen()
        if path is None:
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self._delete(path)

        self.app.push_screen(ConfirmDelete(path.name), answered)

    def _delete(self, path: Path) -> None:
        problem = saves_words.notice(saves.delete(path))
        if problem:
            self.notify(problem, severity="error", markup=False)
            return
        self.notify(_("Deleted {file}").format(file=path.name), markup=False, timeout=3)
        files = self.query_one("#files", OptionList)
        old = files.highlighted or 0
        files.clear_options()
        files.add_options(self._options())
        if files.option_count:
            files.highlighted = min(old, files.option_count - 1)
            if files.get_option_at_index(files.highlighted).disabled:
                self._highlight_first()
