"""A list's separator and the space between two sentences are the catalog's, not the code's: Chinese lists
with "、" and writes sentences with no space between them ("…获胜。贞德被击倒。"), where the code had joined
with ", " and " " (summary, recap, story, tutorial, log, statistics, the command line's choices)."""

from __future__ import annotations

from collections import Counter

from tagteam.words.lang import set_language
from tagteam.words.lists import comma_list, two_sentences
from tagteam.words.summary import played_words


def test_under_the_pseudo_locale_the_separators_come_from_the_catalog() -> None:
    set_language("xx")  # tests/conftest.py puts English back after the test
    assert comma_list(["A", "B", "C"]) != "A, B, C"
    assert "~" in comma_list(["A", "B"])  # the pseudo-locale pads every catalogued message
    assert "~" in two_sentences("One.", "Two.")
    assert "~" in played_words("Ann", Counter({"Holy Shield": 3, "Berserk!": 2}))


def test_in_english_they_read_as_before() -> None:
    set_language("en")
    assert comma_list(["A", "B", "C"]) == "A, B, C"
    assert comma_list([]) == ""
    assert two_sentences("One.", "Two.") == "One. Two."
    assert two_sentences("One.", "") == "One."
    assert played_words("Ann", Counter({"Holy Shield": 3, "Berserk!": 2})) == (
        "Ann played 5 cards; most often: Holy Shield ×3, Berserk! ×2"
    )
