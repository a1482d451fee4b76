"""Build options as (card, position) pairs, and the bottom order of the two cards left over."""

from __future__ import annotations

from tagteam.ai.traits import traits
from tagteam.engine.actions import BuildChoice
from tagteam.engine.table import GameTable

Option = tuple[int, int]  # (index of the kept drawn card, insert position in the Fight deck)


def all_options(deck_size: int) -> list[Option]:
    return [(k, p) for k in range(3) for p in range(deck_size + 1)]


def card_worth(tab: GameTable, inst: int) -> float:
    """A rough static worth, only to order the two cards going back under the Build deck."""
    t = traits(tab.cards[inst].cdef)
    return 2.0 * t.attacks + 1.5 * t.blocks + 1.5 * t.cancels + 0.5 * (t.heal + t.damage) + t.power


def to_choice(tab: GameTable, drawn: tuple[int, ...] | list[int], opt: Option) -> BuildChoice:
    """The worthier leftover goes first, so it comes back sooner."""
    k, p = opt
    rest = sorted((i for i in range(3) if i != k), key=lambda i: -card_worth(tab, drawn[i]))
    return BuildChoice(k, p, (rest[0], rest[1]))
