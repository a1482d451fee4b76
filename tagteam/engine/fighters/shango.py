"""Shango: Aflame! tokens (consolidated on one Opponent) and Incineration at 5 tokens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.state import GameState

INCINERATION = 5


def aflame(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    target = ctx.active[1 - seat]
    total = st.tab().fighters[ctx.active[seat]].tokens.get("aflame", 5)
    if st.aflame[target] == 0 and st.aflame[target ^ 1] > 0:
        if ctx.log is not None:
            ctx.log.append(ev.TokenMoved("Aflame!", target ^ 1, -1, st.aflame[target ^ 1]))
        st.aflame[target ^ 1] = 0
    if sum(st.aflame) < total:
        st.aflame[target] += 1
        if ctx.log is not None:
            ctx.log.append(ev.TokenMoved("Aflame!", -1, target))


def incinerated(st: GameState) -> list[int]:
    return [f for f in range(4) if st.aflame[f] >= INCINERATION]
