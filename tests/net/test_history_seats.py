"""Both sides of a network game count in the history, each machine for its own seat (issue 27).

Two real ``NetApp`` clients over a loopback socket (``tests/net/apps.py``), each given its own data folder as
two machines would have: at game over each keeps the finished record the host sent in its own ``saves/``
and indexes it with its own seat as "you", as a network game (not hot-seat, not rated), and its game-over
screen says its record in network games.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual.widgets import Static

from tagteam.engine.record import compute_digest
from tagteam.play import history as ph
from tagteam.play import stats
from tagteam.play.games import new_session
from tagteam.store import history as hs
from tagteam.store import saves
from tagteam.store.records import load
from tagteam.words import history as wh
from tagteam.words import saves as saves_words
from tests.net.apps import play_to_game_over, table

pytestmark = pytest.mark.slow  # a whole game over the wire


def _rows(folder: Path, monkeypatch: pytest.MonkeyPatch) -> list[hs.PastGame]:
    monkeypatch.setenv("TAGTEAM_HOME", str(folder))
    opened = hs.open_history(create=False)
    assert opened.history is not None, f"no index in {folder}"
    with opened.history as h:
        return h.oldest_first()


def test_each_machine_records_its_own_seat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    homes = [tmp_path / "host", tmp_path / "joiner"]
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "elsewhere"))  # neither seat writes here

    async def go() -> None:
        async with table(new_session("first", 4), size=(80, 24)) as t:
            for one, folder in zip(t.seats, homes, strict=True):
                one.app.home = folder
            # each Fight step skipped whole: what is checked is the finished game each machine keeps (Turns
            # stepped one by one and auto-play over the wire are played in test_apps_end_to_end.py)
            await play_to_game_over(t, random.Random(4), lambda i: "s")
            await t.settle(lambda: all(s.app._history_said for s in t.seats), 30)
            for s in t.seats:
                line = str(s.app.screen.query_one("#history-line", Static).render())
                assert line == s.app._history_said
                assert wh.kind("network").lower() in line.lower()  # "in network games", not hot-seat
            t.seats[0].app.render_step()  # a redraw of game over keeps the one row (the game is kept once)
            record = t.server.session.record
        # the host's own server autosaved the game in the host's home (read alone, it looks hot-seat)
        monkeypatch.setenv("TAGTEAM_HOME", str(homes[0]))
        assert saves_words.notice(saves.autosave(record)) is None

        digest = compute_digest(record)
        mine = []
        for seat, folder in enumerate(homes):
            kept = sorted((folder / "saves").glob("network-p*.json"))
            assert [p.name[: len("network-p1")] for p in kept] == [f"network-p{seat + 1}"]
            assert compute_digest(load(kept[0])) == digest  # the finished record the host sent
            (g,) = _rows(folder, monkeypatch)
            assert (g.kind, g.you, g.digest) == ("network", seat, digest)
            assert stats.rating_history([g]) == []  # against a human: not rated
            mine.append(g)
        assert mine[0].winner == mine[1].winner
        assert {mine[0].result, mine[1].result} in ({"win", "loss"}, {"draw"})
        assert not (tmp_path / "elsewhere").exists()
        # a rebuild on the host's machine finds the autosave and its own file: one row, still its seat
        monkeypatch.setenv("TAGTEAM_HOME", str(homes[0]))
        assert ph.rebuild().indexed == 1
        assert [(g.kind, g.you) for g in _rows(homes[0], monkeypatch)] == [("network", 0)]

    asyncio.run(asyncio.wait_for(go(), 180))
