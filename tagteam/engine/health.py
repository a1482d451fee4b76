"""Health marker movement: net the Turn's HP changes, move space by space, halt on Stops, collect icons.

Icons entered (passed or landed on) are only collected here; ``fire_icons`` applies them together
once every marker has finished moving. Leaving a space never fires its icon.
"""

from __future__ import annotations

from dataclasses import replace

from tagteam.engine import events as ev
from tagteam.engine.context import Ctx
from tagteam.engine.fighters import mephisto


def move(ctx: Ctx, f: int, net: int) -> int:
    """Move fighter f's marker down by net (up when negative); one movement, so one Stop ends it. Returns the
    HP of the net the end of the track absorbed (the marker reached the top or the last space with some left)."""
    st = ctx.st
    t = st.track[f]
    if t < 0 or net == 0:
        if net and ctx.log is not None:
            ctx.log.append(ev.HpIgnored(f, "no_character", net=net))
        return 0
    tab = st.tab()
    if tab.one_space[f] and ctx.moved[f]:
        if ctx.log is not None:
            ctx.log.append(ev.HpIgnored(f, "one_space", net=net))
        return 0
    tr = tab.fighters[f].tracks[t]
    p = start = st.pos[f]
    icons = tr.icons
    if net > 0:
        step, limit = 1, len(tr.hp) - 1  # the last space is a floor: no further loss applies
    else:
        if tr.ko[p] or "spirit" in icons[p]:  # no healing on a KO space, nor for a Spirit
            if ctx.log is not None:
                ctx.log.append(ev.HpIgnored(f, "ko_space" if tr.ko[p] else "spirit", net=net))
            return 0
        step, limit = -1, 0  # the top space is the max HP
    n = abs(net)
    stopped = False
    while n and p != limit:
        p += step
        n -= 1
        if icons[p]:
            for icon in icons[p]:
                ctx.icons.append((f, icon, tr.hp[p]))
        if tr.stop[p]:
            stopped = n > 0
            break
    if p != start:
        st.pos[f] = p
        ctx.moved[f] = True  # the Wild Bunch's one space per Turn counts real moves only
    if ctx.log is not None:
        named = tr.name if t > 0 or tab.fighters[f].special == "spirit" else ""
        ctx.log.append(ev.MarkerMoved(f, tr.hp[start], tr.hp[p], stopped, abs(net), named, start, p))
    return abs(net) - abs(tr.hp[start] - tr.hp[p]) if p == limit and not stopped else 0


def hit(ctx: Ctx, f: int, attack: int, direct: int, heal: int, source: str = "") -> None:
    """Log one HP change (a ``Damage``) and move the marker by its net. The event says how much of the net the
    end of the track absorbed, so the log's net line states what really changed: known only once the marker
    has moved, so the event is replaced after the move (built only when a log is kept)."""
    net = attack + direct - heal
    if ctx.log is None:
        move(ctx, f, net)
        return
    told = ev.Damage(f, attack, direct, heal, net, source, stuck=not source and _stuck(ctx, f, net))
    at = len(ctx.log)
    ctx.log.append(told)
    capped = move(ctx, f, net)
    if capped:
        ctx.log[at] = replace(told, capped=capped)


def _stuck(ctx: Ctx, f: int, net: int) -> bool:
    """The marker cannot move at all for ``net``: healing at the top, a loss on the last space (for the log)."""
    st = ctx.st
    t = st.track[f]
    tab = st.tab()
    if t < 0 or net == 0 or (tab.one_space[f] and ctx.moved[f]):
        return False  # no movement is tried: the log says why (HpIgnored)
    last = len(tab.fighters[f].tracks[t].hp) - 1
    return st.pos[f] == (0 if net < 0 else last)


def move_all(ctx: Ctx) -> None:
    """Net each Fighter's Attacks + Direct Damage - healing, then move every marker once."""
    la, ld, he = ctx.loss_attack, ctx.loss_direct, ctx.heal
    for f in range(4):
        a, d, h = la[f], ld[f], he[f]
        if ctx.lock[f]:
            s = ctx.sink[f]
            if s >= 0 and not ctx.transform[f]:
                hit(ctx, f, 0, s, 0, "terror")
                ctx.sink[f] = -1
            if (a or d or h) and ctx.log is not None:  # said, never silently dropped
                why = "transforming" if ctx.transform[f] else "terror"
                ctx.log.append(ev.HpIgnored(f, why, a, d, h))
        elif a or d or h:
            hit(ctx, f, a, d, h)
        la[f] = ld[f] = he[f] = 0


def fire_icons(ctx: Ctx) -> None:
    """All icons collected since the last call act together."""
    if not ctx.icons:
        return
    icons = ctx.icons
    ctx.icons = []
    st = ctx.st
    for f, icon, hp in icons:
        if ctx.log is not None:
            ctx.log.append(ev.IconFired(f, icon, hp))
        if icon == "power_self":
            ctx.gain_power(f, 1)
        elif icon == "power_partner":
            ctx.gain_power(f ^ 1, 1)
        elif icon == "flip_serpent":
            mephisto.flip(st, ctx.log)  # the new face is not applied
        elif icon == "unleash_scheme":
            ctx.unleash_from_track += 1
        # "revive" and "spirit" are read from the marker's position at the end of the Turn
