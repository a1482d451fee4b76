"""No code branches on a language: outside the list of languages (``tagteam/content/choices.py``) no module
compares a language code (``language() == "fr"``, ``"en" == lang``, ``lang in ("fr", "pt_BR")``, ``case "fr":``)
or keys a table by language codes (``{"en": ..., "fr": ...}``). What differs by language is data: the catalogs,
``locale/<lang>/grammar.json`` and ``glossary.json``, ``data/cards/locale/<lang>.json`` and CLDR's rules (Babel).
So a new language is data and one line in the list (CONTRIBUTING.md, "Adding a language")."""

from __future__ import annotations

import ast
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import tagteam
from tagteam.content.choices import LANGUAGES, PSEUDO, SOURCE

PACKAGE = Path(tagteam.__file__).resolve().parent
THE_LIST = PACKAGE / "content" / "choices.py"
# A language code as a literal: two letters ("fr"), maybe a region or a script ("pt_BR", "zh-Hans"), or one of
# ours. Three-letter words are left out ('wal', SQLite's journal mode, is also a language's code) unless ours.
CODE = re.compile(r"^[a-z]{2}(?:[_-](?:[A-Z]{2}|[A-Z][a-z]{3}|\d{3}))?$")
OURS = {*LANGUAGES, SOURCE, PSEUDO}
# Two-letter literals the code compares that are no language: ops and kinds of the card data, never a locale
NOT_CODES = {"if", "ko", "hp", "up", "ge", "gt", "le", "lt", "ne", "eq"}


def is_code(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return False
    return node.value in OURS or (bool(CODE.match(node.value)) and node.value not in NOT_CODES)


def literals(node: ast.AST) -> Iterator[ast.AST]:
    """The literal strings a comparison's side holds: itself, or a tuple's, list's or set's items."""
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        yield from node.elts
    else:
        yield node


def language_branches(source: str, name: str = "<code>") -> list[str]:
    """Each place in ``source`` that compares a language code or keys a table by two or more of them."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(is_code(lit) for side in sides for lit in literals(side)):
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.MatchValue) and is_code(node.value):
            found.append(f"{name}:{node.lineno}: case {ast.unparse(node.value)}")
        elif (
            isinstance(node, ast.Dict)
            and sum(1 for k in node.keys if isinstance(k, ast.Constant) and k.value in OURS) >= 2
        ):
            found.append(f"{name}:{node.lineno}: a table by language codes")
    return found


def test_no_module_outside_the_list_of_languages_compares_a_language_code() -> None:
    found = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != THE_LIST
        for hit in language_branches(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)))
    ]
    assert found == []


@pytest.mark.parametrize(
    "code",
    [
        'if language() == "fr":\n    pass',
        'x = text if "en" == lang else other',
        'ok = lang in ("fr", "pt_BR")',
        'ok = current != "zh_Hans"',
        'match lang:\n    case "fr":\n        pass',
        'NAMES = {"en": "English", "fr": "Français"}',
        'if _current == "xx":\n    pass',
    ],
)
def test_the_check_finds_each_way_of_branching_on_a_language(code: str) -> None:
    assert language_branches(code) != []


@pytest.mark.parametrize(
    "code",
    [
        'if effect.op == "if":\n    pass',
        "ok = conn.execute('PRAGMA journal_mode').fetchone()[0] != 'wal'",
        'path = folder / f"rules.{lang}.md"',
        "if lang == SOURCE:\n    pass",
    ],
)
def test_the_check_leaves_other_literals_alone(code: str) -> None:
    assert language_branches(code) == []


def test_the_check_fails_on_the_code_before_the_words_layer_lost_its_french() -> None:
    """The last commit where French was code (words/names.py compared ``language() == "fr"``): the check finds it."""
    root = PACKAGE.parent
    old = subprocess.run(
        ["git", "show", "43d87a7:tagteam/words/names.py"], cwd=root, capture_output=True, text=True, check=False
    )
    if old.returncode != 0:
        pytest.skip("no git history here (an installed copy)")
    assert language_branches(old.stdout, "names.py") == ["names.py:20: language() == 'fr'"]
