"""The game around the engine writes no sentence (issue 41): ``tagteam/play`` finds what a lesson, a recap or the
summary is about and ``tagteam/words`` words it. No module of ``play`` calls ``_()`` or its kin, nor holds an
uncatalogued player sentence."""

from __future__ import annotations

import ast
from pathlib import Path

import tagteam.play
from tests.words.test_engine_has_no_words import CATALOGUED, sentences

PLAY = Path(tagteam.play.__file__).parent


def lookups(source: str) -> list[int]:
    """The lines of every call to ``_()``, ``ngettext`` and their kin (by any import name: ``words._`` too)."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in CATALOGUED:
                out.append(node.lineno)
    return out


def test_no_play_module_looks_up_a_sentence() -> None:
    faults = [
        f"{path.name}:{line}"
        for path in sorted(PLAY.rglob("*.py"))
        for line in lookups(path.read_text(encoding="utf-8"))
    ]
    assert faults == []


def test_no_play_module_holds_a_sentence() -> None:
    faults = [
        f"{path.name}:{line}: {text!r}"
        for path in sorted(PLAY.rglob("*.py"))
        for line, text in sentences(path.read_text(encoding="utf-8"))
    ]
    assert faults == []


def test_the_scan_finds_a_lesson_written_in_play() -> None:
    """Able to fail: the way the tutorial wrote its lessons before they moved to ``tagteam.words.tutorial``."""
    old = """
from tagteam.words import _
def lesson(n):
    title = _("The goal")
    return title, _("{n} Knock out either opposing Fighter.").format(n=n)
"""
    assert lookups(old) == [4, 5]
    assert sentences("def f():\n    return 'Knock out either opposing Fighter.'\n") != []
