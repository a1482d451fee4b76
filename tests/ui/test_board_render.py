"""Every Fighter's board renders from a player view, mid-game, with its special track and tokens as text."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from tagteam.engine.driver import play_out
from tagteam.engine.randomplay import random_chooser
from tagteam.engine.session import Session
from tagteam.engine.table import library
from tagteam.render.board import board

IDS = sorted(library())
SPECIAL_WORDS = {
    "joan": "Divine Voice",
    "bodvar": "Rage",
    "ching_shih": "Fleet",
    "fey_folk": "Spirit",
}


def _mid_game(teams: tuple[tuple[str, str], tuple[str, str]], seed: int) -> Session:
    s = Session.new(seed, teams=teams)
    turns: list[object] = []
    play_out(s.state, random_chooser(random.Random(seed)), on_turn=turns.append, until=lambda _st: len(turns) >= 12)
    return s


@pytest.mark.parametrize("fighter", IDS)
def test_board_renders_every_fighter(fighter: str) -> None:
    others = [f for f in IDS if f != fighter]
    teams = ((fighter, others[0]), (others[1], others[2]))
    s = _mid_game(teams, seed=IDS.index(fighter))
    for seat in (0, 1):
        console = Console(width=100, record=True, color_system=None)
        console.print(board(s.view(seat), ("Ann", "Bob")))
        text = console.export_text()
        name = s.state.tab().fighters[0].name
        assert name in text
        assert ("Power" in text and "KO" in text) or fighter == "fey_folk"
        if fighter in SPECIAL_WORDS:
            assert SPECIAL_WORDS[fighter] in text


def test_what_lies_under_the_marker_is_read_off_the_track() -> None:
    """The next Stop and the next icon below the marker, as a board too narrow for the whole track says them."""
    from tagteam.engine.table import library
    from tagteam.render.board import below_marker

    lib = library()

    def under(fighter: str, hp: int, track: int = 0) -> list[str]:
        td = lib[fighter].tracks[track]
        return below_marker(td, td.hp.index(hp))

    assert under("bodvar", 11) == ["no Stop", "+1 Power at 6"]
    assert under("bodvar", 6) == ["no Stop"]  # an icon under the marker is behind it, not ahead
    assert under("wild_bunch", 5) == ["Stop at 4"]
    assert under("wild_bunch", 4) == ["Stop at 3"]
    assert under("milady", 13) == ["Stop at 1", "Unleash a Scheme at 12"]
    assert under("milady", 2) == ["Stop at 1"]
    assert under("mephisto", 9) == ["no Stop", "flip Serpent at 8"]
    assert under("joan", 18) == ["no Stop"]


def test_packing_keeps_a_group_whole_or_splits_it_between_pieces() -> None:
    from rich.text import Text

    from tagteam.render.compact import pack

    def lines(groups: list[list[str]], width: int) -> list[str]:
        return [t.plain for t in pack([[Text(p) for p in g] for g in groups], width)]

    head, hp = ["Joan · Power 1"], ["HP 18/18", "no Stop", "back to life at 0"]
    assert lines([head, hp], 80) == ["Joan · Power 1 · HP 18/18 · no Stop · back to life at 0"]
    # too wide to join the head whole: a line of its own, split between pieces only
    assert lines([head, hp], 30) == ["Joan · Power 1", "HP 18/18 · no Stop", "back to life at 0"]
    assert lines([head, ["Fleet 1/20"]], 30) == ["Joan · Power 1 · Fleet 1/20"]


def test_board_levels_keep_the_board_height_and_draw_the_track() -> None:
    """One chooser for every screen with boards: bars where the width allows; every level draws each Fighter
    on the same rows (head, Health track, special track, tokens), so a panel opening or a Turn passing never
    makes a board jump (issue 40: at 80x24 the legend's toggle took a track's line away)."""
    from tagteam.render.board import PALETTES
    from tagteam.render.compact import BOARD_LEVELS, board_level, team_packed, teams_rows

    s = Session.new(3, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    view, names, pal = s.view(0), ("Ann", "Bob"), PALETTES["plain"]
    console = Console(width=200, color_system=None)
    for width in (40, 60, 80):
        tall = [teams_rows(console, view, names, pal, width, level) for level in BOARD_LEVELS]
        assert tall == sorted(tall, reverse=True)  # richest first: never shorter than a leaner level
        assert tall[0] == tall[1] and tall[-1] == tall[0] - 2  # the leanest leaves out each Health track's row
        after = Session.new(3, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
        while not after.over() and after.state.round < 3:  # a Turn passing, tokens placed: no row more or less
            after.advance() if after.needs_advance() else after.act(
                after.seats_owing()[0], after.view(after.seats_owing()[0]).legal[0]
            )
        later = [teams_rows(console, after.view(0), names, pal, width, level) for level in BOARD_LEVELS]
        assert later == tall, (width, later, tall)
    assert board_level(console, view, names, pal, 60, 100) == BOARD_LEVELS[0]
    assert board_level(console, view, names, pal, 60, tall[0] - 1) == BOARD_LEVELS[-1]
    assert board_level(console, view, names, pal, 60, 0) == BOARD_LEVELS[-1]  # nothing fits: the leanest

    def text(notes: bool, width: int = 60) -> str:
        out = Console(width=width, record=True, color_system=None)
        out.print(team_packed(view, 1, names, pal, width, tracks=True, notes=notes))
        return out.export_text()

    assert "[11] 10 9 8 7 6+P 5 4 3 2 1 KO" in text(False) and text(False) == text(True)
    narrow = text(False, 40)
    assert "[11]" in narrow and "KO" in narrow and "6+P" in narrow  # the marker, the end and the icon kept
    assert "Rage: 0/7" in narrow  # Rage in its own row, labelled
    row = next(line for line in narrow.split("\n") if "Rage" in line)
    assert "Stop" not in row and "+1 Power" not in row  # no Health-track fact on the Rage row
