"""Joan: the Divine Voice dial (Halo, then clockwise TL -> TR -> BR -> BL -> TL; TR and BL pay)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.pieces import Op

HALO, TOP_LEFT, TOP_RIGHT, BOTTOM_RIGHT, BOTTOM_LEFT = range(5)


def next_space(pos: int) -> int:
    """The Halo is left for good on the first gain; the outer ring then cycles clockwise."""
    return TOP_LEFT if pos == HALO else pos % 4 + 1


def divine_voice_op(amount: int) -> Op:
    def divine_voice(ctx: Ctx, seat: int) -> None:
        f = ctx.active[seat]
        for _ in range(amount):
            new = next_space(ctx.st.special[f])
            ctx.set_special(f, new, "Divine Voice")
            if new == TOP_RIGHT:
                ctx.gain_power(f, 1)
            elif new == BOTTOM_LEFT:
                ctx.gain_power(f ^ 1, 1)

    return divine_voice
