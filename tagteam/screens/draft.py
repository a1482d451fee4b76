"""Draft: free pick of two Fighters, or a secret Standard/Competitive Draft pick from the dealt hand."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Footer, OptionList, Static
from textual.widgets.option_list import Option

from tagteam.engine.actions import DraftPick, PickTeam
from tagteam.engine.table import library
from tagteam.engine.view import PlayerView
from tagteam.render.cards import fighter_board_panel
from tagteam.screens.base import GameScreen, SeatContext
from tagteam.screens.messages import Decided
from tagteam.widgets.basic import MarkedOptionList


def _name(fid: str) -> str:
    return library()[fid].name


class DraftScreen(GameScreen):
    """The options come from the view's legal actions; this screen only gathers the choice."""

    CSS_PATH = "draft.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "confirm", "Confirm choice"),
        Binding("space", "tick", "Tick", show=False),
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
        if self.free:
            head = f"{name}: pick your two Fighters (space to tick two, then c to confirm)"
        else:
            mode = "Competitive" if v.draft_mode == "competitive" else "Standard"
            extra = ": keep one and discard one face down" if self.needs_discard else ": keep one"
            head = f"{name}: {mode} Draft, pick {len(v.draft_picks[self.seat]) + 1} of 2{extra} (Enter, then c)"
        yield Static(head, id="head", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MarkedOptionList(*(Option(self._row(f), id=f) for f in self._pool()), id="pool")
                yield Static(self._status(), id="status", markup=False)
                yield Button("Confirm (c)", id="confirm", compact=True)
            with VerticalScroll(id="preview"):
                yield Static(id="board")
        yield Footer()

    def _pool(self) -> list[str]:
        if self.free:
            return sorted({f for a in self.view.legal if isinstance(a, PickTeam) for f in a.fighters})
        return list(self.view.draft_hand)

    def _row(self, fid: str) -> str:
        """A pool row with its state in words as well as style: ticked, kept or discarded."""
        if self.free:
            return f"[x] {_name(fid)} (ticked)" if fid in self.ticked else f"[ ] {_name(fid)}"
        if fid == self.keep:
            return f"KEEP ▶ {_name(fid)}"
        if fid == self.discard:
            return f"DISCARD ✗ {_name(fid)}"
        return f"       {_name(fid)}"

    def _relabel(self) -> None:
        pool = self.query_one("#pool", MarkedOptionList)
        for fid in self._pool():
            pool.set_prompt(fid, self._row(fid))
        self.query_one("#status", Static).update(self._status())

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
            picks = ", ".join(_name(f) for f in v.draft_picks[s]) or "none yet"
            lines.append(f"{self.ctx.names[s]} has: {picks}")
        if self.free:
            lines.append("Ticked: " + (", ".join(_name(f) for f in self.ticked) or "none") + " (tick two)")
        if v.draft_discards:
            lines.append("You discarded: " + ", ".join(_name(f) for f in v.draft_discards))
        if not self.free:
            lines.append(f"Keep: {_name(self.keep) if self.keep else '—'}")
            if self.needs_discard:
                lines.append(f"Discard: {_name(self.discard) if self.discard else '—'}")
        return "\n".join(lines)

    def _preview(self, fid: str) -> None:
        self.query_one("#board", Static).update(fighter_board_panel(library()[fid].model))

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
        self._pick(event.option.id)

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
        if self.free:
            chosen = self.ticked
            if len(chosen) != 2:
                self.notify("Tick exactly two Fighters.", severity="warning")
                return
            self.post_message(Decided(self.seat, PickTeam((chosen[0], chosen[1]))))
            return
        if self.keep is None or (self.needs_discard and self.discard is None):
            self.notify("Choose the Fighter to keep" + (" and one to discard." if self.needs_discard else "."))
            return
        self.post_message(Decided(self.seat, DraftPick(self.keep, self.discard)))
