"""Milady: Scheme tokens planted face down and unleashed at random; Poison resolves last."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine import events as ev
from tagteam.engine import rng

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.state import GameState


def setup(st: GameState, f: int) -> None:
    pile = list(range(len(st.tab().fighters[f].schemes)))
    st.rng = rng.shuffle(st.rng, pile)
    st.scheme_pile = pile


def plant(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    if st.scheme_pile:  # an empty pile makes Plant a no-op
        st.planted.append(st.scheme_pile.pop())
        if ctx.log is not None:
            ctx.log.append(ev.SchemePlanted(ctx.active[seat], len(st.scheme_pile)))
    elif ctx.log is not None:
        ctx.log.append(ev.SchemeIdle(milady_of(ctx, seat), "plant"))


def milady_of(ctx: Ctx, seat: int) -> int:
    tab = ctx.st.tab()
    for f in (2 * seat, 2 * seat + 1):
        if tab.rules[f] == "milady":
            return f
    return ctx.active[seat]


def unleash_one(ctx: Ctx, seat: int, from_track: bool) -> None:
    """Reveal a random planted Scheme, apply it as Milady's own Action, remove it for good."""
    st = ctx.st
    if not st.planted:
        if ctx.log is not None:  # the icon or card still fired: say that nothing was there
            ctx.log.append(ev.SchemeIdle(milady_of(ctx, seat), "unleash", from_track))
        return
    st.rng, i = rng.below(st.rng, len(st.planted))
    tok = st.planted.pop(i)
    st.schemes_gone.append(tok)
    me = milady_of(ctx, seat)
    sd = st.tab().fighters[me].schemes[tok]
    if ctx.log is not None:
        ctx.log.append(ev.SchemeUnleashed(me, sd.id, from_track))
    saved = ctx.active[seat]
    ctx.active[seat] = me  # "you" on a Scheme is Milady, even when her Partner is Active
    try:
        ctx.run(seat, sd.effects)
    finally:
        ctx.active[seat] = saved


def unleash(ctx: Ctx, seat: int) -> None:
    unleash_one(ctx, seat, from_track=False)


def poison(ctx: Ctx, seat: int) -> None:
    ctx.poisons.append(seat)
