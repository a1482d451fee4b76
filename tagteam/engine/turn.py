"""One Turn of the Fight step, in declared phases. This docstring is the one place the order is written.

1. Reveal: both seats reveal their next card; its owner is that seat's Active Fighter. Power and the
   Spirit count are snapshotted: Attacks and "per Power" amounts use the start-of-Turn values.
2. Cancel: a card whose Action is Cancel makes the opposing card ignored entirely (both may cancel).
3. Declare: each card's Actions run in printed order (THEN = later); they add Attacks, Blocks, Direct
   Damage and healing to the Turn context and change Power, tokens and special tracks at once.
   "If ..." conditions are checked here, before their Actions, except those about the opposing card.
4. Second pass: "if neither Opponent Attacks" (may add an Attack), then "if you are Attacked".
5. Transformations (Bödvar reaching the top of Rage) and combat: every Attack of a team is negated by
   an opposing Block; the Block's bonus fires once if it negated at least one Attack (0 Power too);
   Attack Success / Blocked bonuses; Attacks on one Fighter combine; the Golem's Presence absorbs an
   unblocked Attack; You are Mine redirects; Eternal Youth takes the Opponents' healing.
6. Movement: per Fighter, Attacks + Direct Damage - healing, moved space by space; a Stop ends it.
7. After the opposing card: Execution (a separate movement) and Crippling Touch (both cards leave).
8. Icons passed or landed on during 6-7 fire together.
9. Milady's track-unleashed Schemes resolve in a mini-phase (own movement, may move a halted marker),
   looping while new Scheme icons are reached; then every Poison, last, each on the HP left before it.
10. End-of-Turn card parts (at_end_of_turn), then Fighter hooks: Maman Brijit's revive, the Fey Folk's
    new Spirit and next Character; the Presence token given this Turn becomes active.
11. End of game: Incineration, KO spaces, the Fey Folk's last card, Drag You to Hell, Double KO.
12. Reanimation: the reanimated seat's card activates again as a new Turn for that Fighter only
    (phases 3-11 again; an opposing Block still negates, its bonus does not fire twice), with the face
    it was revealed with: a Summoning card its first activation turned over waits for its next play.
"""

from __future__ import annotations

from tagteam.engine import events as ev
from tagteam.engine.combat import resolve_combat, resolve_steals
from tagteam.engine.context import Ctx
from tagteam.engine.effects import finish_deferred, run_deferred
from tagteam.engine.fighters import bodvar, fey_folk, maman_brijit, milady, shango
from tagteam.engine.health import fire_icons, hit, move_all
from tagteam.engine.state import DRAW, OVER, GameState

MAX_MINI_PHASES = 20  # a Scheme chain cannot exceed the 11 tokens; this is a safety bound


def resolve_turn(st: GameState, log: list[ev.Event] | None) -> None:
    """Reveal the next card of each seat and resolve the Turn (and a Reanimation repeat)."""
    tab = st.table
    assert tab is not None
    c0 = st.fight[0][st.cursor[0]] if st.cursor[0] < len(st.fight[0]) else -1
    c1 = st.fight[1][st.cursor[1]] if st.cursor[1] < len(st.fight[1]) else -1
    cards = [c0, c1]
    active = st.active
    flipped = st.flipped
    if log is not None:
        log.append(ev.TurnStarted(st.round, st.turn + 1))
    for s in (0, 1):
        inst = cards[s]
        if inst >= 0:
            active[s] = tab.owner[inst]
            st.played[s].append(inst)
            if log is not None:
                ci = tab.cards[inst]
                log.append(ev.CardRevealed(s, inst, ci.cdef.id, ci.owner, ci.starred, inst in flipped))
    reanimated = (st.reanimate[0], st.reanimate[1])  # a copy: Reanimation played now is for next Turn
    if reanimated[0] or reanimated[1]:
        st.reanimate[0] = st.reanimate[1] = False
    cancelled = [False, False]
    for s in (0, 1):
        inst = cards[s]
        if inst >= 0 and (tab.flipped_cancels[inst] if inst in flipped else tab.cancels[inst]):
            cancelled[1 - s] = True
            if log is not None and cards[1 - s] >= 0:
                log.append(ev.CardCancelled(1 - s, cards[1 - s]))
    ctx = Ctx(st, active[:], cards, log)
    _activate(ctx, [s for s in (0, 1) if cards[s] >= 0 and not cancelled[s]], flipped)
    if reanimated[0] or reanimated[1]:
        for s in (0, 1):
            if reanimated[s] and cards[s] >= 0 and not cancelled[s]:
                ctx = _second_activation(ctx, s, flipped)
    if ctx.waiting:
        finish_deferred(ctx)
        move_all(ctx)
        fire_icons(ctx)
    _end_of_turn(ctx)
    st.cursor[0] += 1
    st.cursor[1] += 1
    st.turn += 1


def _second_activation(first: Ctx, s: int, shown: frozenset[int]) -> Ctx:
    """Reanimation: a new Turn for that Fighter only. For the Opponent it is the same Turn: its Block
    still negates (bonus not again), and every end-of-Turn step waits until after this activation.

    The card acts with the face it was revealed with (``shown``: the cards turned over at the reveal): a
    Summoning card its first activation turned over is not yet its new face ("The new action is not
    available until the next time the card is played"), so a Block that succeeded Blocks again and its
    Bonus triggers again ("If the 1st activation was successful, the Bonus Action triggers again")."""
    again = Ctx(first.st, first.active[:], first.cards, first.log)
    again.blocking = first.blocking[:]
    again.block_fired = [True, True]
    again.block_fired[s] = False
    again.prior_block_success[s] = first.block_fired[s]
    again.attack_declared[1 - s] = first.attack_declared[1 - s]
    # Turn-wide facts carried over: Drag You to Hell, a self-KO, HP locks, the one-space rule
    again.drag = first.drag[:]
    again.ko_self = first.ko_self[:]
    again.lock = first.lock[:]
    again.transform = first.transform[:]
    again.moved = first.moved[:]
    again.attacked = first.attacked[:]
    again.waiting = first.waiting[:]
    again.steal = first.steal[:]
    again.steal_paid = first.steal_paid[:]
    if again.log is not None:
        again.log.append(ev.Reanimated(s, first.cards[s]))
    _activate(again, [s], shown)
    return again


def _activate(ctx: Ctx, seats: list[int], shown: frozenset[int] | None = None) -> None:
    """Run the seats' cards (with the face ``shown`` at the reveal; None: as they lie now), then combat,
    movement, icons and the mini-phases."""
    st = ctx.st
    tab = st.table
    assert tab is not None
    flipped = st.flipped if shown is None else shown
    for s in seats:
        inst = ctx.cards[s]
        for op in tab.flipped_effects[inst] if inst in flipped else tab.effects[inst]:
            op(ctx, s)
    if ctx.deferred:
        run_deferred(ctx)
    if ctx.hits or ctx.blocking[0] or ctx.blocking[1] or ctx.attack_recs or ctx.waiting:
        resolve_combat(ctx)
    if ctx.transform[0] or ctx.transform[1] or ctx.transform[2] or ctx.transform[3]:
        bodvar.apply_transforms(ctx)
    if ctx.steal[0] or ctx.steal[1]:
        resolve_steals(ctx)
    move_all(ctx)
    if ctx.after:
        for s, op in ctx.after:
            op(ctx, s)
        ctx.after = []
    if ctx.icons:
        fire_icons(ctx)
    if ctx.unleash_from_track or ctx.poisons:
        _mini_phases(ctx)
    if ctx.end_ops:
        for s, ops in ctx.end_ops:
            ctx.run(s, ops)
        ctx.end_ops = []


def _mini_phases(ctx: Ctx) -> None:
    """Track-unleashed Schemes after all card Actions; then Poison, last."""
    st = ctx.st
    rounds = 0
    while ctx.unleash_from_track and rounds < MAX_MINI_PHASES:
        rounds += 1
        n = ctx.unleash_from_track
        ctx.unleash_from_track = 0
        for f in range(4):
            if st.tab().rules[f] == "milady":
                seat = f >> 1
                for _ in range(n):
                    milady.unleash_one(ctx, seat, from_track=True)
                break
        if ctx.hits or ctx.attack_recs:
            resolve_combat(ctx)
        if ctx.steal[0] or ctx.steal[1]:
            resolve_steals(ctx)
        move_all(ctx)
        fire_icons(ctx)
    for seat in ctx.poisons:
        target = ctx.active[1 - seat]
        dmg = st.hp(target) // 2
        if dmg > 0 and not ctx.lock[target]:
            hit(ctx, target, 0, dmg, 0, "poison")
        elif dmg > 0 and ctx.log is not None:
            why = "transforming" if ctx.transform[target] else "terror"
            ctx.log.append(ev.HpIgnored(target, why, 0, dmg, 0))
    ctx.poisons = []
    fire_icons(ctx)


def _end_of_turn(ctx: Ctx) -> None:
    st = ctx.st
    tab = st.table
    assert tab is not None
    for f, kind in tab.end_hooks:
        if kind == "maman_brijit":
            maman_brijit.end_of_turn(ctx, f)
        else:
            fey_folk.end_of_turn(ctx, f)
    if st.presence >= 0:
        st.presence_ready = True
    # fast path: nobody on a KO space, nobody Incinerated, no self-KO
    ko = tab.ko_tracks
    tr, pos = st.track, st.pos
    if (
        not ctx.ko_self[0]
        and not ctx.ko_self[1]
        and not (tr[0] >= 0 and ko[0][tr[0]][pos[0]])
        and not (tr[1] >= 0 and ko[1][tr[1]][pos[1]])
        and not (tr[2] >= 0 and ko[2][tr[2]][pos[2]])
        and not (tr[3] >= 0 and ko[3][tr[3]][pos[3]])
        and not (tab.has_shango and max(st.aflame) >= shango.INCINERATION)
    ):
        return
    _check_end(ctx)


def _check_end(ctx: Ctx) -> None:
    """KO at the end of a Turn; Incineration beats a Double KO; Drag You to Hell beats any loss."""
    st = ctx.st
    inc = shango.incinerated(st)
    inc_lose = [False, False]
    ko_lose = [ctx.ko_self[0], ctx.ko_self[1]]
    for f in inc:
        inc_lose[f >> 1] = True
    kos = [f for f in range(4) if st.is_ko_space(f)]
    for f in kos:
        ko_lose[f >> 1] = True
    if not (inc_lose[0] or inc_lose[1] or ko_lose[0] or ko_lose[1]):
        return
    for f in inc:
        if ctx.log is not None:
            ctx.log.append(ev.Incinerated(f))
    for f in kos:
        if ctx.log is not None:
            ctx.log.append(ev.KnockedOut(f))
    for s in (0, 1):
        if ctx.drag[s] and (inc_lose[s] or ko_lose[s]):
            if ctx.log is not None:
                ctx.log.append(ev.DragApplied(s))
            _finish(ctx, s, "drag_to_hell", (ctx.active[s],))
            return
    if inc_lose[0] != inc_lose[1]:
        loser = 0 if inc_lose[0] else 1
        who = next(f for f in inc if f >> 1 == loser)
        _finish(ctx, 1 - loser, "incinerated", (who,))
        return
    lose = [inc_lose[0] or ko_lose[0], inc_lose[1] or ko_lose[1]]
    if lose[0] and lose[1]:
        _finish(ctx, DRAW, "double_ko", ())
        return
    loser = 0 if lose[0] else 1
    if ctx.ko_self[loser]:
        _finish(ctx, 1 - loser, "all_legends", (ctx.active[loser],))
        return
    _finish(ctx, 1 - loser, "ko", tuple(f for f in sorted(kos) if f >> 1 == loser))  # both, when one Turn KOs the pair


def _finish(ctx: Ctx, winner: int, reason: str, fighters: tuple[int, ...]) -> None:
    """End the game; ``fighters`` are those the reason is about (the words layer tells the detail)."""
    st = ctx.st
    st.phase = OVER
    st.winner = winner
    st.over_reason = reason
    st.pending[0] = st.pending[1] = None
    if ctx.log is not None:
        ctx.log.append(ev.GameOver(winner, reason, fighters))
