"""The card gallery tells how the Berserker Bear enters play as the engine plays it: at Bödvar's Power when
he transforms (at most the engine's cap), not on a start space at 15 and not on "a fresh Health track"."""

from __future__ import annotations

from rich.console import Console

from tagteam.engine.fighters.bodvar import BEAR_MAX_START
from tagteam.engine.table import library
from tagteam.screens.gallery import fighter_page


def _page(fid: str) -> str:
    console = Console(width=200, color_system=None)
    return "\n".join(strip.text for strip in fighter_page(fid, 200, console))


def test_the_bear_has_no_start_marker_and_says_where_he_enters() -> None:
    page = _page("bodvar")
    assert "Bödvar: ▶[11]" in page  # the human side does start at the top
    assert "▶[15]" not in page
    assert f"Berserker Bear (starts at Bödvar's Power when he transforms, at most {BEAR_MAX_START}): [15] [14]" in page
    assert "fresh Health track" not in page


def test_the_profile_says_what_the_engine_does_at_the_flip() -> None:
    profile = library()["bodvar"].model.profile
    assert "fresh Health track" not in profile
    assert f"starts at Bödvar's Power when he transforms (at most {BEAR_MAX_START})" in profile


def test_other_boards_keep_their_start_markers() -> None:
    assert "Joan: ▶[18]" in _page("joan")
    assert "Fairy: ▶[3" in _page("fey_folk")


def test_the_teams_table_says_what_its_numbers_are() -> None:
    """'Score', 'Model' and '95% interval' were bare column heads a newcomer could not read."""
    from rich.console import Console

    from tagteam.screens.gallery import _teams_table

    console = Console(width=100, record=True)
    console.print(_teams_table("joan"))
    text = " ".join(console.export_text().split())
    assert "Score: the share of games this team won" in text and "Model: the chance" in text
    assert "95% interval" in text
