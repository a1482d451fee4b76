"""The history index: one SQLite row per finished game, read off its saved record (the save stays the truth).

The database (``history.sqlite3`` in the data folder, ``paths.home``) is an index, never a second truth: every
row is derived from a record file and the index recreated from the autosave and ``saves/`` by
``tagteam.play.history`` (``derive``, ``rebuild``, ``record_finished``): this module keeps the rows it is given
and derives nothing. So nothing that happens to the database can lose a game:

- missing: created (and the caller rebuilds it: ``Opened.fresh``);
- garbage or a broken image (``SQLITE_NOTADB``, ``SQLITE_CORRUPT``): moved aside as
  ``history.bad-<date>.sqlite3`` and created again, said in one ``Note``;
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
import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from tagteam.store.paths import autosave_path, home, saves_dir

if TYPE_CHECKING:
    pass

FILE = "history.sqlite3"
SCHEMA = 3
BUSY_MS = 1500  # how long a write waits for another process's lock before giving up (the game never waits more)
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
)
assert len(MIGRATIONS) == SCHEMA

COLUMNS = (
    "digest, file, ended, kind, level, mode, seed, you, player1, player2, "
    "fighter1, fighter2, fighter3, fighter4, winner, reason, rounds, hp"
)


# ---------------------------------------------------------------------------------------------- what a row is


@dataclass(frozen=True, slots=True)
class Game:
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
        )


def team_key(team: Sequence[str]) -> str:
    """A team as a filter names it: its two Fighter ids sorted, joined by ``+`` (order on the board aside)."""
    a, b = sorted(team)
    return f"{a}+{b}"


def team_orders(teams: Iterable[Sequence[str]]) -> dict[str, tuple[str, str]]:
    """Each team (by ``team_key``) in the order of its last appearance in ``teams`` (oldest first): a team is
    named as you last played it, the way the history's rows name it, not in the key's sorted order."""
    return {team_key(t): (t[0], t[1]) for t in teams}


def _from_row(r: Any, with_hp: bool = True) -> Game:
    hp = json.loads(str(r[17])) if with_hp else ()
    kind: Kind = r[3] if r[3] in KINDS else "hotseat"
    return Game(
        digest=str(r[0]),
        file=str(r[1]),
        ended=float(r[2]),
        kind=kind,
        level=str(r[4]),
        mode=str(r[5]),
        seed=int(r[6]),
        you=int(r[7]),
        players=(str(r[8]), str(r[9])),
        fighters=(str(r[10]), str(r[11]), str(r[12]), str(r[13])),
        winner=int(r[14]),
        reason=str(r[15]),
        rounds=int(r[16]),
        hp=tuple(tuple(int(x) for x in row) for row in hp),
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

NoteCode = Literal["moved_aside", "newer", "locked", "read_only", "full", "unusable", "not_moved"]


@dataclass(frozen=True, slots=True)
class Note:
    """What happened to the database, for one line (``tagteam.words.history.note_line``): ``file`` is the
    database (or where it was moved), ``detail`` SQLite's own reason or the schema numbers."""

    code: NoteCode
    file: str
    detail: str = ""


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
    """The file is not a usable database at all (garbage, a broken image): move it aside and start again."""
    name = getattr(e, "sqlite_errorname", "") or ""
    text = str(e).lower()
    return name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "not a database" in text or "malformed" in text


def db_path() -> Path:
    return home() / FILE


# ---------------------------------------------------------------------------------------------- opening


class History:
    """An open index: queries and writes. Every method may raise ``sqlite3.Error``; callers word it (``fault``)."""

    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------------------------------------- reading

    def count(self, where: Filter | None = None) -> int:
        sql, args = (where or Filter()).sql()
        row = self.conn.execute(f"SELECT count(*) FROM games WHERE {sql}", args).fetchone()
        return int(row[0])

    def newest(self, where: Filter | None = None, limit: int = 200, offset: int = 0) -> list[Game]:
        """Games newest first (only ``limit`` of them: a screen shows a page, never 10,000 rows)."""
        sql, args = (where or Filter()).sql()
        rows = self.conn.execute(
            f"SELECT {COLUMNS} FROM games WHERE {sql} ORDER BY ended DESC, id DESC LIMIT ? OFFSET ?",
            (*args, limit, offset),
        )
        return [_from_row(r) for r in rows]

    def oldest_first(self, where: Filter | None = None, with_hp: bool = False) -> list[Game]:
        """Every game in the order played (statistics and the rating read them in turn); without ``with_hp``
        their ``hp`` is left empty (parsing 10,000 of them is most of the time, and no statistic reads it)."""
        sql, args = (where or Filter()).sql()
        rows = self.conn.execute(f"SELECT {COLUMNS} FROM games WHERE {sql} ORDER BY ended, id", args)
        return [_from_row(r, with_hp) for r in rows]

    def get(self, digest: str) -> Game | None:
        row = self.conn.execute(f"SELECT {COLUMNS} FROM games WHERE digest = ?", (digest,)).fetchone()
        return _from_row(row) if row is not None else None

    def choices(self) -> Choices:
        """What the filters can be set to: the kinds, levels, your teams and your Fighters found in the index."""
        c = self.conn
        kinds = [str(r[0]) for r in c.execute("SELECT DISTINCT kind FROM games ORDER BY kind")]
        levels = [str(r[0]) for r in c.execute("SELECT DISTINCT level FROM games WHERE level != '' ORDER BY level")]
        pairs = c.execute(
            "SELECT CASE you WHEN 0 THEN fighter1 ELSE fighter3 END, "
            "CASE you WHEN 0 THEN fighter2 ELSE fighter4 END FROM games ORDER BY ended"
        ).fetchall()
        orders = team_orders([(str(a), str(b)) for a, b in pairs])
        fighters = sorted({str(x) for pair in pairs for x in pair})
        return Choices(
            tuple(k for k in KINDS if k in kinds),
            tuple(levels),
            tuple(sorted(orders)),
            tuple(fighters),
            tuple(orders[k] for k in sorted(orders)),
        )

    # -------------------------------------------------------------------------------------- writing

    def add(self, game: Game) -> bool:
        """Index one game (the same game twice, by its digest, stays one row: the newer file name wins only
        when the old one no longer holds it; a network game's own file wins over the host's autosave of it,
        which reads as hot-seat). True when a row was added or made a network game's."""
        with self.conn:
            cur = self.conn.execute(
                f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * 18)}) ON CONFLICT (digest) DO UPDATE "
                "SET kind = excluded.kind, you = excluded.you, file = excluded.file "
                "WHERE excluded.kind = 'network' AND games.kind != 'network'",
                game.row(),
            )
            return cur.rowcount > 0

    def move(self, digest: str, file: str) -> None:
        with self.conn:
            self.conn.execute("UPDATE games SET file = ? WHERE digest = ?", (file, digest))

    def replace_all(self, games: Sequence[Game]) -> int:
        """The derived tables emptied and filled again, in one transaction (a crash keeps the old index)."""
        with self.conn:
            for table in DERIVED:
                self.conn.execute(f"DELETE FROM {table}")
            cur = self.conn.executemany(
                f"INSERT OR IGNORE INTO games ({COLUMNS}) VALUES ({', '.join('?' * 18)})",
                (g.row() for g in unique(games)),
            )
        return max(cur.rowcount, 0)


def unique(games: Iterable[Game]) -> list[Game]:
    """One game per digest, in the order found, except that a network game's own file (which names this
    machine's seat) wins over another copy of it (the host's autosave, a saved replay: they read as hot-seat)."""
    out: dict[str, Game] = {}
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

    def matches(self, g: Game) -> bool:
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
    ``fresh``: just created, so it holds nothing yet (the caller rebuilds it from the saves)."""

    history: History | None
    notes: list[Note] = field(default_factory=list)
    fresh: bool = False


def _connect(path: Path, readonly: bool = False) -> sqlite3.Connection:
    uri = f"{path.resolve().as_uri()}?mode={'ro' if readonly else 'rwc'}"
    # the default (deferred) transactions: ``with conn`` is one transaction, a read needs none
    return sqlite3.connect(uri, uri=True, timeout=BUSY_MS / 1000, check_same_thread=False)


def _aside(path: Path) -> Path:
    """Move a broken database (and its WAL files) aside, next to it: nothing is deleted."""
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


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    """Bring the schema from ``version`` to ``SCHEMA``, one transaction per step."""
    for v in range(version, SCHEMA):
        conn.execute("BEGIN IMMEDIATE")
        try:
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


def _foreign(path: Path) -> bool:
    """A file that is there but is no SQLite database (SQLite itself would take a few odd bytes for an empty one
    and write over them)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(len(HEADER))
    except OSError:
        return False
    return bool(head) and head != HEADER


def _version(conn: sqlite3.Connection) -> int:
    conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # reads the header: garbage fails here
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def open_history(create: bool = True, newer_aside: bool = False) -> Opened:
    """The index, ready to read and write; never raises. ``create``: make it when missing (else an absent
    database opens as None without a note: nothing was indexed yet). ``newer_aside``: a database of a newer
    schema is moved aside too (``rebuild`` only: the player asked for a fresh index)."""
    path = db_path()
    notes: list[Note] = []
    exists = os.path.lexists(path)
    if not exists and not create:
        return Opened(None)
    for attempt in (1, 2):
        conn: sqlite3.Connection | None = None
        try:
            if not os.path.lexists(path):
                path.parent.mkdir(parents=True, exist_ok=True)
            if _foreign(path):
                raise sqlite3.DatabaseError("file is not a database")
            conn = _connect(path)
            version = _version(conn)
            if version > SCHEMA:
                if not newer_aside:
                    conn.close()
                    return Opened(None, [Note("newer", str(path), f"{version}:{SCHEMA}")])
                raise sqlite3.DatabaseError("file is not a database (newer schema)")
            fresh = version == 0
            if fresh and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise sqlite3.DatabaseError("file is not a database (tables without a schema version)")
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            _migrate(conn, version)
            return Opened(History(conn, path), notes, fresh)
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
                notes.append(Note("moved_aside", str(target), str(e)))
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
    """A failure while using an open index, as a note."""
    return Note(_code(e), str(path or db_path()), str(e))


# ---------------------------------------------------------------------------------------------- from the saves


def record_files() -> list[Path]:
    """Every file a finished game may be in: the autosave, then the saves folder (regular ``*.json`` only)."""
    import stat

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


def locate(game: Game) -> Path | None:
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


def relocate(h: History, game: Game) -> None:
    """Rows naming the autosave for another game: that game was rotated into the saves folder (``saves.autosave``
    moves it there as ``autosave-<date>.json``); find it among the newest rotated files and point the row there."""
    auto = relative(autosave_path())
    stale = [r for r in h.conn.execute("SELECT digest FROM games WHERE file = ? AND digest != ?", (auto, game.digest))]
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
