"""A Fighter's board names it in the player's language, with its printed (English) name beside a translated
one, and never in a third language: a Portuguese seat read "Wong Fei-Hung / 黄飞鸿" (the Portuguese name is the
English one, so the title took the first other language that differed: Chinese)."""

from __future__ import annotations

from tagteam.content.loader import load_all
from tagteam.render.cards import fighter_board_panel
from tagteam.words.lang import set_language


def _title(fid: str) -> str:
    return str(fighter_board_panel(load_all()[fid]).title)


def test_a_name_the_language_keeps_is_the_whole_title() -> None:
    set_language("pt")  # tests/conftest.py puts English back after the test
    assert _title("wong_fei_hung") == "Wong Fei-Hung"


def test_a_translated_name_has_the_printed_one_beside_it() -> None:
    set_language("pt")
    assert _title("joan") == "Joana / Joan"
    set_language("zh")
    assert _title("wong_fei_hung") == "黄飞鸿 / Wong Fei-Hung"
