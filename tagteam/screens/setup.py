"""Setup: order the two Starting Cards secretly, or choose which Fey Folk Character steps in."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tagteam.engine.actions import Action, ChooseCharacter, OrderStart
from tagteam.engine.view import PlayerView
from tagteam.render.board import board
from tagteam.render.card_face import FULL, CardFace
from tagteam.render.cards import fighter_board_panel
from tagteam.render.unwidowed import unwidow
from tagteam.screens.base import GameScreen, SeatContext
from tagteam.screens.messages import BackToTitle, Decided
from tagteam.widgets.basic import ConfirmLink, MarkedOptionList, NoticeLine
from tagteam.widgets.card import CardWidget
from tagteam.words import N_, _
from tagteam.words.names import board_text, card_name, fighter_name

NOTHING_YET = N_("Choice: — (click one, or Enter)")
WIDE = 160  # from this width on, the boards sit beside the choice; below it, under it (full width, nothing cut)


class SetupScreen(GameScreen):
    """Options are the view's legal actions, described in words; c confirms the highlighted one."""
    ctx: SeatContext  # given at construction: never None here

    CSS_PATH = "setup.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        GameScreen.SHOWN_CARDS_KEY,  # their cards, one key away, said in the footer
        Binding("c", "confirm", N_("Confirm choice")),
        Binding("escape", "leave", N_("Title")),  # the Starting Cards only: see check_action
    ]

    # focused by Textual right after compose: a focus() in on_mount met a screen already taken down (a key
    # burst that starts a game and moves on) and found no #choices to focus
    AUTO_FOCUS = "#choices"

    def __init__(self, ctx: SeatContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.seat = ctx.seat
        self.choice: Action | None = None

    @property
    def view(self) -> PlayerView:
        return self.ctx.view

    def _label(self, a: Action) -> str:
        v = self.view
        assert v.table is not None
        if isinstance(a, OrderStart):
            fd = next(f for f in v.table.fighters if f.id == a.first)
            start = next(c for c in fd.cards if c.starting)
            other = next(f for f in v.table.fighters[2 * self.seat : 2 * self.seat + 2] if f.id != a.first)
            return _("{fighter}'s {card} first, then {other}'s Starting Card").format(
                fighter=fighter_name(fd), card=card_name(start), other=fighter_name(other)
            )
        assert isinstance(a, ChooseCharacter)
        fey = next(f for f in v.table.fighters if f.rules == "fey_folk")
        td = fey.tracks[a.index]
        return _("{character} steps in ({hp} HP)").format(character=board_text(td, "name"), hp=td.hp[td.start])

    def body(self) -> ComposeResult:
        v = self.view
        assert v.table is not None
        name = self.ctx.names[self.seat]
        if v.pending == "order_start":
            head = _("{player}: which Starting Card goes on top of your Fight deck?").format(player=name)
        else:
            head = _("{player}: which Fey Folk Character steps in?").format(player=name)
        yield Static(head, id="head", markup=False)
        yield NoticeLine()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                opts = [Option(self._label(a), id=str(i)) for i, a in enumerate(v.legal)]
                yield MarkedOptionList(*opts, id="choices")
                with Horizontal(id="chosen"):
                    yield Static(_(NOTHING_YET), id="status", markup=False)
                    yield ConfirmLink(_("[ ✔ Confirm (c) ]"), id="confirm", markup=False)
                with Horizontal(id="starting"):
                    for k, face in enumerate(self._starting_faces()):
                        yield CardWidget(face, index=k, classes="start-card")
            with VerticalScroll(id="boards"):
                yield Static(self._details(), id="details")
        yield Footer()

    def _starting_faces(self) -> list[CardFace]:
        """The two Starting Cards being ordered, drawn as cards: each with its Fighter, its ★ and its whole
        text (what is decided here); nothing where a Fey Folk Character is chosen."""
        v = self.view
        assert v.table is not None
        if v.pending != "order_start":
            return []
        style = self.ctx.palette.seat[self.seat]
        return [
            CardFace(c.model, fd.model, style, True, size=FULL, text=True)
            for fd in v.table.fighters[2 * self.seat : 2 * self.seat + 2]
            for c in fd.cards
            if c.starting
        ]

    def _details(self) -> Group:
        v = self.view
        assert v.table is not None
        parts: list[RenderableType] = []
        if v.pending == "order_start":
            parts.extend(fighter_board_panel(fd.model) for fd in v.table.fighters[2 * self.seat : 2 * self.seat + 2])
        else:
            parts.append(board(v, self.ctx.names, self.ctx.palette))
        return Group(*(unwidow(p) for p in parts))

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width >= WIDE, "-wide")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc leaves from the Starting Cards (a game's first screen after the teams), not from a Fey Folk
        Character chosen mid-game, and only where the app lets it (not a network seat)."""
        if action == "leave":
            return self.ctx.leave and self.view.pending == "order_start"
        return True

    def action_leave(self) -> None:
        """Back to the title: a game where nobody has decided anything yet is not autosaved (store.saves)."""
        self.post_message(BackToTitle())

    @on(ConfirmLink.Pressed)
    def _confirm_click(self) -> None:
        self.action_confirm()

    @on(OptionList.OptionSelected, "#choices")
    def _choose(self, event: OptionList.OptionSelected) -> None:
        if self.query_one("#choices", MarkedOptionList).take(event.option_index):  # not taken by c already
            self._chosen(event.option_index)

    def _chosen(self, index: int) -> None:
        self.choice = self.view.legal[index]
        said = _("Choice: {choice} (c to confirm)").format(choice=self._label(self.choice))
        self.query_one("#status", Static).update(said)

    def action_confirm(self) -> None:
        for index in self.query_one("#choices", MarkedOptionList).take_all():  # an Enter typed just before c
            self._chosen(index)
        if self.choice is None:
            # said on the choice line itself: a notice docks at the top, over the very choices it asks for
            self.query_one("#status", Static).update(_("Choose one first: highlight it and press Enter, or click it."))
            return
        self.post_message(Decided(self.seat, self.choice))
