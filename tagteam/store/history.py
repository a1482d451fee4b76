"""The history index: one SQLite row per finished game, read off its saved record (the save stays the truth).

The database (``history.sqlite3`` in the data folder, ``paths.home``) is an index, never a second truth: every
row is derived from a record file and the index recreated from the autosave and ``saves/`` by
``tagteam.play.history`` (``derive``, ``rebuild``, ``record_finished``): this module keeps the rows it is given
and derives nothing. So nothing that happens to the database can lose a game:

- missing, or never filled (a first indexing cut short): ``Opened.fresh``, and the caller fills it from the saves
  (``replace_all`` marks it filled, with ``PRAGMA application_id``, in the transaction that writes the games);
- garbage, a broken image (``SQLITE_NOTADB``, ``SQLITE_CORRUPT``, at the opening or met later by any query),
  tables dropped or altered, or something that is not a regular file (a folder, a FIFO, a device, a dangling
  link or one out of the data folder: never opened): moved aside as ``history.bad-<date>.sqlite3`` and created
  again, said in one ``Note``;
- a row whose values are not a game's (a hand edit): skipped, counted, said in one ``Note`` (``History.notes``);
- from a newer Tag Team (``PRAGMA user_version`` above ``SCHEMA``): left exactly as it is and not used (only
  a rebuild, which the player asks for, moves it aside);
- locked by another process, in a read-only home, on a full disk: not used this time, one ``Note``.

No save file is ever written, moved or removed here. The schema is versioned with ``PRAGMA user_version``;
``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1`` in one transaction. Other features keep
their own tables in this file (the puzzles' rating, issue 28): they append a migration that creates tables
named ``<feature>_*``; a rebuild only ever empties ``DERIVED`` (docs/history.md, "The seam").

Textual-free, and no sentence here: a ``Note`` is a code and its fields, worded by ``tagteam.words.history``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import stat
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from tagteam.ground.regular import openable
from tagteam.store.paths import autosave_path, home, saves_dir

FILE = "history.sqlite3"
SCHEMA = 4
BUSY_MS = 1500  # how long a write waits for another process's lock before giving up (the game never waits more)
CREATE_BUSY_MS = 10_000  # ... except while the index is first made, once, maybe by two processes at once
DERIVED = ("games",)  # the tables rebuilt from saves; any other table belongs to its own feature
RELOCATE_LOOK = 40  # rotated autosaves read to find where a finished game's file went

Kind = Literal["hotseat", "solo", "guided", "network"]
KINDS: tuple[Kind, ...] = ("hotseat", "solo", "guided", "network")
# A network game's record, kept by each machine for its own seat: ``network-p1-<date>.json`` (seat 1 played here)
NETWORK_PREFIX = "network-p"

MIGRATIONS: tuple[str, ...] = (
    # 0 -> 1: the games, one row per finished game (seat order: fighters 1-2 are seat 1's team)
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        digest TEXT NOT NULL UNIQUE,
        file TEXT NOT NULL,
        ended REAL NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('hotseat', 'solo', 'guided')),
        level TEXT NOT NULL,
        mode TEXT NOT NULL,
        seed INTEGER NOT NULL,
        you INTEGER NOT NULL CHECK (you IN (0, 1)),
        player1 TEXT NOT NULL,
        player2 TEXT NOT NULL,
        fighter1 TEXT NOT NULL,
        fighter2 TEXT NOT NULL,
        fighter3 TEXT NOT NULL,
        fighter4 TEXT NOT NULL,
        winner INTEGER NOT NULL CHECK (winner IN (-1, 0, 1)),
        reason TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        hp TEXT NOT NULL
    );
    CREATE INDEX games_ended ON games (ended);
    CREATE INDEX games_kind ON games (kind, ended);
    CREATE INDEX games_level ON games (level, ended);
    """,
    # 1 -> 2: network games are a kind of their own (each machine indexes its own seat; not rated)
    """
    CREATE TABLE games_v2 (
        id INTEGER PRIMARY KEY,
        digest TEXT NOT NULL UNIQUE,
        file TEXT NOT NULL,
        ended REAL NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('hotseat', 'solo', 'guided', 'network')),
        level TEXT NOT NULL,
        mode TEXT NOT NULL,
        seed INTEGER NOT NULL,
        you INTEGER NOT NULL CHECK (you IN (0, 1)),
        player1 TEXT NOT NULL,
        player2 TEXT NOT NULL,
        fighter1 TEXT NOT NULL,
        fighter2 TEXT NOT NULL,
        fighter3 TEXT NOT NULL,
        fighter4 TEXT NOT NULL,
        winner INTEGER NOT NULL CHECK (winner IN (-1, 0, 1)),
        reason TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        hp TEXT NOT NULL
    );
    INSERT INTO games_v2 SELECT * FROM games;
    DROP TABLE games;
    ALTER TABLE games_v2 RENAME TO games;
    CREATE INDEX games_ended ON games (ended);
    CREATE INDEX games_kind ON games (kind, ended);
    CREATE INDEX games_level ON games (level, ended);
    """,
    # -> +1: the Build puzzles' attempts (issue 28; tagteam/store/puzzles.py): one row per answer, in the order
    # played, with what it did; filled again from the journal puzzle-attempts.jsonl, never by ``rebuild``
    """
    CREATE TABLE puzzle_attempts (
        n INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        at REAL NOT NULL,
        day TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        puzzle_rating INTEGER NOT NULL,
        correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
        hint INTEGER NOT NULL CHECK (hint IN (0, 1)),
        first INTEGER NOT NULL CHECK (first IN (0, 1)),
        rated INTEGER NOT NULL CHECK (rated IN (0, 1)),
        rating REAL NOT NULL,
        rd REAL NOT NULL,
        volatility REAL NOT NULL,
        streak INTEGER NOT NULL
    );
    CREATE INDEX puzzle_attempts_puzzle ON puzzle_attempts (puzzle);
    CREATE INDEX puzzle_attempts_day ON puzzle_attempts (day);
    """,
    # 3 -> 4: a solo game played with the coach or the what-if opened (issue 43): counted, marked, not rated
    """
    ALTER TABLE games ADD COLUMN assisted INTEGER NOT NULL DEFAULT 0 CHECK (assisted IN (0, 1));
    """,
)
assert len(MIGRATIONS) == SCHEMA

COLUMNS = (
    "digest, file, ended, kind, level, mode, seed, you, player1, player2, "
    "fighter1, fighter2, fighter3, fighter4, winner, reason, rounds, hp, assisted"
)
MARKS = ", ".join("?" * len(COLUMNS.split(",")))  # one per column, for an INSERT


# ---------------------------------------------------------------------------------------------- what a row is


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished game as the index holds it. ``you``: the seat counted as the player's (the human's in solo
    and the guided game, seat 1 at a hot-seat table); ``winner`` -1 for a draw; ``hp``: each Fighter's HP when
    the first round began, then at the end of every round; ``file``: relative to the data folder."""

    digest: str
    file: str
    ended: float
    kind: Kind
    level: str
    mode: str
    seed: int
    you: int
    players: tuple[str, str]
    fighters: tuple[str, str, str, str]
    winner: int
    reason: str
    rounds: int
    hp: tuple[tuple[int, ...], ...]
    assisted: bool = False  # a solo game with the coach or the what-if opened: not rated (``play.stats.rated``)

    @property
    def result(self) -> Literal["win", "draw", "loss"]:
        """The game's result for ``you``."""
        if self.winner < 0:
            return "draw"
        return "win" if self.winner == self.you else "loss"

    @property
    def mine(self) -> tuple[str, str]:
        """Your two Fighters, in seat order."""
        return self.fighters[2 * self.you], self.fighters[2 * self.you + 1]

    @property
    def theirs(self) -> tuple[str, str]:
        return self.fighters[2 - 2 * self.you], self.fighters[3 - 2 * self.you]

    def row(self) -> tuple[object, ...]:
        return (
            self.digest,
            self.file,
            self.ended,
            self.kind,
            self.level,
            self.mode,
            self.seed,
            self.you,
            *self.players,
            *self.fighters,
            self.winner,
            self.reason,
            self.rounds,
            json.dumps([list(r) for r in self.hp], separators=(",", ":")),
            int(self.assisted),
        )


def team_key(team: Sequence[str]) -> str:
    """A team as a filter names it: its two Fighter ids sorted, joined by ``+`` (order on the board aside)."""
    a, b = sorted(team)
    return f"{a}+{b}"


def team_orders(teams: Iterable[Sequence[str]]) -> dict[str, tuple[str, str]]:
    """Each team (by ``team_key``) in the order of its last appearance in ``teams`` (oldest first): a team is
    named as you last played it, the way the history's rows name it, not in the key's sorted order."""
    return {team_key(t): (t[0], t[1]) for t in teams}


_DIGEST = re.compile(r"[0-9a-f]{64}")
_WORD = re.compile(r"[a-z0-9_-]{0,40}")  # a level, a mode, an end reason: ids, never prose
_FIGHTER = re.compile(r"[a-z][a-z0-9_]{0,39}")
_PLAYER = re.compile(r"[^\[\]\x00-\x1f\x7f]{1,24}")  # as a record's player name (``engine.record.PlayerName``)
MAX_HP_TEXT = 20_000  # characters of a row's ``hp``: a game of 200 rounds of four Fighters fits many times over
MAX_ENDED = 1e11  # seconds since 1970: far beyond any real date, below what a clock's date can no longer say


def _whole(x: object, low: int, high: int) -> int:
    if type(x) is not int or not low <= x <= high:
        raise ValueError(x)
    return x


def _text(x: object, shape: re.Pattern[str]) -> str:
    if not isinstance(x, str) or not shape.fullmatch(x):
        raise ValueError(x)
    return x


def _hp(x: object) -> tuple[tuple[int, ...], ...]:
    if not isinstance(x, str) or len(x) > MAX_HP_TEXT:
        raise ValueError(x)
    rows = json.loads(x)
    if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) <= 8 for r in rows):
        raise ValueError(x)
    return tuple(tuple(_whole(v, -1000, 1000) for v in r) for r in rows)


def _from_row(r: Any, with_hp: bool = True) -> PastGame:
    """A row read back, every value checked as ``PastGame.row`` writes it: anything else (a hand edit, another
    program's table, a damaged page that still reads) raises ValueError, and the row is skipped (``History``)."""
    ended = r[2]
    if isinstance(ended, bool) or not isinstance(ended, int | float) or not 0 <= ended < MAX_ENDED:
        raise ValueError(ended)  # NaN and infinities fail the range too
    kind = r[3]
    if kind not in KINDS:
        raise ValueError(kind)
    file = r[1]
    if not isinstance(file, str) or len(file) > 4096 or "\x00" in file:
        raise ValueError(file)
    return PastGame(
        digest=_text(r[0], _DIGEST),
        file=file,
        ended=float(ended),
        kind=kind,
        level=_text(r[4], _WORD),
        mode=_text(r[5], _WORD),
        seed=_whole(r[6], -(2**63), 2**63 - 1),
        you=_whole(r[7], 0, 1),
        players=(_text(r[8], _PLAYER), _text(r[9], _PLAYER)),
        fighters=(_text(r[10], _FIGHTER), _text(r[11], _FIGHTER), _text(r[12], _FIGHTER), _text(r[13], _FIGHTER)),
        winner=_whole(r[14], -1, 1),
        reason=_text(r[15], _WORD),
        rounds=_whole(r[16], 0, 100_000),
        hp=_hp(r[17]) if with_hp else (),
        assisted=bool(_whole(r[18], 0, 1)),
    )


def network_seat(file: Path | str) -> int | None:
    """The seat a machine played in a network game it kept (``network-p2-<date>.json``: seat index 1), or None."""
    name = Path(file).name
    if name.startswith(NETWORK_PREFIX) and name[len(NETWORK_PREFIX) : len(NETWORK_PREFIX) + 2] in ("1-", "2-"):
        return int(name[len(NETWORK_PREFIX)]) - 1
    return None


def relative(path: Path) -> str:
    """A file as the index names it: relative to the data folder when inside it (the home can move)."""
    try:
        return path.resolve().relative_to(home().resolve()).as_posix()
    except (ValueError, OSError):
        return str(path)


def absolute(file: str) -> Path:
    p = Path(file)
    return p if p.is_absolute() else home() / p


# ---------------------------------------------------------------------------------------------- what went wrong

NoteCode = Literal["moved_aside", "newer", "locked", "read_only", "full", "unusable", "not_moved", "bad_rows"]
# Why a database was moved aside when SQLite gave no reason of its own (worded by ``tagteam.words.history``)
Reason = Literal["", "not_regular", "tables", "damaged"]


@dataclass(frozen=True, slots=True)
class Note:
    """What happened to the database, for one line (``tagteam.words.history.note_line``): ``file`` is the
    database (or where it was moved), ``detail`` SQLite's own reason, the schema numbers or the rows skipped;
    ``reason`` our own reason for moving it aside, as a code."""

    code: NoteCode
    file: str
    detail: str = ""
    reason: Reason = ""


class Unsound(sqlite3.DatabaseError):
    """The file is not a database this module can trust (not a regular file, foreign tables, damaged pages):
    it is moved aside like garbage. ``reason`` says why, as a code."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(f"file is not a database ({reason})")
        self.reason: Reason = reason


class MovedAside(sqlite3.DatabaseError):
    """A database found broken while in use was closed and moved aside (to ``target``): the next opening makes a
    fresh one, filled again from the saves. ``fault`` turns it into its note."""

    def __init__(self, target: str, why: str, reason: Reason = "") -> None:
        super().__init__(why)
        self.target = target
        self.reason: Reason = reason


def _code(e: sqlite3.Error) -> NoteCode:
    name = getattr(e, "sqlite_errorname", "") or ""
    text = str(e).lower()
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return "locked"
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return "read_only"
    if name.startswith("SQLITE_FULL") or "full" in text:
        return "full"
    return "unusable"


def _broken(e: sqlite3.Error) -> bool:
    """The file is not a usable database at all (garbage, a broken image, a foreign one): move it aside and start
    again."""
    if isinstance(e, Unsound):
        return True
    name = getattr(e, "sqlite_errorname", "") or ""
    text = str(e).lower()
    return name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "not a database" in text or "malformed" in text


def db_path() -> Path:
    return home() / FILE


# ---------------------------------------------------------------------------------------------- opening


class History:
    """An open index: queries and writes. Every method may raise ``sqlite3.Error``; callers word it (``fault``).

    A damaged page met on the way (``SQLITE_CORRUPT``) closes the connection and moves the file aside at once
    (``MovedAside``): the next opening is fresh and filled again from the saves. A row whose values are not a
    game's is skipped, counted in ``skipped`` and said by ``notes``."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.skipped = 0

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def notes(self) -> list[Note]:
        """What this connection met that a player should know: rows skipped (at most one line)."""
        return [Note("bad_rows", str(self.path), str(self.skipped))] if self.skipped else []

    def run(self, sql: str, args: Sequence[object] = ()) -> list[Any]:
        """Every row of a query, read here so that a damaged page is caught (and the file moved aside)."""
        try:
            return self.conn.execute(sql, args).fetchall()
        except sqlite3.Error as e:
            raise self.damaged(e) from None

    def damaged(self, e: sqlite3.Error) -> sqlite3.Error:
        """``e`` as it should be raised: when it says the file is broken, the connection is closed and the file
        moved aside first (``MovedAside``); otherwise ``e`` itself."""
        if not _broken(e) or isinstance(e, MovedAside):
            return e
        self.close()
        try:
            target = _aside(self.path)
        except OSError as err:
            return sqlite3.DatabaseError(f"{e} ({err.strerror or err})")
        return MovedAside(str(target), str(e), getattr(e, "reason", "") or "damaged")

    def games(self, rows: Iterable[Any], with_hp: bool = True) -> list[PastGame]:
        out: list[PastGame] = []
        for r in rows:
            try:
                out.append(_from_row(r, with_hp))
            except (ValueError, TypeError, IndexError, RecursionError):
                self.skipped += 1
        return out

    # -------------------------------------------------------------------------------------- reading

    def count(self, where: Filter | None = None) -> int:
        sql, args = (where or Filter()).sql()
        rows = self.run(f"SELECT count(*) FROM games WHERE {sql}", args)
        return int(rows[0][0]) if rows and type(rows[0][0]) is int else 0

    def newest(self, where: Filter | None = None, limit: int = 200, offset: int = 0) -> list[PastGame]:
        """Games newest first (only ``limit`` of them: a screen shows a page, never 10,000 rows)."""
        sql, args = (where or Filter()).sql()
        return self.games(
            self.run(
                f"SELECT {COLUMNS} FROM games WHERE {sql} ORDER BY ended DESC, id DESC LIMIT ? OFFSET ?",
                (*args, limit, offset),
            )
        )

    def oldest_first(self, where: Filter | None = None, with_hp: bool = False) -> list[PastGame]:
        """Every game in the order played (statistics and the rating read them in turn); without ``with_hp``
        their ``hp`` is left empty (parsing 10,000 of them is most of the time, and no statistic reads it)."""
        sql, args = (where or Filter()).sql()
        return self.games(self.run(f"SELECT {COLUMNS} FROM games WHERE {sql} ORDER BY ended, id", args), with_hp)

    def get(self, digest: str) -> PastGame | None:
        found = self.games(self.run(f"SELECT {COLUMNS} FROM games WHERE digest = ?", (digest,)))
        return found[0] if found else None

    def choices(self) -> Choices:
        """What the filters can be set to: the kinds, levels, your teams and your Fighters found in the index
        (values that are not ids are left out, as their rows are)."""
        kinds = {r[0] for r in self.run("SELECT DISTINCT kind FROM games")}
        levels = sorted(
            str(r[0]) for r in self.run("SELECT DISTINCT level FROM games WHERE level != ''") if _fits(r[0], _WORD)
        )
        pairs = self.run(
            "SELECT CASE you WHEN 0 THEN fighter1 ELSE fighter3 END, "
            "CASE you WHEN 0 THEN fighter2 ELSE fighter4 END FROM games ORDER BY ended"
        )
        ids = [(a, b) for a, b in pairs if _fits(a, _FIGHTER) and _fits(b, _FIGHTER)]
        orders = team_orders(ids)
        fighters = sorted({x for pair in ids for x in pair})
        return Choices(
            tuple(k for k in KINDS if k in kinds),
            tuple(levels),
            tuple(sorted(orders)),
            tuple(fighters),
            tuple(orders[k] for k in sorted(orders)),
        )

    # -------------------------------------------------------------------------------------- writing

    def write(self, sql: str, rows: Iterable[Sequence[object]] | None = None, args: Sequence[object] = ()) -> int:
        """One statement (``rows``: for each of them) in one transaction; the rows it changed."""
        try:
            with self.conn:
                cur = self.conn.executemany(sql, rows) if rows is not None else self.conn.execute(sql, args)
                return max(cur.rowcount, 0)
        except sqlite3.Error as e:
            raise self.damaged(e) from None

    def add(self, game: PastGame) -> bool:
        """Index one game (the same game twice, by its digest, stays one row: the newer file name wins only
        when the old one no longer holds it; a network game's own file wins over the host's autosave of it,
        which reads as hot-seat). True when a row was added or made a network game's."""
        return (
            self.write(
                f"INSERT INTO games ({COLUMNS}) VALUES ({MARKS}) ON CONFLICT (digest) DO UPDATE "
                "SET kind = excluded.kind, you = excluded.you, file = excluded.file "
                "WHERE excluded.kind = 'network' AND games.kind != 'network'",
                args=game.row(),
            )
            > 0
        )

    def move(self, digest: str, file: str) -> None:
        self.write("UPDATE games SET file = ? WHERE digest = ?", args=(file, digest))

    def replace_all(self, games: Sequence[PastGame]) -> int:
        """The derived tables emptied and filled again, in one transaction (a crash keeps the old index), the
        index then marked as filled (``FILLED``) in that same transaction: a first indexing cut short leaves a
        fresh index, filled again at its next opening, never an empty one taken for a history."""
        try:
            with self.conn:
                for table in DERIVED:
                    self.conn.execute(f"DELETE FROM {table}")
                cur = self.conn.executemany(
                    f"INSERT OR IGNORE INTO games ({COLUMNS}) VALUES ({MARKS})",
                    (g.row() for g in unique(games)),
                )
                self.conn.execute(f"PRAGMA application_id = {FILLED}")
        except sqlite3.Error as e:
            raise self.damaged(e) from None
        return max(cur.rowcount, 0)


def _fits(x: object, shape: re.Pattern[str]) -> bool:
    return isinstance(x, str) and shape.fullmatch(x) is not None


def unique(games: Iterable[PastGame]) -> list[PastGame]:
    """One game per digest, in the order found, except that a network game's own file (which names this
    machine's seat) wins over another copy of it (the host's autosave, a saved replay: they read as hot-seat)."""
    out: dict[str, PastGame] = {}
    for g in games:
        had = out.get(g.digest)
        if had is None or (g.kind == "network" and had.kind != "network"):
            out[g.digest] = g
    return list(out.values())


@dataclass(frozen=True, slots=True)
class Choices:
    kinds: tuple[Kind, ...]
    levels: tuple[str, ...]
    teams: tuple[str, ...]
    fighters: tuple[str, ...]
    orders: tuple[tuple[str, str], ...] = ()  # each team as you last played it (``team_orders``), for its name


@dataclass(frozen=True, slots=True)
class Filter:
    """Which games: a kind, a bot level, your team (``team_key``) and one of your Fighters; None: any."""

    kind: str | None = None
    level: str | None = None
    team: str | None = None
    fighter: str | None = None

    def sql(self) -> tuple[str, tuple[object, ...]]:
        parts: list[str] = ["1"]
        args: list[object] = []
        if self.kind:
            parts.append("kind = ?")
            args.append(self.kind)
        if self.level:
            parts.append("level = ?")
            args.append(self.level)
        if self.team:
            a, _sep, b = self.team.partition("+")
            parts.append(
                "(CASE you WHEN 0 THEN min(fighter1, fighter2) = ? AND max(fighter1, fighter2) = ? "
                "ELSE min(fighter3, fighter4) = ? AND max(fighter3, fighter4) = ? END)"
            )
            args += [a, b, a, b]
        if self.fighter:
            parts.append("(CASE you WHEN 0 THEN ? IN (fighter1, fighter2) ELSE ? IN (fighter3, fighter4) END)")
            args += [self.fighter, self.fighter]
        return " AND ".join(parts), tuple(args)

    def matches(self, g: PastGame) -> bool:
        """The same test in Python (the statistics of a list already read)."""
        return (
            (not self.kind or g.kind == self.kind)
            and (not self.level or g.level == self.level)
            and (not self.team or team_key(g.mine) == self.team)
            and (not self.fighter or self.fighter in g.mine)
        )


@dataclass(slots=True)
class Opened:
    """``history``: None when the index cannot be used this time (``notes`` say why, one line each);
    ``fresh``: not filled from the saves yet (just created, or a first indexing cut short): the caller fills it
    (``replace_all``, which marks it filled)."""

    history: History | None
    notes: list[Note] = field(default_factory=list)
    fresh: bool = False


def _connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
    uri = f"{path.resolve().as_uri()}?mode={'ro' if readonly else 'rwc'}"
    # the default (deferred) transactions: ``with conn`` is one transaction, a read needs none
    return sqlite3.connect(uri, uri=True, timeout=BUSY_MS / 1000, check_same_thread=False)


def _aside(path: Path) -> Path:
    """Move a broken database (and its WAL files) aside, next to it: nothing is deleted. Whatever is there is
    renamed, never opened (a folder, a FIFO, a link: the link itself, not what it points to)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.stem}.bad-{stamp}-{n}{path.suffix}")
    os.rename(path, target)
    for extra in ("-wal", "-shm"):
        side = path.with_name(path.name + extra)
        if os.path.lexists(side):
            with contextlib.suppress(OSError):
                os.rename(side, target.with_name(target.name + extra))
    return target


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring the schema up to ``SCHEMA``, one transaction per step, each step decided under the write lock: a
    second process opening a fresh index at the same time finds the step done and skips it (never "table games
    already exists")."""
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            v = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if v >= SCHEMA:
                conn.execute("COMMIT")
                return
            for statement in MIGRATIONS[v].split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {v + 1}")
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise


HEADER = b"SQLite format 3\x00"
FILLED = 0x54474831  # ``PRAGMA application_id`` once the games are in ("TGH1"); 0 until then


def _foreign(path: Path) -> bool:
    """A file that is there but is no SQLite database (SQLite itself would take a few odd bytes for an empty one
    and write over them). Opened without waiting: only called once ``openable`` said yes."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        head = os.read(fd, len(HEADER))
    except OSError:
        return False
    finally:
        os.close(fd)
    return bool(head) and head != HEADER


# Each table this module or a feature's migration makes, as ``PRAGMA table_info`` lists it: (name, type,
# not null, primary key) per column. A table dropped or altered by another program is a foreign database.
TABLES: dict[str, tuple[tuple[str, str, int, int], ...]] = {
    "games": (
        ("id", "INTEGER", 0, 1),
        *((c, t, 1, 0) for c, t in (
            ("digest", "TEXT"), ("file", "TEXT"), ("ended", "REAL"), ("kind", "TEXT"), ("level", "TEXT"),
            ("mode", "TEXT"), ("seed", "INTEGER"), ("you", "INTEGER"), ("player1", "TEXT"), ("player2", "TEXT"),
            ("fighter1", "TEXT"), ("fighter2", "TEXT"), ("fighter3", "TEXT"), ("fighter4", "TEXT"),
            ("winner", "INTEGER"), ("reason", "TEXT"), ("rounds", "INTEGER"), ("hp", "TEXT"),
            ("assisted", "INTEGER"),
        )),
    ),
    "puzzle_attempts": (
        ("n", "INTEGER", 0, 1),
        *((c, t, 1, 0) for c, t in (
            ("id", "TEXT"), ("at", "REAL"), ("day", "TEXT"), ("puzzle", "TEXT"), ("puzzle_rating", "INTEGER"),
            ("correct", "INTEGER"), ("hint", "INTEGER"), ("first", "INTEGER"), ("rated", "INTEGER"),
            ("rating", "REAL"), ("rd", "REAL"), ("volatility", "REAL"), ("streak", "INTEGER"),
        )),
    ),
}  # fmt: skip


SINCE = {"games": 1, "puzzle_attempts": 3}  # the schema version from which each table exists
ADDED = {("games", "assisted"): 4}  # the schema version from which a column added later exists


def _snapshot(conn: sqlite3.Connection) -> tuple[int, int, int]:
    """(schema version, tables, application id), read in one transaction: another process creating the index
    meanwhile is seen either before or after, never half way (tables without a version)."""
    conn.execute("BEGIN")
    try:
        tables = int(conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])  # garbage fails here
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        app = int(conn.execute("PRAGMA application_id").fetchone()[0])
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("COMMIT")
    return version, tables, app


def _check_tables(conn: sqlite3.Connection, thorough: bool) -> None:
    """Raise ``Unsound`` unless every table is the one the migrations made; ``thorough``: every page read too
    (``PRAGMA quick_check``: what a rebuild asks, as a damaged page may sit anywhere)."""
    for name, columns in TABLES.items():
        if SINCE[name] > SCHEMA:
            continue
        found = tuple(
            (str(r[1]), str(r[2]).upper(), int(r[3]), int(r[5]))
            for r in conn.execute("SELECT * FROM pragma_table_info(?)", (name,))
        )
        if found != tuple(c for c in columns if ADDED.get((name, c[0]), 0) <= SCHEMA):
            raise Unsound("tables")
    if thorough:
        rows = conn.execute("PRAGMA quick_check").fetchall()
        if [tuple(r) for r in rows] != [("ok",)]:
            raise Unsound("damaged")


def open_history(create: bool = True, newer_aside: bool = False) -> Opened:
    """The index, ready to read and write; never raises. ``create``: make it when missing (else an absent
    database opens as None without a note: nothing was indexed yet). ``newer_aside``: a database of a newer
    schema is moved aside too, and every page is checked (``rebuild`` only: the player asked for a fresh
    index). Whatever is found in its place that cannot be trusted (garbage, a damaged image, foreign tables,
    something that is not a regular file) is moved aside and a fresh index made, said in one note."""
    path = db_path()
    notes: list[Note] = []
    if not os.path.lexists(path) and not create:
        return Opened(None)
    for attempt in (1, 2):
        conn: sqlite3.Connection | None = None
        try:
            if not all(openable(p) for p in (path, path.with_name(FILE + "-wal"), path.with_name(FILE + "-shm"))):
                raise Unsound("not_regular")
            if not os.path.lexists(path):
                path.parent.mkdir(parents=True, exist_ok=True)
            if _foreign(path):
                raise sqlite3.DatabaseError("file is not a database")
            conn = _connect(path)
            version, tables, app = _snapshot(conn)
            if version > SCHEMA:
                if not newer_aside:
                    conn.close()
                    return Opened(None, [Note("newer", str(path), f"{version}:{SCHEMA}")])
                raise sqlite3.DatabaseError("file is not a database (newer schema)")
            if version == 0 and tables:
                raise Unsound("tables")  # tables without a schema version: another program's database
            wal = conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            if not wal or version < SCHEMA:  # made once: another process making it too is waited for longer
                conn.execute(f"PRAGMA busy_timeout = {CREATE_BUSY_MS}")
                if not wal:
                    conn.execute("PRAGMA journal_mode = WAL")
                _migrate(conn)  # a reader beside another process's writer takes no write lock
                conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            _check_tables(conn, thorough=newer_aside)
            return Opened(History(conn, path), notes, app != FILLED)
        except sqlite3.Error as e:
            if conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    conn.close()
            newer = "newer schema" in str(e)
            if (_broken(e) or newer) and attempt == 1:
                try:
                    target = _aside(path)
                except OSError as err:
                    return Opened(None, [*notes, Note("not_moved", str(path), err.strerror or str(err))])
                notes.append(Note("moved_aside", str(target), str(e), getattr(e, "reason", "")))
                continue
            code = _code(e)
            if code == "unusable" and not os.access(path.parent, os.W_OK):
                code = "read_only"
            return Opened(None, [*notes, Note(code, str(path), str(e))])
        except OSError as e:
            return Opened(
                None,
                [*notes, Note("read_only" if e.errno in (13, 30) else "unusable", str(path), e.strerror or str(e))],
            )
    return Opened(None, notes)  # pragma: no cover (the second attempt returns)


def fault(e: sqlite3.Error, path: Path | None = None) -> Note:
    """A failure while using an open index, as a note (a database found broken was moved aside: said so)."""
    if isinstance(e, MovedAside):
        return Note("moved_aside", e.target, str(e), e.reason)
    return Note(_code(e), str(path or db_path()), str(e))


# ---------------------------------------------------------------------------------------------- from the saves


def record_files() -> list[Path]:
    """Every file a finished game may be in: the autosave, then the saves folder (regular ``*.json`` only)."""

    out: list[Path] = []
    candidates = [autosave_path()]
    with contextlib.suppress(OSError):
        candidates += sorted(saves_dir().glob("*.json"))
    for p in candidates:
        try:
            if stat.S_ISREG(p.stat().st_mode):
                out.append(p)
        except OSError:
            continue
    return out


def locate(game: PastGame) -> Path | None:
    """The file that holds this game now: its own, unless that was rotated or replaced (then the saves folder
    is searched by digest)."""
    p = absolute(game.file)
    if game.file and _digest_of(p) == game.digest:
        return p
    for q in record_files():
        if q != p and _digest_of(q) == game.digest:
            return q
    return None


def _digest_of(p: Path) -> str | None:
    """The digest a record file carries (read without replaying it), or None."""
    from tagteam.ground.jsonfile import InputError, read_json

    try:
        data = read_json(p, max_bytes=1_000_000)
    except InputError:
        return None
    digest = data.get("digest") if isinstance(data, dict) else None
    return digest if isinstance(digest, str) else None


def relocate(h: History, game: PastGame) -> None:
    """Rows naming the autosave for another game: that game was rotated into the saves folder (``saves.autosave``
    moves it there as ``autosave-<date>.json``); find it among the newest rotated files and point the row there."""
    auto = relative(autosave_path())
    stale = h.run("SELECT digest FROM games WHERE file = ? AND digest != ?", (auto, game.digest))
    if not stale:
        return
    rotated: list[tuple[float, Path]] = []
    with contextlib.suppress(OSError):
        for q in saves_dir().glob("autosave-*.json"):
            with contextlib.suppress(OSError):
                rotated.append((q.stat().st_mtime, q))
    rotated.sort(reverse=True)
    found = {_digest_of(q): q for _, q in rotated[:RELOCATE_LOOK]}
    for (digest,) in stale:
        there = found.get(str(digest))
        h.move(str(digest), relative(there) if there is not None else "")
