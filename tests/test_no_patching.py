"""The game patches neither Python's builtins nor other libraries' private code: ``tagteam/`` names no
``builtins.__import__``, no rich or Textual ``_wrap`` and no private Textual name (``textual._…``,
``._parse_rules``). A new rich or Textual then cannot silently break the game through an internal we replaced;
what it relies on is their public API, at the pinned versions.

The tests' shared set-up (``tests/conftest.py``) still holds two measured speed-ups on Textual's private code
(the parsed-CSS cache and the Pilot's idle wait: the suite took 9 min 08 s without them, against the 5 minutes
CI allows); they are listed here, so a third one, or either of them back in the game, fails."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "the import builtin replaced": re.compile(r"\bbuiltins\.__import__\b"),
    "rich's or Textual's wrapping internals": re.compile(r"\b(?:rich|textual)\._wrap\b"),
    "a private Textual module": re.compile(r"\btextual(?:\.\w+)*\._\w"),
    "a private Textual stylesheet method": re.compile(r"\._parse_rules\b"),
}


def offences(text: str) -> list[str]:
    """What ``text`` does of the above, one entry per line and kind."""
    return [
        f"{number}: {kind}: {line.strip()}"
        for number, line in enumerate(text.splitlines(), 1)
        for kind, pattern in FORBIDDEN.items()
        if pattern.search(line)
    ]


# The conftest lines that touch Textual's private code, and only these (issue 39, item 3, still open for them).
TEST_SPEED_UPS = (
    "import textual._wait as _textual_wait",
    "_parse_rules = Stylesheet._parse_rules",
    "rules = _PARSED[key] = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)",
    "Stylesheet._parse_rules = _shared_parse_rules  # type: ignore[method-assign]",
)


def _found(*kinds: str) -> list[str]:
    files = sorted((ROOT / "tagteam").rglob("*.py"))
    return [
        f"{path.relative_to(ROOT)}:{hit}"
        for path in files
        for hit in offences(path.read_text(encoding="utf-8"))
        if any(f": {kind}: " in hit for kind in kinds)
    ]


def test_the_check_finds_each_kind_of_patch() -> None:
    planted = (
        "builtins.__import__ = guarded\n"
        "import rich._wrap\n"
        "textual._wrap.re_chunk = CHUNK\n"
        "import textual._wait as w\n"
        "Stylesheet._parse_rules = shared\n"
        "from textual.css.stylesheet import Stylesheet\n"  # public: not an offence
    )
    kinds = [hit.split(": ")[1] for hit in offences(planted)]
    assert kinds.count("the import builtin replaced") == 1
    assert kinds.count("rich's or Textual's wrapping internals") == 2
    assert kinds.count("a private Textual module") == 2  # textual._wrap and textual._wait
    assert kinds.count("a private Textual stylesheet method") == 1
    assert len(offences(planted)) == 6


def test_no_patch_in_the_game() -> None:
    found = _found(*FORBIDDEN)
    assert found == [], "\n".join(found)


def test_the_test_set_up_patches_only_its_two_measured_speed_ups() -> None:
    text = (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")
    lines = {hit.split(": ", 2)[2] for hit in offences(text)}
    assert lines <= set(TEST_SPEED_UPS), sorted(lines - set(TEST_SPEED_UPS))
