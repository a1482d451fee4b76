"""The Build coach: what Hard would do here, and how the main options fare against the opponent's best mix."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tagteam.ai.hard import Budget, analyze
from tagteam.ai.options import to_choice
from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView

COACH_BUDGET = Budget(samples=16, mine=10, theirs=8, iters=300)


@dataclass(frozen=True, slots=True)
class CoachLine:
    """One Build option: ``value`` is its expected score in [-1, 1] (win +1, draw 0, loss -1; unfinished
    games scored by the position), ``win`` the same on a 0..1 scale, ``weight`` how often Hard plays it."""

    action: BuildChoice
    card: str
    position: int
    value: float
    win: float
    weight: float
    text: str


def _where(view: PlayerView, p: int) -> str:
    tab = view.table
    assert tab is not None
    deck = view.my_fight_deck
    if p == 0:
        return "on top"
    if p == len(deck):
        return "at the bottom"
    return f"after card {p} ({tab.cards[deck[p - 1]].cdef.name})"


def coach(view: PlayerView, seed: int, top: int = 5) -> list[CoachLine]:
    """At a Build step: Hard's favourite first, then the other main options by expected score."""
    if view.pending != "build" or view.table is None:
        return []
    tab = view.table
    an = analyze(view, random.Random(seed), COACH_BUDGET, lambda: False)
    order = sorted(range(len(an.options)), key=lambda i: (-an.strategy[i], -an.values[i]))
    first, rest = order[0], sorted(order[1:], key=lambda i: -an.values[i])
    lines = []
    for i in [first, *rest][:top]:
        k, p = an.options[i]
        name = tab.cards[view.drawn[k]].cdef.name
        v, w = an.values[i], an.strategy[i]
        text = f"Keep {name}, insert it {_where(view, p)}: expected score {v:+.2f} (about {50 * (v + 1):.0f}% to win)"
        if w >= 0.01:
            text += f"; Hard plays this {100 * w:.0f}% of the time"
        lines.append(CoachLine(to_choice(tab, view.drawn, (k, p)), name, p, v, (v + 1) / 2, w, text))
    return lines
