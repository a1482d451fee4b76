"""The engine says what happens as data: no module of tagteam/engine holds a sentence a player reads; nor
does the network's protocol, and the rest of tagteam/net writes only catalogued sentences (the host's own
terminal lines, through ``_()``), never an English one (what goes on the wire is checked game-long in
tests/net/test_wire_words.py).

A player sentence is a string constant (or the text of an f-string) of three or more words that starts with
a capital or ends with a full stop. Docstrings, messages of raised programmer errors and a short allow-list are
not. The errors a player's file raises (a save, a sandbox position, a puzzle file, the card data: ``InputError``
and its kin), a refused decision (``IllegalAction``) and a network message we cannot read (``ProtocolError``)
are data everywhere below the words layer: no module of the engine, the card data, the files, the
puzzles, the flow or the network raises one built from words (issue 24; ``tagteam.words.inputs`` words them).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tagteam.engine
import tagteam.net

ENGINE = Path(tagteam.engine.__file__).parent
NET = Path(tagteam.net.__file__).parent
PACKAGE = ENGINE.parent
BELOW_THE_WORDS = ("engine", "content", "store", "puzzles", "play", "net")
INPUT_ERRORS = {"ProblemError", "InputError", "RecordError", "PositionError", "SettingError", "PuzzleFileError"}
INPUT_ERRORS |= {"ContentError", "IllegalAction", "ProtocolError"}  # a refused decision, a bad network message
CATALOGUED = {"_", "N_", "ngettext", "pgettext", "npgettext"}  # a sentence given to these is in the catalog
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


def _catalogued(tree: ast.AST) -> set[int]:
    """Every node inside a ``_()`` (or ``ngettext``...) call: a sentence looked up in the player's language."""
    return {
        id(sub)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CATALOGUED
        for sub in ast.walk(node)
    }


def sentences(source: str, catalogued: bool = False) -> list[tuple[int, str]]:
    """The player sentences of one module's source, with their line numbers (``catalogued``: those given to
    ``_()`` and its kin are not counted)."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | _raised(tree) | (_catalogued(tree) if catalogued else set())
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


def test_the_protocol_holds_no_sentence_at_all() -> None:
    path = NET / "protocol.py"
    assert path.exists()
    assert sentences(path.read_text(encoding="utf-8")) == []


def test_the_network_writes_no_sentence_outside_the_catalog() -> None:
    faults = [
        f"{path.relative_to(NET.parent.parent)}:{line}: {text!r}"
        for path in sorted(NET.rglob("*.py"))
        for line, text in sentences(path.read_text(encoding="utf-8"), catalogued=True)
        if text != "K7QF-M2XD"  # the join code's example, not words
    ]
    assert not faults, "\n".join(faults)


def test_the_network_scan_finds_an_english_sentence() -> None:
    """Able to fail: an English line a version 1 host sent, or a notice written without the catalog."""
    old = """
def recap(self, who):
    self.send({"notices": [f"{who} joined the game."], "pause": "Press Enter for the Build step"})
    print(_("Hosting Tag Team on {where}. Join code: {code}"))
"""
    found = sorted(t for _l, t in sentences(old, catalogued=True))
    assert found == ["Press Enter for the Build step", "{} joined the game."], found
    assert len(sentences(old)) == 3


def _has_words(text: str) -> bool:
    """Two or more words apart from each other: a phrase, where a field path (``fighters.joan.hp``) is one."""
    return sum(1 for token in text.split() if re.search(r"[A-Za-z]{2}", token)) >= 2


def worded_input_errors(source: str) -> list[tuple[int, str]]:
    """Every ``raise X(...)`` of an input error class whose arguments hold a string or f-string with words."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
            continue
        func = node.exc.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name not in INPUT_ERRORS:
            continue
        inside = {id(v) for sub in ast.walk(node.exc) if isinstance(sub, ast.JoinedStr) for v in sub.values}
        for sub in ast.walk(node.exc):
            if isinstance(sub, ast.JoinedStr):
                text = "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in sub.values)
            elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and id(sub) not in inside:
                text = sub.value
            else:
                continue
            if _has_words(text):
                found.append((node.lineno, text))
    return sorted(found)


def test_no_input_error_below_the_words_is_built_from_words() -> None:
    faults = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}"
        for part in BELOW_THE_WORDS
        for path in sorted((PACKAGE / part).rglob("*.py"))
        for line, text in worded_input_errors(path.read_text(encoding="utf-8"))
    ]
    assert not faults, "\n".join(faults)


def test_the_input_error_scan_finds_the_old_english_refusals() -> None:
    """Able to fail: the refusals the record, the position and the puzzles once wrote are found; a Problem's
    field path, a code and a programmer error are not."""
    old = """
def parse(data, name, field, s):
    if data.get("format") != FORMAT:
        raise RecordError(f"{name}: format: not a Tag Team game record")
    raise PositionError("fight: both Fight decks must hold the same number of cards")
    raise files.PuzzleFileError(str(e))
    raise SettingError(f"{field}.spirits.{s}: listed twice")
    raise PositionError(problem(Code.HP_KO, f"{field}.hp", hp=0))
    raise RecordError(problem(Code.NOT_RECORD, "format", name))
    raise ValueError("teams: the four Fighters must all be different")
"""
    found = [text for _line, text in worded_input_errors(old)]
    assert found == [
        "{}: format: not a Tag Team game record",
        "fight: both Fight decks must hold the same number of cards",
        "{}.spirits.{}: listed twice",
    ], found


def test_the_input_error_scan_finds_the_old_english_refused_decisions_and_messages() -> None:
    """Able to fail: the engine's and the protocol's old English refusals are found; their problems are not."""
    old = """
def act(st, seat, a, line, limit):
    raise IllegalAction(f"seat {seat + 1} owes no decision now")
    raise IllegalAction("nothing to advance: a decision is owed or the game is over")
    raise p.ProtocolError(f"message too long ({len(line)} bytes; the limit is {limit})")
    raise IllegalAction(problem(Code.OWES_NOTHING, seat=seat + 1))
    raise ProtocolError(problem(Code.CARD_OUTSIDE_TABLE, "view"))
"""
    found = [text for _line, text in worded_input_errors(old)]
    assert found == [
        "seat {} owes no decision now",
        "nothing to advance: a decision is owed or the game is over",
        "message too long ({} bytes; the limit is {})",
    ], found
