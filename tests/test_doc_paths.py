"""Every source path the README and the docs name exists: a module that moves takes its mentions with it
(README.md named ``tagteam/flow.py`` long after it had become ``tagteam/play/flow.py``)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# a module by its path: from the repository's root (tagteam/play/flow.py) or from the package's (engine/turn.py)
MODULE = re.compile(r"[\w./-]*\w/\w+\.py\b")
# anything under one of the repository's folders (a file or a folder: data/cards, tests/engine/golden)
UNDER = re.compile(r"\b(?:tagteam|tests|benchmarks|tools|docs|data)/[\w./-]*\w")
# the wheel's copy of data/ (pyproject's force-include): named by the docs, made only by a build
BUILT = ("tagteam/_data",)


def documents() -> list[Path]:
    """The README, CONTRIBUTING and docs/ (not the CHANGELOG, which names where things were)."""
    guides = [p for p in (ROOT / "README.md", ROOT / "CONTRIBUTING.md") if p.exists()]
    return [*guides, *sorted((ROOT / "docs").glob("*.md"))]


def missing(text: str) -> list[str]:
    """The paths ``text`` names that exist neither from the root nor under tagteam/."""
    named = {m.group(0) for m in MODULE.finditer(text)} | {m.group(0) for m in UNDER.finditer(text)}
    return sorted(
        p for p in named if not p.startswith(BUILT) and not (ROOT / p).exists() and not (ROOT / "tagteam" / p).exists()
    )


def test_a_moved_module_is_found() -> None:
    text = "derived by `tagteam/flow.py`; the reader (`store/jsonfile.py`) and `engine/turn.py`, data/cards"
    assert missing(text) == ["store/jsonfile.py", "tagteam/flow.py"]


def test_every_path_the_docs_name_exists() -> None:
    stale = {str(doc.relative_to(ROOT)): missing(doc.read_text(encoding="utf-8")) for doc in documents()}
    assert {doc: paths for doc, paths in stale.items() if paths} == {}
