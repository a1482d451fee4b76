"""The team table: a consistent model, records with honest intervals, and a draft that follows it."""

from __future__ import annotations

import pytest

from tagteam.ai import make_bot, teams
from tagteam.engine.actions import DraftPick, PickTeam
from tagteam.engine.game import new_game
from tagteam.engine.table import library
from tagteam.engine.view import view_for

IDS = sorted(library())


def test_model_is_antisymmetric() -> None:
    a, b = (IDS[0], IDS[1]), (IDS[2], IDS[3])
    assert teams.strength(a, b) == pytest.approx(-teams.strength(b, a))
    assert teams.win_chance(a, b) + teams.win_chance(b, a) == pytest.approx(1.0)


def test_records_have_intervals() -> None:
    rows = teams.how_teams_fare()
    assert len(rows) == len(IDS) * (len(IDS) - 1) // 2
    for r in rows:
        assert 0.0 <= r.low <= r.score <= r.high <= 1.0 and 0.0 < r.model < 1.0
    mine = teams.how_teams_fare(IDS[0])
    assert len(mine) == len(IDS) - 1 and all(IDS[0] in r.team for r in mine)


def test_draft_follows_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make one pair overwhelming in the table: a free pick takes it, and a drafter with one of them takes
    the other whatever its single rating."""
    a, b = IDS[3], IDS[7]
    monkeypatch.setattr(teams, "SYNERGY", {teams.key(a, b): 9.0})
    monkeypatch.setattr(teams, "RATING", {f: 0.0 for f in IDS} | {IDS[0]: 1.0})
    st = new_game(1, draft="free")
    v = view_for(st, 0)
    pick = make_bot("easy", 1).decide(v)
    assert isinstance(pick, PickTeam) and set(pick.fighters) == {a, b}
    st = new_game(2, draft="standard")
    bot = make_bot("easy", 2)
    v = view_for(st, 0)
    v = v.__class__(
        **{
            **{f: getattr(v, f) for f in v.__slots__},
            "draft_hand": (IDS[0], b, IDS[9]),
            "legal": (DraftPick(IDS[0]), DraftPick(b), DraftPick(IDS[9])),
            "draft_picks": ((a,), (IDS[10],)),
        }
    )
    assert bot.decide(v) == DraftPick(b)


def test_gallery_shows_how_teams_fare() -> None:
    from rich.console import Console

    from tagteam.screens.gallery import _teams_table

    console = Console(width=100, record=True)
    console.print(_teams_table("joan"))
    text = console.export_text()
    assert "How teams fare" in text and text.count("%") >= 3 * (len(IDS) - 1)
    assert library()["golem"].name in text and library()["joan"].name not in text.split("Partner")[1]
