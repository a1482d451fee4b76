"""The practice chooser: ``p`` on the title opens it over the title, one row per level with how it plays.

It answers with the level chosen (``dismiss(level)``) or None for Esc; the title starts the game, so this
screen neither starts games nor remembers anything (the app saves the level as every solo start does).
"""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tagteam.play.modes import BOT_LEVELS
from tagteam.render.glued import wrap
from tagteam.screens.base import WordsModal
from tagteam.widgets.basic import MarkedOptionList, TooSmall
from tagteam.words import N_
from tagteam.words import levels as words

INDENT = "   "  # how a level plays, under its name: every line of it, so the names stand out down the list


def prompt(number: int, level: str, last: bool, width: int, console: Console) -> Text:
    """A level's row: its key and name (and whether it is the last one chosen, in words), then how it plays,
    wrapped here to ``width`` cells so each of its lines is indented (the list would start them at the edge)."""
    row = Text(f"{number}  ", style="bold")
    row.append(words.name(level), style="bold")
    if last:
        row.append(f"  {words.last_choice()}")
    for line in wrap(Text(words.how(level)), max(20, width - cell_len(INDENT)), console):  # French marks kept
        row.append("\n" + INDENT)
        row.append_text(line)
    return row


KEYS = tuple(str(i + 1) for i in range(len(BOT_LEVELS)))  # one per level, in BOT_LEVELS' order (the bindings)


class LevelScreen(WordsModal):
    """Every level offered, weakest first, the last level chosen highlighted: a digit starts its level, Enter or
    a click the highlighted one, Esc goes back to the title."""

    AUTO_FOCUS = "#levels"
    DEFAULT_CSS = """
    LevelScreen { align: center middle; }
    LevelScreen > Vertical { width: 96; max-width: 100%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1; }
    LevelScreen #levels-head { text-style: bold; width: 100%; }
    LevelScreen #levels-hint { color: $text-muted; width: 100%; }
    LevelScreen #levels { height: auto; max-height: 100%; border: none; padding: 0; }
    LevelScreen #levels > .option-list--option { padding: 0 0 1 0; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(key, f"start({i})", words.NAMES[lv], show=False)
            for i, (key, lv) in enumerate(zip(KEYS, BOT_LEVELS, strict=True))
        ),
        Binding("escape", "back", N_("Back to the title")),
    ]

    def __init__(self, last: str = "normal", chosen: bool = True) -> None:
        super().__init__()
        self.last = last if last in BOT_LEVELS else "normal"
        self.chosen_before = chosen and last in BOT_LEVELS  # "your last choice" only when it was one
        self.chosen = False  # a level is on its way: keys typed after it choose nothing more
        self.ahead: list[str] = []  # keys typed on the title after p, before this screen was mounted (typed)
        self.ready = False  # mounted, its list focused: a key typed ahead can act now

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.heading(), id="levels-head", markup=False)
            yield Static(words.hint(), id="levels-hint", markup=False)
            console = self.app.console
            rows = [
                Option(prompt(i + 1, lv, lv == self.last and self.chosen_before, 60, console), id=lv)
                for i, lv in enumerate(BOT_LEVELS)
            ]
            yield MarkedOptionList(*rows, id="levels")
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        levels = self.query_one("#levels", OptionList)
        levels.highlighted = BOT_LEVELS.index(self.last)
        levels.focus()
        self.ready = True
        ahead, self.ahead = self.ahead, []
        for key in ahead:
            self.typed(key)

    def typed(self, key: str) -> None:
        """A key typed on the title right after p, before this screen could take it (``p`` then ``4`` in one
        burst): acted on as if typed here, once the list is mounted (kept until then)."""
        if not self.ready:
            self.ahead.append(key)
        elif key in KEYS:
            self.action_start(KEYS.index(key))
        elif key == "escape":
            self.action_back()
        elif key in ("up", "down", "enter"):
            levels = self.query_one("#levels", MarkedOptionList)
            {"up": levels.action_cursor_up, "down": levels.action_cursor_down, "enter": levels.action_select}[key]()

    def on_resize(self) -> None:
        """The lines on how each level plays, wrapped again to the list's width (its mark takes 2 cells)."""
        levels = self.query_one("#levels", MarkedOptionList)
        width = levels.scrollable_content_region.width - 2
        if width > 0:
            for i, lv in enumerate(BOT_LEVELS):
                last = lv == self.last and self.chosen_before
                levels.set_prompt(lv, prompt(i + 1, lv, last, width, self.app.console))

    def action_start(self, index: int) -> None:
        if 0 <= index < len(BOT_LEVELS):
            self._choose(BOT_LEVELS[index])

    def action_back(self) -> None:
        if not self.chosen:
            self.chosen = True
            self.dismiss(None)

    @on(OptionList.OptionSelected, "#levels")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        """Enter or a click on a row."""
        event.stop()
        if event.option.id in BOT_LEVELS:
            self._choose(event.option.id)

    def _choose(self, level: str) -> None:
        if not self.chosen:
            self.chosen = True
            self.dismiss(level)
