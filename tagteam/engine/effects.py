"""The effect interpreter: each content effect is compiled once, by one exhaustive match, to a closure.

The match is checked by ``assert_never`` (a new effect model without a handler is a type error),
and the hot loop only calls small closures (no pydantic, no string dispatch per Turn).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import assert_never

from tagteam.content import models as m
from tagteam.engine import events as ev
from tagteam.engine.context import AttackRec, Ctx
from tagteam.engine.fighters import (
    bodvar,
    ching_shih,
    fey_folk,
    golem,
    joan,
    maman_brijit,
    mephisto,
    milady,
    mordred,
    shango,
    wild_bunch,
    wong_fei_hung,
)
from tagteam.engine.pieces import Op

Pred = Callable[[Ctx, int], bool]

# Conditions that ask about the opposing card: answered in a second pass, once both cards are declared.
DEFERRED_KINDS = ("neither_opponent_attacks", "attacked")


def is_cancel(effects: Sequence[m.Effect]) -> bool:
    """A card cancels the opposing card when a top-level effect is Cancel (decided before anything else)."""
    return any(isinstance(e, m.Cancel) for e in effects)


def compile_effects(effects: Sequence[m.Effect]) -> tuple[Op, ...]:
    return tuple(op for op in (compile_effect(e) for e in effects) if op is not None)


def _attackers(ctx: Ctx, seat: int, who: str) -> tuple[int, ...]:
    me = ctx.active[seat]
    if who == "self":
        return (me,)
    if who == "partner":
        return (me ^ 1,)
    return (me, me ^ 1)


def _attack_targets(ctx: Ctx, seat: int, target: str) -> tuple[int, ...]:
    opp = ctx.active[1 - seat]
    if target == "opponent":
        return (opp,)
    if target == "opponent_partner":
        return (opp ^ 1,)
    if target == "opponents":
        return (opp, opp ^ 1)
    return (opp, opp ^ 1, ctx.active[seat] ^ 1)  # all_others: both Opponents and your own Partner


def _targets(ctx: Ctx, seat: int, target: str) -> tuple[int, ...]:
    me = ctx.active[seat]
    opp = ctx.active[1 - seat]
    match target:
        case "self":
            return (me,)
        case "partner":
            return (me ^ 1,)
        case "self_and_partner":
            return (me, me ^ 1)
        case "opponent":
            return (opp,)
        case "opponent_partner":
            return (opp ^ 1,)
        case "opponents":
            return (opp, opp ^ 1)
        case "all":
            return (0, 1, 2, 3)
        case "sheriff_holder":
            h = ctx.st.sheriff
            return (h,) if h >= 0 else ()
    raise ValueError(target)


def compile_effect(e: m.Effect) -> Op | None:
    """One content effect -> one closure ``op(ctx, seat)``; Cancel compiles to None (handled up front)."""
    match e:
        case m.Attack():
            return _compile_attack(e)
        case m.Block():
            bonus = compile_effects(e.on_success)

            def block(ctx: Ctx, seat: int) -> None:
                ctx.blocking[seat] = True
                ctx.block_ops[seat] = bonus

            return block
        case m.DirectDamage():
            target, amount = e.target, e.amount

            def direct(ctx: Ctx, seat: int) -> None:
                for f in _targets(ctx, seat, target):
                    ctx.loss_direct[f] += amount

            return direct
        case m.Heal():
            return _compile_heal(e)
        case m.GainPower():
            ptarget, amount = e.target, e.amount

            def gain(ctx: Ctx, seat: int) -> None:
                for f in _targets(ctx, seat, ptarget):
                    ctx.gain_power(f, amount)

            return gain
        case m.SetPowerToPartner():

            def set_to_partner(ctx: Ctx, seat: int) -> None:
                me = ctx.active[seat]
                ctx.set_power(me, ctx.st.power[me ^ 1])

            return set_to_partner
        case m.TransferPower():
            source, amount = e.source, e.amount

            def transfer(ctx: Ctx, seat: int) -> None:
                me = ctx.active[seat]
                if source == "self":
                    ctx.transfer_power(me, me ^ 1, amount)
                else:
                    ctx.transfer_power(me ^ 1, me, amount)

            return transfer
        case m.Cancel():
            return None
        case m.If():
            return _compile_if(e)
        case m.AtEndOfTurn():
            later = compile_effects(e.effects)

            def at_end(ctx: Ctx, seat: int) -> None:
                ctx.end_ops.append((seat, later))

            return at_end
        case m.DivineVoice():
            return joan.divine_voice_op(e.amount)
        case m.Rage():
            return bodvar.rage_op(e.amount)
        case m.Ships():
            return ching_shih.ships_op(e.amount)
        case m.SinkOpponents():
            return ching_shih.sink_opponents
        case m.Aflame():
            return shango.aflame
        case m.PlaceConcentration():
            return wong_fei_hung.place_concentration
        case m.RetrieveConcentration():
            return wong_fei_hung.retrieve_concentration
        case m.Cripple():
            return wong_fei_hung.cripple
        case m.GiveSheriff():
            return wild_bunch.give_sheriff
        case m.TakeSheriff():
            return wild_bunch.take_sheriff
        case m.PlantScheme():
            return milady.plant
        case m.UnleashScheme():
            return milady.unleash
        case m.FlipSerpent():
            return mephisto.flip_serpent
        case m.GivePresence():
            return golem.give_presence
        case m.Reanimate():
            return golem.reanimate
        case m.Execute():
            return mordred.execute_op(e.threshold)
        case m.DragToHell():
            return mephisto.drag_to_hell
        case m.KoSelf():
            return fey_folk.ko_self
        case m.StealHeals():
            return maman_brijit.steal_heals_op(e.power)
        case m.RedirectAttacks():
            return maman_brijit.redirect_attacks
        case m.FlipCard():
            return fey_folk.flip_card
        case m.Poison():
            return milady.poison
        case _:
            assert_never(e)


def _compile_attack(e: m.Attack) -> Op:
    target, who, power, bonus = e.target, e.attacker, e.power, e.bonus
    on_success = compile_effects(e.on_success)
    on_blocked = compile_effects(e.on_blocked)
    simple = target == "opponent" and who == "self" and power == "own" and bonus == "none"

    def attack(ctx: Ctx, seat: int) -> None:
        if simple:  # the common case, kept short
            me = ctx.active[seat]
            ctx.add_hit(seat, me, ctx.active[1 - seat], ctx.start_power[me])
        else:
            opp = ctx.active[1 - seat]
            base_from = opp if power == "opponent" else -1  # whose Power the sum starts from, for the log
            for a in _attackers(ctx, seat, who):
                base = ctx.start_power[opp] if power == "opponent" else ctx.start_power[a]
                extra, kind = (ctx.start_spirits[seat], "Spirit") if bonus == "spirits" else (0, "")
                one = ctx.new_attack()  # one Attack, however many Fighters it is aimed at
                for t in _attack_targets(ctx, seat, target):
                    if bonus == "aflame":
                        extra, kind = ctx.st.aflame[t], "Aflame!"
                    ctx.add_hit(seat, a, t, base + extra, one, extra, kind, base_from)
        if on_success or on_blocked:
            ctx.attack_recs.append(AttackRec(seat, on_success, on_blocked))

    return attack


def _compile_heal(e: m.Heal) -> Op:
    target, amount, per = e.target, e.amount, e.per

    def heal(ctx: Ctx, seat: int) -> None:
        n = amount
        if per != "none":
            if per == "spirit":
                count = ctx.start_spirits[seat]
            elif per == "power":
                count = ctx.start_power[ctx.active[seat]]
            else:  # blocked_power
                count = ctx.blocked_power[seat]
            n = amount * count
            if ctx.log is not None:  # the product is a sum the log breaks down
                for f in _targets(ctx, seat, target):
                    ctx.log.append(ev.HealCounted(f, amount, count, per))
        for f in _targets(ctx, seat, target):
            ctx.heal[f] += n

    return heal


def compile_condition(c: m.Condition) -> Pred:
    """Conditions read the state when the card resolves, except Power (start of the Turn)."""
    match c:
        case m.CondSheriff():
            return wild_bunch.holds_sheriff_pred(c.holder)
        case m.CondShips():
            return ching_shih.ships_between_pred(c.lo, c.hi)
        case m.CondSerpent():
            face = 1 if c.face == "black" else 0
            return lambda ctx, seat: ctx.st.serpent == face
        case m.CondForm():
            want = 1 if c.form == "bear" else 0
            return lambda ctx, seat: ctx.st.track[ctx.active[seat]] == want
        case m.CondPowerAtLeast():
            n = c.n
            return lambda ctx, seat: ctx.start_power[ctx.active[seat]] >= n
        case m.CondPartnerHasPresence():
            return lambda ctx, seat: ctx.st.presence == ctx.active[seat] ^ 1
        case m.CondOpponentHasConcentration():
            return lambda ctx, seat: ctx.st.conc[ctx.active[1 - seat]] > 0
        case m.CondHpFull():
            return lambda ctx, seat: ctx.st.track[ctx.active[seat]] >= 0 and ctx.st.pos[ctx.active[seat]] == 0
        case m.CondSpiritsAtLeast():
            k = c.n
            return lambda ctx, seat: ctx.start_spirits[seat] >= k
        case m.CondAttacked():
            return lambda ctx, seat: ctx.attacked[ctx.active[seat]]
        case m.CondNeitherOpponentAttacks():
            return lambda ctx, seat: not ctx.attack_declared[1 - seat]
        case m.CondOpponentStartingCard():

            def starting(ctx: Ctx, seat: int) -> bool:
                inst = ctx.cards[1 - seat]
                return inst >= 0 and ctx.st.card(inst).starred

            return starting
        case _:
            assert_never(c)


def _compile_if(e: m.If) -> Op:
    then = compile_effects(e.then)
    otherwise = compile_effects(e.otherwise)
    kind = e.cond.kind
    if kind in DEFERRED_KINDS:

        def deferred(ctx: Ctx, seat: int) -> None:
            ctx.deferred.append((seat, kind, then, otherwise))

        return deferred
    pred = compile_condition(e.cond)

    def cond(ctx: Ctx, seat: int) -> None:
        for op in then if pred(ctx, seat) else otherwise:
            op(ctx, seat)

    return cond


_NEITHER = compile_condition(m.CondNeitherOpponentAttacks(kind="neither_opponent_attacks"))
_ATTACKED = compile_condition(m.CondAttacked(kind="attacked"))


def run_deferred(ctx: Ctx) -> None:
    """The second pass over conditions about the opposing card.

    "If neither Opponent Attacks" is answered once both cards are declared (it may add an Attack).
    "If you are Attacked this Turn" fires as soon as it is true, which can be later in the same Turn
    (a Block's bonus Attack, a reanimated card, a Scheme from Milady's track); until then it waits, and
    ``finish_deferred`` runs its "otherwise" part at the end of the Turn.
    """
    while ctx.deferred or ctx.waiting:
        items = ctx.deferred
        ctx.deferred = []
        for seat, kind, then, otherwise in items:
            if kind == "neither_opponent_attacks":
                ctx.run(seat, then if _NEITHER(ctx, seat) else otherwise)
            else:
                ctx.waiting.append((seat, kind, then, otherwise))
        fired = [w for w in ctx.waiting if _ATTACKED(ctx, w[0])]
        if not fired and not ctx.deferred:
            return
        ctx.waiting = [w for w in ctx.waiting if w not in fired]
        for seat, _kind, then, _otherwise in fired:
            ctx.run(seat, then)


def finish_deferred(ctx: Ctx) -> None:
    """End of the Turn: conditions that never became true take their "otherwise" part."""
    items = ctx.waiting
    ctx.waiting = []
    for seat, _kind, _then, otherwise in items:
        ctx.run(seat, otherwise)
