"""Ching Shih: the Fleet track (0-20 Ships) and Terror of the Seas at exactly 20 Ships."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.pieces import Op

MAX_SHIPS = 20


def ships_op(amount: int) -> Op:
    def ships(ctx: Ctx, seat: int) -> None:
        f = ctx.active[seat]
        ctx.set_special(f, min(MAX_SHIPS, ctx.st.special[f] + amount), "Fleet")

    return ships


def ships_between_pred(lo: int, hi: int) -> Callable[[Ctx, int], bool]:
    return lambda ctx, seat: lo <= ctx.st.special[ctx.active[seat]] <= hi


def sink_opponents(ctx: Ctx, seat: int) -> None:
    """Direct Damage leaving each Opponent (its active track) at 1 HP; they ignore all else this Turn."""
    st = ctx.st
    opp = ctx.active[1 - seat]
    for f in (opp, opp ^ 1):
        if st.track[f] >= 0:
            ctx.sink[f] = max(0, st.hp(f) - 1)
        ctx.lock[f] = True
    me = ctx.active[seat]
    ctx.set_special(me, 0, "Fleet")
