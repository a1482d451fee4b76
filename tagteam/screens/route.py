"""One map from a flow step to a screen, used by the local app and the network client alike.

A terminal that shows a game (``Stage``) says where its pieces come from: the Fight feed, a seat's own
view, the summary of a finished game, the practice helpers. What screen each step gets, and with what,
is decided here only, so a step the local app can show, the network client shows the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from textual.screen import Screen

if TYPE_CHECKING:
    from tagteam.engine.state import DecisionKind
    from tagteam.engine.view import PlayerView
    from tagteam.play.feeds import FightSource
    from tagteam.play.flow import Step
    from tagteam.play.summary import GameSummary
    from tagteam.render.board import Palette
    from tagteam.screens.advisers import Coach, WhatIfAdviser


class Stage(Protocol):
    """What a terminal that shows a game offers the screens."""

    reduced_motion: bool
    table_memory: bool
    title_on_escape: bool  # Esc on the Draft and Setup screens leaves for the title (not a network seat)

    @property
    def palette(self) -> Palette: ...

    def fight_source(self) -> FightSource: ...

    def seat_view(self, seat: int) -> PlayerView: ...

    def seat_names(self) -> tuple[str, str]: ...

    def game_summary(self) -> GameSummary | None: ...

    def viewer(self) -> int | None:
        """The seat this terminal's one player plays (a network seat, solo practice), marked "(you)" on the
        public Fight screen; None when both players share the screen (hot-seat) or nobody plays (a replay)."""
        ...

    def advisers(self) -> tuple[Coach | None, WhatIfAdviser | None]:
        """The coach and the what-if for this seat's Build (solo practice only), or (None, None)."""
        ...

    def kept_build(self, seat: int) -> tuple[int, int, tuple[int, int]] | None:
        """The Build choice this seat was making before a reload or a rejoin (card, position, bottom), or None."""
        ...


def screen_for(step: Step, stage: Stage) -> Screen[Any] | None:
    """The screen for ``step``; None for the title (the caller shows its own) or a summary not yet known."""
    from tagteam.play.flow import BotThinking, ShowDecision, ShowFight, ShowGameOver, ShowHandoff, ShowWaiting
    from tagteam.screens.handoff import HandoffScreen
    from tagteam.words.flow import locked, waiting, what

    match step:
        case ShowFight():
            from tagteam.screens.fight import FightScreen

            return FightScreen(stage.fight_source(), stage.palette, stage.reduced_motion, stage.viewer())
        case ShowHandoff(seat=seat, name=name, kind=kind, round=rnd, locked=note):
            return HandoffScreen(seat, name, what(kind, rnd), locked(note))
        case BotThinking(seat=seat, name=name):
            return HandoffScreen(seat, name, "", "", thinking=True)
        case ShowWaiting(seat=seat, name=name, why=why):
            return HandoffScreen(seat, name, "", waiting(why), thinking=True)
        case ShowDecision(seat=seat, kind=kind):
            return decision_screen(seat, kind, stage)
        case ShowGameOver():
            summary = stage.game_summary()
            if summary is None:
                return None
            from tagteam.screens.gameover import GameOverScreen

            return GameOverScreen(summary)
    return None


def decision_screen(seat: int, kind: DecisionKind, stage: Stage) -> Screen[Any]:
    """The secret screen for ``seat``, given its own view and nothing else."""
    from tagteam.screens.base import SeatContext

    ctx = SeatContext(seat, stage.seat_view(seat), stage.seat_names(), stage.palette, stage.title_on_escape)
    if kind in ("pick_team", "draft_pick"):
        from tagteam.screens.draft import DraftScreen

        return DraftScreen(ctx)
    if kind in ("order_start", "character"):
        from tagteam.screens.setup import SetupScreen

        return SetupScreen(ctx)
    from tagteam.screens.build import BuildScreen

    coach, what_if = stage.advisers()
    return BuildScreen(ctx, stage.table_memory, coach, what_if, stage.kept_build(seat), keeps=True)
