"""The player's preferences kept between runs (the practice level, each seat's name, notices already given):
a small JSON file in the saves home. A missing file is the defaults; a bad one is ignored with a one-line
notice, never a crash."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tagteam.jsonfile import InputError, display, printable, read_json
from tagteam.modes import BOT_LEVELS
from tagteam.paths import home

FILE = "settings.json"
DEFAULT_LEVEL = "normal"
DEFAULT_NAMES = ("Player 1", "Player 2")
MAX_TOLD = 20  # notices given once: a short list of topic words


@dataclass(frozen=True, slots=True)
class Settings:
    """``level``: the practice opponent's level; ``names``: each seat's last human name; ``told``: the
    topics of notices the player has already been given once (never repeated)."""

    level: str = DEFAULT_LEVEL
    names: tuple[str, str] = DEFAULT_NAMES
    told: tuple[str, ...] = ()


def path() -> Path:
    return home() / FILE


def _name(value: object, default: str) -> str:
    if not isinstance(value, str):
        return default
    text = value.strip()
    ok = 0 < len(text) <= 20 and all(ch.isprintable() and ch not in "[]" for ch in text)
    return text if ok else default


def remember_names(kept: tuple[str, str], played: tuple[str, str], human: tuple[bool, bool]) -> tuple[str, str]:
    """Each seat keeps its last human name: a seat the computer played, or left at its default label
    ("Player 2"), does not wipe the name typed for it before (a solo game keeps Player 2's name)."""
    out = list(kept)
    for seat in (0, 1):
        name = _name(played[seat], DEFAULT_NAMES[seat])
        if human[seat] and name != DEFAULT_NAMES[seat]:
            out[seat] = name
    return out[0], out[1]


def load() -> tuple[Settings, str]:
    """The saved settings and a notice ("" when all is well). Unknown or bad fields fall back one by one."""
    p = path()
    if not p.exists():
        return Settings(), ""
    try:
        data = read_json(p, max_bytes=10_000, max_depth=4)
    except InputError as e:
        return Settings(), f"Settings ignored: {e}"
    if not isinstance(data, dict):
        return Settings(), f"Settings ignored: {display(p)}: not a JSON object"
    out = Settings()
    notice = ""
    level = data.get("level", DEFAULT_LEVEL)
    if level in BOT_LEVELS:
        out = replace(out, level=level)
    else:
        notice = f"Settings: unknown level {printable(level, 30)} ignored; practising at {DEFAULT_LEVEL.capitalize()}."
    names = data.get("names")
    if isinstance(names, list) and len(names) == 2:
        out = replace(out, names=(_name(names[0], DEFAULT_NAMES[0]), _name(names[1], DEFAULT_NAMES[1])))
    told = data.get("told")
    if isinstance(told, list):
        out = replace(out, told=tuple(t for t in told[:MAX_TOLD] if isinstance(t, str) and t.isidentifier()))
    return out, notice


def save(s: Settings) -> str:
    """Write the settings (atomically); a notice when they could not be written, else ""."""
    p = path()
    tmp = p.with_name(f".{FILE}.tmp")
    doc: dict[str, Any] = {"level": s.level, "names": list(s.names), "told": list(s.told)}
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(doc, indent=1), encoding="utf-8")
        os.replace(tmp, p)
    except OSError as e:
        return f"Settings not saved: {display(p)} ({printable(e.strerror or e)})"
    return ""


def update(**changes: Any) -> str:
    """Change some fields and keep the others as the file has them (another part of the app may have
    written them since this one read the file); a notice when they could not be written, else ""."""
    return save(replace(load()[0], **changes))


def first_time(topic: str) -> bool:
    """True the first time a notice on ``topic`` is due (and records it, so it is never given again)."""
    current = load()[0]
    if topic in current.told:
        return False
    save(replace(current, told=(*current.told, topic)[-MAX_TOLD:]))
    return True
