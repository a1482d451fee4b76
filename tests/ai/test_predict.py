"""The learned model of a Hard-like opponent (``tagteam.ai.predict``, arena only; issue 26, item 3): its
features read what they say, its fit finds weights that generated the data, and Hard's search uses it only
when its budget asks."""

from __future__ import annotations

import importlib.util
import json
import math
import random
from pathlib import Path
from types import ModuleType

import pytest

from tagteam.ai import hard, predict, regret
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for

ROOT = Path(__file__).resolve().parents[2]


def _fit_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("opponent_fit", ROOT / "benchmarks" / "opponent_fit.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_features_read_place_keep_rate_and_pool_the_same_card_at_the_same_place() -> None:
    # two samples, my 2 options as rows; their options (kept card index, place) as columns
    mats = [[[0.2, -0.4, 0.0], [0.4, -0.2, 0.0]], [[0.6, 0.0], [0.2, 0.0]]]
    theirs = [[(0, 0), (1, 2), (2, 1)], [(1, 0), (0, 2)]]
    hands = [["a", "b", "c"], ["c", "b", "a"]]  # no card is kept at the same place in both samples
    x = [0.5, 0.5]
    ys = [[0.1, 0.8, 0.1], [0.5, 0.5]]
    worth = {"a": 0.3, "b": -0.2}
    f = predict.features(mats, x, ys, theirs, hands, 2, worth)
    assert [len(s) for s in f] == [3, 2] and all(len(r) == len(predict.NAMES) for s in f for r in s)
    col = {n: i for i, n in enumerate(predict.NAMES)}
    assert [r[col["top"]] for r in f[0]] == [1.0, 0.0, 0.0]
    assert [r[col["bottom"]] for r in f[0]] == [0.0, 1.0, 0.0]
    assert [r[col["keep_rate"]] for r in f[0]] == [0.3, -0.2, 0.0]  # "c" has no keep-rate: 0
    assert f[0][1][col["equilibrium"]] == pytest.approx(math.log(0.8 + predict.EQ_FLOOR))
    # Normal-like values (their payoff, my options alike): sample 0: -0.3, 0.3, 0.0 -> the best is 0 on the scale
    assert [r[col["normal"]] for r in f[0]] == pytest.approx([-0.6 / predict.NORMAL_T, 0.0, -0.3 / predict.NORMAL_T])
    # sample 0 keeps a@0, b@2, c@1 and sample 1 b@0, c@2: nothing to pool, so pooled values are each sample's own
    for s in (0, 1):
        assert [r[col["pooled_normal"]] for r in f[s]] == pytest.approx([r[col["normal"]] for r in f[s]])


def test_pooling_averages_a_card_kept_at_the_same_place_in_two_samples() -> None:
    mats = [[[0.0, 0.4]], [[-0.4, 0.2]]]  # one option of mine; their payoffs: s0: 0.0, -0.4; s1: 0.4, -0.2
    theirs = [[(0, 1), (1, 0)], [(2, 1), (0, 0)]]
    hands = [["a", "b", "z"], ["b", "y", "a"]]  # both samples keep a@1 (column 0) and b@0 (column 1)
    f = predict.features(mats, [1.0], [[0.5, 0.5], [0.5, 0.5]], theirs, hands, 3, {})
    col, own = predict.NAMES.index("pooled_normal"), predict.NAMES.index("normal")
    # pooled: a@1 = (0.0 + 0.4) / 2 = 0.2, b@0 = (-0.4 - 0.2) / 2 = -0.3, the same in both samples
    for s in (0, 1):
        assert f[s][0][col] == pytest.approx(0.0)  # a@1 is the better of the two
        assert f[s][1][col] == pytest.approx((-0.3 - 0.2) / predict.NORMAL_T)
    assert f[0][1][own] == pytest.approx(-0.4 / predict.NORMAL_T)  # a sample's own value is not pooled


def test_choice_is_the_softmax_of_the_weighted_sums() -> None:
    feats = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
    assert predict.choice([0.0, 0.0], feats) == pytest.approx([1 / 3] * 3)
    z = [2.0, -1.0, 1.0]
    assert predict.choice([2.0, -1.0], feats) == pytest.approx(regret.softmax(z, 1.0))


def test_the_fit_finds_the_weights_that_made_the_policies() -> None:
    fit = _fit_module()
    rng = random.Random(4)
    true = [rng.uniform(-1.0, 1.0) for _ in predict.NAMES]
    data = []
    for _ in range(300):
        feats = [[rng.gauss(0.0, 1.0) for _ in predict.NAMES] for _ in range(rng.randint(3, 8))]
        t = predict.choice(true, feats)
        data.append((feats, t, t, t))
    got = fit.fit(data, l2=1e-6)
    assert got == pytest.approx(true, abs=1e-3)


def test_the_fit_reads_collected_rows_and_holds_a_fifth_out(tmp_path: Path) -> None:
    fit = _fit_module()
    mats = [[[0.2, -0.1], [0.0, 0.3]]] * fit.FORCED
    row = {
        "deal": 0, "round": 2, "mats": mats, "theirs": [[[0, 0], [1, 1]]] * fit.FORCED, "x": [0.5, 0.5],
        "ys": [[0.5, 0.5]] * fit.FORCED, "hands": [["a", "b", "c"]] * fit.FORCED, "deck": 1,
        "targets": [[0.7, 0.1]] + [[0.0, 0.0]] * (fit.FORCED - 1), "policy": [[0, 0, 0.7], [1, 1, 0.1], [2, 0, 0.2]],
    }  # fmt: skip
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(row | {"deal": d}) + "\n" for d in range(10)))
    rows = fit._load([str(path)])
    assert len(rows) == 10  # the samples whose real policy is on none of the kept options are skipped
    assert rows[0][1][1] == pytest.approx([0.875, 0.125])  # renormalized to the kept options
    said = fit.report([str(path)])
    assert "8 fitted, 2 held out" in said and "share on the options Hard's screening kept: mean 0.267" in said


@pytest.mark.parametrize("learned", [0.0, 1.0])
def test_hards_search_asks_the_learned_model_only_when_its_budget_does(
    build_state: GameState, monkeypatch: pytest.MonkeyPatch, learned: float
) -> None:
    calls: list[int] = []
    real = predict.choice

    def spy(weights: object, feats: list[list[float]]) -> list[float]:
        calls.append(len(feats))
        return real(weights, feats)  # type: ignore[arg-type]

    monkeypatch.setattr(predict, "choice", spy)
    b = hard.Budget(samples=3, mine=4, theirs=3, iters=10, learned=learned)
    hard.analyze(view_for(build_state, 0), random.Random(1), b, lambda: False)
    assert (calls == []) == (learned == 0.0)
    if learned:
        assert len(calls) == 3 and all(n >= 3 for n in calls)  # one prediction per sample, over its kept options


def test_a_forced_hand_is_in_the_first_samples_and_the_probe_sees_the_solved_game(build_state: GameState) -> None:
    opp = 1
    hand = list(build_state.drawn[opp])
    got: list[hard.Solved] = []
    b = hard.Budget(samples=4, mine=4, theirs=3, iters=10)
    hard.analyze(view_for(build_state, 0), random.Random(2), b, lambda: False, forced=[hand] * 2, probe=got.append)
    (sv,) = got
    tab = build_state.table
    assert tab is not None
    ids = [tab.cards[c].cdef.id for c in hand]
    assert sv.hands[0] == ids and sv.hands[1] == ids
    assert len(sv.mats) == 4 and len(sv.ys) == 4 and len(sv.x) == len(sv.mine)
    assert sv.deck == len(build_state.fight[opp])


def test_the_committed_weights_are_the_fit_of_the_committed_rows() -> None:
    fit = _fit_module()
    data = ROOT / "benchmarks" / "data" / "opponent_fit" / "hard-5000-5068.jsonl.gz"
    assert fit.module([str(data)]) == (ROOT / "tagteam" / "ai" / "predict_weights.py").read_text()
