"""Expert: Hard plus a model of this opponent, learnt during the game from what its views reveal.

Every Fight step reveals the opponent's whole Fight deck, so comparing two consecutive rounds shows where
they inserted their new card and which card it was. Expert weighs five explanations of what it saw: no
habit, or a player who always inserts at the top, always at the bottom, always keeps an Attack, or
repeats last round's place (each allowed an occasional slip). Bayes' rule turns each observed insert into
a belief over these; the predicted opponent strategy of Hard's analysis is then reweighted by how much
more likely each opponent option is under that belief than under no habit. A player without a habit
keeps Hard's equilibrium-and-Normal mix; one with a habit is read within two or three inserts.

Why hypotheses and not smoothed rates (the first version): a game shows only one to four inserts, and
rates need more evidence than that before they move the prediction; a named habit that fits every insert
so far is believed quickly, and one slip is enough to drop it.
"""

from __future__ import annotations

from tagteam.ai.hard import HardBot, Prior
from tagteam.ai.options import Option
from tagteam.ai.traits import traits
from tagteam.engine.actions import Action
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView

HYPOTHESES = ("none", "top", "bottom", "attack", "repeat")
PRIOR = {"none": 0.6, "top": 0.1, "bottom": 0.1, "attack": 0.1, "repeat": 0.1}
SLIP = 0.1  # how often a player with a habit still breaks it
ATTACK_BASE = 0.5  # how often a player without the habit keeps an Attack (about half the cards Attack)


def place(q: int, n: int) -> int:
    """0 top, 1 middle, 2 bottom, for an insert at q in a deck of n cards."""
    return 0 if q == 0 else 2 if q >= n else 1


def _ratio(fits: bool, base: float) -> float:
    """Likelihood of an insert under a habit over its likelihood with no habit (``base``: the chance
    a player without the habit would have done what the habit says)."""
    return (1.0 - SLIP) / base if fits else SLIP / (1.0 - base)


class Habits:
    """What the opponent has shown this game: inserts by place, Attacks kept, and the belief in each habit."""

    def __init__(self, told: str | None = None) -> None:
        """``told`` (measurement only, ``tagteam arena --bots told:HABIT``): the belief is fixed on that habit
        from the start, to show how much knowing a habit is worth at best."""
        self.told = told
        self.decks: dict[int, tuple[int, ...]] = {}  # round -> opponent's deck of the round before
        self.places = [0, 0, 0]
        self.attacks = 0
        self.inserts = 0
        self.last_q: int | None = None
        self.belief = dict(PRIOR) if told is None else {h: float(h == told) for h in HYPOTHESES}

    def observe(self, view: PlayerView) -> None:
        """Read the opponent's last revealed deck; a new round's deck against the one before is one insert."""
        tab = view.table
        if tab is None or view.round in self.decks or not view.last_played[1 - view.seat]:
            return
        deck = tuple(view.last_played[1 - view.seat])
        self.decks[view.round] = deck
        before = self.decks.get(view.round - 1)
        if before is None:
            return
        new = [i for i, c in enumerate(deck) if c not in before]
        if len(new) != 1:
            return
        q, n = new[0], len(deck) - 1
        att = traits(tab.cards[deck[q]].cdef).attacks
        self.places[place(q, n)] += 1
        self.attacks += att
        self.inserts += 1
        self._update(q, n, att)
        self.last_q = q

    def _update(self, q: int, n: int, att: bool) -> None:
        """Bayes' rule: each habit's belief times how much better it explains this insert than no habit."""
        if self.told is not None:
            return
        b = self.belief
        b["top"] *= _ratio(q == 0, 1 / (n + 1))
        b["bottom"] *= _ratio(q == n, 1 / (n + 1))
        b["attack"] *= _ratio(att, ATTACK_BASE)
        if self.last_q is not None:
            b["repeat"] *= _ratio(q == min(self.last_q, n), 1 / (n + 1))
        total = sum(b.values())
        for h in b:
            b[h] /= total

    def weights(self, st: GameState, seat: int, options: list[Option | None]) -> list[float]:
        """Per opponent option, how much likelier it is under the current belief than with no habit."""
        if self.inserts == 0 and self.told is None:
            return [1.0] * len(options)
        opp = 1 - seat
        n = len(st.fight[opp])
        drawn = st.drawn[opp]
        tab = st.tab()
        att = [traits(tab.cards[c].cdef, c in st.flipped).attacks for c in drawn]
        share = sum(att) / len(att) if att else 0.0
        b = self.belief
        out = []
        for o in options:
            if o is None:
                out.append(1.0)
                continue
            k, p = o
            w = b["none"]
            w += b["top"] * _ratio(p == 0, 1 / (n + 1))
            w += b["bottom"] * _ratio(p == n, 1 / (n + 1))
            # the Attack habit says nothing when no Attack was drawn, nor when every card drawn Attacks
            w += b["attack"] * (_ratio(att[k], share) if 0.0 < share < 1.0 and k < len(att) else 1.0)
            if self.last_q is None:
                w += b["repeat"]
            else:
                w += b["repeat"] * _ratio(p == min(self.last_q, n), 1 / (n + 1))
            out.append(w)
        return out


class ExpertBot(HardBot):
    """Hard's search with its opponent prediction reweighted by the habits this opponent has shown."""

    level = "expert"

    def __init__(self, seed: int, told: str | None = None) -> None:
        super().__init__(seed)
        self.habits = Habits(told)
        if told is not None:
            self.level = f"told:{told}"

    def decide(self, view: PlayerView) -> Action:
        self.habits.observe(view)
        return super().decide(view)

    def opponent_model(self, view: PlayerView) -> Prior | None:
        if self.habits.inserts == 0 and self.habits.told is None:
            return None
        seat = view.seat
        return lambda st, options: self.habits.weights(st, seat, options)
