"""Expert: Hard plus a model of this opponent, learnt during the game from what its views reveal.

Every Fight step reveals the opponent's whole Fight deck, so comparing two consecutive rounds shows where
they inserted their new card and which card it was. Expert counts three habits: the place (top, middle,
bottom), whether the kept card Attacks, and whether they repeat last round's place. The smoothed rates,
divided by what a player without the habit would show, reweight Hard's predicted opponent strategy, so a
player with a habit gets exploited and one without keeps Hard's equilibrium-and-Normal mix.
"""

from __future__ import annotations

from tagteam.ai.hard import HardBot, Prior
from tagteam.ai.options import Option
from tagteam.ai.traits import traits
from tagteam.engine.actions import Action
from tagteam.engine.state import GameState
from tagteam.engine.view import PlayerView

SMOOTH = 2.0  # pseudo-observations of "no habit" before the counts speak
SHARPEN = 1.5  # how hard a habit is believed: the rate ratio is raised to this power


def place(q: int, n: int) -> int:
    """0 top, 1 middle, 2 bottom, for an insert at q in a deck of n cards."""
    return 0 if q == 0 else 2 if q >= n else 1


def _place_base(c: int, n: int) -> float:
    """How often a player with no habit lands in place c: every position equally likely."""
    return (n - 1) / (n + 1) if c == 1 else 1 / (n + 1)


class Habits:
    """What the opponent has shown this game: inserts by place, Attacks kept, repeated places."""

    def __init__(self) -> None:
        self.decks: dict[int, tuple[int, ...]] = {}  # round -> opponent's deck of the round before
        self.places = [0, 0, 0]
        self.place_base = [0.0, 0.0, 0.0]
        self.attacks = 0
        self.inserts = 0
        self.repeats = 0
        self.repeat_chances = 0
        self.repeat_base = 0.0
        self.last_q: int | None = None

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
        c = place(q, n)
        self.places[c] += 1
        for k in range(3):
            self.place_base[k] += _place_base(k, n)
        self.attacks += traits(tab.cards[deck[q]].cdef).attacks
        self.inserts += 1
        if self.last_q is not None:
            self.repeat_chances += 1
            self.repeats += q == min(self.last_q, n)
            self.repeat_base += 1 / (n + 1)
        self.last_q = q

    def weights(self, st: GameState, seat: int, options: list[Option | None]) -> list[float]:
        """Per opponent option, the habit's likelihood ratio against a player without habits."""
        n_obs = self.inserts
        if n_obs == 0:
            return [1.0] * len(options)
        opp = 1 - seat
        n = len(st.fight[opp])
        tab = st.tab()
        out = []
        for o in options:
            if o is None:
                out.append(1.0)
                continue
            k, p = o
            c = place(p, n)
            base = self.place_base[c] / n_obs
            rate = (self.places[c] + SMOOTH * base) / (n_obs + SMOOTH)
            w = rate / base
            att = traits(tab.cards[st.drawn[opp][k]].cdef).attacks if k < len(st.drawn[opp]) else False
            a_rate = (self.attacks + SMOOTH * 0.5) / (n_obs + SMOOTH)
            w *= (a_rate if att else 1.0 - a_rate) / 0.5
            if self.last_q is not None and self.repeat_chances:
                rb = self.repeat_base / self.repeat_chances
                r_rate = (self.repeats + SMOOTH * rb) / (self.repeat_chances + SMOOTH)
                w *= r_rate / rb if p == min(self.last_q, n) else (1.0 - r_rate) / (1.0 - rb)
            out.append(w**SHARPEN)
        return out


class ExpertBot(HardBot):
    """Hard's search with its opponent prediction reweighted by the habits this opponent has shown."""

    level = "expert"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.habits = Habits()

    def decide(self, view: PlayerView) -> Action:
        self.habits.observe(view)
        return super().decide(view)

    def opponent_model(self, view: PlayerView) -> Prior | None:
        if self.habits.inserts == 0:
            return None
        seat = view.seat
        return lambda st, options: self.habits.weights(st, seat, options)
