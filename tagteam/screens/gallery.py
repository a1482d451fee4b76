"""Card gallery: each Fighter's board and all ten cards, chosen from a list.

A Fighter's page is laid out once per width and process (``overlay.LinesView``), so moving along the list
and opening the gallery again draw at once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import ClassVar

from rich.console import Console, Group
from rich.table import Table
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.strip import Strip
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from tagteam.ai.teams import how_teams_fare
from tagteam.engine.table import library
from tagteam.render.cards import card_panel, fighter_board_panel
from tagteam.screens.overlay import LinesView, OverlayScreen, laid_out
from tagteam.widgets.basic import MarkedOptionList
from tagteam.words import N_, _
from tagteam.words.lang import language
from tagteam.words.names import fighter_name


class GalleryScreen(OverlayScreen):
    """Static content only: safe to open over any screen."""

    AUTO_FOCUS = "#fighters"
    CSS_PATH = "gallery.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", N_("Back"))]

    def body(self) -> ComposeResult:
        lib = library()
        with Horizontal(id="main"):
            fighters = (Option(fighter_name(fd), id=fid) for fid, fd in sorted(lib.items()))
            yield MarkedOptionList(*fighters, id="fighters")
            yield LinesView(self._page(sorted(library())[0]), id="cards")
        yield Footer()

    def _page(self, fid: str) -> Callable[[int], tuple[Strip, ...]]:
        return lambda width: fighter_page(fid, width, self.app.console, language())

    def _show(self, fid: str) -> None:
        self.query_one("#cards", LinesView).show(self._page(fid))

    @on(OptionList.OptionHighlighted, "#fighters")
    def _pick(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._show(event.option.id)


@cache
def fighter_page(fid: str, width: int, console: Console, lang: str = "en") -> tuple[Strip, ...]:
    """The Fighter's board, how its teams fare and its ten cards, laid out once per width, language and process."""
    model = library()[fid].model
    page = Group(fighter_board_panel(model), _teams_table(fid), *(card_panel(c) for c in model.cards))
    return laid_out(page, width, console)


def _teams_table(fid: str) -> Table:
    """How teams with this Fighter fare in bot self-play: score with its 95% interval, and the learned
    model's chance against an average team (what the bots draft by)."""
    lib = library()
    t = Table(
        title=_("How teams fare (bot self-play)"),
        title_justify="left",
        expand=False,
        caption=_(
            "Score: the share of games this team won in bots' self-play (a draw counts half), with its 95% "
            "interval (the true share lies there 19 times in 20). Model: the chance the bots' learned model gives "
            "it against an average team, which is what the bots draft by."
        ),
        caption_justify="left",
    )
    t.add_column(_("Partner"))
    t.add_column(_("Score"), justify="right")
    t.add_column(_("95% interval"), justify="right")
    t.add_column(_("Games"), justify="right")
    t.add_column(_("Model"), justify="right")
    for r in how_teams_fare(fid):
        partner = r.team[1] if r.team[0] == fid else r.team[0]
        name = fighter_name(lib[partner]) if partner in lib else partner
        # TRANSLATORS: a 95% interval, "51–74%"
        interval = _("{low}–{high}%").format(low=f"{100 * r.low:.0f}", high=f"{100 * r.high:.0f}")
        t.add_row(name, _percent(r.score), interval, str(r.games), _percent(r.model))
    return t


def _percent(x: float) -> str:
    """A share as the player's language writes a percentage (French: "51 %")."""
    return _("{value}%").format(value=f"{100 * x:.0f}")
