"""Rulings pinned as data: each JSON file is a position, the cards revealed, and the exact result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tagteam.engine import events as ev
from tagteam.engine.position import event_json, final_state, load, resolve
from tagteam.engine.table import GameTable
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


def event_data(e: ev.Event, table: GameTable) -> dict[str, Any]:
    """An event as the sandbox's ``--json`` prints it (Fighters and cards by id), as JSON reads it back."""
    data: dict[str, Any] = json.loads(json.dumps(event_json(e, table)))
    return data


def has(events: list[dict[str, Any]], want: dict[str, Any]) -> bool:
    """Whether one event holds every field ``want`` gives (the others are free)."""
    return any(all(k in got and got[k] == v for k, v in want.items()) for got in events)


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 1


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(HERE)) for p in FILES])
def test_scenario(path: Path) -> None:
    """The position resolved by the engine, compared with ``expect``: state, event kinds and counts, events as
    data (``events``, ``events_none``). The log's sentences are checked by the words tests, not here."""
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
    assert st.table is not None
    data = [event_data(e, st.table) for e in log]
    for want in exp.pop("events", []):
        if not has(data, want):
            problems.append(f"no event matches {want}")
    for want in exp.pop("events_none", []):
        if has(data, want):
            problems.append(f"an event matches {want}, which should not happen")
    for kind, n in exp.pop("event_count", {}).items():
        if kinds.count(kind) != n:
            problems.append(f"event_count.{kind}: expected {n}, got {kinds.count(kind)}")
    problems.extend(_subset(exp, final, "final"))
    if pos.known_bug:
        assert problems, f"{path.name} is marked known_bug but now passes: remove the marker"
        pytest.xfail(pos.known_bug)
    assert not problems, "\n".join([*problems, "--- events:", *lines])


def test_an_event_expectation_can_fail() -> None:
    """The matcher names Fighters by id, and a field that differs (or an event that did not happen) is a miss."""
    pos, st = load(HERE / "core" / "stop_ends_movement.json")
    res = resolve(st, pos.turns, pos.decisions)
    assert st.table is not None
    data = [event_data(e, st.table) for e in res.events]
    assert has(data, {"kind": "marker_moved", "fighter": "milady", "to_hp": 1, "stopped": True})
    assert not has(data, {"kind": "marker_moved", "fighter": "milady", "to_hp": 2})
    assert not has(data, {"kind": "marker_moved", "fighter": "joan"})
    assert not has(data, {"kind": "knocked_out"})
