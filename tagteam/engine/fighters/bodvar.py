"""Bödvar: the Rage track and the transformation into the Berserker Bear."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.pieces import GameTable, Op
    from tagteam.engine.state import GameState

HUMAN, BEAR = 0, 1
BEAR_MAX_START = 15


def rage_op(amount: int) -> Op:
    def rage(ctx: Ctx, seat: int) -> None:
        st = ctx.st
        f = ctx.active[seat]
        if st.track[f] != HUMAN or ctx.transform[f]:
            return
        top = st.tab().fighters[f].special_size - 1
        for _ in range(amount):
            v = st.special[f]
            if v >= top:
                return
            ctx.set_special(f, v + 1, "Rage")
            if v + 1 == top:
                ctx.gain_power(f, 3)  # the top space's +3 Power first, then the flip
                ctx.transform[f] = True
                return

    return rage


def apply_transforms(ctx: Ctx) -> None:
    """Flip to the Bear: HP = Power at the flip (at most 15, not a ceiling); no HP change this Turn."""
    st = ctx.st
    for f in range(4):
        if ctx.transform[f] and st.track[f] == HUMAN:
            bear = st.tab().fighters[f].tracks[BEAR]
            st.track[f] = BEAR
            st.pos[f] = bear.index_of_hp(max(1, min(st.power[f], BEAR_MAX_START)))
            ctx.lock[f] = True
            if ctx.log is not None:
                ctx.log.append(ev.Transformed(f, bear.hp[st.pos[f]]))


def _rage_in(node: object) -> int:
    """The Rage one card's effects can give at most: every ``rage`` op of its data added up."""
    if isinstance(node, dict):
        own = int(node.get("amount", 1)) if node.get("op") == "rage" else 0
        return own + sum(_rage_in(v) for v in node.values())
    if isinstance(node, list):
        return sum(_rage_in(v) for v in node)
    return 0


def most_rage(tab: GameTable, f: int) -> int:
    """The most Rage one of Fighter f's cards can give in a Turn (0 for a Fighter with no Rage)."""
    kind = tab.kinds[f]
    return max((_rage_in(c.model.model_dump()) for c in tab.cards_by_id.values() if c.fighter_id == kind), default=0)


def may_transform(st: GameState, f: int) -> bool:
    """Fighter f is Bödvar on his Human side and one card could fill his Rage this Turn: he would turn into the
    Bear, whose transformation Turn ignores HP changes, so no hit on him this Turn is a sure knock-out."""
    tab = st.tab()
    if tab.rules[f] != "bodvar" or st.track[f] != HUMAN:
        return False
    top = tab.fighters[f].special_size - 1
    return 0 < top - st.special[f] <= most_rage(tab, f)
