"""Easy: readable rules. Line up Blocks against the Attacks the opponent played last round, Attacks
against their non-Blocks, and keep the card that lines up best; no look-ahead, no sampling."""

from __future__ import annotations

from tagteam.ai.base import Bot
from tagteam.ai.options import all_options, to_choice
from tagteam.ai.traits import traits
from tagteam.engine.actions import Action, ChooseCharacter, OrderStart
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView


def clash(tab: GameTable, mine: int, theirs: int | None, flipped: frozenset[int]) -> float:
    """How well my card does against the card expected to face it (None: nothing known)."""
    m = traits(tab.cards[mine].cdef, mine in flipped)
    s = 0.5 * (m.heal + m.damage) + m.power
    if theirs is None:
        return s + 1.0 * m.attacks + 0.5 * m.blocks
    o = traits(tab.cards[theirs].cdef, theirs in flipped)
    if m.blocks:
        s += 3.0 if o.attacks else -1.0
    if m.attacks:
        s += -3.0 if o.blocks else 2.0
    if m.cancels:
        s += 2.0 if (o.attacks or o.damage or o.heal) else -0.5
    return s


def lineup(tab: GameTable, deck: list[int], foe: list[int], flipped: frozenset[int]) -> float:
    return sum(clash(tab, c, foe[t] if t < len(foe) else None, flipped) for t, c in enumerate(deck))


class EasyBot(Bot):
    """Scripted: plays each drawn card in each place against last round's sequence and keeps the best."""

    level = "easy"

    def build(self, view: PlayerView) -> Action:
        tab = view.table
        assert tab is not None
        opp = 1 - view.seat
        foe = [c for c in view.last_played[opp] if c not in view.removed]
        deck = list(view.my_fight_deck)
        best, best_s = None, -1e9
        for k, p in all_options(len(deck)):
            s = lineup(tab, [*deck[:p], view.drawn[k], *deck[p:]], foe, view.flipped) + self.rng.random() * 1e-3
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
