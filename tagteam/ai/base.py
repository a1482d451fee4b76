"""The Bot interface the app codes against, and the decisions every level answers the same simple way."""

from __future__ import annotations

import random
import threading

from tagteam.ai import teams
from tagteam.engine.actions import Action, BuildChoice, DraftPick, PickTeam
from tagteam.engine.table import library
from tagteam.engine.view import PlayerView


class Bot:
    """A player that sees only its PlayerView. ``decide`` may run in a thread; ``cancel`` asks it to hurry."""

    level = "base"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self._stop = threading.Event()

    def cancel(self) -> None:
        """Ask a running ``decide`` to stop soon and answer with its best choice so far."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def decide(self, view: PlayerView) -> Action:
        """One of ``view.legal`` for whatever ``view.pending`` is."""
        if not view.legal:
            raise ValueError(f"seat {view.seat + 1} owes no decision now")
        self._stop.clear()
        kind = view.pending
        if kind == "build":
            a = self.build(view)
        elif kind == "order_start":
            a = self.order_start(view)
        elif kind == "character":
            a = self.character(view)
        elif kind == "draft_pick":
            a = self.draft_pick(view)
        elif kind == "pick_team":
            a = self.pick_team(view)
        else:
            a = self.rng.choice(view.legal)
        if isinstance(a, BuildChoice):
            return a  # the engine checks Build choices cheaply; the full list is large
        return a if a in view.legal else self.rng.choice(view.legal)

    # every level overrides what it plays differently
    def build(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)

    def character(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)

    def order_start(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)

    def pick_team(self, view: PlayerView) -> Action:
        """Free pick: the pair with the best learned chance against the opponent's team if it is known,
        else against every team the others could make (partner synergy and matchups included)."""
        opts = [a for a in view.legal if isinstance(a, PickTeam)]
        ids = _IDS
        theirs = view.draft_picks[1 - view.seat] if view.draft_picks else ()

        def score(a: PickTeam) -> float:
            if len(theirs) == 2:
                return teams.strength(a.fighters, (theirs[0], theirs[1]))
            return teams.against_field(a.fighters, ids)

        return max(opts, key=lambda a: score(a) + self.rng.random() * 1e-3)

    def draft_pick(self, view: PlayerView) -> Action:
        """Keep the Fighter whose likely team fares best against the opponent's likely teams (the learned
        team table: partner and matchups count); a Competitive discard denies what would help them most."""
        opts = [a for a in view.legal if isinstance(a, DraftPick)]
        me, opp = view.seat, 1 - view.seat
        mine = view.draft_picks[me] if view.draft_picks else ()
        theirs = view.draft_picks[opp] if view.draft_picks else ()
        hand = set(view.draft_hand)
        seen = hand | set(mine) | set(theirs) | set(view.draft_discards)
        ids = _IDS
        unseen = [f for f in ids if f not in seen]  # where the Fighters I cannot see may be

        def mean(xs: list[float]) -> float:
            return sum(xs) / len(xs) if xs else 0.0

        def value(f: str) -> float:
            partners = [mine[0]] if mine else [p for p in unseen if p != f]
            opp_teams = _teams(theirs, [x for x in unseen if x not in mine and x != f])
            return mean([mean([teams.strength((f, p), t) for t in opp_teams if p not in t]) for p in partners])

        def deny(f: str) -> float:
            """How much the Fighter would help the opponent, whose next pick comes from what I pass on."""
            return mean([teams.against_field((f, p), ids) for p in unseen if p != f])

        def score(a: DraftPick) -> float:
            s = value(a.fighter)
            if a.discard is not None:
                s += 0.5 * deny(a.discard)
            return s + self.rng.random() * 1e-3

        return max(opts, key=score)


_IDS = sorted(library())


def _teams(picked: tuple[str, ...], pool: list[str]) -> list[tuple[str, str]]:
    """The teams a seat could end with, given what it has picked and where the rest may come from."""
    if len(picked) >= 2:
        return [(picked[0], picked[1])]
    if len(picked) == 1:
        return [(picked[0], x) for x in pool if x != picked[0]]
    return [(a, b) for i, a in enumerate(pool) for b in pool[i + 1 :]]


class RandomBot(Bot):
    """Uniformly random legal moves: the baseline every level must beat."""

    level = "random"

    def build(self, view: PlayerView) -> Action:
        n = len(view.my_fight_deck)
        k = self.rng.randrange(3)
        rest = [i for i in range(3) if i != k]
        self.rng.shuffle(rest)
        return BuildChoice(k, self.rng.randrange(n + 1), (rest[0], rest[1]))

    def pick_team(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)

    def draft_pick(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)
