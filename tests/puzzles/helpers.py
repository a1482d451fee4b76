"""The shipped puzzle set, read once per test session, and small files made from it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from tagteam.puzzles import files
from tagteam.puzzles.model import Puzzle

SHIPPED = Path(__file__).resolve().parents[2] / "data" / "puzzles" / "puzzles.json"


@cache
def shipped() -> tuple[Puzzle, ...]:
    return tuple(files.load(SHIPPED).puzzles)


def raw(n: int = 2) -> dict[str, Any]:
    """The first ``n`` shipped puzzles as plain JSON data (for files a test damages)."""
    return {"version": 1, "puzzles": [p.model_dump(mode="json") for p in shipped()[:n]]}


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
