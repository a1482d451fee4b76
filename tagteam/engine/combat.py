"""Attacks against Blocks: negation, Success bonuses (once per Turn), redirects, the Presence token."""

from __future__ import annotations

from tagteam.engine import events as ev
from tagteam.engine.context import Ctx
from tagteam.engine.fighters import golem, maman_brijit


def resolve_combat(ctx: Ctx) -> None:
    """A Block negates every Attack of the opposing team this Turn; its bonus fires at most once."""
    from tagteam.engine.effects import run_deferred

    ctx.combat_passes += 1
    hits = ctx.hits
    negated_by = (ctx.blocking[1], ctx.blocking[0])  # negated_by[s]: seat s's Attacks are negated
    for s in (0, 1):
        if not ctx.blocking[s]:
            continue
        blocked = [h for h in hits if h[0] == 1 - s]
        ctx.blocked_power[s] = _negated_power(blocked, s)
        if ctx.log is not None:
            for h in blocked:
                ctx.log.append(ev.AttackBlocked(h[1], h[2], h[3], ctx.active[s]))
        if (blocked or ctx.prior_block_success[s]) and not ctx.block_fired[s]:
            ctx.block_fired[s] = True
            if ctx.log is not None:
                ctx.log.append(ev.BlockSucceeded(ctx.active[s]))
            ctx.run(s, ctx.block_ops[s])
        elif not blocked and not ctx.block_fired[s] and ctx.combat_passes == 1 and ctx.log is not None:
            ctx.log.append(ev.BlockIdle(ctx.active[s]))
    i = 0
    recs = ctx.attack_recs
    while i < len(recs):  # bonuses may add Attacks with bonuses of their own
        rec = recs[i]
        ctx.run(rec.seat, rec.on_blocked if negated_by[rec.seat] else rec.on_success)
        i += 1
    ctx.attack_recs = []
    land_hits(ctx, negated_by)
    if ctx.deferred or ctx.waiting:
        run_deferred(ctx)  # an Attack that came late can still answer "if you are Attacked this Turn"
        if ctx.hits or ctx.attack_recs:
            resolve_combat(ctx)


def _negated_power(blocked: list[list[int]], s: int) -> int:
    """The Power of the Attacks a Block of seat ``s`` negated (Soul Siphon): each Attack once, however
    many Fighters it was aimed at; with Flamepower its value differs per target, so take its highest
    against the blocking team (the attackers' own Partner is not the blocker's business)."""
    best: dict[int, int] = {}
    for _seat, _attacker, target, power, attack in blocked:
        if target >> 1 == s:
            best[attack] = max(best.get(attack, 0), power)
    return sum(best.values())


def resolve_steals(ctx: Ctx) -> None:
    """Eternal Youth holds for the whole Turn: every heal of the Opponents, whenever it comes, is hers."""
    for s in (0, 1):
        if ctx.steal[s]:
            maman_brijit.resolve_steal(ctx, s)


def land_hits(ctx: Ctx, negated_by: tuple[bool, bool]) -> None:
    """Attacks on one Fighter this Turn combine into one Attack."""
    combined = [0, 0, 0, 0]
    hit = [False, False, False, False]
    for seat, _attacker, target, power, _attack in ctx.hits:
        if negated_by[seat]:
            if ctx.redirect[1 - seat] and target >> 1 == 1 - seat:  # only hits aimed at her team
                victim = ctx.active[seat] ^ 1  # the blocker's Opponent's Partner
                combined[victim] += power
                hit[victim] = True
                if ctx.log is not None:
                    ctx.log.append(ev.AttackRedirected(victim, power))
            continue
        combined[target] += power
        hit[target] = True
    ctx.hits = []
    for t in range(4):
        if hit[t] and not golem.absorbs(ctx, t, combined[t]):
            ctx.loss_attack[t] += combined[t]
