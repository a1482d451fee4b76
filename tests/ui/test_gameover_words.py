"""The game-over result line names the winner once, in words: a bot's bracketed level is not followed by
a second bracket."""

from __future__ import annotations

from rich.text import Text

from tagteam.engine.actions import BuildChoice, OrderStart
from tagteam.engine.session import Session
from tagteam.modes import FIRST_GAME
from tagteam.screens.gameover import summary

PLAN = [OrderStart("ching_shih"), BuildChoice(0, 1, (1, 2)), BuildChoice(0, 3, (1, 2)), BuildChoice(0, 1, (1, 2))]


def finished() -> Session:
    """A short first game that seat 0 wins by Knock Out in round 4 (as in tests/test_recap.py)."""
    s = Session.new(6, teams=FIRST_GAME, players=("Ada", "Bo"))
    for mine in PLAN:
        theirs = OrderStart("bodvar") if isinstance(mine, OrderStart) else BuildChoice(0, len(s.state.fight[1]), (1, 2))
        s.act(1, theirs)
        s.act(0, mine)
        while s.needs_advance():
            s.advance()
    assert s.over() and s.state.winner == 0
    return s


def result_line(names: tuple[str, str]) -> str:
    first = summary(finished(), names).renderables[0]
    assert isinstance(first, Text)
    return first.plain


def test_result_line_words() -> None:
    assert result_line(("Ada", "Bo")) == "Ada (Player 1) wins."
    assert result_line(("Player 1", "Bo")) == "Player 1 wins."
    assert result_line(("Bot (Hard)", "Ada")) == "Bot (Hard), Player 1, wins."
