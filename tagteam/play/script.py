"""The guided first game's script, data and no words: the fixed deal, the Builds the lessons suggest, and
the scripted tutor's moves. ``tagteam.play.tutorial`` teaches from it, and the recap reads it to say when a
regretted Build was a lesson's suggestion (``tagteam.play.recap``), so neither needs the other for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine.actions import Action, BuildChoice, OrderStart

if TYPE_CHECKING:
    from tagteam.engine.view import PlayerView

SEED = 6  # with the script below: a token in round 1, a Block in round 2, their top insert costs in round 3
FIRST = "ching_shih"  # the Starting Card the player is asked to put on top
TOP_FROM = 2  # from this Build on the tutor inserts its new card on top (before it: at the bottom)
# the player's suggested Build per round (keep the first drawn card, at this slot): the line that teaches
PLAN: dict[int, BuildChoice] = {
    1: BuildChoice(0, 1, (1, 2)),
    2: BuildChoice(0, 3, (1, 2)),
}
DECIDE = 3  # the Build the player decides alone, with the what-if and the coach: the tutorial's last lesson


class Tutor:
    """The scripted opponent: Bödvar's Starting Card on top, then always its first drawn card, at the
    bottom of its Fight deck in the first Build (its cards keep their slots: the line-up lesson reads
    cleanly) and on top from ``TOP_FROM`` on, as a real opponent may: every card of theirs moves down one,
    and the lessons show what that does to the player's line-up."""

    def decide(self, view: PlayerView) -> Action:
        if view.pending == "order_start":
            return OrderStart("bodvar")
        if view.pending == "build":
            return BuildChoice(0, tutor_slot(view.round, len(view.my_fight_deck)), (1, 2))
        return view.legal[0]

    def cancel(self) -> None:
        """Nothing to hurry: the tutor answers at once."""


def tutor_slot(rnd: int, size: int) -> int:
    """Where the tutor inserts its card in the Build of round ``rnd`` (its Fight deck holds ``size``)."""
    return 0 if rnd >= TOP_FROM else size


def tutor_place(rnd: int) -> str:
    """Where the tutor has said it inserts in round ``rnd`` ("" when it has not): only round 1's lesson says
    it ("at the bottom"), so there the coach and the what-if play out that place alone
    (``tagteam.ai.coach_play.Trials``); from round 2 the player weighs every place, as in a real game."""
    return "bottom" if rnd < TOP_FROM else ""
