"""The browser page's ``lang`` attribute follows the game's language (issue 24: a screen reader reads French
words as French)."""

from __future__ import annotations

import re

import pytest

from tagteam.content.choices import LANGUAGES, SOURCE
from tagteam.web.server import page_html
from tagteam.words.lang import _, set_language


def lang_of(page: str) -> str:
    found = re.search(r'<html lang="([^"]*)">', page)
    assert found is not None, "the page has no <html lang=...>"
    return found[1]


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != SOURCE])
@pytest.mark.parametrize("kind", ["play", "join"])
def test_the_page_says_its_language(kind: str, lang: str) -> None:
    assert lang_of(page_html(kind, 16)) == "en"
    set_language(lang)
    assert lang_of(page_html(kind, 16)) == lang.replace("_", "-")  # HTML's tag: "pt", "zh-Hans"


def test_the_page_writes_a_region_or_script_as_html_does(monkeypatch: pytest.MonkeyPatch) -> None:
    from tagteam.words import lang

    monkeypatch.setattr(lang, "_current", "zh_Hans")
    assert lang_of(page_html("play", 16)) == "zh-Hans"


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != SOURCE])
def test_the_page_says_its_end_in_each_language(lang: str) -> None:
    english = (_("This page's game has ended."), _("Start again"))
    set_language(lang)
    ended, again = _("This page's game has ended."), _("Start again")
    assert (ended, again) != english  # the language's catalog has the page's words
    page = page_html("play", 16)
    assert ended in page
    assert f">{again}</a>" in page


def test_the_page_says_its_end_in_its_language() -> None:
    assert "This page's game has ended." in page_html("play", 16)
    set_language("fr")
    assert _("Start again") == "Recommencer"  # the French catalog has the page's words
    page = page_html("play", 16)
    assert "La partie de cette page est terminée." in page and ">Recommencer</a>" in page
