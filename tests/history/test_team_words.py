"""A team in the history reads as in the log and on the title, in each language."""

from __future__ import annotations

import pytest

from tagteam.play import stats as ps
from tagteam.store import history as hs
from tagteam.words import set_language
from tagteam.words.history import filter_label, section_rows, team
from tests.history.test_stats import game


@pytest.mark.parametrize(("lang", "want"), [("en", "Joan + Ching Shih"), ("fr", "Jeanne + Ching Shih")])
def test_a_team_is_joined_by_a_plus_in_each_language(lang: str, want: str) -> None:
    set_language(lang)
    try:
        assert team(("joan", "ching_shih")) == want
    finally:
        set_language("en")


def test_a_team_is_named_as_you_last_played_it_in_the_statistics_and_the_filter() -> None:
    """The statistics listed "Ching Shih + Joan" (the key's sorted order) beside history rows reading "Joan +
    Ching Shih": now a team reads as in your newest game with it, in both places."""
    first = game("win", 1, fighters=("joan", "ching_shih", "bodvar", "golem"))
    later = game("loss", 2, fighters=("ching_shih", "joan", "bodvar", "golem"))
    assert section_rows(ps.compute([first]), "team")[0][0] == "Joan + Ching Shih"
    assert section_rows(ps.compute([first, later]), "team")[0][0] == "Ching Shih + Joan"
    key = hs.team_key(("joan", "ching_shih"))
    assert filter_label("team", key, 3, {key: ("joan", "ching_shih")}) == "Team (3): Joan + Ching Shih"
    assert filter_label("team", key, 3) == "Team (3): Ching Shih + Joan"  # no order known: the key's
    assert hs.team_orders([("joan", "ching_shih"), ("mordred", "golem"), ("ching_shih", "joan")]) == {
        key: ("ching_shih", "joan"),
        hs.team_key(("golem", "mordred")): ("mordred", "golem"),
    }
