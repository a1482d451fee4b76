"""Sample one full GameState consistent with a PlayerView: the bots' only way to look ahead fairly.

The engine has no "state from a view" builder, so this module is it. Everything the view shows is copied;
everything it hides is drawn at random from what is still possible: the opponent's new Fight card and where
it went, both Build decks' order, the opponent's drawn cards, Milady's face-down Schemes, and the RNG.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tagteam.engine.fighters.fey_folk import CHOOSE
from tagteam.engine.game import BUILD_DECISION, BUILD_DRAW, ORDER
from tagteam.engine.state import BUILD, SETUP, DecisionKind, GameState
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView
from tagteam.engine.whatif import public_state


class Hidden:
    """The parts of a view that sampling needs, computed once per decision and reused for every sample."""

    def __init__(self, view: PlayerView, tail: Sequence[int] = (), infer: bool = False) -> None:
        """``tail``: my own cards put under my Build deck, oldest first, as I remember placing them (a player
        knows what they slid under, and in which order); the ones still in the deck are its bottom, in that
        order, and the rest of it is shuffled. Empty: the whole deck is shuffled.

        ``infer``: the opponent's unseen cards are not all alike. Each Build slid 2 of them under its Build
        deck, the 2 it passed over, and until the deck comes round its hand is drawn from the others; so a
        card it keeps gladly, still unseen, is more likely among those than a card it passes over
        (``passed``)."""
        tab = view.table
        assert tab is not None, "determinize needs settled teams"
        self.view = view
        self.tab: GameTable = tab
        me = view.seat
        opp = 1 - me
        self.me, self.opp = me, opp
        removed = view.removed
        played_opp = list(view.played[opp])
        # the opponent's deck of the previous round, as it stood at the start of this round
        prev = [c for c in view.last_played[opp] if c not in removed or c in played_opp]
        self.prev = prev
        self.opp_starters = [ci.inst for ci in tab.cards if ci.seat == opp and ci.starred]
        seen = set(prev) | set(played_opp) | set(removed) | set(self.opp_starters)
        self.opp_pool = [ci.inst for ci in tab.cards if ci.seat == opp and ci.inst not in seen]
        mine = set(view.my_fight_deck) | set(view.drawn) | set(removed)
        self.my_pool = [ci.inst for ci in tab.cards if ci.seat == me and not ci.starred and ci.inst not in mine]
        last = {c: i for i, c in enumerate(tail)}  # a card slid under twice is where it went last
        pool = set(self.my_pool)
        self.my_tail = [c for i, c in enumerate(tail) if last[c] == i and c in pool]
        self.my_top = [c for c in self.my_pool if c not in set(self.my_tail)]
        self.active = [0, 2]
        for fv in view.fighters:
            if fv.active:
                self.active[fv.index >> 1] = fv.index
        self.opp_kind = self._opp_pending_kind()
        self.under = 0  # the opponent's cards slid under its Build deck, sampled apart (``infer``)
        self.passed: dict[int, float] = {}
        if infer and view.phase == BUILD and self.opp_kind == BUILD_DECISION:
            under = 2 * (view.round - 1)
            if under > 0 and len(self.opp_pool) == view.build_sizes[opp] and len(self.opp_pool) - under >= BUILD_DRAW:
                self.under = under
                self.passed = {c: pass_weight(tab, c) for c in self.opp_pool}

    def _opp_pending_kind(self) -> DecisionKind | None:
        v = self.view
        if not v.opp_pending:
            return None
        opp_fey = [fv for fv in v.fighters if fv.index >> 1 == self.opp and self.tab.rules[fv.index] == "fey_folk"]
        free = len(self.tab.fighters[opp_fey[0].index].tracks) if opp_fey else 0
        no_character = bool(opp_fey) and opp_fey[0].track < 0 and opp_fey[0].spirit_mask != (1 << free) - 1
        if v.phase == SETUP:
            return CHOOSE if v.opp_fight_size > 0 else ORDER
        if v.phase == BUILD:
            return CHOOSE if no_character else BUILD_DECISION
        return CHOOSE

    def opp_deck(self, rng: random.Random) -> tuple[list[int], int]:
        """The opponent's Fight deck and the new card in it (-1 when none is hidden in it)."""
        v = self.view
        if v.opp_fight_size == 0:
            return [], -1
        if not self.prev:  # first round: the two Starting Cards in an order consistent with what was played
            deck = self.opp_starters[:]
            rng.shuffle(deck)
            played = list(v.played[self.opp])
            if played and deck[0] != played[0]:
                deck.reverse()
            return deck, -1
        if v.opp_fight_size == len(self.prev):  # Build step, opponent has not added a card yet
            return self.prev[:], -1
        played = list(v.played[self.opp])
        k = len(played)
        spots = []
        for q in range(len(self.prev) + 1):
            if q < k:
                fits = self.prev[:q] == played[:q] and self.prev[q : k - 1] == played[q + 1 : k]
                if fits and played[q] not in self.prev:
                    spots.append(q)
            elif self.prev[:k] == played:
                spots.append(q)
        q = rng.choice(spots) if spots else len(self.prev)
        card = played[q] if q < k else rng.choice(self.opp_pool)
        return [*self.prev[:q], card, *self.prev[q:]], card


def sample(h: Hidden, rng: random.Random, opp_hand: list[int] | None = None) -> GameState:
    """One GameState consistent with the view; ``opp_hand`` forces the opponent's 3 drawn cards."""
    v = h.view
    me, opp = h.me, h.opp
    st = public_state(v, rng.getrandbits(64))  # the boards and tokens everyone sees, then the hidden parts
    st.active = h.active[:]
    st.reanimate = list(v.reanimate)
    st.cursor[me] = v.my_cursor
    st.cursor[opp] = v.opp_cursor
    st.played = [list(v.played[0]), list(v.played[1])]
    st.last_played = [list(v.last_played[0]), list(v.last_played[1])]
    st.fight[me] = list(v.my_fight_deck)
    st.drawn[me] = list(v.drawn)
    _schemes(h, st, rng)

    deck, new = h.opp_deck(rng)
    st.fight[opp] = deck
    pool = [c for c in h.opp_pool if c != new]
    rng.shuffle(pool)
    kind = h.opp_kind
    if v.phase == BUILD and (kind == BUILD_DECISION or (kind == CHOOSE and v.opp_fight_size == len(h.prev))):
        if opp_hand is not None:
            hand = list(opp_hand)
            pool = [c for c in pool if c not in hand]
        elif h.under:
            under = _weighted(pool, h.passed, h.under, rng)
            rest = [c for c in pool if c not in under]
            hand = rest[:BUILD_DRAW]
            pool = rest[BUILD_DRAW:] + [c for c in pool if c in under]  # never drawn first, then passed over
        else:
            hand, pool = pool[:BUILD_DRAW], pool[BUILD_DRAW:]
        st.drawn[opp] = hand
    elif v.phase == BUILD and kind is None and new >= 0:
        st.staged[opp] = new  # locked in: its Instant Bonus applies when both have built
    st.build[opp] = pool
    mine = h.my_top[:]
    rng.shuffle(mine)
    st.build[me] = mine + h.my_tail
    st.pending[me] = v.pending
    st.pending[opp] = kind
    return st


def pass_weight(tab: GameTable, inst: int) -> float:
    """How likely a player is to pass over this card when it is drawn: 1 - its keep rate
    (``tables.CARD_VALUE``: log-odds against keeping one card in three)."""
    from tagteam.ai.tables import CARD_VALUE

    z = CARD_VALUE.get(tab.cards[inst].cdef.id, 0.0) - math.log(2.0)
    return 1.0 - 1.0 / (1.0 + math.exp(-z))


def _weighted(pool: Sequence[int], weight: dict[int, float], k: int, rng: random.Random) -> set[int]:
    """k cards drawn from pool without replacement, each in proportion to its weight (keys u^(1/w))."""
    keyed = sorted(pool, key=lambda c: -(rng.random() ** (1.0 / max(weight[c], 1e-6))))
    return set(keyed[:k])


def _schemes(h: Hidden, st: GameState, rng: random.Random) -> None:
    """Face-down Schemes: the tokens not yet gone, split at random between the pile and the planted ones."""
    v = h.view
    if "milady" not in h.tab.rules:
        return
    m = h.tab.rules.index("milady")
    schemes = h.tab.fighters[m].schemes
    left = list(range(len(schemes)))
    gone = []
    for sid in v.schemes_gone:
        i = next(i for i in left if schemes[i].id == sid)
        left.remove(i)
        gone.append(i)
    rng.shuffle(left)
    st.schemes_gone = gone
    st.scheme_pile = left[: v.scheme_pile]
    st.planted = left[v.scheme_pile : v.scheme_pile + v.schemes_planted]
