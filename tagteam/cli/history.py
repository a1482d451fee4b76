"""``tagteam history [list|rebuild]`` and ``tagteam stats [--json|--csv]``: the history index from the terminal.

Both only read the saves. When the database cannot be used (locked, read-only, from a newer Tag Team), ``stats``
says so in one line on stderr and reads the saves directly instead, so the tables are there whatever
happened to the index.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tagteam.cli import parsing, progress
from tagteam.ground.problems import shown, shown_json, shown_lines
from tagteam.play import history as ph
from tagteam.play import stats as ps
from tagteam.store import history as hs
from tagteam.words import commands as wc
from tagteam.words import history as wh
from tagteam.words import inputs
from tagteam.words.lang import _


def register(commands: parsing.Commands) -> None:
    """``tagteam history [list|rebuild]`` and ``tagteam stats [--json|--csv]``."""
    hist = commands.add_parser(
        "history",
        help=_("the index of your finished games (rebuild it from the saves)"),
        description=_(
            "The game history is an index of the finished games in the saves folder (and the "
            "autosave), kept in TAGTEAM_HOME/history.sqlite3; the saves stay the truth, and the index can always "
            "be made again from them."
        ),
        epilog=parsing.example("tagteam history", "tagteam history rebuild"),
    )
    hist.set_defaults(run=_list)  # alone, the command lists your games: what a player typing it expects
    hsub = hist.commands("history_command", help=_("what to do with the index (none: list your games)"))
    ls = hsub.add_parser(
        "list",
        help=_("list your finished games, newest first (the default)"),
        description=_("Every finished game in the index, newest first: the result, the players, the teams, the date."),
        epilog=parsing.example("tagteam history list"),
    )
    ls.set_defaults(run=_list)
    rb = hsub.add_parser(
        "rebuild",
        help=_("make the index again from the saves (only reads them)"),
        description=_(
            "Read every save (the autosave and the saves folder) and make the history index again; a "
            "broken database, or one from a newer Tag Team, is first moved aside. The saves are only read."
        ),
        epilog=parsing.example("tagteam history rebuild"),
    )
    rb.set_defaults(run=_rebuild)

    st = commands.add_parser(
        "stats",
        help=_("your statistics and rating against the bots"),
        description=_(
            "W-D-L and score with a 95% interval overall, by level, by your team, by your Fighter and "
            "against each opposing Fighter; streaks; a Glicko-2 rating against the bots."
        ),
        epilog=parsing.example("tagteam stats", "tagteam stats --json > stats.json", "tagteam stats --csv"),
    )
    out = st.add_mutually_exclusive_group()
    out.add_argument(
        "--json", action="store_true", help=_("print JSON (ids, not words) instead of tables (default: tables)")
    )
    out.add_argument("--csv", action="store_true", help=_("print CSV, one row per table line (default: tables)"))
    st.set_defaults(run=_stats)


def _rebuild(args: argparse.Namespace) -> int:
    return rebuild()


def _list(args: argparse.Namespace) -> int:
    return list_games()


def list_games() -> int:
    """Your finished games, newest first, two lines each (as the history screen shows them); a line when none."""
    found = games()
    if not found:
        print(wh.no_games())
        return 0
    for g in reversed(found):
        print(wh.entry_head(g))
        print("  " + wh.entry_tail(g))
    return 0


def _stats(args: argparse.Namespace) -> int:
    as_json: bool = args.json
    as_csv: bool = args.csv
    return stats("json" if as_json else "csv" if as_csv else "text")


@contextmanager
def _progress() -> Iterator[Callable[[int, int], None]]:
    """The one progress bar (``cli.progress``) while the saves are read: on a terminal only."""
    with progress.bar(wc.indexing()) as tick:
        yield tick


def _say(line: str) -> None:
    """One line on stderr, every value in it escaped (``shown``)."""
    print(shown(line), file=sys.stderr)


def rebuild() -> int:
    """Recreate the index from the saves: 0, or 2 with one line when the database cannot be written."""
    with _progress() as tick:
        out = ph.rebuild(tick)
    if not out.ok and any(n.code == "moved_aside" for n in out.notes):  # found broken only while writing
        with _progress() as tick:
            again = ph.rebuild(tick)
        again.notes[:0] = out.notes
        out = again
    for note in out.notes:
        _say(wh.cli_line(wh.note_line(note)))
    if not out.ok:
        return 2
    for _name, why in out.refused:
        _say(wh.refused_line(inputs.line(why)))
    print(shown(wh.rebuilt_line(out.indexed, out.unfinished, len(out.refused))))
    return 0


def games() -> list[hs.PastGame]:
    """Every indexed game, oldest first; a fresh index is filled first, an unusable one replaced by the saves.
    A database found broken on the way is moved aside (said once) and made again from the saves at once."""
    for attempt in (1, 2):
        opened = hs.open_history()
        for note in opened.notes:
            _say(wh.cli_line(wh.note_line(note)))
        h = opened.history
        if h is None:
            break
        try:
            with h:
                if opened.fresh:
                    with _progress() as tick:
                        h.replace_all([g for g in ph.read_games(hs.record_files(), tick) if isinstance(g, hs.PastGame)])
                found = h.oldest_first()
                for note in h.notes():
                    _say(wh.cli_line(wh.note_line(note)))
                return found
        except sqlite3.Error as e:
            _say(wh.cli_line(wh.note_line(hs.fault(e, h.path))))
            if not isinstance(e, hs.MovedAside) or attempt == 2:
                break
    found = hs.unique(g for g in ph.read_games(hs.record_files()) if isinstance(g, hs.PastGame))  # a game once
    return sorted(found, key=lambda g: g.ended)


def _score(s: ps.Score) -> dict[str, object]:
    low, high = s.interval()
    return {
        "games": s.games,
        "wins": s.wins,
        "draws": s.draws,
        "losses": s.losses,
        "score": round(s.score, 4),
        "low": round(low, 4),
        "high": round(high, 4),
    }


def as_json(st: ps.Stats) -> dict[str, object]:
    """Ids, not words: a program reads it (``--json``)."""
    return {
        "overall": _score(st.overall),
        "by_level": {k: _score(s) for k, s in st.by_level},
        "by_team": {k: _score(s) for k, s in st.by_team},
        "by_fighter": {k: _score(s) for k, s in st.by_fighter},
        "against": {k: _score(s) for k, s in st.against},
        "streaks": {
            "current": st.streaks.current,
            "length": st.streaks.length,
            "best_wins": st.streaks.best_wins,
            "best_unbeaten": st.streaks.best_unbeaten,
        },
        "rating": {
            "rating": round(st.current.rating, 1),
            "rd": round(st.current.rd, 1),
            "volatility": round(st.current.volatility, 6),
            "games": len(st.rating),
            "anchors": {k: round(v, 1) for k, v in ps.ANCHORS.items()},
            "history": [
                {
                    "digest": p.digest,
                    "ended": p.ended,
                    "level": p.level,
                    "rating": round(p.after.rating, 1),
                    "rd": round(p.after.rd, 1),
                }
                for p in st.rating
            ],
        },
    }


def as_csv(st: ps.Stats) -> str:
    """One row per (section, key): a spreadsheet reads it (``--csv``)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    # the rating has columns of its own, never the results' score and interval
    w.writerow(["section", "key", "games", "wins", "draws", "losses", "score", "low", "high", "rating", "deviation"])
    sections = {
        "overall": [("all", st.overall)],
        "level": st.by_level,
        "team": st.by_team,
        "fighter": st.by_fighter,
        "against": st.against,
    }
    for name, rows in sections.items():
        for key, s in rows:
            d = _score(s)
            w.writerow(
                [name, key, *(d[k] for k in ("games", "wins", "draws", "losses", "score", "low", "high")), "", ""]
            )
    r = st.current
    w.writerow(["rating", "glicko2", len(st.rating), "", "", "", "", "", "", round(r.rating, 1), round(r.rd, 1)])
    return buf.getvalue()


def stats(fmt: str = "text") -> int:
    """Print the statistics (``fmt``: text, json or csv)."""
    st = ps.compute(games())
    if fmt == "json":
        print(shown_json(json.dumps(as_json(st), indent=1, ensure_ascii=False)))
    elif fmt == "csv":
        sys.stdout.write(shown_lines(as_csv(st)))
    else:
        print("\n".join(shown(line) for line in wh.stats_lines(st, ps.ANCHORS)))
    return 0
