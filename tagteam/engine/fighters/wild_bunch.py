"""The Wild Bunch: the Sheriff token, read when a card resolves (every Health space is a Stop: data)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.state import GameState


def _move(ctx: Ctx, new: int) -> None:
    st = ctx.st
    if st.sheriff != new:
        if ctx.log is not None:
            ctx.log.append(ev.TokenMoved("Sheriff", st.sheriff, new))
        st.sheriff = new


def give_sheriff(ctx: Ctx, seat: int) -> None:
    _move(ctx, ctx.active[1 - seat])


def take_sheriff(ctx: Ctx, seat: int) -> None:
    _move(ctx, ctx.active[seat])


def holds_sheriff_pred(holder: str) -> Callable[[Ctx, int], bool]:
    if holder == "you":
        return lambda ctx, seat: ctx.st.sheriff == ctx.active[seat]
    return lambda ctx, seat: ctx.st.sheriff >= 0 and ctx.st.sheriff >> 1 == 1 - seat


def setup(st: GameState, f: int) -> None:
    st.sheriff = f
