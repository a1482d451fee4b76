"""Draft: free pick of two Fighters, or a secret Standard/Competitive Draft pick from the dealt hand."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from tagteam.engine.actions import DraftPick, PickTeam
from tagteam.engine.table import library
from tagteam.engine.view import PlayerView
from tagteam.render.card_face import FULL, LINE, WIDTHS, CardFace
from tagteam.render.cards import fighter_board_panel
from tagteam.render.lineup import legend
from tagteam.screens.base import GameScreen, SeatContext
from tagteam.screens.messages import BackToTitle, Decided
from tagteam.widgets.basic import MarkedOptionList, NoticeLine
from tagteam.widgets.card import CardWidget
from tagteam.words import N_, _
from tagteam.words.boards import deck_title
from tagteam.words.names import fighter_name

FACES_FULL = 120  # from this width on, the previewed Fighter's cards are drawn at full size (else one line each,
# above the board, so all of them are in sight at 80x24 without scrolling)
FACES_TEXT = 160  # from this width on, with their text on the face (else under the pointer)


def _name(fid: str) -> str:
    return fighter_name(library()[fid])


class DraftScreen(GameScreen):
    """The options come from the view's legal actions; this screen only gathers the choice."""
    ctx: SeatContext  # given at construction: never None here

    CSS_PATH = "draft.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "confirm", N_("Confirm choice")),
        Binding("space", "tick", N_("Tick"), show=False),
        Binding("escape", "leave", N_("Title")),  # in the local app only: see check_action
    ]

    def __init__(self, ctx: SeatContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.seat = ctx.seat
        self.keep: str | None = None
        self.discard: str | None = None
        self.ticked: list[str] = []  # free pick: the Fighters ticked so far, in order

    @property
    def view(self) -> PlayerView:
        return self.ctx.view

    @property
    def free(self) -> bool:
        return self.view.pending == "pick_team"

    @property
    def needs_discard(self) -> bool:
        return any(isinstance(a, DraftPick) and a.discard for a in self.view.legal)

    def body(self) -> ComposeResult:
        v = self.view
        name = self.ctx.names[self.seat]
        pick = len(v.draft_picks[self.seat]) + 1
        if self.free:
            head = _("{player}: pick your two Fighters (space to tick two, then c to confirm)").format(player=name)
        elif v.draft_mode == "competitive" and self.needs_discard:
            head = _(
                "{player}: Competitive Draft, pick {pick} of 2: keep one and discard one face down (Enter, then c)"
            ).format(player=name, pick=pick)
        elif v.draft_mode == "competitive":
            head = _("{player}: Competitive Draft, pick {pick} of 2: keep one (Enter, then c)")
            head = head.format(player=name, pick=pick)
        elif self.needs_discard:
            head = _(
                "{player}: Standard Draft, pick {pick} of 2: keep one and discard one face down (Enter, then c)"
            ).format(player=name, pick=pick)
        else:
            head = _("{player}: Standard Draft, pick {pick} of 2: keep one (Enter, then c)")
            head = head.format(player=name, pick=pick)
        yield Static(head, id="head", markup=False)
        yield NoticeLine()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MarkedOptionList(*(Option(self._row(f), id=f) for f in self._pool()), id="pool")
                yield Static(self._status(), id="status", markup=False)
                yield Button(_("Confirm (c)"), id="confirm", compact=True)
            with VerticalScroll(id="preview"):
                yield Static(id="board")
                yield Static(id="deck-head", markup=False)
                yield Container(id="deck")
                yield Static(id="legend", markup=False)
        yield Footer()

    def _pool(self) -> list[str]:
        if self.free:
            return sorted({f for a in self.view.legal if isinstance(a, PickTeam) for f in a.fighters})
        return list(self.view.draft_hand)

    def _row(self, fid: str) -> str:
        """A pool row with its state in words as well as style: ticked, kept or discarded."""
        if self.free:
            if fid in self.ticked:
                return _("[x] {fighter} (ticked)").format(fighter=_name(fid))
            return f"[ ] {_name(fid)}"
        if fid == self.keep:
            return _("KEEP ▶ {fighter}").format(fighter=_name(fid))
        if fid == self.discard:
            return _("DISCARD ✗ {fighter}").format(fighter=_name(fid))
        return f"       {_name(fid)}"

    def _relabel(self) -> None:
        pool = self.query_one("#pool", MarkedOptionList)
        for fid in self._pool():
            pool.set_prompt(fid, self._row(fid))
        self.query_one("#status", Static).update(self._status())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc leaves only where the app lets it (not a network seat): elsewhere it is not even in the footer."""
        return self.ctx.leave if action == "leave" else super().check_action(action, parameters)

    def action_leave(self) -> None:
        """Back to the title: a game where nobody has decided anything yet is not autosaved (store.saves)."""
        self.post_message(BackToTitle())

    def on_mount(self) -> None:
        self.query_one("#confirm", Button).can_focus = False  # a click confirms; the keys stay on the pool
        pool = self.query_one("#pool")
        pool.focus()
        ids = self._pool()
        if ids:
            self._preview(ids[0])

    def _status(self) -> str:
        v = self.view
        lines = []
        for s in (0, 1):
            picks = ", ".join(_name(f) for f in v.draft_picks[s]) or _("none yet")
            lines.append(_("{player} has: {fighters}").format(player=self.ctx.names[s], fighters=picks))
        if self.free:
            ticked = ", ".join(_name(f) for f in self.ticked) or _("none")
            lines.append(_("Ticked: {fighters} (tick two)").format(fighters=ticked))
        if v.draft_discards:
            discarded = ", ".join(_name(f) for f in v.draft_discards)
            lines.append(_("You discarded: {fighters}").format(fighters=discarded))
        if not self.free:
            lines.append(_("Keep: {fighter}").format(fighter=_name(self.keep) if self.keep else "—"))
            if self.needs_discard:
                lines.append(_("Discard: {fighter}").format(fighter=_name(self.discard) if self.discard else "—"))
        return "\n".join(lines)

    def _preview(self, fid: str) -> None:
        """The highlighted Fighter's board, then its cards drawn as cards (each whole under the pointer)."""
        model = library()[fid].model
        self._previewed = fid
        self.query_one("#board", Static).update(fighter_board_panel(model))
        title = deck_title(fighter_name(model), len(model.cards))
        self.query_one("#deck-head", Static).update(Text(title, style="bold"))
        deck = self.query_one("#deck", Container)
        wide = self.size.width >= FACES_TEXT
        lines = self.size.width < FACES_FULL
        self.set_class(lines, "-lines")
        preview = self.query_one("#preview", VerticalScroll)
        room = preview.scrollable_content_region.width or self.size.width // 2
        if lines:  # one line a card, above the board: every card in sight at 80x24
            preview.move_child(self.query_one("#board"), after=self.query_one("#legend"))
            deck.styles.grid_size_columns = 1
            deck.styles.grid_columns = "1fr"
            self.query_one("#legend", Static).update(Text(legend(max(20, room - 2)), style="dim"))
        else:
            preview.move_child(self.query_one("#board"), before=self.query_one("#deck-head"))
            deck.styles.grid_size_columns = max(1, (deck.size.width or room) // (WIDTHS[FULL] + 1))
            deck.styles.grid_columns = str(WIDTHS[FULL])
        deck.remove_children()
        size, width = (LINE, None) if lines else (FULL, WIDTHS[FULL])
        cards = [
            CardWidget(CardFace(c, model, "", c.starting, size=size, text=wide, copies=True, width=width), index=k)
            for k, c in enumerate(model.cards)
        ]
        for card in cards:
            card.styles.width = "1fr" if width is None else width  # the grid's column, never more
        deck.mount_all(cards)

    def on_resize(self) -> None:
        self.set_class(self.size.width < FACES_FULL, "-lines")
        if getattr(self, "_previewed", None):
            self.call_after_refresh(self._preview, self._previewed)

    @on(OptionList.OptionHighlighted, "#pool")
    def _highlight(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id:
            self._preview(event.option.id)

    def action_tick(self) -> None:
        pool = self.query_one("#pool", OptionList)
        if pool.highlighted is not None:
            self._pick(pool.get_option_at_index(pool.highlighted).id)

    @on(OptionList.OptionSelected, "#pool")
    def _choose(self, event: OptionList.OptionSelected) -> None:
        if self.query_one("#pool", MarkedOptionList).take(event.option_index):  # not taken by c already
            self._pick(event.option.id)

    def _take_unread(self) -> None:
        """An Enter typed just before c (one burst of keys) counts before the c (MarkedOptionList.take_all)."""
        pool = self.query_one("#pool", MarkedOptionList)
        for index in pool.take_all():
            self._pick(pool.get_option_at_index(index).id)

    def _pick(self, fid: str | None) -> None:
        if fid is None:
            return
        if self.free:
            if fid in self.ticked:
                self.ticked.remove(fid)
            else:
                self.ticked.append(fid)
        elif fid == self.keep:
            self.keep = None
        elif fid == self.discard:
            self.discard = None
        elif self.keep is None or not self.needs_discard:
            self.keep = fid
        else:
            self.discard = fid
        self._relabel()

    @on(Button.Pressed, "#confirm")
    def _confirm_clicked(self) -> None:
        self.action_confirm()

    def action_confirm(self) -> None:
        self._take_unread()
        if self.free:
            chosen = self.ticked
            if len(chosen) != 2:
                self.notify(_("Tick exactly two Fighters."), severity="warning")
                return
            self.post_message(Decided(self.seat, PickTeam((chosen[0], chosen[1]))))
            return
        if self.keep is None or (self.needs_discard and self.discard is None):
            if self.needs_discard:
                self.notify(_("Choose the Fighter to keep and one to discard."))
            else:
                self.notify(_("Choose the Fighter to keep."))
            return
        self.post_message(Decided(self.seat, DraftPick(self.keep, self.discard)))
