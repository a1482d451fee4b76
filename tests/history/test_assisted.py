"""Issue 43: a solo game played with the coach or the what-if opened is kept with its record as assisted, shown
as such in the history list, the statistics and the game-over line, and left out of the rating."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from tagteam.play import history as ph
from tagteam.play import stats as ps
from tagteam.store import history as hs
from tagteam.store.paths import saves_dir
from tagteam.words import history as wh
from tests.history.helpers import finished, write


def _indexed(assisted: bool, seed: int) -> hs.PastGame:
    rec = finished(seed, "first", "easy", ("Ann", "Bot (Easy)")).record
    assert rec.solo is not None
    rec.solo.assisted = assisted
    path = write(rec, saves_dir(), f"game-{seed}.json")
    game, _notes = ph.record_finished(rec, path)
    assert game is not None
    with hs.open_history().history as h:  # type: ignore[union-attr]
        back = next(g for g in h.oldest_first() if g.digest == game.digest)
    return back


def test_a_game_with_the_coach_is_marked_and_not_rated_one_without_is_rated(home: Path) -> None:
    helped = _indexed(True, 51)
    alone = _indexed(False, 52)
    assert helped.assisted and not alone.assisted  # kept in the index, read back from the record
    assert not ps.rated(helped) and ps.rated(alone)
    games = [helped, alone]
    points = ps.rating_history(games)
    assert [p.digest for p in points] == [alone.digest]
    assert "assisted" in wh.entry_head(helped) and "assisted" not in wh.entry_head(alone)
    line = wh.gameover_line(helped, ps.record_against(games, helped), None)
    assert "assisted: not rated" in line
    st = ps.compute(games)
    assert st.assisted == 1 and st.overall.games == 2  # counted, not rated
    text = "\n".join(wh.stats_lines(st, ps.ANCHORS))
    assert "1 assisted game" in text and "not rated" in text


def test_opening_the_coach_marks_the_solo_record(home: Path) -> None:
    """The app's advisers mark the record the moment the player asks the coach or the what-if."""
    from tagteam.app import TagTeamApp
    from tagteam.play.kinds import Solo

    app = TagTeamApp()
    session = finished(53, "first", "easy", ("Ann", "Bot (Easy)"))
    flow: Any = type("Flow", (), {"session": session})()  # what the advisers read of a live game: its session
    app.game = Solo(flow, None)  # type: ignore[arg-type]
    coach, what_if = app.advisers()
    assert coach is not None and what_if is not None
    assert session.record.solo is not None and not session.record.solo.assisted
    view = session.view(0)
    with contextlib.suppress(Exception):  # a finished game has no Build to rate: the mark comes first
        coach(view, None)  # type: ignore[arg-type]
    assert session.record.solo.assisted
