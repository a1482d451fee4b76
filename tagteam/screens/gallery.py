"""Card gallery: each Fighter's board, how its teams fare, and its ten cards drawn as cards (the one card
widget: name whole, Fighter, Actions as marks with their words, ★ Starting Card, the card's text, and the
card in full under the pointer), chosen from a list.

The board and the teams table are laid out once per width and process (``fighter_board``); the cards are
card widgets in a grid as wide as the room allows, so 160 columns show more of them side by side.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from rich.console import Console, Group
from rich.table import Table
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, VerticalScroll
from textual.strip import Strip
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tagteam.ai.teams import how_teams_fare
from tagteam.engine.table import library
from tagteam.render.card_face import FULL, WIDTHS, CardFace
from tagteam.render.cards import fighter_board_panel
from tagteam.screens.overlay import OverlayScreen, laid_out
from tagteam.widgets.basic import MarkedOptionList
from tagteam.widgets.card import CardWidget
from tagteam.words import N_, _
from tagteam.words.boards import deck_title
from tagteam.words.names import fighter_name

CARD = WIDTHS[FULL]  # a card's narrowest column; a wider room gets wider columns, never more than ``MOST``
MOST = 34


def gallery_faces(fid: str) -> list[CardFace]:
    """A Fighter's cards as the gallery draws them: full size, with their text, copies and the star."""
    model = library()[fid].model
    return [CardFace(c, model, "", c.starting, size=FULL, text=True, copies=True) for c in model.cards]


def columns(room: int) -> tuple[int, int]:
    """How many cards side by side in ``room`` cells, and each one's width (a cell between two)."""
    count = max(1, (room + 1) // (CARD + 1))
    return count, max(CARD, min(MOST, (room + 1) // count - 1))


class GalleryScreen(OverlayScreen):
    """Static content only: safe to open over any screen."""

    AUTO_FOCUS = "#fighters"
    CSS_PATH = "gallery.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q", "app.pop_screen", N_("Back"))]

    def __init__(self) -> None:
        super().__init__()
        self._fid = sorted(library())[0]
        self._room = 0

    def body(self) -> ComposeResult:
        lib = library()
        with Horizontal(id="main"):
            fighters = (Option(fighter_name(fd), id=fid) for fid, fd in sorted(lib.items()))
            yield MarkedOptionList(*fighters, id="fighters")
            with VerticalScroll(id="cards"):
                yield Static(id="board")
                yield Static(id="deck-head", markup=False)
                yield Container(id="deck")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._show, self._fid)

    def _show(self, fid: str) -> None:
        """The Fighter's board, then its cards as cards, at the room the page has now (once per Fighter and
        width: the first highlight and the first resize ask for the same page)."""
        page = self.query_one("#cards", VerticalScroll)
        room = max(CARD, page.scrollable_content_region.width)
        if (fid, room) == (self._fid, self._room):
            return
        self._fid, self._room = fid, room
        model = library()[fid].model
        self.query_one("#board", Static).update(Group(fighter_board_panel(model), _teams_table(fid)))
        self.query_one("#deck-head", Static).update(deck_title(fighter_name(model), len(model.cards)))
        count, width = columns(room)
        deck = self.query_one("#deck", Container)
        deck.styles.grid_size_columns = count
        deck.styles.grid_columns = str(width)
        deck.remove_children()
        deck.mount_all(CardWidget(face, index=k) for k, face in enumerate(gallery_faces(fid)))
        page.scroll_home(animate=False)

    @on(OptionList.OptionHighlighted, "#fighters")
    def _pick(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._show(event.option.id)


@cache
def fighter_page(fid: str, width: int, console: Console, lang: str = "en") -> tuple[Strip, ...]:
    """The Fighter's page as lines (its board, how its teams fare, its cards' faces), as the gallery shows it,
    for a reader without the screen (a test, a text export): laid out once per width, language and process."""
    model = library()[fid].model
    faces = (f.panel(min(width, MOST)) for f in gallery_faces(fid))
    return laid_out(Group(fighter_board_panel(model), _teams_table(fid), *faces), width, console)


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
