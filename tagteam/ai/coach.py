"""The Build coach's and the what-if's one computation, as data: every distinct option's study, kept for
the next question on the same view and seed, and calibrated for the opponent faced.

``coach_play.Trials.study`` plays every option out on copies of the position (each place the opponent may
insert, with the card best for them there against a few options, over sampled hidden cards) and weighs
the places by how likely the opponent is to insert there. ``tagteam.words.coach`` turns the studies into the
coach's lines and the what-if's cases (their stories come from the events of the Turn that reveals the
player's card, ``coach_story``, never from a second reading of the rules); both ask for the same study
with the same seed, so one option shows the same numbers in both.
"""

from __future__ import annotations

from tagteam.ai.calibration import known
from tagteam.ai.coach_play import OptionStudy, Trials
from tagteam.ai.options import Option, all_options
from tagteam.engine.actions import BuildChoice
from tagteam.engine.view import PlayerView

__all__ = ["distinct", "forget", "option_of", "same", "studies", "their_deck"]


def option_of(view: PlayerView, choice: BuildChoice) -> Option | None:
    """The option a BuildChoice stands for (its card and its slot), None for a card not drawn."""
    if not 0 <= choice.card < len(view.drawn):
        return None
    return choice.card, min(max(0, choice.position), len(view.my_fight_deck))


def same(view: PlayerView, opt: Option) -> tuple[str, bool, int]:
    """What makes two options the same choice: two drawn copies of a card, same side up, same place."""
    tab = view.table
    assert tab is not None
    inst = view.drawn[opt[0]]
    return tab.cards[inst].cdef.id, inst in view.flipped, opt[1]


def distinct(view: PlayerView) -> dict[tuple[str, bool, int], Option]:
    """Every distinct Build option, by what makes it the same choice."""
    seen: dict[tuple[str, bool, int], Option] = {}
    for opt in all_options(len(view.my_fight_deck)):
        if opt[0] < len(view.drawn):
            seen.setdefault(same(view, opt), opt)
    return seen


_last: list[tuple[int, PlayerView, str, dict[Option, OptionStudy]]] = []  # the last question's studies


def forget() -> None:
    """Drop the kept study (for a cold timing, or to free the memory)."""
    _last.clear()


def studies(view: PlayerView, seed: int, announced: str = "", against: str = "") -> dict[Option, OptionStudy]:
    """Every distinct option's study for this view and seed; the last answer is kept, so the what-if
    asked after the coach (same view, same seed) reads the same study without playing it again.
    ``announced``: where the opponent has said it inserts (``Trials``); ``against``: the opponent the
    numbers are calibrated for (``tagteam.ai.calibration``; "" leaves the raw study)."""
    kept = [res for s, v, a, res in _last if s == seed and v == view and a == announced]
    if kept:
        res = kept[0]
    else:
        res = {st.option: st for st in Trials(view, seed, announced=announced).study(list(distinct(view).values()))}
        _last[:] = [(seed, view, announced, res)]
    return {o: st.facing(against, view.round) for o, st in res.items()} if known(against) else res


def their_deck(view: PlayerView) -> list[int]:
    """The opponent's deck as last revealed (their Build adds one card to it), minus removed cards."""
    return [c for c in view.last_played[1 - view.seat] if c not in view.removed]
