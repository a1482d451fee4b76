"""The player's preferences kept between runs (the practice level, the names): a small JSON file in the
saves home. A missing file is the defaults; a bad one is ignored with a one-line notice, never a crash."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from pathlib import Path

from tagteam.jsonfile import InputError, display, printable, read_json
from tagteam.modes import BOT_LEVELS
from tagteam.paths import home

FILE = "settings.json"
DEFAULT_LEVEL = "normal"


@dataclass(frozen=True, slots=True)
class Settings:
    """``level``: the practice opponent's level; ``names``: the title screen's two names."""

    level: str = DEFAULT_LEVEL
    names: tuple[str, str] = ("Player 1", "Player 2")


def path() -> Path:
    return home() / FILE


def _name(value: object, default: str) -> str:
    if not isinstance(value, str):
        return default
    text = value.strip()
    ok = 0 < len(text) <= 20 and all(ch.isprintable() and ch not in "[]" for ch in text)
    return text if ok else default


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
        out = replace(out, names=(_name(names[0], "Player 1"), _name(names[1], "Player 2")))
    return out, notice


def save(s: Settings) -> str:
    """Write the settings (atomically); a notice when they could not be written, else ""."""
    p = path()
    tmp = p.with_name(f".{FILE}.tmp")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps({"level": s.level, "names": list(s.names)}, indent=1), encoding="utf-8")
        os.replace(tmp, p)
    except OSError as e:
        return f"Settings not saved: {display(p)} ({printable(e.strerror or e)})"
    return ""
