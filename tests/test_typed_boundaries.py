"""Types kept across the boundaries (issue 39): every message a screen sends the app is declared in
``screens/messages.py``, and the modules that once probed our own objects read them by their types."""

from __future__ import annotations

import ast
from pathlib import Path

import tagteam

PACKAGE = Path(tagteam.__file__).resolve().parent

# Modules that read the coach's lines, the screens, the messages and the effect tree by their declared types:
# a getattr or hasattr here would be a probe of our own objects again.
TYPED = (
    "app.py",
    "screens/advisers.py",
    "screens/base.py",
    "screens/build.py",
    "screens/gameover.py",
    "screens/messages.py",
    "screens/route.py",
    "remote/client_app.py",
    "ai/easy.py",
    "ai/traits.py",
    "ai/measure.py",
    "engine/now.py",
    "engine/effects.py",
    "render/cards.py",
    "play/recap.py",
)


def probes(source: str) -> list[int]:
    """The lines of ``source`` that call getattr or hasattr."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
    ]


def test_no_attribute_probes_in_the_typed_modules() -> None:
    found = {name: probes((PACKAGE / name).read_text(encoding="utf-8")) for name in TYPED}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_a_probe_is_found() -> None:
    assert probes("x = getattr(line, 'text', '')\nif hasattr(s, 'show'):\n    pass\n") == [1, 2]


def screen_messages(source: str) -> list[str]:
    """The classes defined at the top of a module that derive from Textual's Message."""
    return [
        node.name
        for node in ast.parse(source).body
        if isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Name | ast.Attribute) and ast.unparse(b).endswith("Message") for b in node.bases)
    ]


def test_every_screen_message_is_in_messages_py() -> None:
    """A widget's own message (``InsertLine.Swap``) stays nested in its widget; a message a screen sends the app
    is declared once, beside the others."""
    outside = {
        path.name: names
        for path in sorted((PACKAGE / "screens").glob("*.py"))
        if path.name != "messages.py" and (names := screen_messages(path.read_text(encoding="utf-8")))
    }
    assert outside == {}
    assert "WatchReplay" in screen_messages((PACKAGE / "screens" / "messages.py").read_text(encoding="utf-8"))
    assert screen_messages("from textual.message import Message\nclass Gone(Message):\n    pass\n") == ["Gone"]
