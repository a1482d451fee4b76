"""Card gallery: each Fighter's board and all ten cards, chosen from a list."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tagteam.engine.table import library
from tagteam.render.cards import card_panel, fighter_board_panel
from tagteam.screens.base import GameScreen


class GalleryScreen(GameScreen):
    """Static content only: safe to open over any screen."""

    FLOW = False
    CSS_PATH = "gallery.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", "Back")]

    def body(self) -> ComposeResult:
        lib = library()
        with Horizontal(id="main"):
            yield OptionList(*(Option(fd.name, id=fid) for fid, fd in sorted(lib.items())), id="fighters")
            with VerticalScroll(id="cards"):
                yield Static(id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#fighters", OptionList).focus()
        self._show(sorted(library())[0])

    def _show(self, fid: str) -> None:
        model = library()[fid].model
        self.query_one("#detail", Static).update(
            Group(fighter_board_panel(model), *(card_panel(c) for c in model.cards))
        )
        self.query_one("#cards").scroll_home(animate=False)

    @on(OptionList.OptionHighlighted, "#fighters")
    def _pick(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._show(event.option.id)
