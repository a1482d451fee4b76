"""Finished (and unfinished) game records for the history tests, played at random from fixed seeds."""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tagteam.engine.randomplay import finish_session
from tagteam.engine.record import GameRecord
from tagteam.engine.session import Session
from tagteam.play.games import new_session
from tagteam.play.modes import TUTOR
from tagteam.store.records import save

MODES = ("first", "standard", "competitive", "free")
LEVELS = ("easy", "normal", "hard", "")


def finished(seed: int, mode: str = "first", level: str = "", names: tuple[str, str] = ("Ann", "Bob")) -> Session:
    """A whole game decided at random (solo when ``level`` is given)."""
    return finish_session(new_session(mode, seed, names, level), random.Random(seed))


def unfinished(seed: int) -> Session:
    s = new_session("first", seed, ("Ann", "Bob"))
    r = random.Random(seed)
    while s.state.round < 2:
        if s.needs_advance():
            s.advance()
        else:
            for seat in s.seats_owing():
                s.act(seat, r.choice(s.view(seat).legal))
    return s


def guided(seed: int) -> Session:
    return finished(seed, "first", "", ("Ann", TUTOR))


def variety(count: int) -> list[GameRecord]:
    """Games of every kind, mode and level."""
    out = []
    for i in range(count):
        level = LEVELS[i % 4]
        names = ("Ann", "Bot") if level else ("Ann", "Bob")
        out.append(finished(100 + i, MODES[i % 4], level, names).record)
    return out


def write(rec: GameRecord, folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    p = folder / name
    save(rec, p)
    return p


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` and its bytes' hash: a save touched changes it."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*.json"))
        if p.is_file()
    }


def shared_home(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """One TAGTEAM_HOME for a module's generated fault cases (Hypothesis runs many examples in one test call),
    set while the module runs and put back after it: the body of each such module's ``shared`` fixture."""
    folder = tmp_path_factory.mktemp(name)
    old = os.environ.get("TAGTEAM_HOME")
    os.environ["TAGTEAM_HOME"] = str(folder)
    yield folder
    if old is None:
        os.environ.pop("TAGTEAM_HOME", None)
    else:
        os.environ["TAGTEAM_HOME"] = old
