"""Wong Fei-Hung: Concentration tokens and Crippling Touch (both cards leave the game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx


def place_concentration(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    total = st.tab().fighters[ctx.active[seat]].tokens.get("concentration", 2)
    target = ctx.active[1 - seat]
    if sum(st.conc) < total:
        st.conc[target] += 1
        if ctx.log is not None:
            ctx.log.append(ev.TokenMoved("Concentration", -1, target))


def retrieve_concentration(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    target = ctx.active[1 - seat]
    if st.conc[target] > 0:
        st.conc[target] -= 1
        if ctx.log is not None:
            ctx.log.append(ev.TokenMoved("Concentration", target, -1))


def cripple(ctx: Ctx, seat: int) -> None:
    ctx.after.append((seat, _cripple_after))


def _cripple_after(ctx: Ctx, seat: int) -> None:
    """After the opposing card has resolved: it leaves the game, then this card does too."""
    st = ctx.st
    for s in (1 - seat, seat):
        inst = ctx.cards[s]
        if inst >= 0 and inst not in st.removed:
            st.removed = st.removed | {inst}
            if ctx.log is not None:
                cause = st.card(ctx.cards[seat]).cdef.id  # the Crippling Touch revealed by ``seat``
                ctx.log.append(ev.CardRemoved(s, inst, st.card(inst).cdef.id, cause, seat))
        elif ctx.log is not None:  # nothing to remove still gets a line
            ctx.log.append(ev.CrippleIdle(ctx.active[seat], s, st.card(inst).cdef.id if inst >= 0 else ""))
