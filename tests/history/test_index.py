"""The history index: rows derived from the saved records, rebuilt from the saves, never touching one."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tagteam.engine import events as ev
from tagteam.engine.record import compute_digest, replay
from tagteam.play import history as ph
from tagteam.play.summary import hp_by_round
from tagteam.store import history as hs
from tagteam.store.paths import autosave_path, saves_dir
from tests.history.helpers import fingerprint, finished, guided, unfinished, variety, write

RECORDS = variety(8)


def test_a_row_is_read_off_the_record(home: Path) -> None:
    s = finished(3, "standard", "normal", ("Ann", "Bot"))
    p = write(s.record, saves_dir(), "a.json")
    g = ph.derive(s.record, p)
    assert g is not None
    log: list[ev.Event] = []
    state = replay(s.record, log)
    assert state.table is not None
    start, rows = hp_by_round(log, state.table)
    assert (g.kind, g.level, g.you, g.mode) == ("solo", "normal", 0, "standard")
    assert g.winner == (state.winner if state.winner in (0, 1) else -1)
    assert (g.rounds, g.reason, g.seed) == (state.round, state.over_reason, s.record.seed)
    assert g.hp == (tuple(start), *(tuple(r) for r in rows))
    assert g.fighters == state.table.kinds[:4]
    assert g.digest == compute_digest(s.record)
    assert g.file == "saves/a.json"
    assert g.ended == pytest.approx(p.stat().st_mtime)


def test_kinds_and_an_unfinished_game(home: Path) -> None:
    hot = ph.derive(finished(4).record, home / "x.json")
    tut = ph.derive(guided(5).record, home / "y.json")
    assert hot is not None and (hot.kind, hot.level, hot.you) == ("hotseat", "", 0)
    assert tut is not None and tut.kind == "guided"
    assert ph.derive(unfinished(6).record, home / "z.json") is None


def test_rebuild_reads_every_save_and_touches_none(home: Path) -> None:
    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")
    write(RECORDS[0], saves_dir(), "copy-of-g0.json")  # the same game twice: one row
    write(unfinished(7).record, saves_dir(), "later.json")
    (saves_dir() / "junk.json").write_text("{not json", encoding="utf-8")
    write(RECORDS[1], home, "autosave.json")  # also in the saves folder: one row
    before = fingerprint(home)
    out = ph.rebuild()
    assert out.ok and out.notes == []
    assert (out.indexed, out.unfinished) == (len(RECORDS), 1)
    assert [name for name, _ in out.refused] == [str(saves_dir() / "junk.json")]
    assert fingerprint(home) == before
    opened = hs.open_history()
    assert opened.history is not None and not opened.fresh
    with opened.history as h:
        assert h.count() == len(RECORDS)
        assert {g.digest for g in h.oldest_first()} == {compute_digest(r) for r in RECORDS}
        newest = h.newest(limit=3)
        assert [g.ended for g in newest] == sorted((g.ended for g in h.oldest_first()), reverse=True)[:3]


def test_rebuild_again_gives_the_same_rows(home: Path) -> None:
    for i, rec in enumerate(RECORDS[:4]):
        write(rec, saves_dir(), f"g{i}.json")
    ph.rebuild()
    with hs.open_history().history as h:  # type: ignore[union-attr]
        first = h.oldest_first()
    (saves_dir() / "g0.json").unlink()
    ph.rebuild()
    with hs.open_history().history as h:  # type: ignore[union-attr]
        second = h.oldest_first()
    assert [g for g in first if g.file != "saves/g0.json"] == second


def test_a_game_recorded_at_its_end_then_rotated_is_found_again(home: Path) -> None:
    a, b = RECORDS[0], RECORDS[1]
    write(a, home, "autosave.json")
    game, notes = ph.record_finished(a, autosave_path())
    assert notes == [] and game is not None and game.file == "autosave.json"
    rotated = saves_dir() / "autosave-20250101-120000.json"
    saves_dir().mkdir(exist_ok=True)
    os.rename(autosave_path(), rotated)  # what saves.autosave does when the next game starts
    write(b, home, "autosave.json")
    ph.record_finished(b, autosave_path())
    with hs.open_history().history as h:  # type: ignore[union-attr]
        row = h.get(compute_digest(a))
        assert row is not None and row.file == "saves/autosave-20250101-120000.json"
        assert hs.locate(row) == rotated
        assert h.count() == 2


def test_a_fresh_index_is_filled_from_the_saves_at_the_next_game(home: Path) -> None:
    for i, rec in enumerate(RECORDS[:3]):
        write(rec, saves_dir(), f"g{i}.json")
    write(RECORDS[3], home, "autosave.json")
    ph.record_finished(RECORDS[3], autosave_path())
    with hs.open_history().history as h:  # type: ignore[union-attr]
        assert h.count() == 4


def test_locate_searches_the_saves_by_digest(home: Path) -> None:
    p = write(RECORDS[2], saves_dir(), "first-name.json")
    game = ph.derive(RECORDS[2], p)
    assert game is not None
    moved = saves_dir() / "renamed.json"
    os.rename(p, moved)
    assert hs.locate(game) == moved
    moved.unlink()
    assert hs.locate(game) is None


@settings(max_examples=20)
@given(data=st.data())
def test_the_sql_filter_and_the_python_one_agree(data: st.DataObject) -> None:
    games = [g for g in (ph.derive(r, Path("x.json"), 1.0 + i) for i, r in enumerate(RECORDS)) if g is not None]
    conn = sqlite3.connect(":memory:")
    for step in hs.MIGRATIONS:  # the games table as it is now (issue 43 added a column)
        conn.executescript(step)
    h = hs.History(conn, Path(":memory:"))
    for g in games:
        h.add(g)
    fighters = sorted({f for g in games for f in g.fighters})
    teams = sorted({hs.team_key(g.mine) for g in games} | {"bodvar+joan"})
    f = hs.Filter(
        kind=data.draw(st.sampled_from([None, *hs.KINDS])),
        level=data.draw(st.sampled_from([None, "easy", "normal", "hard"])),
        team=data.draw(st.sampled_from([None, *teams])),
        fighter=data.draw(st.sampled_from([None, *fighters])),
    )
    want = [g.digest for g in games if f.matches(g)]
    assert h.count(f) == len(want)
    assert sorted(g.digest for g in h.newest(f, limit=100)) == sorted(want)
    h.close()


def test_choices_are_what_the_index_holds(home: Path) -> None:
    for i, rec in enumerate(RECORDS):
        write(rec, saves_dir(), f"g{i}.json")
    ph.rebuild()
    with hs.open_history().history as h:  # type: ignore[union-attr]
        c = h.choices()
        games = h.oldest_first()
    assert set(c.kinds) == {g.kind for g in games}
    assert set(c.levels) == {g.level for g in games if g.level}
    assert set(c.teams) == {hs.team_key(g.mine) for g in games}
    assert set(c.fighters) == {f for g in games for f in g.mine}
    # each team is named as it was last played (the newest game with it), the way the history's rows name it
    latest = {hs.team_key(g.mine): tuple(g.mine) for g in games}
    assert dict(zip(c.teams, c.orders, strict=True)) == latest


def test_the_schema_has_room_for_another_feature(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A later migration (the puzzles' tables) keeps the games, and a rebuild never empties its tables."""
    write(RECORDS[0], saves_dir(), "g0.json")
    ph.rebuild()
    puzzle = "CREATE TABLE puzzle_ratings (id INTEGER PRIMARY KEY, rating REAL NOT NULL)"
    monkeypatch.setattr(hs, "MIGRATIONS", (*hs.MIGRATIONS, puzzle))
    monkeypatch.setattr(hs, "SCHEMA", hs.SCHEMA + 1)
    opened = hs.open_history()
    assert opened.history is not None and not opened.fresh
    with opened.history as h:
        assert h.conn.execute("PRAGMA user_version").fetchone()[0] == hs.SCHEMA
        assert h.count() == 1
        with h.conn:
            h.conn.execute("INSERT INTO puzzle_ratings (rating) VALUES (1612.5)")
    ph.rebuild()
    with hs.open_history().history as h:  # type: ignore[union-attr]
        assert h.conn.execute("SELECT rating FROM puzzle_ratings").fetchall() == [(1612.5,)]
        assert h.count() == 1


def test_the_database_is_in_wal_mode_in_the_data_folder(home: Path) -> None:
    opened = hs.open_history()
    assert opened.fresh and opened.history is not None
    with opened.history as h:
        assert h.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert (home / hs.FILE).is_file()
