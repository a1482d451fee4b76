"""A team in the history reads as in the log and on the title, in each language."""

from __future__ import annotations

import pytest

from tagteam.words import set_language
from tagteam.words.history import team


@pytest.mark.parametrize(("lang", "want"), [("en", "Joan + Ching Shih"), ("fr", "Jeanne + Ching Shih")])
def test_a_team_is_joined_by_a_plus_in_each_language(lang: str, want: str) -> None:
    set_language(lang)
    try:
        assert team(("joan", "ching_shih")) == want
    finally:
        set_language("en")
