"""Maman Brijit: the revive space, You are Mine (redirect) and Eternal Youth (steal heals)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.pieces import Op


def steal_heals_op(power: int) -> Op:
    def steal_heals(ctx: Ctx, seat: int) -> None:
        ctx.steal[seat] = power if power > 0 else -1

    return steal_heals


def redirect_attacks(ctx: Ctx, seat: int) -> None:
    ctx.redirect[seat] = True


def resolve_steal(ctx: Ctx, seat: int) -> None:
    """Only the Opponents' healing is cancelled; she heals the whole amount, Power only if she healed."""
    st = ctx.st
    me = ctx.active[seat]
    opp = ctx.active[1 - seat]
    stolen = 0
    for f in (opp, opp ^ 1):
        if ctx.heal[f] > 0:
            stolen += ctx.heal[f]
            if ctx.log is not None:
                ctx.log.append(ev.HealCancelled(f, ctx.heal[f], me))
            ctx.heal[f] = 0
    if stolen:
        ctx.heal[me] += stolen
        can_heal = st.pos[me] > 0 and not st.is_ko_space(me)
        if can_heal and ctx.steal[seat] > 0 and not ctx.steal_paid[seat]:
            ctx.steal_paid[seat] = True
            ctx.gain_power(me, ctx.steal[seat])


def end_of_turn(ctx: Ctx, f: int) -> None:
    """On the revive space at the end of the Turn: +1 Power and back to the revive_to space."""
    st = ctx.st
    tr = st.tab().fighters[f].tracks[st.track[f]]
    if tr.revive_to >= 0 and "revive" in tr.icons[st.pos[f]]:
        ctx.gain_power(f, 1)
        st.pos[f] = tr.revive_to
        if ctx.log is not None:
            ctx.log.append(ev.Revived(f, tr.hp[tr.revive_to]))
