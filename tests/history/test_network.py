"""Network games in the history: each machine keeps the finished record for its own seat as
``saves/network-p<seat>-<date>.json``; the index reads that name as a network game with that seat as yours,
prefers it to the host's autosave of the same game (which reads as hot-seat), and never rates it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagteam.cli import history as cli
from tagteam.play import history as ph
from tagteam.play import stats
from tagteam.store import history as hs
from tagteam.store.paths import saves_dir
from tagteam.words import history as wh
from tests.history.helpers import finished, write


def _decided(seed: int) -> tuple[int, hs.PastGame]:
    """A hot-seat game with a winner (seed searched from ``seed``), as a network game kept by seat 1."""
    for s in range(seed, seed + 50):
        rec = finished(s, "standard").record
        g = ph.derive(rec, Path("network-p1-x.json"), 1.0)
        if g is not None and g.winner >= 0:
            return s, g
    raise AssertionError("no decided game")


def test_the_file_name_says_the_seat_played_here(home: Path) -> None:
    rec = finished(11).record
    p1 = ph.derive(rec, write(rec, saves_dir(), "network-p1-20260101-120000.json"))
    p2 = ph.derive(rec, write(rec, saves_dir(), "network-p2-20260101-120000-2.json"))
    hot = ph.derive(rec, write(rec, saves_dir(), "network-20260101.json"))  # not a seat: a hot-seat game
    assert p1 is not None and (p1.kind, p1.you, p1.level) == ("network", 0, "")
    assert p2 is not None and (p2.kind, p2.you) == ("network", 1)
    assert hot is not None and hot.kind == "hotseat"
    assert p1.winner == p2.winner and (p1.result, p2.result) in {("win", "loss"), ("loss", "win"), ("draw", "draw")}


def test_the_hosts_autosave_of_it_does_not_make_it_hot_seat(home: Path) -> None:
    """The host's machine holds its autosave (read as hot-seat) and its own network file: one row, network."""
    rec = finished(12).record
    write(rec, home, "autosave.json")
    write(rec, saves_dir(), "autosave-20260101-000000.json")
    write(rec, saves_dir(), "network-p1-20260101-120000.json")
    write(rec, saves_dir(), "replay-20260101-120500.json")  # a saved replay of it, too
    out = ph.rebuild()
    assert out.ok and out.indexed == 1
    with hs.open_history().history as h:  # type: ignore[union-attr]
        (g,) = h.oldest_first()
    assert (g.kind, g.you, g.file) == ("network", 0, "saves/network-p1-20260101-120000.json")
    # the saves read directly (a database that cannot be used) count it once too
    assert [x.kind for x in hs.unique(y for y in ph.read_games(hs.record_files()) if isinstance(y, hs.PastGame))] == [
        "network"
    ]


def test_a_network_game_indexed_after_its_autosave_takes_the_row_over(home: Path) -> None:
    rec = finished(13).record
    ph.record_finished(rec, write(rec, home, "autosave.json"))
    game, notes = ph.record_finished(rec, write(rec, saves_dir(), "network-p2-20260101-120000.json"))
    assert notes == [] and game is not None
    with hs.open_history().history as h:  # type: ignore[union-attr]
        rows = h.oldest_first()
        assert [(r.kind, r.you) for r in rows] == [("network", 1)]
        assert h.choices().kinds == ("network",)
        assert h.count(hs.Filter(kind="network")) == 1
    ph.record_finished(rec, home / "autosave.json")  # the hot-seat reading never takes it back
    with hs.open_history().history as h:  # type: ignore[union-attr]
        assert [(r.kind, r.you) for r in h.oldest_first()] == [("network", 1)]


def test_an_index_of_the_schema_before_network_games_is_migrated(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An index made before network games were a kind keeps its rows, and takes network games after."""
    step = next(i for i, m in enumerate(hs.MIGRATIONS) if "'network'" in m)
    rec = finished(14).record
    with monkeypatch.context() as m:
        m.setattr(hs, "SCHEMA", step)
        opened = hs.open_history()
        assert opened.history is not None
        with opened.history as h:
            assert h.conn.execute("PRAGMA user_version").fetchone()[0] == step
            hot = ph.derive(rec, write(rec, home, "autosave.json"))
            assert hot is not None
            old = hs.COLUMNS.removesuffix(", assisted")  # the row as the Tag Team of that schema wrote it
            with h.conn:  # indexed, as a rebuild leaves it
                h.conn.execute(f"INSERT INTO games ({old}) VALUES ({', '.join('?' * 18)})", hot.row()[:-1])
                h.conn.execute(f"PRAGMA application_id = {hs.FILLED}")
    opened = hs.open_history()
    assert opened.history is not None and not opened.fresh and opened.notes == []
    with opened.history as h:
        assert h.conn.execute("PRAGMA user_version").fetchone()[0] == hs.SCHEMA
        other = finished(15).record
        net = ph.derive(other, write(other, saves_dir(), "network-p1-20260101-000000.json"))
        assert net is not None and h.add(net)
        assert sorted(g.kind for g in h.oldest_first()) == ["hotseat", "network"]
        names = {r[0] for r in h.conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert {"games_ended", "games_kind", "games_level"} <= names


def test_network_games_count_in_the_statistics_but_not_in_the_rating(home: Path) -> None:
    seed, net = _decided(20)
    solo = ph.derive(finished(seed + 100, "first", "normal", ("Ann", "Bot")).record, Path("s.json"), 2.0)
    assert solo is not None
    st = stats.compute([net, solo])
    assert st.overall.games == 2
    assert dict(st.by_level)["network"].games == 1
    assert [p.digest for p in st.rating] == [solo.digest]  # a human on the other machine has no rating
    line = wh.gameover_line(net, stats.record_against([net, solo], net), None)
    assert "1-0-0" in line or "0-0-1" in line
    assert wh.kind("network") != "network"  # worded, not the code
    assert wh.level_or_kind("network") == wh.kind("network")


def test_the_command_counts_a_network_game_as_its_own_row(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed, _g = _decided(30)
    rec = finished(seed, "standard").record
    write(rec, home, "autosave.json")
    write(rec, saves_dir(), "network-p2-20260101-120000.json")
    assert cli.stats("json") == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out["by_level"]) == ["network"]
    assert out["overall"]["games"] == 1 and out["rating"]["games"] == 0
    assert cli.stats("text") == 0
    assert wh.kind("network") in capsys.readouterr().out


def test_the_list_says_which_seat_was_yours(home: Path) -> None:
    rec = finished(16).record
    mine = ph.derive(rec, write(rec, saves_dir(), "network-p2-20260101-120000.json"))
    assert mine is not None
    head = wh.entry_head(mine)
    assert wh.kind("network") in head
    you = head.index("(")
    assert head.index(rec.players[1]) < you and head.index(rec.players[0]) < you  # "P1 vs P2 (you)"


def test_default_seat_names_are_said_in_the_readers_language(home: Path) -> None:
    """A record keeps "Player 1"; the history says it as the game does elsewhere ("Joueur 1" in French), in the
    list, the game-over line and a game's review; a typed name stays as typed."""
    from tagteam.words import set_language

    rec = finished(17, "standard", names=("Player 1", "Player 2")).record
    net = ph.derive(rec, write(rec, saves_dir(), "network-p2-20260101-120000.json"))
    hot = ph.derive(rec, write(rec, saves_dir(), "g.json"))
    typed = ph.derive(finished(18, names=("Ann", "Player 2")).record, saves_dir() / "h.json", 1.0)
    assert net is not None and hot is not None and typed is not None
    set_language("fr")
    try:
        assert "Player" not in wh.entry_head(net) and "Joueur 2 (vous)" in wh.entry_head(net)
        assert "Joueur 1" in wh.gameover_line(hot, stats.tally([hot]), None)
        assert "Ann" in wh.entry_head(typed) and "Joueur 2" in wh.entry_head(typed)
        from tagteam.screens.history import review_game

        done = review_game(hot)
        assert done.record is not None
        assert not any("Player" in line for line in (*done.review, *done.draft))
    finally:
        set_language("en")
