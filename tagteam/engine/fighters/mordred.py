"""Mordred: Execution, resolved after the opposing card (Direct Damage equal to the HP left)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine import events as ev

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.pieces import Op


def execute_op(threshold: int) -> Op:
    def execute(ctx: Ctx, seat: int) -> None:
        def after(c: Ctx, s: int) -> None:
            from tagteam.engine.health import hit

            target = c.active[1 - s]
            hp = c.st.hp(target)
            hits = 0 < hp <= threshold and not c.lock[target]
            if c.log is not None:  # a line even when it changes nothing
                why = _outcome(c, target, hp, threshold)
                c.log.append(ev.ExecutionChecked(c.active[s], target, hp, threshold, why))
            if hits:
                hit(c, target, 0, hp, 0, "execution")

        ctx.after.append((seat, after))

    return execute


def _outcome(c: Ctx, target: int, hp: int, threshold: int) -> str:
    """Why Execution does (or does not) deal damage, for the log."""
    if c.lock[target]:  # checked first: whatever the HP, nothing can move this Turn
        return "transforming" if c.transform[target] else "terror"
    if hp <= 0:
        return "no_hp"
    if hp > threshold:
        return "too_many_hp"
    return "hits"
