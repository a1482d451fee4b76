"""The game-over result line names the winner once, in words: a bot's bracketed level is not followed by
a second bracket."""

from __future__ import annotations

import io

from rich.console import Console

from tagteam.engine.actions import Action, BuildChoice, OrderStart
from tagteam.engine.session import Session
from tagteam.play.modes import FIRST_GAME
from tagteam.play.summary import FighterLine, hp_by_round, summarize
from tagteam.screens.gameover import hp_bars, summary_table
from tagteam.words.summary import hp_points

PLAN: list[Action] = [
    OrderStart("ching_shih"),
    BuildChoice(0, 1, (1, 2)),
    BuildChoice(0, 3, (1, 2)),
    BuildChoice(0, 1, (1, 2)),
]


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


def _random_game(seed: int) -> Session:
    import random

    from tagteam.engine.randomplay import finish_session

    teams = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))
    return finish_session(Session.new(seed, teams=teams), random.Random(seed))


def test_bodvar_who_never_transformed_is_out_of_his_own_11_not_the_bears_15() -> None:
    """A newcomer read "11 → 9 → 7 → 1 → 0 of 15" beside a board saying HP 11/11: 15 is the Bear's track."""
    from tagteam.engine import events as ev

    s = _random_game(8)
    assert not any(isinstance(e, ev.Transformed) for e in s.log)
    bodvar = next(f for f in summarize(s).fighters if f.name == "Bödvar")
    assert bodvar.full == 11 and hp_points(bodvar).endswith(" of 11") and "15" not in hp_points(bodvar)
    assert hp_bars(bodvar)[0] == "█"  # 11 of 11 at the start is a full bar


def test_bodvar_who_transformed_says_so_with_each_tracks_own_top() -> None:
    """Bödvar's points before the flip are out of 11, the Bear's out of 15, entered at the HP the engine set."""
    from tagteam.engine import events as ev

    s = _random_game(0)
    flip = next(e for e in s.log if isinstance(e, ev.Transformed))
    bodvar = next(f for f in summarize(s).fighters if f.name == "Bödvar")
    human, bear = bodvar.stints
    assert (human.track, human.top, bear.track, bear.top, bear.entered) == ("Bödvar", 11, "Berserker Bear", 15, flip.hp)
    assert human.points + bear.points == 1 + len(bodvar.rounds)
    words = hp_points(bodvar)
    assert words.startswith("11 → ") and f" of 11, then the Berserker Bear, in at {flip.hp}: " in words
    assert words.endswith(" of 15")
    assert bodvar.tops() == (11,) * human.points + (15,) * bear.points
    assert hp_bars(bodvar)[0] == "█"
    assert bodvar.switches() == [(human.points, "Berserker Bear")]  # point k is the end of round k
    console = Console(width=120, color_system=None, record=True, file=io.StringIO())
    console.print(summary_table(summarize(s)))
    assert f"Bödvar from round {human.points}: the Berserker Bear's HP" in console.export_text()


def test_the_fey_folk_read_each_point_on_the_character_then_in_play() -> None:
    import random

    from tagteam.engine.randomplay import finish_session

    s = finish_session(Session.new(5, teams=(("fey_folk", "joan"), ("bodvar", "mordred"))), random.Random(5))
    fey = summarize(s).fighters[0]
    assert len(fey.stints) > 1 and len(fey.tops()) == 1 + len(fey.rounds)
    assert all(hp <= top for hp, top in zip((fey.start, *fey.rounds), fey.tops(), strict=True))
    assert hp_points(fey).startswith(f"{fey.stints[0].track}: ")
