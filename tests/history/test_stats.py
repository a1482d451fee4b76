"""Statistics and the Glicko-2 rating: pinned by the published example, by generated results, and by the
command's three outputs agreeing with the numbers."""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tagteam.__main__ import main
from tagteam.play import history as ph
from tagteam.play import stats as ps
from tagteam.store import history as hs
from tagteam.store.paths import saves_dir
from tests.history.helpers import variety, write

BASE = hs.PastGame(
    digest="0" * 64,
    file="saves/x.json",
    ended=0.0,
    kind="solo",
    level="normal",
    mode="first",
    seed=1,
    you=0,
    players=("Ann", "Bot (Normal)"),
    fighters=("joan", "ching_shih", "bodvar", "wong_fei_hung"),
    winner=0,
    reason="ko",
    rounds=5,
    hp=((11, 9, 12, 10),),
)


def game(result: str, n: int = 0, **kw: object) -> hs.PastGame:
    winner = {"win": 0, "loss": 1, "draw": -1}[result]
    return replace(BASE, digest=f"{n:064x}", ended=float(n), winner=winner, **kw)  # type: ignore[arg-type]


def test_glicko2_published_example() -> None:
    """Glickman's worked example: 1500 / 200 / 0.06, τ 0.5, against 1400/30 (won), 1550/100 and 1700/300 (lost)."""
    r = ps.update(ps.Rating(1500, 200, 0.06), [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], tau=0.5)
    assert r.rating == pytest.approx(1464.06, abs=0.01)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)


def test_no_game_only_widens_the_deviation() -> None:
    r = ps.update(ps.Rating(1600, 80, 0.06), [])
    assert r.rating == 1600 and r.rd > 80 and r.rd <= ps.START_RD


def test_the_anchors_reproduce_the_arena_scores() -> None:
    a = ps.ANCHORS
    assert a["normal"] == 1500
    for strong, weak, p in ps.ARENA:
        expected = 1 / (1 + 10 ** (-(a[strong] - a[weak]) / 400))
        assert expected == pytest.approx(p, abs=1e-9)
    assert a["random"] < a["easy"] < a["normal"] < a["hard"]


@given(st.integers(0, 300), st.integers(0, 300), st.integers(0, 300))
def test_the_interval_holds_the_score(w: int, d: int, losses: int) -> None:
    s = ps.Score(w, d, losses)
    low, high = s.interval()
    assert 0 <= low <= high <= 1
    if s.games:
        assert low - 1e-12 <= s.score <= high + 1e-12
        wider = ps.Score(w * 4, d * 4, losses * 4).interval()  # four times the games: a narrower interval
        assert wider[1] - wider[0] <= high - low + 1e-12


def test_a_wilson_interval_by_hand() -> None:
    low, high = ps.Score(7, 0, 3).interval()  # p = 0.7, n = 10
    z = ps.Z95
    centre = (0.7 + z * z / 20) / (1 + z * z / 10)
    half = z * math.sqrt(0.21 / 10 + z * z / 400) / (1 + z * z / 10)
    assert (low, high) == pytest.approx((centre - half, centre + half))


def test_streaks() -> None:
    seq = ["win", "win", "draw", "win", "loss", "win", "win", "win", "loss", "loss"]
    s = ps.streaks([game(r, i) for i, r in enumerate(seq)])
    assert (s.current, s.length, s.best_wins, s.best_unbeaten) == ("loss", 2, 3, 4)
    assert ps.streaks([]).current is None


def test_only_games_against_an_anchored_bot_are_rated() -> None:
    games = [
        game("win", 1),
        game("win", 2, kind="hotseat", level=""),
        game("loss", 3, kind="guided", level=""),
        game("draw", 4, level="hard"),
    ]
    pts = ps.rating_history(games)
    assert [p.digest for p in pts] == [games[0].digest, games[3].digest]
    assert pts[0].after.rating > pts[0].before.rating == ps.START
    assert pts[1].before == pts[0].after  # each rated game starts from the last one's rating


def test_a_win_over_a_stronger_bot_is_worth_more() -> None:
    easy = ps.rating_history([game("win", 1, level="easy")])[0].change
    hard = ps.rating_history([game("win", 1, level="hard")])[0].change
    assert hard > easy > 0


@given(st.lists(st.sampled_from(["win", "draw", "loss"]), max_size=40))
def test_the_rating_moves_with_each_result(results: list[str]) -> None:
    pts = ps.rating_history([game(r, i) for i, r in enumerate(results)])
    assert len(pts) == len(results)
    for p, r in zip(pts, results, strict=True):
        expected = 1 / (1 + 10 ** (-(p.before.rating - ps.ANCHORS["normal"]) / 400))
        if r == "win":
            assert p.change > 0
        elif r == "loss":
            assert p.change < 0
        else:  # a draw moves the rating toward the bot's
            assert math.copysign(1, p.change) == math.copysign(1, 0.5 - expected) or abs(p.change) < 1e-9
        assert p.after.rd <= p.before.rd + 1e-9 or p.before.rd < 60  # a game teaches: the deviation shrinks


def test_the_groups_add_up() -> None:
    games = [g for g in (ph.derive(r, Path("x.json"), float(i)) for i, r in enumerate(variety(12))) if g]
    s = ps.compute(games)
    n = len(games)
    assert s.overall.games == n == sum(x.games for _, x in s.by_level) == sum(x.games for _, x in s.by_team)
    assert sum(x.games for _, x in s.by_fighter) == 2 * n
    assert sum(x.wins for _, x in s.against) == 2 * s.overall.wins
    assert s.overall.wins == sum(1 for g in games if g.winner == g.you)


def test_the_command_prints_the_same_numbers_three_ways(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = variety(12)
    for i, rec in enumerate(recs):
        write(rec, saves_dir(), f"g{i}.json")
    assert main(["history", "rebuild"]) == 0
    with hs.open_history().history as h:  # type: ignore[union-attr]
        want = ps.compute(h.oldest_first())
    capsys.readouterr()
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["overall"]["games"] == want.overall.games == 12
    assert data["overall"]["wins"] == want.overall.wins
    assert data["rating"]["rating"] == round(want.current.rating, 1)
    assert {k: v["games"] for k, v in data["by_level"].items()} == {k: s.games for k, s in want.by_level}
    assert main(["stats", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    overall = next(r for r in rows if r["section"] == "overall")
    assert (int(overall["wins"]), int(overall["losses"])) == (want.overall.wins, want.overall.losses)
    rating = next(r for r in rows if r["section"] == "rating")  # issue 43: its own columns, not score and low
    assert float(rating["rating"]) == round(want.current.rating, 1)
    assert float(rating["deviation"]) == round(want.current.rd, 1)
    assert rating["score"] == rating["low"] == "" and overall["rating"] == overall["deviation"] == ""
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    o = want.overall
    assert f"{o.wins}-{o.draws}-{o.losses}" in text
    assert f"{want.current.rating:.0f} ± {want.current.rd:.0f}" in text


def test_stats_without_a_usable_database_reads_the_saves(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = variety(4)
    for i, rec in enumerate(recs):
        write(rec, saves_dir(), f"g{i}.json")
    import sqlite3

    conn = sqlite3.connect(home / hs.FILE)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    assert main(["stats", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["overall"]["games"] == 4
    assert len(out.err.strip().splitlines()) == 1 and "newer" in out.err
