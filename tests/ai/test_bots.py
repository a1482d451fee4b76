"""Every level plays whole games with all twelve Fighters, through every kind of decision, legally."""

from __future__ import annotations

import threading

import pytest

from tagteam.ai import LEVELS, NAMES, Bot, make_bot
from tagteam.ai.match import play
from tagteam.engine.game import is_legal
from tagteam.engine.table import library
from tagteam.engine.view import view_for

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

ALL = sorted(library())
TEAMS = [((ALL[4 * i], ALL[4 * i + 1]), (ALL[4 * i + 2], ALL[4 * i + 3])) for i in range(3)]


def test_the_interface() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert "random" in NAMES
    for level in NAMES:
        assert isinstance(make_bot(level, 1), Bot)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster", 1)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("br:hard", 1)  # measurement opponents are for the arena only, never the app


def test_the_three_games_seat_every_fighter() -> None:
    assert {f for teams in TEAMS for t in teams for f in t} == set(ALL) and len(ALL) == 12


@pytest.mark.parametrize("game", range(len(TEAMS)))
@pytest.mark.parametrize("level", NAMES)
def test_complete_games_over_every_fighter(level: str, game: int) -> None:
    """One game per test (pytest-xdist spreads a level's three games over its workers): together, the three
    seat every Fighter (``test_the_three_games_seat_every_fighter``)."""
    i, teams = game, TEAMS[game]
    res = play((make_bot(level, i), make_bot("random" if level != "random" else "easy", i)), 100 + i, teams)
    assert res.reason in ("ko", "double_ko", "incinerated", "drag_to_hell", "depleted", "all_legends")


@pytest.mark.parametrize("draft", ["free", "standard", "competitive"])
def test_drafts(draft: str) -> None:
    res = play((make_bot("normal", 1), make_bot("easy", 2)), 7, None, draft=draft)
    assert res.winner in (-1, 0, 1)
    kinds = {k for k, _ in res.times[0]}
    assert ("pick_team" if draft == "free" else "draft_pick") in kinds


def test_decisions_are_legal(build_state) -> None:  # type: ignore[no-untyped-def]
    for level in NAMES:
        for s in (0, 1):
            v = view_for(build_state, s)
            assert is_legal(build_state, s, make_bot(level, 3).decide(v))


def test_cancel_answers_soon_and_legally(build_state) -> None:  # type: ignore[no-untyped-def]
    bot = make_bot("hard", 5)
    v = view_for(build_state, 0)
    out = []
    th = threading.Thread(target=lambda: out.append(bot.decide(v)))
    bot_cancel = threading.Timer(0.01, bot.cancel)
    th.start()
    bot_cancel.start()
    th.join(timeout=5)
    assert out and is_legal(build_state, 0, out[0])
