"""Where games are saved: the autosave and named saves. A player's saved game is never lost or overwritten.

What the app calls (all of it Textual-free):

- ``clean_stale_temps()`` once at start: removes ``*.tmp`` files left by killed writes (older than a minute).
- ``load(path) -> GameRecord``: a validated record, or ``RecordError`` with one line naming file and field.
- ``autosave(rec) -> str | None``: writes the autosave; returns None, or one short line for the player:
  either why nothing was written, or where the previous autosave went (another game is rotated into the
  saves folder as ``autosave-<date>.json``; an unusable autosave is set aside by ``quarantine``). A game in
  which no human has decided anything is not kept. Unfinished rotated games beyond the newest
  ``KEEP_UNFINISHED`` are removed, oldest first (said once per home).
- ``write(rec, path) -> str | None``: a named save; None on success, else one line (never overwrites a
  file that is not a valid record).
- ``quarantine(path) -> Path``: moves a bad autosave aside as ``autosave.bad-<date>.json`` so it never
  blocks Continue or a new game (raises OSError when it cannot be moved; then it stays where it is).
- ``entries()``, ``summary(path)`` and ``delete(path)``: what the Load screen lists, shows and removes.
- ``trust_note(rec, path)``: the one line said when a save is loaded that has no digest to check.
- ``autosave_over()``: whether the autosave holds a finished game (the title greys Continue then).
- ``last_failure()``: why the last autosave was not written (a full disk...), or None: said at quit.
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
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from tagteam.engine import record
from tagteam.engine.record import GameRecord, RecordError
from tagteam.ground.jsonfile import display, printable
from tagteam.store.paths import AUTOSAVE as AUTOSAVE  # re-exported, as are the five below
from tagteam.store.paths import STALE_TEMP_SECONDS as STALE_TEMP_SECONDS
from tagteam.store.paths import autosave_path as autosave_path
from tagteam.store.paths import clean_stale_temps as clean_stale_temps
from tagteam.store.paths import home as home
from tagteam.store.paths import saves_dir as saves_dir
from tagteam.words import history as wh
from tagteam.words import inputs
from tagteam.words.lang import N_, _, ngettext
from tagteam.words.names import fighter_name

MAX_LISTED = 500
KEEP_UNFINISHED = 20  # rotated unfinished games kept; older ones are removed, oldest first
ROTATED = "autosave-"  # the prefix of games the app set aside itself (the only ones ever pruned)
PRUNE_TOPIC = "pruned_unfinished"  # settings.told: the pruning rule was said once


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
_failed: str | None = None  # why the last autosave was not written (None: it was, or nothing was due)


def forget() -> None:
    """Drop what this process remembers of the files it wrote (as after a restart; tests use it)."""
    global _live, _in_play, _failed
    _written.clear()
    _finished.clear()
    _live = _in_play = None
    _failed = None


def load(path: str | Path) -> GameRecord:
    """A validated record (raises ``RecordError`` with one line naming the file and the field).

    A record read from the autosave becomes the live one (see ``_catch_up``): a game resumed and played to
    its end is saved finished even if nobody decides anything after the resume."""
    global _live, _in_play
    rec = record.load(path)
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


def trust_note(rec: GameRecord, path: str | Path) -> str | None:
    """One line for a save loaded without a digest to check (version 1): the game loads, unverified."""
    if rec.verified:
        return None
    return _("{file}: old format (version 1), unverified: it has no digest to show it was not edited").format(
        file=Path(path).name
    )


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
        record.load(p)
    except RecordError:
        return False
    return True


def _progress(rec: GameRecord) -> tuple[int, int]:
    return len(rec.decisions), rec.turns_after


def _remember(p: Path, rec: GameRecord) -> None:
    sig = _signature(p)
    if sig is not None:
        _written[p] = _Known(sig, _game(rec), decided(rec), _progress(rec))


def write(rec: GameRecord, path: str | Path) -> str | None:
    """Save atomically; return one line explaining why not, or None on success."""
    p = Path(path)
    if not safe_to_overwrite(p):
        return _("{file}: left untouched, it is not a valid Tag Team record (move it away to save here)").format(
            file=display(p)
        )
    return _save(rec, p)


def _save(rec: GameRecord, p: Path) -> str | None:
    try:
        record.save(rec, p)
    except OSError as e:
        return _("{file}: cannot save ({why})").format(file=display(p), why=printable(e.strerror or e))
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


def _copy(src: Path, target: Path) -> None:
    """The bytes src points at, written atomically at target (never a half file under a save's name)."""
    data = src.read_bytes()
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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


def _short(e: RecordError, p: Path) -> str:
    """A record error without the path it starts with (the notice names the file once)."""
    return printable(inputs.line(e, named=False), 80)


def autosave(rec: GameRecord) -> str | None:
    """Write the autosave; None, or one short line: why it was not written, or where the previous one went.

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
    global _live, _failed
    p = autosave_path()
    _catch_up(p, rec)
    _failed = None
    if not decided(rec):
        return None
    aside, problem = _what_goes_aside(p, rec)
    try:
        staged = _stage(rec, p)
    except OSError as e:  # a full disk, a read-only home: the previous autosave is untouched
        _failed = _("{file}: cannot save ({why})").format(file=display(p), why=printable(e.strerror or e))
        return _failed
    notices: list[str] = []
    try:
        if aside == "bad":
            _set_aside(p, _fresh(p.parent, f"{p.stem}.bad-{_stamp()}"))
            notices.append(wh.unusable_kept(problem))
        elif aside in ("finished", "unfinished"):
            folder = saves_dir()
            folder.mkdir(parents=True, exist_ok=True)
            _set_aside(p, _fresh(folder, f"{p.stem}-{_stamp()}"))
            if aside == "finished":
                notices.append(wh.finished_kept())
            else:
                notices.append(wh.previous_kept())
    except OSError as e:
        staged.unlink(missing_ok=True)
        why = printable(e.strerror or e)
        _failed = _("{file}: autosave skipped, the previous one cannot be moved aside ({why})").format(
            file=p.name, why=why
        )
        return _failed
    try:
        os.replace(staged, p)
    except OSError as e:
        staged.unlink(missing_ok=True)
        _failed = _("{file}: cannot save ({why})").format(file=display(p), why=printable(e.strerror or e))
        return "; ".join([*notices, _failed])
    _fsync_folder(p.parent)
    _remember(p, rec)
    _live = rec
    if aside in ("finished", "unfinished"):
        notices.extend(_prune_notice())
    return "; ".join(notices) or None


def last_failure() -> str | None:
    """Why the last ``autosave`` call wrote nothing, in one line (None when it wrote, or had nothing to
    write): what a player quitting must read on the terminal once the screen has closed."""
    return _failed


Aside = Literal["", "bad", "finished", "unfinished"]


def _what_goes_aside(p: Path, rec: GameRecord) -> tuple[Aside, str]:
    """What the autosave holds now, for ``rec`` to replace: nothing to keep (``""``: nothing there, this game,
    or a game nobody decided in), an unusable file (``"bad"``, and why), or another game, finished or not."""
    if not _exists(p):
        return "", ""
    old = _known(p)
    if old is None:
        try:
            old_rec = record.load(p)  # replayed too: a file that cannot be continued is set aside
        except RecordError as e:
            return "bad", _short(e, p)
        old = _Known((0, 0), _game(old_rec), decided(old_rec), _progress(old_rec))
    if _continues(old.game, _game(rec)) or not old.decided:
        return "", ""
    return ("finished" if _state(p) is True else "unfinished"), ""


def _stage(rec: GameRecord, p: Path) -> Path:
    """``rec`` written in full beside ``p`` under a temporary name (fsynced), not yet under ``p``'s name; a
    process killed now leaves only a temporary file (``clean_stale_temps`` removes it later)."""
    p.parent.mkdir(parents=True, exist_ok=True)
    text = record.dump(rec)
    fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def _set_aside(p: Path, target: Path) -> Path:
    """A second name for what ``p`` holds (``target``), ``p`` itself untouched: a hard link where the file
    system has them, else an atomic copy (a link ``p`` is copied: a relative one would dangle elsewhere)."""
    if not p.is_symlink():
        try:
            os.link(p, target)
        except FileExistsError:
            raise  # never a copy over a file that is there (``_fresh`` names a free one: a race, then)
        except OSError:
            _copy(p, target)  # another file system, or none with links: the bytes, written atomically
    else:
        _copy(p, target)
    _fsync_folder(target.parent)
    return target


def _fsync_folder(folder: Path) -> None:
    """Make a rename or a new name durable where the platform allows opening a folder."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _prune_notice() -> list[str]:
    """Prune, and say so the first time it happens in this home (the Load screen states the rule)."""
    removed = prune()
    if not removed:
        return []
    from tagteam.store import settings

    if not settings.first_time(PRUNE_TOPIC):
        return []
    return [
        ngettext(
            "only the last {keep} unfinished games are kept ({count} older removed)",
            "only the last {keep} unfinished games are kept ({count} older removed)",
            len(removed),
        ).format(keep=KEEP_UNFINISHED, count=len(removed))
    ]


def new_save_path(prefix: str = "game") -> Path:
    """A fresh file name in the saves folder, dated so saves sort by time."""
    return _fresh(saves_dir(), f"{prefix}-{_stamp()}")


def list_saves() -> list[Path]:
    """The autosave (if any) then saved games, newest first: regular files only (no folders, FIFOs,
    dangling links), never opened here, so a listing cannot hang."""
    out: list[Path] = []
    if _is_regular(autosave_path()):
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
        st = _is_regular(p)
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
            _finished[key] = _over(record.load_with_state(p)[1])
        except RecordError:
            _finished[key] = None
    return _finished[key]


def autosave_over() -> bool | None:
    """True when the autosave holds a finished game, False when one to go on with, None when there is none
    or it is unusable (Continue then says why): the title offers Continue only for a game to go on with.
    Only reads the file (never moves or rewrites it); remembered per version of the file, like ``_state``."""
    p = autosave_path()
    if _is_regular(p) is None:
        return None
    return _state(p)


def _over(st: Any) -> bool:
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


def delete(path: str | Path) -> str | None:
    """Remove a save the player chose to delete (a link: the link only); None, or one line saying why not."""
    p = Path(path)
    try:
        p.unlink()
    except OSError as e:
        return _("{file}: not deleted ({why})").format(file=p.name, why=printable(e.strerror or e))
    _written.pop(p, None)
    return None


def _fighter_names() -> dict[str, str]:
    try:
        from tagteam.content.loader import load_all

        return {k: fighter_name(f) for k, f in load_all().items()}
    except Exception:  # a summary never fails because of the card data
        return {}


State = Literal["unfinished", "finished", "unusable"]

# A save of a game still in its Draft names the Draft mode ("{mode} draft" was glued in code)
DRAFT_WORDS = {
    "free": N_("free draft"),
    "standard": N_("standard draft"),
    "competitive": N_("competitive draft"),
}


@dataclass(frozen=True, slots=True)
class Entry:
    """One save as the Load screen lists it: what it is (``head``: players, round or result, file name;
    ``tail``: teams, date), its state, and its date for newest first."""

    path: Path
    state: State
    mtime: float
    head: str
    tail: str
    line: str  # all of it on one line (``summary``)


def _when(mtime: float | None) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(mtime)) if mtime is not None else "?"


def _where(round: int, phase: str) -> str:
    """How far an unfinished game went: its round, or the Draft or the setup before round 1."""
    if round:
        return _("round {round}").format(round=round)
    return _("draft") if phase == "draft" else _("setup")


def describe(path: str | Path) -> Entry:
    """A save's parts (players, round or result, teams, date, file name) and its state, all printable."""
    p = Path(path)
    st_file = _is_regular(p)
    mtime = st_file.st_mtime if st_file else None
    when = _when(mtime)
    name = printable(p.name, 80)
    try:
        rec, st = record.load_with_state(p)
    except RecordError as e:
        why = printable(_("unusable: {why}").format(why=inputs.line(e)), 200)
        return Entry(p, "unusable", mtime or 0.0, f"{name} · {when}", why, f"{name} · {when} · {why}")
    names = _fighter_names()
    table = st.table
    if table is not None:
        kinds = table.kinds
        a, b, c, d = (names.get(k, k) for k in kinds[:4])
        # TRANSLATORS: the two teams of a saved game, "Joan & Ching Shih vs Bödvar & Wong Fei-Hung"
        teams = _("{first} & {second} vs {third} & {fourth}").format(first=a, second=b, third=c, fourth=d)
    else:
        teams = _(DRAFT_WORDS[rec.draft]) if rec.draft in DRAFT_WORDS else rec.draft
    where = _where(st.round, st.phase)
    over = _over(st)
    players = _("{first} vs {second}").format(first=rec.players[0], second=rec.players[1])
    if over:
        if st.winner is None or st.winner < 0:
            result = _("a draw")
        else:
            result = _("{player} won").format(player=rec.players[st.winner])
        state = _("finished")
    else:
        result = where
        state = _("unfinished, {where}").format(where=where)
    mark = "" if rec.verified else " · " + _("old format, unverified")
    head = printable(f"{players} · {result} · {p.name}", 200)
    tail = printable(f"{teams} · {when}{mark}", 200)
    line = printable(f"{p.name} · {teams} · {players} · {state} · {when}{mark}", 300)
    return Entry(p, "finished" if over else "unfinished", mtime or 0.0, head, tail, line)


def summary(path: str | Path) -> str:
    """One printable line about a save: teams, players, round, finished or not, date (or why it is unusable)."""
    return describe(path).line


def entries(limit: int = MAX_LISTED) -> list[Entry]:
    """The first ``limit`` saves of ``list_saves``, described, newest first."""
    out = [describe(p) for p in list_saves()[:limit]]
    out.sort(key=lambda e: e.mtime, reverse=True)
    return out


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


def keep_half_choice(rec: GameRecord, seat: int, choice: HalfChoice) -> str | None:
    """Keep ``choice`` for this seat's pending Build in ``rec`` (written atomically); None, or why not."""
    return keep_half(_half_key(rec, seat), choice)


def half_key(*parts: object) -> str:
    """A key for a decision named by ``parts`` where no record is at hand (a network seat: the host holds it)."""
    import hashlib

    return hashlib.sha256(repr(parts).encode()).hexdigest()


def keep_half(key: str, choice: HalfChoice) -> str | None:
    """Keep ``choice`` for the decision ``key`` names (one at a time, written atomically); None, or why not."""
    p = home() / HALF_CHOICE
    data = {"key": key, "card": choice.card, "position": choice.position, "bottom": list(choice.bottom)}
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh)
            os.replace(tmp, p)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as e:
        return _("{file}: cannot save ({why})").format(file=display(p), why=printable(e.strerror or e))
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
