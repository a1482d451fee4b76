"""The Golem: the Presence token on his Partner, and Reanimation (the next card twice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx


def give_presence(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    partner = ctx.active[seat] ^ 1
    if st.presence != partner:
        if ctx.log is not None:
            ctx.log.append(ev.TokenMoved("Golem's Presence", st.presence, partner))
        st.presence = partner
        st.presence_ready = False  # protects from the next Turn on


def absorbs(ctx: Ctx, target: int, power: int) -> bool:
    """An unblocked Attack on the holder: 0 HP lost, token back to the Golem, still a successful Attack."""
    st = ctx.st
    if st.presence == target and st.presence_ready:
        st.presence = -1
        st.presence_ready = False
        if ctx.log is not None:
            ctx.log.append(ev.AttackAbsorbed(target, power))
        if ctx.log is not None:
            ctx.log.append(ev.TokenMoved("Golem's Presence", target, -1))
        return True
    return False


def reanimate(ctx: Ctx, seat: int) -> None:
    ctx.st.reanimate[seat] = True
