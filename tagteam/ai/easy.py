"""Easy: readable rules. Line up Blocks against the Attacks the opponent played last round, Attacks
against their non-Blocks, and keep the card that lines up best; no look-ahead, no sampling."""

from __future__ import annotations

from tagteam.ai import lookahead
from tagteam.ai.base import Bot
from tagteam.ai.options import all_options, to_choice
from tagteam.ai.tables import CARD_VALUE
from tagteam.ai.traits import traits
from tagteam.engine.actions import Action, ChooseCharacter, OrderStart
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView

DECAY = 1.0  # later Turns count less: the Fight may be over before they come


# line-up weights: a Block that stops an Attack, a Block that stops nothing, an Attack into a Block
W = {"stop": 4.0, "idle": -1.0, "bounce": -1.0, "blind": 0.0, "power": 0.0, "heal": 0.5}


def clash(tab: GameTable, power: list[int], mine: int, theirs: int | None, flipped: frozenset[int]) -> float:
    """How well my card does against the card expected to face it (None: nothing known).

    An Attack is worth its Fighter's Power, a Block the Power of the Attack it stops."""
    ci = tab.cards[mine]
    m = traits(ci.cdef, mine in flipped)
    s = W["heal"] * (m.heal + m.damage) + W["power"] * m.power + m.extra
    hit = 1.0 + power[ci.owner]
    if theirs is None:
        return s + W["blind"] * (hit * m.attacks + m.blocks)
    oi = tab.cards[theirs]
    o = traits(oi.cdef, theirs in flipped)
    if m.blocks:
        s += W["stop"] + power[oi.owner] if o.attacks else W["idle"]
    if m.attacks:
        s += W["bounce"] if o.blocks else hit
    if m.cancels:
        s += W["stop"] + power[oi.owner] if o.attacks else 0.5 * (o.damage + o.heal)
    return s


def lineup(tab: GameTable, power: list[int], deck: list[int], foe: list[int], flipped: frozenset[int]) -> float:
    """Sum of the clashes, Turn by Turn, counting the Power my earlier cards add for my later Attacks.

    The opponent's new card lands anywhere, equally likely: from there on their cards come one Turn later."""
    pw = power[:]
    total = 0.0
    m = len(foe)
    for t, c in enumerate(deck):
        later = (m - t) / (m + 1) if t < m else 0.0  # their new card went after Turn t: foe[t] faces me
        earlier = t / (m + 1) if t <= m else 1.0  # it went before: foe[t - 1] faces me
        here = 1.0 - later - earlier
        w = DECAY**t
        total += w * later * clash(tab, pw, c, foe[t] if t < m else None, flipped)
        total += w * earlier * clash(tab, pw, c, foe[t - 1] if 0 < t <= m else None, flipped)
        total += w * here * clash(tab, pw, c, None, flipped)
        ci = tab.cards[c]
        pw[ci.owner] += traits(ci.cdef, c in flipped).power
    return total


class EasyBot(Bot):
    """Scripted: plays each drawn card in each place against last round's sequence and keeps the best."""

    level = "easy"
    replay_weight = 0.03
    keep_weight = 3.0  # how much the keep-rate table counts against the line-up score

    def build(self, view: PlayerView) -> Action:
        tab = view.table
        assert tab is not None
        opp = 1 - view.seat
        foe = [c for c in view.last_played[opp] if c not in view.removed]
        deck = list(view.my_fight_deck)
        power = [fv.power for fv in view.fighters]
        best, best_s = None, -1e9
        replay = dict(zip(*lookahead.versus_known(view, self.rng), strict=True)) if self.replay_weight else None
        for k, p in all_options(len(deck)):
            s = lineup(tab, power, [*deck[:p], view.drawn[k], *deck[p:]], foe, view.flipped)
            s += self.keep_weight * CARD_VALUE.get(tab.cards[view.drawn[k]].cdef.id, 0.0) + self.rng.random() * 1e-3
            if replay is not None:
                s = replay[(k, p)] + self.replay_weight * s
            if s > best_s:
                best, best_s = (k, p), s
        assert best is not None
        return to_choice(tab, view.drawn, best)

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
        fey = next(fv for fv in view.fighters if fv.index >> 1 == view.seat and fv.id == "fey_folk")
        tracks = tab.fighters[fey.index].tracks
        opts = [a for a in view.legal if isinstance(a, ChooseCharacter)]
        return max(opts, key=lambda a: tracks[a.index].hp[tracks[a.index].start])
