"""Bad puzzle files: one line naming the file and the field, exit status 2, never a traceback; a puzzle whose
claims were changed is caught by re-proving it."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagteam.cli import puzzles as cli
from tagteam.puzzles import files
from tests.puzzles.helpers import raw, shipped, write


def _paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in the JSON tree."""
    out = [at] if at else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*at, i))
    return out


def _set(node: Any, path: tuple[Any, ...], value: Any) -> None:
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.lists(st.integers(0, 5), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)
BASE = raw(1)
PATHS = _paths(BASE)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(PATHS), value=JUNK)
def test_any_damaged_value_is_refused_or_caught_in_one_line(tmp_path: Path, where: tuple[Any, ...], value: Any) -> None:
    data = copy.deepcopy(BASE)
    _set(data, where, value)
    path = write(tmp_path / "bad.json", data)
    try:
        pf = files.load(path)
    except files.PuzzleFileError as e:
        line = str(e)
        assert "\n" not in line and line.startswith(str(path))
        return
    # still well-typed: re-proving must either hold (the value changed nothing the proof reads) or say where
    for i, p in enumerate(pf.puzzles):
        for f in files.faults(p, f"puzzles.{i}"):
            assert f.field.startswith(f"puzzles.{i}")


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(extra=st.text(min_size=1, max_size=8).filter(lambda k: k not in BASE["puzzles"][0]))
def test_an_unknown_field_is_refused(tmp_path: Path, extra: str) -> None:
    data = copy.deepcopy(BASE)
    data["puzzles"][0][extra] = 1
    with pytest.raises(files.PuzzleFileError, match=r"puzzles\.0\."):
        files.load(write(tmp_path / "bad.json", data))


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(blob=st.binary(max_size=200))
def test_garbage_bytes_are_one_line(tmp_path: Path, blob: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(blob)
    try:
        files.load(path)
    except files.PuzzleFileError as e:
        assert "\n" not in str(e)


def test_a_wrong_answer_is_a_fault_naming_the_field() -> None:
    p = shipped()[0]
    other = next(
        c
        for c in (
            {"card": k, "position": q, "bottom": [j for j in range(3) if j != k]} for k in range(3) for q in range(3)
        )
        if (c["card"], c["position"]) != (p.answer.card, p.answer.position)
        and all((c["card"], c["position"]) != (e.card, e.position) for e in p.equivalents)
    )
    bad = p.model_copy(update={"answer": p.answer.model_validate(other)})
    kinds = {f.kind for f in files.faults(bad, "puzzles.0")}
    assert "answer" in kinds


def test_a_changed_count_is_a_fault_naming_the_count() -> None:
    p = shipped()[0]
    bad = p.model_copy(update={"proof": p.proof.model_copy(update={"fights": p.proof.fights + 1})})
    assert [(f.field, f.kind) for f in files.faults(bad, "puzzles.3")] == [("puzzles.3.proof.fights", "count")]


def test_verify_exits_2_with_one_line_per_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = raw(3)
    data["puzzles"][1]["proof"]["fights"] += 1
    data["puzzles"][2]["proof"]["replies"] += 1
    path = write(tmp_path / "p.json", data)
    assert cli.main(["verify", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: puzzles.1.proof.fights: ")
    assert any(line.startswith(f"{path}: puzzles.2.proof.replies: ") for line in out)
    assert all(line.startswith(f"{path}: puzzles.") for line in out)


def test_verify_of_a_good_file_exits_0(tmp_path: Path) -> None:
    assert cli.main(["verify", str(write(tmp_path / "p.json", raw(3)))]) == 0


@pytest.mark.parametrize(
    "args",
    [["verify", "/nonexistent/p.json"], ["make", "--count", "0"], ["make", "--jobs", "x"], ["frobnicate"], []],
)
def test_bad_input_from_the_command_line_is_one_line_and_status_2(args: list[str]) -> None:
    out = subprocess.run([sys.executable, "-m", "tagteam.cli.puzzles", *args], capture_output=True, text=True)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
