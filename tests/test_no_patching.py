"""Neither the game nor its tests patch Python's builtins or another library's private code: ``tagteam/`` and
``tests/`` name no ``builtins.__import__``, no rich or Textual ``_wrap``, no private Textual module
(``textual._wait``, ``textual.widgets._toast``…), and set no private attribute (``_name``) that only a library
defines, neither by assignment nor through ``setattr``/``monkeypatch.setattr``. There is no allowance list. A new
rich or Textual then cannot silently break the game or the suite through an internal we replaced or imported;
what both rely on is the libraries' public API, at the pinned versions.

A private attribute the game defines itself (``BuildScreen._refresh_side``) may be replaced by a test; one that a
library defines (``Stylesheet._parse_rules``, ``App._handle_exception``) may not, even on our own subclass."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import rich
import textual

ROOT = Path(__file__).resolve().parents[1]
THIS = Path(__file__).resolve()

FORBIDDEN = {
    "the import builtin replaced": re.compile(r"\bbuiltins\.__import__\b"),
    "rich's or Textual's wrapping internals": re.compile(r"\b(?:rich|textual)\._wrap\b"),
    "a private Textual module": re.compile(r"\btextual(?:\.\w+)*\._\w"),
}
PRIVATE_SET = "a library's private attribute set"


def offences(text: str) -> list[str]:
    """What ``text`` does of the above, one entry per line and kind."""
    return [
        f"{number}: {kind}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        for kind, pattern in FORBIDDEN.items()
        if pattern.search(line)
    ]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, assigned names and attributes, import aliases."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.alias) and node.asname:
            names.add(node.asname)
    return {name for name in names if _private(name)}


_LIBRARY_DEFINES = re.compile(r"(?:\bdef\s+|\bclass\s+|\bself\.|^\s*)(_[A-Za-z]\w*)\s*(?:\(|:|=[^=])", re.M)


@cache
def library_private_names() -> frozenset[str]:
    """Every private name Textual and rich define (a quick read of their sources, not a parse)."""
    names: set[str] = set()
    for package in (textual, rich):
        for path in Path(package.__file__ or "").parent.rglob("*.py"):
            names.update(_LIBRARY_DEFINES.findall(path.read_text(encoding="utf-8")))
    return frozenset(names)


@cache
def _parsed() -> dict[Path, tuple[str, ast.Module]]:
    """Each source of the game and the tests, read and parsed once for both checks."""
    texts = {path: path.read_text(encoding="utf-8") for path in _sources()}
    return {path: (text, ast.parse(text)) for path, text in texts.items()}


def our_private_names() -> frozenset[str]:
    return frozenset(name for _, tree in _parsed().values() for name in _defined(tree))


def private_sets(text: str, ours: frozenset[str], theirs: frozenset[str], tree: ast.Module | None = None) -> list[str]:
    """Each private attribute ``text`` sets that is not only ours: ``x._name = …`` (``x`` not ``self`` or
    ``cls``), ``setattr(x, "_name", …)``, ``monkeypatch.setattr(x, "_name", …)`` or ``….setattr("mod.x._name", …)``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree or ast.parse(text)):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _private(node.attr):
            root = node.value
            if not (isinstance(root, ast.Name) and root.id in ("self", "cls")):
                found.append((node.lineno, node.attr))
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if called != "setattr":
                continue
            first = node.args[0]
            name_arg = node.args[1] if len(node.args) > 1 else None
            if isinstance(name_arg, ast.Constant) and isinstance(name_arg.value, str):
                found.append((node.lineno, name_arg.value))
            elif isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((node.lineno, first.value.rsplit(".", 1)[-1]))
    lines = text.splitlines()
    return [
        f"{number}: {PRIVATE_SET}: {lines[number - 1].strip()}"
        for number, name in sorted(found)
        if _private(name) and (name not in ours or name in theirs)
    ]


def _sources() -> list[Path]:
    return sorted(
        path for folder in ("tagteam", "tests") for path in (ROOT / folder).rglob("*.py") if path.resolve() != THIS
    )


def test_the_check_finds_each_kind_of_patch() -> None:
    planted = (
        "builtins.__import__ = guarded\n"
        "import rich._wrap\n"
        "textual._wrap.re_chunk = CHUNK\n"
        "import textual._wait as w\n"
        "from textual.widgets._toast import Toast\n"
        "from textual.css.stylesheet import Stylesheet\n"  # public: not an offence
    )
    kinds = [hit.split(": ")[1] for hit in offences(planted)]
    assert kinds.count("the import builtin replaced") == 1
    assert kinds.count("rich's or Textual's wrapping internals") == 2
    assert kinds.count("a private Textual module") == 3  # textual._wrap, textual._wait, textual.widgets._toast
    assert len(offences(planted)) == 6


def test_the_check_finds_a_library_private_attribute_set_however_it_is_written() -> None:
    ours = frozenset({"_refresh_side", "_connect"})
    theirs = frozenset({"_parse_rules", "_handle_exception", "_render", "_refresh_layout", "_connect"})
    planted = (
        "Stylesheet._parse_rules = shared\n"
        "monkeypatch.setattr(app, '_handle_exception', seen)\n"
        "setattr(Widget, '_render', draw)\n"
        "monkeypatch.setattr('textual.screen.Screen._refresh_layout', fast)\n"
        "monkeypatch.setattr(hs, '_connect', full)\n"  # a name both define: forbidden, as it may be theirs
        "monkeypatch.setattr(BuildScreen, '_refresh_side', counted)\n"  # ours only: allowed
        "self._cache = {}\n"  # an object setting its own attribute: allowed
        "monkeypatch.setattr(os, 'replace', refuse)\n"  # public: not this check's business
        "Widget.DEFAULT_CSS = ''\n"  # public
    )
    hits = [int(hit.split(":")[0]) for hit in private_sets(planted, ours, theirs)]
    assert hits == [1, 2, 3, 4, 5]


def test_the_library_names_are_read() -> None:
    theirs = library_private_names()
    assert {"_parse_rules", "_handle_exception", "_press_keys"} <= theirs


def test_no_patch_in_the_game_or_the_tests() -> None:
    ours, theirs = our_private_names(), library_private_names()
    found = [
        f"{path.relative_to(ROOT)}:{hit}"
        for path, (text, tree) in _parsed().items()
        for hit in offences(text) + private_sets(text, ours, theirs, tree)
    ]
    assert found == [], "\n".join(found)
