"""The Build screen's "Actions:" line names each Action in the player's language (it showed "Heal" in French)."""

from __future__ import annotations

import pytest

from tagteam.render.lineup import MAYBE, action_words
from tagteam.words import set_language


def test_action_words_follow_the_language_and_keep_maybe() -> None:
    set_language("en")
    english = action_words(["Heal", "Attack" + MAYBE])
    assert english == ["Heal", "Attack" + MAYBE]
    set_language("fr")
    french = action_words(["Heal", "Attack" + MAYBE])
    assert french[0] != "Heal" and french[1].endswith(MAYBE) and not french[1].startswith("Attack")


def test_build_screen_words_its_actions() -> None:
    """The focus panel passes the engine's kinds through ``action_words`` (a raw join showed English)."""
    import inspect

    from tagteam.screens import build

    source = inspect.getsource(build)
    assert "action_words(coming_kinds(" in source and "= coming_kinds(" not in source


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_legend_fits_the_line_up_border_at_80_columns(lang: str) -> None:
    """The line-up's border holds the legend at 80 columns (about 72 cells): the French one was cut ("peut-êt…")."""
    from tagteam.render.lineup import legend
    from tagteam.words import cells

    set_language(lang)
    text = legend(72)
    assert cells(text) <= 72 and "…" not in text
