"""Where games are saved: the autosave and named saves. A player's saved game is never lost or overwritten.

What the app calls (all of it Textual-free):

- ``clean_stale_temps()`` once at start: removes ``*.tmp`` files left by killed writes (older than a minute).
- ``load(path) -> GameRecord``: a validated record, or ``RecordError`` with one line naming file and field.
- ``autosave(rec) -> str | None``: writes the autosave; returns None, or one line for the player: either
  why nothing was written, or where the previous autosave went (another game is rotated into the saves
  folder as ``autosave-<date>.json``; an unusable autosave is set aside by ``quarantine``).
- ``write(rec, path) -> str | None``: a named save; None on success, else one line (never overwrites a
  file that is not a valid record).
- ``quarantine(path) -> Path``: moves a bad autosave aside as ``autosave.bad-<date>.json`` so it never
  blocks Continue or a new game (raises OSError when it cannot be moved; then it stays where it is).
- ``list_saves() -> list[Path]`` and ``summary(path) -> str``: what the Load screen shows.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path
from typing import Any

from tagteam.engine import record
from tagteam.engine.record import GameRecord, RecordError
from tagteam.jsonfile import display, printable
from tagteam.paths import AUTOSAVE as AUTOSAVE  # re-exported, as are the five below
from tagteam.paths import STALE_TEMP_SECONDS as STALE_TEMP_SECONDS
from tagteam.paths import autosave_path as autosave_path
from tagteam.paths import clean_stale_temps as clean_stale_temps
from tagteam.paths import home as home
from tagteam.paths import saves_dir as saves_dir

MAX_LISTED = 500

# Files this process wrote: (mtime_ns, size) and the game they hold, so they need no re-reading.
_written: dict[Path, tuple[tuple[int, int], tuple[Any, ...]]] = {}


def load(path: str | Path) -> GameRecord:
    """A validated record (raises ``RecordError`` with one line naming the file and the field)."""
    return record.load(path)


def _signature(p: Path) -> tuple[int, int] | None:
    try:
        st = p.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def _is_regular(p: Path) -> os.stat_result | None:
    """The stat of a regular file (links followed); None for anything else, dangling links included."""
    try:
        st = p.stat()
    except (OSError, ValueError):
        return None
    return st if stat.S_ISREG(st.st_mode) else None


def _game(rec: GameRecord) -> tuple[Any, ...]:
    """What makes two records the same game: setup, then decisions (compared as a prefix)."""
    solo = rec.solo.model_dump() if rec.solo else None
    decisions = tuple((d.seat, tuple(sorted((k, repr(v)) for k, v in d.action.items()))) for d in rec.decisions)
    return (rec.seed, rec.draft, rec.teams, tuple(rec.players), repr(solo)), decisions


def same_game(old: GameRecord, new: GameRecord) -> bool:
    """True when ``new`` continues ``old``: same setup, and old's decisions are a prefix of new's."""
    return _continues(_game(old), _game(new))


def _continues(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    return bool(old[0] == new[0] and new[1][: len(old[1])] == old[1])


def _exists(p: Path) -> bool:
    """Something is there, even a dangling link."""
    return os.path.lexists(p)


def safe_to_overwrite(path: str | Path) -> bool:
    """True when nothing is there or it is a valid Tag Team record: a foreign or corrupt file is left alone."""
    p = Path(path)
    sig = _signature(p)
    if sig is None:
        return not _exists(p)
    known = _written.get(p)
    if known is not None and known[0] == sig:
        return True
    try:
        record.load(p)
    except RecordError:
        return False
    return True


def _remember(p: Path, rec: GameRecord) -> None:
    sig = _signature(p)
    if sig is not None:
        _written[p] = (sig, _game(rec))


def write(rec: GameRecord, path: str | Path) -> str | None:
    """Save atomically; return one line explaining why not, or None on success."""
    p = Path(path)
    if not safe_to_overwrite(p):
        return f"{display(p)}: left untouched, it is not a valid Tag Team record (move it away to save here)"
    return _save(rec, p)


def _save(rec: GameRecord, p: Path) -> str | None:
    try:
        record.save(rec, p)
    except OSError as e:
        return f"{display(p)}: cannot save ({printable(e.strerror or e)})"
    _remember(p, rec)
    return None


def _stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def _fresh(folder: Path, stem: str) -> Path:
    """A name in folder that is not taken yet: stem.json, else stem-2.json, ..."""
    p = folder / f"{stem}.json"
    n = 1
    while _exists(p):
        n += 1
        p = folder / f"{stem}-{n}.json"
    return p


def quarantine(path: str | Path) -> Path:
    """Move a bad file aside (``autosave.bad-<date>.json`` next to it) and return where it went.

    Nothing is deleted: the player can still look at it. Raises OSError when it cannot be moved."""
    p = Path(path)
    target = _fresh(p.parent, f"{p.stem}.bad-{_stamp()}")
    os.rename(p, target)
    _written.pop(p, None)
    return target


def _rotate(p: Path) -> Path:
    """Keep the autosave of another game as a dated save in the saves folder (listed by Load)."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    target = _fresh(folder, f"{p.stem}-{_stamp()}")
    os.rename(p, target)
    _written.pop(p, None)
    return target


def autosave(rec: GameRecord) -> str | None:
    """Write the autosave; None, or one line: why it was not written, or where the previous one went.

    - the autosave holds this game (or an earlier position of it): overwritten;
    - it holds another game (``--load B`` while A was autosaved): A is first moved to the saves folder;
    - it is not a usable record (corrupt, hand-edited, not a regular file): it is quarantined first.
    """
    p = autosave_path()
    notice: str | None = None
    if _exists(p):
        sig = _signature(p)
        known = _written.get(p)
        old: tuple[Any, ...] | None = None
        problem = ""
        if known is not None and sig is not None and known[0] == sig:
            old = known[1]
        else:
            try:
                old = _game(record.load(p))  # replayed too: a file that cannot be continued is set aside
            except RecordError as e:
                problem = str(e)
        try:
            if old is None:
                moved = quarantine(p)
                notice = f"the autosave could not be used ({problem}); it was kept as {display(moved)}"
            elif not _continues(old, _game(rec)):
                moved = _rotate(p)
                notice = f"the previous autosave (another game) was kept as {display(moved)}"
        except OSError as e:
            why = printable(e.strerror or e)
            return f"{display(p)}: autosave skipped, the previous one cannot be moved aside ({why})"
    problem_line = _save(rec, p)  # checked above: what is there now is this game, or nothing
    if problem_line:
        return problem_line if notice is None else f"{notice}; {problem_line}"
    return notice


def new_save_path(prefix: str = "game") -> Path:
    """A fresh file name in the saves folder, dated so saves sort by time."""
    return _fresh(saves_dir(), f"{prefix}-{_stamp()}")


def list_saves() -> list[Path]:
    """The autosave (if any) then saved games, newest first: regular files only (no folders, FIFOs,
    dangling links), never opened here, so a listing cannot hang."""
    out: list[Path] = []
    if _is_regular(autosave_path()):
        out.append(autosave_path())
    try:
        entries = list(saves_dir().glob("*.json"))
    except OSError:
        entries = []
    dated: list[tuple[float, Path]] = []
    for p in entries:
        st = _is_regular(p)
        if st is not None:
            dated.append((st.st_mtime, p))
    dated.sort(key=lambda x: (x[0], x[1].name), reverse=True)
    out.extend(p for _, p in dated[:MAX_LISTED])
    return out


def _fighter_names() -> dict[str, str]:
    try:
        from tagteam.content.loader import load_all

        return {k: f.name for k, f in load_all().items()}
    except Exception:  # a summary never fails because of the card data
        return {}


def summary(path: str | Path) -> str:
    """One printable line about a save: teams, players, round, finished or not, date (or why it is unusable)."""
    p = Path(path)
    st_file = _is_regular(p)
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(st_file.st_mtime)) if st_file else "?"
    try:
        rec, st = record.load_with_state(p)
    except RecordError as e:
        return printable(f"{p.name} · {when} · unusable: {e}", 300)
    from tagteam.engine.game import is_over

    names = _fighter_names()
    table = st.table
    if table is not None:
        kinds = table.kinds
        teams = f"{names.get(kinds[0], kinds[0])} & {names.get(kinds[1], kinds[1])}"
        teams += f" vs {names.get(kinds[2], kinds[2])} & {names.get(kinds[3], kinds[3])}"
    else:
        teams = f"{rec.draft} draft"
    where = f"round {st.round}" if st.round else ("draft" if st.phase == "draft" else "setup")
    state = "finished" if is_over(st) else f"unfinished, {where}"
    players = f"{rec.players[0]} vs {rec.players[1]}"
    mark = "" if rec.verified else " · old format, unverified"
    return printable(f"{p.name} · {teams} · {players} · {state} · {when}{mark}", 300)
