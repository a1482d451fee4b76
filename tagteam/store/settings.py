"""The player's preferences kept between runs (the practice level, each seat's name, notices already given,
the theme and animations): a small JSON file in the platform's config folder (``$TAGTEAM_HOME`` when that is
set). A missing file is the defaults; a bad field falls back to its default, with a ``SettingsNote`` saying
which (worded as one line for the whole file by ``tagteam.words.settings``), never a crash. Fields this version
does not know (a newer one's), and a language it does not speak, are kept as they are when the file is written.

Each field has a reader in ``_READERS`` (the file's value in, the field's value and what was wrong out): a new
field is a dataclass field with its default plus one reader, and load, save and update pick it up."""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Literal

from tagteam.ai.levels import DEFAULT, OFFERED
from tagteam.content.choices import LANGUAGES
from tagteam.ground.atomic import write_atomic
from tagteam.ground.jsonfile import InputError, display, printable, read_json
from tagteam.store.paths import home

FILE = "settings.json"
DEFAULT_LEVEL = DEFAULT  # the table of levels (tagteam.ai.levels) names it
DEFAULT_NAMES = ("Player 1", "Player 2")
DEFAULT_THEME = ""  # none chosen: Textual's own default (or $TEXTUAL_THEME)
MAX_TOLD = 20  # notices given once: a short list of topic words
MAX_KEPT = 50  # fields of another version kept as they are (the file itself is at most 10 kB)
_THEME_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")  # the shape of a theme's name, registered or not


NoteCode = Literal["level", "theme", "reduced_motion", "lang", "unreadable", "not_object", "not_saved"]


@dataclass(frozen=True, slots=True)
class SettingsNote:
    """What was wrong with the settings file: a field's value ignored (``code`` the field, ``value`` printable),
    the file unreadable (``error``) or not a JSON object, or the file not written (``why`` the system's reason)."""

    code: NoteCode
    value: str = ""
    file: str = ""
    why: str = ""
    error: InputError | None = None


@dataclass(frozen=True, slots=True)
class Settings:
    """``level``: the practice opponent's level; ``names``: each seat's last human name; ``told``: the
    topics of notices the player has already been given once (never repeated); ``theme``: the theme picked
    in the command palette ("" for none); ``reduced_motion``: animations turned off there; ``lang``: the language
    chosen there (None: not chosen, the environment decides); ``level_chosen``: the player has chosen
    ``level`` (the chooser says "your last choice" only then; a fresh install's Normal is only a default)."""

    level: str = DEFAULT_LEVEL
    names: tuple[str, str] = DEFAULT_NAMES
    told: tuple[str, ...] = ()
    theme: str = DEFAULT_THEME
    reduced_motion: bool = False
    lang: str | None = None
    level_chosen: bool = False
    kept: tuple[tuple[str, str], ...] = ()  # fields this version does not use, as JSON text: written back as they are


def config_dir() -> Path:
    """``$TAGTEAM_HOME`` (tests and portable installs keep everything in one folder) or the platform's user
    config folder: settings are configuration, the data folder (``paths.home``) keeps the games."""
    if os.environ.get("TAGTEAM_HOME"):
        return home()
    from platformdirs import user_config_dir

    return Path(user_config_dir("tagteam", appauthor=False))


def path() -> Path:
    """Where the settings are read and written. A file still in the data folder (where 0.2 and earlier kept
    it) is moved to the config folder the first time, unless one is there already; if it cannot be moved it
    stays where it is and is used there."""
    new, old = config_dir() / FILE, home() / FILE
    if new == old or new.exists() or not old.exists():
        return new
    return new if _move(old, new) else old


def _move(old: Path, new: Path) -> bool:
    """Move ``old`` to ``new`` (across file systems too: copied beside it, then renamed into place, so a
    half-copied file is never taken for the settings); False, and ``old`` untouched, if that failed."""
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.replace(old, new)
            return True
        except OSError:
            write_atomic(new, old.read_bytes())
    except OSError:
        return False
    with contextlib.suppress(OSError):  # the copy is in use from now on; the old file is only left over
        old.unlink()
    return True


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


Reader = Callable[[object, Collection[str] | None], tuple[Any, SettingsNote | None]]  # (value, themes) -> (field, note)


def _level(value: object, themes: Collection[str] | None) -> tuple[Any, SettingsNote | None]:
    if value in OFFERED:
        return value, None
    return DEFAULT_LEVEL, SettingsNote("level", printable(value, 30))


def _names(value: object, themes: Collection[str] | None) -> tuple[Any, SettingsNote | None]:
    if isinstance(value, list) and len(value) == 2:
        return (_name(value[0], DEFAULT_NAMES[0]), _name(value[1], DEFAULT_NAMES[1])), None
    return DEFAULT_NAMES, None


def _told(value: object, themes: Collection[str] | None) -> tuple[Any, SettingsNote | None]:
    if isinstance(value, list):
        return tuple(t for t in value[:MAX_TOLD] if isinstance(t, str) and t.isidentifier()), None
    return (), None


def _theme(value: object, themes: Collection[str] | None) -> tuple[Any, SettingsNote | None]:
    ok = isinstance(value, str) and (value == DEFAULT_THEME or bool(_THEME_NAME.fullmatch(value)))
    if ok and (themes is None or value == DEFAULT_THEME or value in themes):
        return value, None
    return DEFAULT_THEME, SettingsNote("theme", printable(value, 40))


def _motion(value: object, themes: Collection[str] | None) -> tuple[Any, SettingsNote | None]:
    if isinstance(value, bool):
        return value, None
    return False, SettingsNote("reduced_motion", printable(value, 30))


def _chosen(value: object, themes: Collection[str] | None) -> tuple[Any, SettingsNote | None]:
    return value is True, None  # anything but true: not chosen (the chooser only says less)


def _lang(value: object, themes: Collection[str] | None) -> tuple[Any, SettingsNote | None]:
    """A language this version does not speak is not used (the environment decides) but kept in the file, as a
    field it does not know (``load``), until one is chosen: a newer Tag Team's choice survives an older one."""
    if value is None or value in LANGUAGES:
        return value, None
    return None, SettingsNote("lang", printable(value, 30))


_READERS: dict[str, Reader] = {
    "level": _level,
    "names": _names,
    "told": _told,
    "theme": _theme,
    "reduced_motion": _motion,
    "lang": _lang,
    "level_chosen": _chosen,
}


def load(themes: Collection[str] | None = None) -> tuple[Settings, list[SettingsNote]]:
    """The saved settings and what was wrong (nothing when all is well). Unknown or bad fields fall back one by one;
    a missing field is its default, silently. ``themes``: the themes the app knows (an unknown one is then a
    bad field); None keeps any theme name as it is (for ``update``, which cannot tell)."""
    p = path()
    if not p.exists():
        return Settings(), []
    try:
        data = read_json(p, max_bytes=10_000, max_depth=4)
    except InputError as e:
        return Settings(), [SettingsNote("unreadable", file=display(p), error=e)]
    if not isinstance(data, dict):
        return Settings(), [SettingsNote("not_object", file=display(p))]
    values: dict[str, Any] = {}
    notes: list[SettingsNote] = []
    for field, read in _READERS.items():
        if field in data:
            values[field], note = read(data[field], themes)
            if note is not None:
                notes.append(note)
    unknown = [k for k in data if k not in _READERS or (k == "lang" and data[k] is not None and values[k] is None)]
    values["kept"] = tuple((k, json.dumps(data[k])) for k in unknown[:MAX_KEPT])
    return Settings(**values), notes


def save(s: Settings) -> SettingsNote | None:
    """Write the settings (atomically); a note when they could not be written, else None."""
    p = path()
    doc: dict[str, Any] = {k: json.loads(v) for k, v in s.kept}  # what another version wrote, as it was
    for k, v in asdict(s).items():
        if k != "kept" and not (k == "lang" and v is None and k in doc):
            doc[k] = list(v) if isinstance(v, tuple) else v
    try:
        write_atomic(p, json.dumps(doc, indent=1))
    except OSError as e:
        return SettingsNote("not_saved", file=display(p), why=printable(e.strerror or e))
    return None


def update(**changes: Any) -> SettingsNote | None:
    """Change some fields and keep the others as the file has them (another part of the app may have
    written them since this one read the file); a note when they could not be written, else None."""
    return save(replace(load()[0], **changes))


def first_time(topic: str) -> bool:
    """True the first time a notice on ``topic`` is due (and records it, so it is never given again)."""
    current = load()[0]
    if topic in current.told:
        return False
    save(replace(current, told=(*current.told, topic)[-MAX_TOLD:]))
    return True
