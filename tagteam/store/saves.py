"""Where games are saved: the autosave and named saves. A player's saved game is never lost or overwritten.

What the app calls (all of it Textual-free, and no sentence: a ``SaveNote`` is a code and its fields, worded
by ``tagteam.words.saves``):

- ``clean_stale_temps()`` once at start: removes ``*.tmp`` files left by killed writes (older than a minute).
- ``load(path) -> GameRecord``: a validated record, or ``RecordError`` with one line naming file and field.
- ``autosave(rec) -> list[SaveNote]``: writes the autosave; returns nothing, or notes for the player: either
  why nothing was written, or where the previous autosave went (another game is rotated into the saves
  folder as ``autosave-<date>.json``; an unusable autosave is set aside by ``quarantine``). A game in which
  no human has decided anything is not kept. Unfinished rotated games beyond the newest ``KEEP_UNFINISHED``
  are removed, oldest first (noted once per home).
- ``write(rec, path) -> SaveNote | None``: a named save; None on success (never overwrites a file that is
  not a valid record).
- ``quarantine(path) -> Path``: moves a bad autosave aside as ``autosave.bad-<date>.json`` so it never
  blocks Continue or a new game (raises OSError when it cannot be moved; then it stays where it is).
- ``list_saves()`` and ``delete(path)``: what the Load screen lists (described by ``tagteam.words.saves``)
  and removes.
- ``autosave_over()``: whether the autosave holds a finished game (the title greys Continue then).
- ``failure(notes)``: among what a save said, why it was not written (a full disk...), or None: said at quit.
- ``keep_half_choice(rec, seat, choice)`` / ``half_choice(rec, seat)``: a Build choice not locked yet,
  kept beside the autosave so a reloaded page finds it as it was (only for that seat at that decision).

The autosave always holds the latest position this process knows of its game: a Session keeps adding to
its record in place (the Turns of the last Fight are never a decision), so before another game's record
is autosaved, the previous one is written again (a rematch keeps the finished game saved as finished).
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from tagteam.engine import record
from tagteam.engine.record import GameRecord, RecordError
from tagteam.ground.atomic import fsync_folder, stage, write_atomic
from tagteam.ground.jsonfile import display, printable
from tagteam.store import records
from tagteam.store.paths import AUTOSAVE as AUTOSAVE  # re-exported, as are the five below
from tagteam.store.paths import STALE_TEMP_SECONDS as STALE_TEMP_SECONDS
from tagteam.store.paths import autosave_path as autosave_path
from tagteam.store.paths import clean_stale_temps as clean_stale_temps
from tagteam.store.paths import home as home
from tagteam.store.paths import saves_dir as saves_dir

MAX_LISTED = 500
KEEP_UNFINISHED = 20  # rotated unfinished games kept; older ones are removed, oldest first
ROTATED = "autosave-"  # the prefix of games the app set aside itself (the only ones ever pruned)
PRUNE_TOPIC = "pruned_unfinished"  # settings.told: the pruning rule was said once


SaveCode = Literal[
    "not_saved", "not_record", "aside_failed", "kept_bad", "kept_finished", "kept_previous", "pruned", "not_deleted"
]


@dataclass(frozen=True, slots=True)
class SaveNote:
    """What a save, the autosave or a deletion did or could not do, as data (worded by ``tagteam.words.saves``):
    ``file`` the file named, ``why`` the system's reason, ``count`` the games pruned, ``error`` why an unusable
    autosave was kept aside."""

    code: SaveCode
    file: str = ""
    why: str = ""
    count: int = 0
    error: RecordError | None = None


@dataclass(frozen=True, slots=True)
class _Known:
    """A file this process wrote or read: its (mtime_ns, size), the game it holds, whether a human decided in
    it, and how far it goes (decisions, then Turns after the last one)."""

    sig: tuple[int, int]
    game: tuple[Any, ...]
    decided: bool
    progress: tuple[int, int]


_written: dict[Path, _Known] = {}
_live: GameRecord | None = None  # the record object last autosaved: its Session may have moved on since
_finished: dict[tuple[Path, tuple[int, int]], bool | None] = {}  # a file's state, per version of the file
_in_play: Path | None = None  # the save the game in progress was loaded from: never pruned


def forget() -> None:
    """Drop what this process remembers of the files it wrote (as after a restart; tests use it)."""
    global _live, _in_play
    _written.clear()
    _finished.clear()
    _live = _in_play = None


def load(path: str | Path) -> GameRecord:
    """A validated record (raises ``RecordError`` with one line naming the file and the field).

    A record read from the autosave becomes the live one (see ``_catch_up``): a game resumed and played to
    its end is saved finished even if nobody decides anything after the resume."""
    global _live, _in_play
    rec = records.load(path)
    auto = autosave_path()
    try:
        same = os.path.samefile(path, auto)
    except (OSError, ValueError):
        same = False
    if same:
        _remember(auto, rec)
        _live = rec
    else:
        _in_play = Path(path)
    return rec


def decided(rec: GameRecord) -> bool:
    """Someone other than the bot has decided something: a game worth keeping (a stray key is not)."""
    bot = rec.solo.seat if rec.solo else None
    return any(d.seat != bot for d in rec.decisions)


def _signature(p: Path) -> tuple[int, int] | None:
    try:
        st = p.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def is_regular(p: Path) -> os.stat_result | None:
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


def _known(p: Path) -> _Known | None:
    """What this process wrote at ``p``, if the file is still exactly that."""
    known = _written.get(p)
    return known if known is not None and known.sig == _signature(p) else None


def safe_to_overwrite(path: str | Path) -> bool:
    """True when nothing is there or it is a valid Tag Team record: a foreign or corrupt file is left alone."""
    p = Path(path)
    if _signature(p) is None:
        return not _exists(p)
    if _known(p) is not None:
        return True
    try:
        records.load(p)
    except RecordError:
        return False
    return True


def _progress(rec: GameRecord) -> tuple[int, int]:
    return len(rec.decisions), rec.turns_after


def _remember(p: Path, rec: GameRecord) -> None:
    sig = _signature(p)
    if sig is not None:
        _written[p] = _Known(sig, _game(rec), decided(rec), _progress(rec))


def write(rec: GameRecord, path: str | Path) -> SaveNote | None:
    """Save atomically; a note saying why not, or None on success."""
    p = Path(path)
    if not safe_to_overwrite(p):
        return SaveNote("not_record", display(p))
    return _save(rec, p)


def _not_saved(p: Path, e: OSError) -> SaveNote:
    return SaveNote("not_saved", display(p), printable(e.strerror or e))


def _save(rec: GameRecord, p: Path) -> SaveNote | None:
    try:
        records.save(rec, p)
    except OSError as e:
        return _not_saved(p, e)
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


def _catch_up(p: Path, rec: GameRecord) -> None:
    """Before another record is autosaved, the autosave gets the last position of the game it holds.

    Only when the file is still what this process wrote or read for that game (nobody changed it since)
    and the live record has gone further in the same game (never a step back)."""
    global _live
    live = _live
    if live is None or live is rec:
        return
    _live = None
    known = _known(p)
    if known is not None and _continues(known.game, _game(live)) and _progress(live) > known.progress:
        _save(live, p)


def autosave(rec: GameRecord) -> list[SaveNote]:
    """Write the autosave; nothing, or notes: why it was not written, or where the previous one went.

    - nobody but the bot has decided anything in ``rec``: nothing is written (a stray key leaves no save);
    - the autosave holds this game (or an earlier position of it): overwritten;
    - it holds another game (a rematch, ``--load B`` while A was autosaved): A is kept in the saves folder
      (a game where nobody decided anything is simply replaced);
    - it is not a usable record (corrupt, hand-edited, not a regular file): it is kept aside as ``.bad``.

    No position is lost, however the process ends: the new record is written in full (fsynced, under a
    temporary name) before anything else happens; the previous autosave then gets its second name in the
    saves folder (a hard link, else a copy) while it still is the autosave; only then does the new record
    replace it, in one rename. So ``autosave.json`` always exists, and holds either game; a full disk
    leaves the previous autosave as it was. Pruning comes last, and never removes the file in play.
    """
    global _live
    p = autosave_path()
    _catch_up(p, rec)
    if not decided(rec):
        return []
    aside, problem = _what_goes_aside(p, rec)
    try:
        staged = stage(record.dump(rec), p)
    except OSError as e:  # a full disk, a read-only home: the previous autosave is untouched
        return [_not_saved(p, e)]
    notes: list[SaveNote] = []
    try:
        if aside == "bad":
            kept = _set_aside(p, _fresh(p.parent, f"{p.stem}.bad-{_stamp()}"))
            notes.append(SaveNote("kept_bad", kept.name, error=problem))
        elif aside in ("finished", "unfinished"):
            folder = saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            kept = _set_aside(p, _fresh(folder, f"{p.stem}-{_stamp()}"))
            notes.append(SaveNote("kept_finished" if aside == "finished" else "kept_previous", kept.name))
    except OSError as e:
        staged.unlink(missing_ok=True)
        return [SaveNote("aside_failed", p.name, printable(e.strerror or e))]
    try:
        os.replace(staged, p)
    except OSError as e:
        staged.unlink(missing_ok=True)
        return [*notes, _not_saved(p, e)]
    fsync_folder(p.parent)
    _remember(p, rec)
    _live = rec
    if aside in ("finished", "unfinished"):
        notes.extend(_pruned())
    return notes


FAILED: frozenset[SaveCode] = frozenset({"not_saved", "aside_failed"})  # the codes of a save that wrote nothing


def failure(notes: Sequence[SaveNote]) -> SaveNote | None:
    """Among what a save said, why it wrote nothing (None when it wrote, or had nothing to write): what a
    player quitting must read on the terminal once the screen has closed. Read off the notes the call
    returned, so no module state remembers the last call."""
    return next((n for n in notes if n.code in FAILED), None)


Aside = Literal["", "bad", "finished", "unfinished"]


def _what_goes_aside(p: Path, rec: GameRecord) -> tuple[Aside, RecordError | None]:
    """What the autosave holds now, for ``rec`` to replace: nothing to keep (``""``: nothing there, this game,
    or a game nobody decided in), an unusable file (``"bad"``, and why), or another game, finished or not."""
    if not _exists(p):
        return "", None
    old = _known(p)
    if old is None:
        try:
            old_rec = records.load(p)  # replayed too: a file that cannot be continued is set aside
        except RecordError as e:
            return "bad", e
        old = _Known((0, 0), _game(old_rec), decided(old_rec), _progress(old_rec))
    if _continues(old.game, _game(rec)) or not old.decided:
        return "", None
    return ("finished" if _state(p) is True else "unfinished"), None


def _set_aside(p: Path, target: Path) -> Path:
    """A second name for what ``p`` holds (``target``), ``p`` itself untouched: a hard link where the file
    system has them, else an atomic copy (a link ``p`` is copied: a relative one would dangle elsewhere)."""
    if not p.is_symlink():
        try:
            os.link(p, target)
        except FileExistsError:
            raise  # never a copy over a file that is there (``_fresh`` names a free one: a race, then)
        except OSError:
            write_atomic(target, p.read_bytes())  # another file system, or none with links: written atomically
    else:
        write_atomic(target, p.read_bytes())
    fsync_folder(target.parent)
    return target


def _pruned() -> list[SaveNote]:
    """Prune, and note it the first time it happens in this home (the Load screen states the rule)."""
    removed = prune()
    if not removed:
        return []
    from tagteam.store import settings

    if not settings.first_time(PRUNE_TOPIC):
        return []
    return [SaveNote("pruned", count=len(removed))]


def new_save_path(prefix: str = "game") -> Path:
    """A fresh file name in the saves folder, dated so saves sort by time."""
    return _fresh(saves_dir(), f"{prefix}-{_stamp()}")


def list_saves() -> list[Path]:
    """The autosave (if any) then saved games, newest first: regular files only (no folders, FIFOs,
    dangling links), never opened here, so a listing cannot hang."""
    out: list[Path] = []
    if is_regular(autosave_path()):
        out.append(autosave_path())
    out.extend(p for _, p in _dated(saves_dir().glob("*.json"))[:MAX_LISTED])
    return out


def _dated(found: Any) -> list[tuple[float, Path]]:
    """Regular files among ``found`` (a glob), newest first."""
    try:
        entries = list(found)
    except OSError:
        entries = []
    dated: list[tuple[float, Path]] = []
    for p in entries:
        st = is_regular(p)
        if st is not None:
            dated.append((st.st_mtime, p))
    dated.sort(key=lambda x: (x[0], x[1].name), reverse=True)
    return dated


def _state(p: Path) -> bool | None:
    """True when the save holds a finished game, False when unfinished, None when it cannot be used."""
    sig = _signature(p)
    if sig is None:
        return None
    key = (p, sig)
    if key not in _finished:
        try:
            _finished[key] = over(records.load_with_state(p)[1])
        except RecordError:
            _finished[key] = None
    return _finished[key]


def autosave_over() -> bool | None:
    """True when the autosave holds a finished game, False when one to go on with, None when there is none
    or it is unusable (Continue then says why): the title offers Continue only for a game to go on with.
    Only reads the file (never moves or rewrites it); remembered per version of the file, like ``_state``."""
    p = autosave_path()
    if is_regular(p) is None:
        return None
    return _state(p)


def over(st: Any) -> bool:
    """Whether a replayed position's game is over."""
    from tagteam.engine.game import is_over

    return bool(is_over(st))


def prune(keep: int = KEEP_UNFINISHED) -> list[Path]:
    """Remove the unfinished games the app set aside itself (``autosave-*.json``) beyond the newest ``keep``,
    oldest first; the player's own saves, finished games, unusable files and the file the game in progress
    was loaded from are never touched."""
    unfinished = [p for _, p in _dated(saves_dir().glob(f"{ROTATED}*.json")) if _state(p) is False]
    removed: list[Path] = []
    for p in reversed(unfinished[keep:]):
        if _playing(p):
            continue
        try:
            p.unlink()
        except OSError:
            continue
        removed.append(p)
    return removed


def _playing(p: Path) -> bool:
    """Whether ``p`` is the save the game in progress was loaded from."""
    if _in_play is None:
        return False
    try:
        return os.path.samefile(p, _in_play)
    except (OSError, ValueError):
        return False


def delete(path: str | Path) -> SaveNote | None:
    """Remove a save the player chose to delete (a link: the link only); None, or a note saying why not."""
    p = Path(path)
    try:
        p.unlink()
    except OSError as e:
        return SaveNote("not_deleted", p.name, printable(e.strerror or e))
    _written.pop(p, None)
    return None


HALF_CHOICE = "build-choice.json"  # a Build choice being made, beside the autosave (one at a time)
HALF_KEYS = ("card", "position", "bottom")


@dataclass(frozen=True, slots=True)
class HalfChoice:
    """A Build choice not locked yet: the card kept (0-2), where it goes in the line-up, and the order of
    the two others under the Build deck. Kept so a reloaded page or a rejoined seat finds it as it was."""

    card: int
    position: int
    bottom: tuple[int, int]


def _half_key(rec: GameRecord, seat: int) -> str:
    """This seat's next decision in this game: another game, or this seat's later decision, does not match
    (the other seat deciding meanwhile does not change it: both build at once over the network)."""
    import hashlib

    mine = sum(1 for d in rec.decisions if d.seat == seat)
    return hashlib.sha256(repr((_game(rec)[0], seat, mine)).encode()).hexdigest()


def keep_half_choice(rec: GameRecord, seat: int, choice: HalfChoice) -> SaveNote | None:
    """Keep ``choice`` for this seat's pending Build in ``rec`` (written atomically); None, or why not."""
    return keep_half(_half_key(rec, seat), choice)


def half_key(*parts: object) -> str:
    """A key for a decision named by ``parts`` where no record is at hand (a network seat: the host holds it)."""
    import hashlib

    return hashlib.sha256(repr(parts).encode()).hexdigest()


def keep_half(key: str, choice: HalfChoice) -> SaveNote | None:
    """Keep ``choice`` for the decision ``key`` names (one at a time, written atomically); None, or why not."""
    p = home() / HALF_CHOICE
    data = {"key": key, "card": choice.card, "position": choice.position, "bottom": list(choice.bottom)}
    try:
        write_atomic(p, json.dumps(data))
    except OSError as e:
        return _not_saved(p, e)
    return None


def half_choice(rec: GameRecord, seat: int) -> HalfChoice | None:
    """The choice kept for this seat's pending Build in ``rec``, or None (none kept, another decision, or a
    file that is not exactly what ``keep_half_choice`` writes: never trusted beyond small whole numbers)."""
    return half(_half_key(rec, seat))


def half(key: str) -> HalfChoice | None:
    """The choice kept for the decision ``key`` names, or None (as ``half_choice``)."""
    from tagteam.ground.jsonfile import InputError, read_json

    try:
        data = read_json(home() / HALF_CHOICE, max_bytes=4096)
    except (InputError, OSError):
        return None
    if not isinstance(data, dict) or data.get("key") != key:
        return None
    card, position, bottom = (data.get(k) for k in HALF_KEYS)
    small = [card, position, *(bottom if isinstance(bottom, list) else [None])]
    if not isinstance(bottom, list) or len(bottom) != 2 or not all(type(n) is int and 0 <= n < 64 for n in small):
        return None
    return HalfChoice(card, position, (bottom[0], bottom[1]))  # type: ignore[arg-type]
