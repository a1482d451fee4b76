"""A Fighter's box ratings ("Health 4, Offense 3, ...") are shown apart from the blurb and labelled as
ratings, so a 4 beside an 18-HP Health track is not read as HP."""

from __future__ import annotations

from rich.console import Console

from tagteam.content.loader import load_all
from tagteam.render.cards import RATINGS_LABEL, fighter_board_panel, split_ratings

FIGHTERS = load_all()


def test_every_profile_splits_into_a_blurb_and_five_ratings() -> None:
    for fid, f in FIGHTERS.items():
        blurb, ratings = split_ratings(f.profile)
        assert [k for k, _v in ratings] == ["Health", "Offense", "Defense", "Heal", "Special"], fid
        assert all(0 <= v <= 5 for _k, v in ratings) and "Offense" not in blurb, fid


def test_the_board_labels_the_ratings() -> None:
    console = Console(width=200, record=True, color_system=None)
    console.print(fighter_board_panel(FIGHTERS["joan"]))
    out = console.export_text()
    assert RATINGS_LABEL + "Health 4 · Offense 3 · Defense 3 · Heal 4 · Special 1" in out
    assert "Health 4, Offense 3" not in out


def test_a_profile_without_ratings_is_left_whole() -> None:
    assert split_ratings("A plain blurb.") == ("A plain blurb.", [])
