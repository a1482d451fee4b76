"""Normal: sample the hidden cards, play each of its Build options through the coming Fight against a
random opponent Build, and pick among the best by a softmax, so the same position can get different answers."""

from __future__ import annotations

import math

from tagteam.ai import lookahead
from tagteam.ai.base import Bot
from tagteam.ai.easy import EasyBot
from tagteam.ai.options import Option, to_choice
from tagteam.engine.actions import Action
from tagteam.engine.view import PlayerView


class NormalBot(EasyBot):
    """Monte Carlo over determinizations; Easy's rules for the rare setup choices."""

    level = "normal"
    samples = 24
    prior = 0.01  # Easy's rule score, weighted in to break near-ties
    temperature = 0.015  # in value units (-1..1): options within a few hundredths get played now and then
    depth = 1  # rounds played out per option: the coming one (2: one more with random Builds)

    def build(self, view: PlayerView) -> Action:
        tab = view.table
        assert tab is not None
        opts, weights = self.distribution(view)
        pick = self.rng.choices(range(len(opts)), weights=weights)[0]
        return to_choice(tab, view.drawn, opts[pick])

    def values(self, view: PlayerView) -> tuple[list[Option], list[float]]:
        """Each option's mean value against a random opponent Build, plus the rules' tie-break."""
        opts, means = lookahead.versus_random(view, self.rng, self.samples, lambda: self.cancelled, self.depth)
        if self.prior:
            rules = self.rule_scores(view)
            means = [m + self.prior * rules[o] for o, m in zip(opts, means, strict=True)]
        return opts, means

    def distribution(self, view: PlayerView) -> tuple[list[Option], list[float]]:
        """The softmax this call would draw from (the policy, for the exploitability measurement)."""
        opts, means = self.values(view)
        top = max(means)
        return opts, [math.exp((m - top) / self.temperature) for m in means]

    def character(self, view: PlayerView) -> Action:
        return lookahead.best_character(view, self.rng, 6) or Bot.character(self, view)
