"""The keys' names in French ("Échap", "Début", "Fin", "Pg préc.", "Pg suiv.", "Entrée") in the footers and the
command palette's Keys panel (Textual asks ``get_key_display``), in the rules page's key list and in the prose;
the browser's join page in the player's language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from textual.binding import Binding

from tagteam.base_app import GameApp
from tagteam.words import set_language
from tests.words.test_french_terms import french_texts

ENGLISH_KEYS = re.compile(r"\b(?:PgUp|PgDn|PageUp|PageDown|Home|End|Esc|esc|Enter)\b")


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("key", "shown"),
    [
        ("escape", "Échap"),
        ("home", "Début"),
        ("end", "Fin"),
        ("pageup", "Pg préc."),
        ("pagedown", "Pg suiv."),
        ("enter", "Entrée"),
        ("ctrl+pageup", "^Pg préc."),
        ("tab", "Tab"),
        ("q", "q"),
    ],
)
def test_the_footers_and_the_keys_panel_name_the_keys_in_french(key: str, shown: str) -> None:
    app = GameApp()
    assert app.get_key_display(Binding(key, "noop", "x")) == shown
    set_language("en")
    assert "É" not in app.get_key_display(Binding(key, "noop", "x"))


def test_no_english_key_name_in_the_french_texts() -> None:
    bad = [f"{where}: {text[:90]}" for where, text in french_texts() if ENGLISH_KEYS.search(text)]
    assert bad == [], "\n".join(bad[:20])


def test_the_join_page_speaks_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from tagteam.web import page
    from tagteam.words.lang import FLAG_VAR, _, language

    set_language("en")
    monkeypatch.setenv(FLAG_VAR, "fr")
    told: list[str] = []

    class Stub:
        def __init__(self, *args: object) -> None:
            told.append(_("Join a hosted game"))

        def run(self) -> int:
            return 0

        def leave(self) -> None:
            pass

    monkeypatch.setattr("tagteam.web.joinpage.PageJoinApp", Stub)
    assert page.join() == 0
    assert language() == "fr" and told and told[0] != "Join a hosted game", told
