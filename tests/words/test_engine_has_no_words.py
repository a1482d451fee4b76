"""The engine says what happens as data: no module of tagteam/engine holds a sentence a player reads.

A player sentence is a string constant (or the text of an f-string) of three or more words that starts with
a capital or ends with a full stop. Docstrings, messages of raised errors (bad input files, programmer
errors: the command line prints them; listed in the words helper's report) and a short allow-list are not.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tagteam.engine

ENGINE = Path(tagteam.engine.__file__).parent
WORD = re.compile(r"[A-Za-z][A-Za-z'!-]*")
ALLOWED: set[str] = set()  # exact texts allowed anyway (none needed today)


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            out.add(id(node.value))  # a bare string: an attribute's docstring
    return out


def _raised(tree: ast.AST) -> set[int]:
    """Every node inside a ``raise`` statement: error messages, not player sentences."""
    return {id(sub) for node in ast.walk(tree) if isinstance(node, ast.Raise) for sub in ast.walk(node)}


def is_sentence(text: str) -> bool:
    words = WORD.findall(text.replace("{}", "X"))  # a field is a word: "{} is Incinerated." is a sentence
    return len(words) >= 3 and (text.lstrip()[:1].isupper() or text.rstrip().endswith("."))


def sentences(source: str) -> list[tuple[int, str]]:
    """The player sentences of one module's source, with their line numbers."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | _raised(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)
            skip.update(id(v) for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if text not in ALLOWED and is_sentence(text):
            found.append((node.lineno, text))
    return found


def test_no_engine_module_holds_a_player_sentence() -> None:
    faults = [
        f"{path.relative_to(ENGINE.parent.parent)}:{line}: {text!r}"
        for path in sorted(ENGINE.rglob("*.py"))
        for line, text in sentences(path.read_text(encoding="utf-8"))
    ]
    assert not faults, "\n".join(faults)


def test_the_scan_finds_what_the_engine_used_to_write() -> None:
    """The check must be able to fail: the sentences the engine once wrote are found, docstrings are not."""
    old = '''
def finish(names, who):
    """A docstring Of Many Words is fine."""
    detail = f"{names[who].name} is Incinerated."
    other = "A Build deck cannot give 3 cards: the Fight is a Draw."
    key = {"Golem's Presence": "golem"}
    raise ValueError("fight: both Fight decks must hold the same number of cards")
'''
    found = sorted(text for _line, text in sentences(old))
    assert found == ["A Build deck cannot give 3 cards: the Fight is a Draw.", "{} is Incinerated."], found
