"""Easy: a scripted player. Readable rules score every kept card in every place; no look-ahead, no sampling.

The rules (each one a line in docs/ai.md):

1. Line-up. The opponent's Fight deck is last round's revealed sequence plus one new card, equally likely
   anywhere, so for each of my Turns we know which of their cards probably faces mine.
   - a Block (or a Cancel) facing an Attack is worth that Attack's Power; a Block facing no Attack costs;
   - an Attack facing a non-Block is worth my Fighter's Power at that Turn (Power gained by my earlier
     cards counts); an Attack into a Block costs;
   - a Cancel is worth what the card it faces would have done.
2. KO threats. An Attack (plus Direct Damage) that would bring the facing Fighter to its KO space is worth
   a bonus; so is a Block that stops an Attack that would KO my Fighter.
3. Power early. A Power gain counts for every later Turn of this Fight and, less, for the Fights to come,
   so it is worth more in the early rounds.
4. Healing only counts for the HP my Fighter is missing (plus a little, since more damage is coming).
5. The card's face is read from the board now: Bödvar or the Bear, the Serpent's colour, who holds the
   Sheriff, Ching Shih's Ships, Mordred's Power, the Golem's Presence.
6. Special cards: Reanimation is worth the card after it; Crippling Touch and Execution are worth what
   they remove; Eternal Youth against healing; Fury of the Damned against the Starting Card; the Fey Folk
   Summonings count their flipped face; Aflame! tokens are worth more the closer the target is to 5.
7. Keep-rate: how often Normal keeps the card (``tables.CARD_VALUE``) breaks near-ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import assert_never

from tagteam.ai import lookahead
from tagteam.ai.base import Bot
from tagteam.ai.options import Option, all_options, to_choice
from tagteam.ai.tables import CARD_VALUE
from tagteam.ai.traits import traits
from tagteam.content import models as cm
from tagteam.engine.actions import Action, BuildChoice, ChooseCharacter, OrderStart
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView

INCINERATE = 5  # Aflame! tokens that Incinerate


@dataclass(frozen=True, slots=True)
class Face:
    """What a card does on the board as it is now, in broad strokes."""

    attacks: float = 0.0  # Attacks (Attack both Opponents counts 2)
    sneak: bool = False  # Attacks only if the facing card does not
    blocks: bool = False
    cancels: bool = False
    damage: int = 0  # Direct Damage to the Opponents
    self_damage: int = 0  # Direct Damage to my own team
    heal: int = 0  # my Fighter's healing
    heal_partner: int = 0
    power: int = 0  # Power gained by my team
    aflame: int = 0
    starter_damage: int = 0  # Direct Damage if the facing card is a Starting Card
    reanimate: bool = False
    cripple: bool = False
    execute: bool = False
    steal_heals: bool = False
    extra: float = 0.0  # a rough worth for the other Fighter-specific Actions
    success: Face | None = None  # the Success bonus of its Attack or Block


# A rough worth for the other Fighter-specific Actions (times their amount, where they have one)
_EXTRA: dict[str, float] = {
    "unleash_scheme": 1.5,
    "plant_scheme": 0.5,
    "divine_voice": 0.6,
    "rage": 0.8,
    "ships": 0.25,
    "place_concentration": 0.5,
    "retrieve_concentration": 0.5,
    "give_presence": 1.5,
    "redirect_attacks": 1.0,
    "take_sheriff": 0.5,
    "flip_card": 2.0,
    "drag_to_hell": 0.5,
    "sink_opponents": 6.0,
}


@dataclass(slots=True)
class Board:
    """What the card's conditions read, for one Fighter of mine, at the Build step."""

    view: PlayerView
    f: int  # the card's owner (my Active Fighter when it is revealed)
    power: int

    def holds(self, c: cm.Condition) -> bool | None:
        """Whether the condition holds on the board now; None when the opposing card decides it."""
        v = self.view
        fv = v.fighters[self.f]
        match c:
            case cm.CondSheriff():
                if c.holder == "you":
                    return v.sheriff == self.f
                return v.sheriff >= 0 and v.sheriff >> 1 != v.seat
            case cm.CondShips():
                return bool(c.lo <= fv.special <= c.hi)
            case cm.CondSerpent():
                return bool(v.serpent == c.face)
            case cm.CondForm():
                return bool(fv.track == (1 if c.form == "bear" else 0))
            case cm.CondPowerAtLeast():
                return bool(self.power >= c.n)
            case cm.CondPartnerHasPresence():
                return v.presence == self.f ^ 1
            case cm.CondHpFull():
                return fv.hp >= fv.max_hp
            case cm.CondSpiritsAtLeast():
                return bool(bin(fv.spirit_mask).count("1") + 1 >= c.n)
            case cm.CondOpponentHasConcentration():
                return any(o.concentration > 0 for o in v.fighters if o.index >> 1 != v.seat)
            case cm.CondAttacked() | cm.CondNeitherOpponentAttacks() | cm.CondOpponentStartingCard():
                return None  # about the opposing card: left to the line-up
            case _:
                assert_never(c)


@dataclass(slots=True)
class _Tally:
    """A ``Face`` being summed up, effect by effect, as the card reads."""

    attacks: float = 0.0
    sneak: bool = False
    blocks: bool = False
    cancels: bool = False
    damage: int = 0
    self_damage: int = 0
    heal: int = 0
    heal_partner: int = 0
    power: int = 0
    aflame: int = 0
    starter_damage: int = 0
    reanimate: bool = False
    cripple: bool = False
    execute: bool = False
    steal_heals: bool = False
    extra: float = 0.0
    success: _Tally | None = None  # an Attack's or a Block's Success part (there once either is read)

    def on_success(self) -> _Tally:
        if self.success is None:
            self.success = _Tally()
        return self.success

    def face(self) -> Face:
        success = self.success.face() if self.success is not None else None
        return Face(
            self.attacks,
            self.sneak,
            self.blocks,
            self.cancels,
            self.damage,
            self.self_damage,
            self.heal,
            self.heal_partner,
            self.power,
            self.aflame,
            self.starter_damage,
            self.reanimate,
            self.cripple,
            self.execute,
            self.steal_heals,
            self.extra,
            success,
        )


def face(tab: GameTable, inst: int, board: Board) -> Face:
    cd = tab.cards[inst].cdef
    flipped = inst in board.view.flipped
    effects = cd.model.flipped_effects if flipped and cd.model.flipped_effects is not None else cd.model.effects
    tally = _Tally()
    _walk(effects, tally, board)
    out = tally.face()
    if cd.id.startswith("fey_folk.summoning") and not flipped and cd.model.flipped_effects is not None:
        out = replace(out, extra=out.extra + 1.0)
    return out


def _walk(effects: Sequence[cm.Effect], acc: _Tally, board: Board) -> None:
    """Each effect read by the same exhaustive match as the engine's: a new effect kind is a type error here
    until Easy says what it is worth (or that it ignores it)."""
    for e in effects:
        match e:
            case cm.Attack():
                # both Opponents count twice; all_others (Shango) counts once, as Easy has always read it
                acc.attacks += 2.0 if e.target == "opponents" else 1.0
                _walk(e.on_success, acc.on_success(), board)  # on_blocked: not read
            case cm.Block():
                acc.blocks = True
                _walk(e.on_success, acc.on_success(), board)
            case cm.Cancel():
                acc.cancels = True
            case cm.DirectDamage():
                if e.target in ("self", "partner"):
                    acc.self_damage += e.amount
                else:
                    acc.damage += e.amount
            case cm.Heal():
                n = e.amount * (1 if e.per == "none" else 2)
                if e.target in ("self", "self_and_partner"):
                    acc.heal += n
                if e.target in ("partner", "self_and_partner"):
                    acc.heal_partner += n
            case cm.GainPower():
                if e.target in ("self", "partner", "self_and_partner"):
                    acc.power += max(0, e.amount) * (2 if e.target == "self_and_partner" else 1)
                elif e.target == "sheriff_holder":
                    holder = board.view.sheriff
                    if holder >= 0:
                        acc.power += e.amount if holder >> 1 == board.view.seat else -e.amount
                else:  # the Opponent's Power
                    pass
            case cm.Aflame():
                acc.aflame += 1
            case cm.Reanimate():
                acc.reanimate = True
            case cm.Cripple():
                acc.cripple = True
            case cm.Execute():
                acc.execute = True
            case cm.StealHeals():
                acc.steal_heals = True
            case cm.DivineVoice() | cm.Rage() | cm.Ships():
                acc.extra += _EXTRA[e.op] * e.amount
            case (
                cm.UnleashScheme()
                | cm.PlantScheme()
                | cm.PlaceConcentration()
                | cm.RetrieveConcentration()
                | cm.GivePresence()
                | cm.RedirectAttacks()
                | cm.TakeSheriff()
                | cm.FlipCard()
                | cm.DragToHell()
                | cm.SinkOpponents()
            ):
                acc.extra += _EXTRA[e.op]
            case cm.If():
                _when(e, acc, board)
            case cm.AtEndOfTurn():
                _walk(e.effects, acc, board)
            case (
                cm.SetPowerToPartner()
                | cm.TransferPower()
                | cm.GiveSheriff()
                | cm.FlipSerpent()
                | cm.KoSelf()
                | cm.Poison()
            ):
                pass  # not worth a rule of their own: the replay of the coming Fight weighs them
            case _:
                assert_never(e)


def _when(e: cm.If, acc: _Tally, board: Board) -> None:
    """A condition the board answers now picks its branch; one the opposing card decides is worth a share."""
    known = board.holds(e.cond)
    if known is not None:
        _walk(e.then if known else e.otherwise, acc, board)
        return
    sub = _Tally()
    _walk(e.then, sub, board)
    match e.cond:
        case cm.CondNeitherOpponentAttacks():
            if sub.attacks:
                acc.sneak = True
        case cm.CondOpponentStartingCard():
            acc.starter_damage += sub.damage
        case cm.CondAttacked():
            acc.extra += 0.5 * sub.extra - 0.5 * sub.self_damage
        case _:
            pass  # the board answers every other condition (``Board.holds``)


class EasyBot(Bot):
    """Scripted: scores each drawn card in each place by the rules above and keeps the best."""

    level = "easy"
    stop = 1.0  # a Block or Cancel that stops an Attack: this plus the Attack's Power
    idle = 1.0  # a Block facing no Attack (cost)
    bounce = 1.0  # an Attack into a Block (cost)
    hit = 1.0  # an unblocked Attack: this times the damage
    ko = 4.0  # bonus for a hit that reaches the KO space (or a Block that prevents one on me)
    power_now = 1.0  # a Power gain, per later Attack of that Fighter this Fight
    power_later = 1.5  # a Power gain, per Fight still to come (early rounds count more)
    heal_w = 0.6
    keep_weight = 1.0  # the keep-rate table
    cripple_w = 1.0
    aflame_w = 1.0
    rounds = 7.0  # about how many rounds a game lasts
    replay = True  # play each option once through the coming Fight against last round's sequence
    guesses = 1  # and once more with a guessed new card for the opponent (a random one, in a random place)
    rules_weight = 0.03  # with the replay on, the rules only break near-ties
    decay = 1.0  # a Turn counts this much less than the one before: the Fight may be over by then

    # ---- the line-up --------------------------------------------------------------------------------
    def build(self, view: PlayerView) -> Action:
        tab = view.table
        assert tab is not None
        rules = self.rule_scores(view)
        replay = dict(zip(*lookahead.versus_known(view, self.rng), strict=True)) if self.replay else None
        if replay is not None and self.guesses:
            opts, means = lookahead.versus_random(view, self.rng, self.guesses, lambda: self.cancelled)
            for o, v in zip(opts, means, strict=True):
                replay[o] = (replay[o] + self.guesses * v) / (1 + self.guesses)
        best, best_s = None, -1e9
        for o, r in rules.items():
            s = r + self.rng.random() * 1e-3
            if replay is not None:
                s = replay[o] + self.rules_weight * s
            if s > best_s:
                best, best_s = o, s
        assert best is not None
        return to_choice(tab, view.drawn, best)

    def rule_scores(self, view: PlayerView) -> dict[Option, float]:
        """Every (kept card, place) scored by the line-up rules and the keep-rate table."""
        tab = view.table
        assert tab is not None
        foe = [c for c in view.last_played[1 - view.seat] if c not in view.removed]
        deck = list(view.my_fight_deck)
        out = {}
        for k, p in all_options(len(deck)):
            s = self.lineup(view, [*deck[:p], view.drawn[k], *deck[p:]], foe)
            out[(k, p)] = s + self.keep_weight * CARD_VALUE.get(tab.cards[view.drawn[k]].cdef.id, 0.0)
        return out

    def lineup(self, view: PlayerView, deck: list[int], foe: list[int]) -> float:
        """Sum over my Turns of each card against the cards that may face it, weighted by how likely."""
        tab = view.table
        assert tab is not None
        power = [fv.power for fv in view.fighters]
        hp = [max(0, fv.hp) for fv in view.fighters]
        m = len(foe)
        foe_boards = {c: face(tab, c, Board(view, tab.cards[c].owner, power[tab.cards[c].owner])) for c in foe}
        total = 0.0
        again = False  # Reanimation: the card after it counts twice
        for t, c in enumerate(deck):
            f = tab.cards[c].owner
            mine = face(tab, c, Board(view, f, power[f]))
            later = (m - t) / (m + 1) if t < m else 0.0  # their new card went after Turn t: foe[t] faces me
            earlier = t / (m + 1) if t <= m else 1.0  # it went before: foe[t - 1] faces me
            here = 1.0 - later - earlier
            score = 0.0
            if later:
                score += later * self.clash(view, power, hp, deck, t, mine, foe[t], foe_boards[foe[t]])
            if earlier and 0 < t <= m:
                score += earlier * self.clash(view, power, hp, deck, t, mine, foe[t - 1], foe_boards[foe[t - 1]])
            elif earlier:
                here += earlier
            if here:
                score += here * self.clash(view, power, hp, deck, t, mine, None, None)
            total += score * (2.0 if again and not mine.blocks else 1.0) * self.decay**t
            again = mine.reanimate
            power[f] += mine.power
        return total

    def clash(
        self,
        view: PlayerView,
        power: list[int],
        hp: list[int],
        deck: list[int],
        t: int,
        m: Face,
        theirs: int | None,
        o: Face | None,
    ) -> float:
        """My card (face ``m``) at Turn ``t`` against the card expected to face it (None: unknown)."""
        tab = view.table
        assert tab is not None
        me = tab.cards[deck[t]].owner
        seat = view.seat
        if theirs is None or o is None:  # unknown: their average Fighter, an even chance of anything
            target = min((2 * (1 - seat), 2 * (1 - seat) + 1), key=lambda g: hp[g])
            o_attack, o_block, o_power = 0.5, 0.4, 0.5 * (power[target])
        else:
            target = tab.cards[theirs].owner
            o_attack = 1.0 if o.attacks or (o.sneak and not m.attacks) else 0.0
            o_block = 1.0 if o.blocks else 0.0
            o_power = power[target] * max(o.attacks, 1.0 if o.sneak and not m.attacks else 0.0)
            if o.cancels:  # my card does nothing
                return -self.idle
        s = 0.0
        attacks = m.attacks or (1.0 if m.sneak and o_attack < 1.0 else 0.0) * (1.0 - o_attack)
        dealt = float(m.damage)
        if attacks:
            dealt += attacks * power[me] * (1.0 - o_block)
            s -= self.bounce * o_block
        if theirs is not None and m.starter_damage and tab.cards[theirs].starred:
            dealt += m.starter_damage
        s += self.hit * dealt
        if hp[target] > 0 and dealt >= hp[target]:
            s += self.ko
        if m.blocks or m.cancels:
            if o_attack:
                s += o_attack * (self.stop + o_power)
                if o_power + (o.damage if o else 0) >= hp[me] > 0:
                    s += self.ko * o_attack
            elif m.blocks:
                s -= self.idle
            if m.cancels and o is not None:
                s += 0.5 * (o.damage + o.heal + o.heal_partner + o.power + o.extra + o.aflame)
        if m.cripple and o is not None:
            s += self.cripple_w * (o_power + o.damage + o.heal + o.power + o.extra + 1.0)
        if m.execute and 0 < hp[target] <= 4 + 1:
            s += self.ko
        if m.steal_heals and o is not None and (o.heal or o.heal_partner):
            s += o.heal + o.heal_partner + 2.0
        s += self.gains(view, hp, deck, t, m, target)
        if m.success is not None:
            ok = o_attack if m.blocks else 1.0 - o_block
            s += ok * (self.gains(view, hp, deck, t, m.success, target) + self.hit * m.success.damage)
        return s

    def gains(self, view: PlayerView, hp: list[int], deck: list[int], t: int, m: Face, target: int) -> float:
        """My own side: healing that fills missing HP, Power that later Attacks use, tokens and tracks."""
        tab = view.table
        assert tab is not None
        me = tab.cards[deck[t]].owner
        s = m.extra
        miss = view.fighters[me].max_hp - hp[me]
        s += self.heal_w * (min(m.heal, miss + 2) + min(m.heal_partner, view.fighters[me ^ 1].max_hp - hp[me ^ 1] + 2))
        s -= self.heal_w * m.self_damage
        if m.power:
            later = sum(
                1 for c in deck[t + 1 :] if tab.cards[c].owner in (me, me ^ 1) and traits(tab.cards[c].cdef).attacks
            )
            left = max(0.0, self.rounds - view.round) / self.rounds
            s += m.power * (self.power_now * later / 2 + self.power_later * left * 2)
        if m.aflame:
            s += self.aflame_w * m.aflame * (1.0 + 2.0 * view.fighters[target].aflame / INCINERATE)
        return s

    def order_start(self, view: PlayerView) -> Action:
        """Lead with the Starting Card that Attacks, if only one does."""
        tab = view.table
        assert tab is not None
        firsts = [a for a in view.legal if isinstance(a, OrderStart)]

        def attacks(a: OrderStart) -> float:
            inst = next(ci for ci in tab.cards if ci.seat == view.seat and ci.starred and ci.cdef.fighter_id == a.first)
            return traits(inst.cdef).attacks + self.rng.random() * 1e-3

        return max(firsts, key=attacks)

    def character(self, view: PlayerView) -> Action:
        """The sturdiest Character left."""
        tab = view.table
        assert tab is not None
        fey = next(fv for fv in view.fighters if fv.index >> 1 == view.seat and tab.rules[fv.index] == "fey_folk")
        tracks = tab.fighters[fey.index].tracks
        opts = [a for a in view.legal if isinstance(a, ChooseCharacter)]
        return max(opts, key=lambda a: tracks[a.index].hp[tracks[a.index].start])


__all__ = ["BuildChoice", "EasyBot", "Face", "face"]
