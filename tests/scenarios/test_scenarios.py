"""Rulings pinned as data: each JSON file is a position, the cards revealed, and the exact result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tagteam.engine.position import final_state, load, resolve
from tagteam.words import log as wl

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("**/*.json"))


def _subset(expected: Any, actual: Any, where: str) -> list[str]:
    """Every key in ``expected`` must match ``actual``; extra keys in ``actual`` are fine."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        out = []
        for k, v in expected.items():
            if k not in actual:
                out.append(f"{where}.{k}: missing")
            else:
                out.extend(_subset(v, actual[k], f"{where}.{k}"))
        return out
    return [] if expected == actual else [f"{where}: expected {expected!r}, got {actual!r}"]


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(HERE)) for p in FILES])
def test_scenario(path: Path) -> None:
    pos, st = load(path)
    assert pos.expect, f"{path.name} has no expect block"
    assert pos.rule, f"{path.name} does not say which rule it pins"
    res = resolve(st, pos.turns, pos.decisions)
    log = res.events
    final = final_state(st, res)
    lines = [wl.describe(e, st.table) for e in log]
    kinds = [e.kind for e in log]
    exp = dict(pos.expect)
    problems: list[str] = []
    for key in ("winner", "reason", "phase"):
        if key in exp:
            want = exp.pop(key)
            got = final["winner" if key == "winner" else key]
            if want != got:
                problems.append(f"{key}: expected {want!r}, got {got!r}")
    for text in exp.pop("events_include", []):
        if not any(text in line for line in lines):
            problems.append(f"no event line contains {text!r}")
    for text in exp.pop("events_exclude", []):
        if any(text in line for line in lines):
            problems.append(f"an event line contains {text!r}")
    for kind, n in exp.pop("event_count", {}).items():
        if kinds.count(kind) != n:
            problems.append(f"event_count.{kind}: expected {n}, got {kinds.count(kind)}")
    problems.extend(_subset(exp, final, "final"))
    if pos.known_bug:
        assert problems, f"{path.name} is marked known_bug but now passes: remove the marker"
        pytest.xfail(pos.known_bug)
    assert not problems, "\n".join([*problems, "--- events:", *lines])
