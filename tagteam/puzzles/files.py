"""Puzzle files: read (bounded, validated, one line naming the file and the field on any fault), written
atomically, and re-proven from scratch puzzle by puzzle.

``faults`` re-proves one puzzle: its setting rebuilt, every option against every reply played again with
its stated goal, and the answer, its equivalents, the proof's counts, the id and the themes compared with
what the file says. The difficulty is not re-rated (it is the bots' opinion, not a fact the engine proves).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from tagteam.ground.atomic import write_atomic
from tagteam.ground.jsonfile import InputError, display, read_json
from tagteam.ground.problems import Problem, ProblemError, first_of
from tagteam.puzzles.board import Built, SettingError
from tagteam.puzzles.make import puzzle_id, themes
from tagteam.puzzles.model import Puzzle, PuzzleFile
from tagteam.puzzles.prove import Uncertain, as_choice, solve

MAX_BYTES = 50_000_000  # ~2 kB a puzzle: room for far more than any set we ship
SHIPPED = "puzzles.json"


class PuzzleFileError(ProblemError):
    """A puzzle file we cannot use: its ``problem`` names the file and the field (worded by the words layer)."""


@dataclass(frozen=True, slots=True)
class Fault:
    """One fault of one puzzle: ``field`` is its path in the file, ``kind`` what is wrong (words in
    ``tagteam.words.puzzles``), ``detail`` the values involved; a setting that cannot be built carries its
    ``problem`` (worded by ``tagteam.words.inputs``)."""

    field: str
    kind: str
    detail: str = ""
    problem: Problem | None = None


def shipped_path() -> Path:
    """The shipped set: the installed copy (the wheel force-includes data/puzzles as tagteam/_data/puzzles) or
    the repository's."""
    import importlib.resources

    packaged = importlib.resources.files("tagteam") / "_data" / "puzzles" / SHIPPED
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "data" / "puzzles" / SHIPPED


def load(path: str | Path) -> PuzzleFile:
    name = display(path)
    try:
        data = read_json(path, max_bytes=MAX_BYTES)
    except InputError as e:
        raise PuzzleFileError(e.problems) from None
    try:
        return PuzzleFile.model_validate(data)
    except ValidationError as e:
        raise PuzzleFileError(first_of(e.errors(include_url=False), file=name)) from None


def save(puzzles: list[Puzzle], path: str | Path) -> None:
    """Write atomically: a reader never sees half a file, and a failed write leaves the old one."""
    body = PuzzleFile(version=1, puzzles=puzzles).model_dump(mode="json")
    text = json.dumps(body, ensure_ascii=False, indent=None, separators=(",", ":"))
    # a data file is for everyone to read (the one atomic write makes files private by default)
    write_atomic(path, text.replace('{"id":', '\n{"id":') + "\n", mode=0o644)


def faults(p: Puzzle, where: str) -> list[Fault]:
    """Re-prove one puzzle from scratch ([] when it holds)."""
    try:
        built = Built(p.setting)
        solved = solve(p.setting, p.goal)
    except SettingError as e:
        return [Fault(f"{where}.{e.problem.field}", "setting", problem=e.problem)]
    except Uncertain:
        return [Fault(f"{where}.setting", "uncertain")]
    if (p.kind == "known") != (p.setting.their_new is not None):
        return [Fault(f"{where}.kind", "kind")]
    if solved is None:
        return [Fault(f"{where}.goal", "not_unique")]
    out = []
    found = {as_choice(o) for o in solved.answer.options}
    if p.answer not in found:
        out.append(Fault(f"{where}.answer", "answer"))
    elif found != {p.answer, *p.equivalents} or len(p.equivalents) != len(found) - 1:
        out.append(Fault(f"{where}.equivalents", "equivalents", f"{len(found) - 1}"))
    for key, value in solved.proof.model_dump().items():
        if getattr(p.proof, key) != value:
            out.append(Fault(f"{where}.proof.{key}", "count", f"{getattr(p.proof, key)} -> {value}"))
    if puzzle_id(p.kind, p.setting) != p.id:
        out.append(Fault(f"{where}.id", "id", puzzle_id(p.kind, p.setting)))
    if themes(built, solved) != p.themes:
        out.append(Fault(f"{where}.themes", "themes", ", ".join(themes(built, solved))))
    return out
