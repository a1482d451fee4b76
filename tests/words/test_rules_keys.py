"""The rules' key list names every key a screen binds, in every language: a key added to a screen and not
to the list fails here. Moving around (Tab, arrows in a scrolled page, copying) is left to the footer."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest
from textual.binding import Binding

import tagteam.screens
from tagteam.app import TagTeamApp
from tagteam.screens.help import TEXT_DIR

GENERIC = {"tab", "shift+tab", "ctrl+c", "super+c", "up", "down", "left", "right", "ctrl+pageup", "ctrl+pagedown"}
SHOWN = {
    "question_mark": "?", "enter": "Enter", "escape": "Esc", "space": "space", "plus": "+", "minus": "-",
    "equals_sign": "=", "home": "Home", "end": "End", "pageup": "PgUp", "pagedown": "PgDn", "delete": "Del",
}
ROWS = {  # a screen's module -> its rows' label, by language ("app": the whole app's keys)
    "en": {
        "app": "Everywhere", "title": "Title", "handoff": "Hand-over", "draft": "Draft / Setup",
        "ladder": "Practice level",
        "setup": "Draft / Setup", "build": "Build", "fight": "Fight", "gameover": "Game over", "load": "Load",
        "tutorial": "Tutorial", "history": "History", "puzzle": "Puzzle", "puzzles": "Puzzle",
        "help": "Rules, glossary, cards",
        "glossary": "Rules, glossary, cards", "gallery": "Rules, glossary, cards", "cards": "Rules, glossary, cards",
    },
    "fr": {
        "app": "Partout", "title": "Titre", "handoff": "Passage de main", "draft": "Sélection / Mise en place",
        "ladder": "Niveau d'entraînement",
        "setup": "Sélection / Mise en place", "build": "Construction", "fight": "Combat",
        "gameover": "Fin de partie", "load": "Chargement", "tutorial": "Tutoriel", "history": "Historique",
        "puzzle": "Problèmes", "puzzles": "Problèmes",
        "help": "Règles, glossaire, cartes", "glossary": "Règles, glossaire, cartes",
        "gallery": "Règles, glossaire, cartes", "cards": "Règles, glossaire, cartes",
    },
}
WORDS = {
    "en": {"Enter": "Enter", "space": "space"},
    "fr": {  # the keys' French names, as the footers say them (tagteam.words.keys)
        "Enter": "Entrée", "space": "espace", "Esc": "Échap", "Home": "Début", "End": "Fin", "PgUp": "Pg préc.",
        "PgDn": "Pg suiv.", "Del": "Suppr",
    },
}


def bound() -> dict[str, set[str]]:
    """Every key each screen module binds (its own classes' BINDINGS), as the key list writes it."""
    out: dict[str, set[str]] = {"app": set()}
    found: list[tuple[str, object]] = [("app", b) for b in TagTeamApp.BINDINGS]
    for info in pkgutil.iter_modules(tagteam.screens.__path__):
        module = importlib.import_module(f"tagteam.screens.{info.name}")
        for obj in vars(module).values():
            if isinstance(obj, type) and obj.__module__ == module.__name__:
                found += [(info.name, b) for b in vars(obj).get("BINDINGS", [])]
    for where, b in found:
        if not isinstance(b, Binding) or where in ("base", "overlay", "messages", "route"):
            continue
        for key in b.key.split(","):
            if key not in GENERIC:
                out.setdefault(where, set()).add(SHOWN.get(key, key))
    return out


def rows(lang: str) -> dict[str, str]:
    """The key list's rows, label -> the keys it names (rows with the same label joined)."""
    text = (TEXT_DIR / f"rules.{lang}.md").read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for label, keys in re.findall(r"^\| ([^|]+?) \| (.+) \|$", text, flags=re.M):
        out[label] = out.get(label, "") + " " + keys
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_bound_key_is_in_the_key_list(lang: str) -> None:
    table = rows(lang)
    missing = []
    for where, keys in sorted(bound().items()):
        label = ROWS[lang].get(where)
        if label is None:
            missing.append(f"{where}: no row for this screen")
            continue
        said = table.get(label, "")
        for key in sorted(keys):
            shown = WORDS[lang].get(key, key)
            if f"`{shown}`" not in said and f"`{shown}/" not in said and f"/{shown}`" not in said:
                missing.append(f"{label}: `{shown}`")
    assert not missing, "\n".join(missing)


def test_the_check_finds_a_key_left_out() -> None:
    table = rows("en")
    assert "`w`" in table["Build"]
    assert "`zz`" not in table["Build"]
