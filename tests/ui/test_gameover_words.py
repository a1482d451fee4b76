"""The game-over result line names the winner once, in words: a bot's bracketed level is not followed by
a second bracket."""

from __future__ import annotations

from tagteam.engine.actions import BuildChoice, OrderStart
from tagteam.engine.session import Session
from tagteam.modes import FIRST_GAME
from tagteam.screens.gameover import hp_bars
from tagteam.summary import FighterLine, hp_by_round, summarize

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
    s = finished()
    s.record.players = names
    return summarize(s).result


def test_result_line_words() -> None:
    assert result_line(("Ada", "Bo")) == "Ada (Player 1) wins."
    assert result_line(("Player 1", "Bo")) == "Player 1 wins."
    assert result_line(("Bot (Hard)", "Ada")) == "Bot (Hard), Player 1, wins."


def test_hp_bars_are_scaled_to_the_fighters_full_hp() -> None:
    """A Fighter who kept full HP all game draws full bars (a chart scaled to its own range drew them
    empty); one knocked out ends on an empty bar."""
    assert hp_bars(FighterLine(0, "Joan", 11, (11, 11, 11), 11)) == "████"
    assert hp_bars(FighterLine(0, "Joan", 11, (11, 5, 0), 11)) == "██▄ "


def test_the_summary_rows_match_the_final_hp_and_start_after_setup() -> None:
    s = finished()
    tab = s.state.table
    assert tab is not None
    start, rows = hp_by_round(s.log, tab)
    assert rows and len(rows[0]) == 4
    summary = summarize(s)
    assert [f.start for f in summary.fighters] == start
    assert [f.rounds[-1] for f in summary.fighters] == rows[-1]
    assert rows[-1] == [s.state.hp(f) for f in range(4)]  # the events' HP is the engine's HP


def test_the_fey_folk_start_at_the_character_that_stepped_in() -> None:
    """The chart starts the Fey Folk at the first Character's HP, chosen in setup, not at their first
    track's top."""
    import random

    from tagteam.engine import events as ev
    from tagteam.engine.driver import play_out
    from tagteam.engine.randomplay import random_chooser

    s = Session.new(3, teams=(("fey_folk", "joan"), ("bodvar", "mordred")))
    play_out(s, random_chooser(random.Random(3)), until=lambda st: st.round >= 1)
    tab = s.state.table
    assert tab is not None
    chosen = next(e for e in s.log if isinstance(e, ev.CharacterChosen))
    track = next(t for t in tab.fighters[chosen.fighter].tracks if t.name == chosen.character)
    start, _ = hp_by_round(s.log, tab)
    assert start[chosen.fighter] == track.hp[track.start]
