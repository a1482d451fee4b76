"""Beginner: the level a newcomer's first wins come from. Easy's rules of thumb (``tagteam.ai.easy``) without
Easy's playthroughs of the coming Fight, and not always their best option.

It plays plausibly (a card its rules rate well, in a place they rate well: never one of the options they rate
worst) but weakly: it neither replays the Fight nor weighs what the opponent's new card may be, and it takes
any of the better options rather than the best. Measured in the arena against Easy (``tagteam.play.stats.ARENA``).
"""

from __future__ import annotations

from tagteam.ai.easy import EasyBot
from tagteam.ai.options import to_choice
from tagteam.engine.actions import Action
from tagteam.engine.view import PlayerView


class BeginnerBot(EasyBot):
    """Easy's rules alone; each Build takes an option drawn evenly from the better ``keep`` share of the rules'
    ranking (the worst quarter is never played)."""

    level = "beginner"
    replay = False  # no playthrough of the coming Fight: the rules decide
    guesses = 0
    keep = 0.75  # the share of the ranking, best first, a Build draws from

    def build(self, view: PlayerView) -> Action:
        tab = view.table
        assert tab is not None
        rules = self.rule_scores(view)
        ranked = sorted(rules, key=lambda o: -(rules[o] + self.rng.random() * 1e-3))
        pick = self.rng.choice(ranked[: max(1, round(len(ranked) * self.keep))])
        return to_choice(tab, view.drawn, pick)


__all__ = ["BeginnerBot"]
