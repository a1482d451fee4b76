"""The Bot interface the app codes against, and the decisions every level answers the same simple way."""

from __future__ import annotations

import random
import threading

from tagteam.ai import ratings
from tagteam.engine.actions import Action, BuildChoice, DraftPick, PickTeam
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
        """Free pick: the strongest pair by the rating table, ties broken at random."""
        opts = [a for a in view.legal if isinstance(a, PickTeam)]
        return max(opts, key=lambda a: ratings.pair(a.fighters) + self.rng.random() * 0.05)

    def draft_pick(self, view: PlayerView) -> Action:
        """Keep the best-rated Fighter; a Competitive discard denies the next best."""
        opts = [a for a in view.legal if isinstance(a, DraftPick)]
        mine = view.draft_picks[view.seat] if view.draft_picks else ()

        def score(a: DraftPick) -> float:
            s = ratings.single(a.fighter) + (ratings.pair((mine[0], a.fighter)) if mine else 0.0)
            if a.discard is not None:
                s += 0.5 * ratings.single(a.discard)
            return s + self.rng.random() * 0.05

        return max(opts, key=score)


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
