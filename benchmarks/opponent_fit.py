"""Fit ``tagteam.ai.predict``: a model of how today's Hard Builds, read from what Hard's search computes anyway.

``python benchmarks/opponent_fit.py collect SEED START DEALS OUT.jsonl [JOBS]`` plays Hard against Hard on the
arena's deals (seed SEED, deals START..START+DEALS-1, one game each). At every Build where both seats choose,
for each seat it runs Hard's analysis from that seat's view with the opponent's true hand forced into the
first samples (``FORCED``), and asks a fresh Hard, from the opponent's view, for the policy it would draw
from. One JSON line per seat and Build, the raw materials (so the features can change without playing
again): the payoff matrices, both equilibrium strategies, the opponent's sampled hands and its Fight deck
size, and per forced sample the real policy's share of each kept opponent option (rows collected since
also list the whole real policy, ``policy``).

``python benchmarks/opponent_fit.py fit FILE...`` fits the weights by maximum likelihood (Newton's method)
on four fifths of the deals and prints, for the held-out fifth, the cross-entropy of each prediction
against the real policy and how often its favourite is the real one: uniform, the equilibrium, the
Normal-like player, today's mix of the two, and the fitted model; then the weights.
``python benchmarks/opponent_fit.py module FILE...`` prints ``tagteam/ai/predict_weights.py``, fitted on
every row. FILE may be gzipped, as the committed rows are.
"""

from __future__ import annotations

import gzip
import json
import math
import multiprocessing
import random
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from tagteam.ai import predict
from tagteam.ai.hard import NORMAL_TEMPERATURE, Budget, HardBot, Solved, _normal_like, analyze
from tagteam.ai.tables import CARD_VALUE
from tagteam.cli.arena import deal_of
from tagteam.engine.actions import Action
from tagteam.engine.driver import play_out
from tagteam.engine.game import BUILD_DECISION, new_game
from tagteam.engine.state import GameState
from tagteam.engine.view import view_for
from tools.fit import solve

FORCED = 3  # samples per analysis given the opponent's true hand (of Hard's 16)


def _r(v: float) -> float:
    return round(v, 4)


def _rows(state: GameState, seat: int, rng: random.Random) -> dict[str, object] | None:
    """The raw materials of one row: the solved game from this seat's view, and the opponent's real policy."""
    opp = 1 - seat
    if state.pending[opp] != BUILD_DECISION or len(state.drawn[opp]) != 3:
        return None
    opts, weights = HardBot(rng.getrandbits(32)).distribution(view_for(state, opp))
    total = sum(weights)
    policy = {o: w / total for o, w in zip(opts, weights, strict=True)}
    got: list[Solved] = []
    hand = list(state.drawn[opp])
    analyze(view_for(state, seat), rng, Budget(), lambda: False, forced=[hand] * FORCED, probe=got.append)
    sv = got[0]
    if any(o is None for th in sv.theirs for o in th) or len(sv.mats) < FORCED:
        return None
    return {
        "round": state.round,
        "mats": [[[_r(v) for v in row] for row in m] for m in sv.mats],
        "theirs": sv.theirs,
        "x": [_r(v) for v in sv.x],
        "ys": [[_r(v) for v in y] for y in sv.ys],
        "hands": sv.hands,
        "deck": sv.deck,
        "targets": [[_r(policy.get(o, 0.0)) for o in sv.theirs[s]] for s in range(FORCED)],  # type: ignore[arg-type]
        "policy": [[k, p, _r(v)] for (k, p), v in policy.items() if v > 0.0],
    }


def _one(seed: int, deal: int) -> list[dict[str, object]]:
    """One Hard-against-Hard game on the deal, and its rows."""
    teams, game_seed, seeds = deal_of(seed, deal)
    bots = (HardBot(seeds[0]), HardBot(seeds[1]))
    rng = random.Random(f"fit:{seed}:{deal}")
    out: list[dict[str, object]] = []
    st = new_game(game_seed, teams=teams, draft="free")

    def choose(state: GameState, seat: int) -> Action:
        view = view_for(state, seat)
        if view.pending == BUILD_DECISION:
            row = _rows(state, seat, rng)
            if row is not None:
                row["deal"] = deal
                out.append(row)
        return bots[seat].decide(view)

    play_out(st, choose)
    return out


def collect(seed: int, start: int, deals: int, path: str, jobs: int = 2) -> None:
    with multiprocessing.Pool(jobs) as pool, open(path, "a") as f:
        for rows in pool.imap_unordered(partial(_one, seed), range(start, start + deals)):
            for row in rows:
                f.write(json.dumps(row) + "\n")
            f.flush()


Sample = tuple[list[list[float]], list[float], list[float], list[float]]
"""One forced sample: its options' features, the real policy on them, today's mix and the equilibrium."""


def _lines(path: str) -> list[str]:
    """A file's lines, gzipped (as committed) or not."""
    if path.endswith(".gz"):
        with gzip.open(path, "rt") as f:
            return f.read().splitlines()
    return Path(path).read_text().splitlines()


def _load(paths: Sequence[str]) -> list[tuple[int, Sample]]:
    out = []
    for path in paths:
        for line in _lines(path):
            row = json.loads(line)
            theirs = [[tuple(o) for o in th] for th in row["theirs"]]
            feats = predict.features(row["mats"], row["x"], row["ys"], theirs, row["hands"], row["deck"], CARD_VALUE)
            for s, t in enumerate(row["targets"]):
                if sum(t) <= 0.0:
                    continue
                y = row["ys"][s]
                nl = _normal_like(row["mats"][s], NORMAL_TEMPERATURE)
                mix = [0.5 * a + 0.5 * b for a, b in zip(y, nl, strict=True)]
                out.append((int(row["deal"]), (feats[s], [v / sum(t) for v in t], mix, y)))
    return out


def _ce(t: Sequence[float], p: Sequence[float]) -> float:
    return -sum(a * math.log(max(b, 1e-9)) for a, b in zip(t, p, strict=True) if a > 0.0)


def fit(data: list[Sample], l2: float = 1e-2, iters: int = 40) -> list[float]:
    k = len(predict.NAMES)
    w = [0.0] * k
    for _ in range(iters):
        g = [l2 * v for v in w]
        h = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for f, t, _mix, _eq in data:
            p = predict.choice(w, f)
            mean = [sum(p[j] * f[j][a] for j in range(len(f))) for a in range(k)]
            for j in range(len(f)):
                d = p[j] - t[j]
                for a in range(k):
                    g[a] += d * f[j][a]
            for a in range(k):
                for b in range(k):
                    h[a][b] += sum(p[j] * f[j][a] * f[j][b] for j in range(len(f))) - mean[a] * mean[b]
        step = solve(h, g)
        w = [v - s for v, s in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return w


def _top(p: Sequence[float]) -> int:
    return max(range(len(p)), key=lambda j: p[j])


def report(paths: Sequence[str]) -> str:
    rows = _load(paths)
    held = [s for d, s in rows if d % 5 == 0]
    train = [s for d, s in rows if d % 5 != 0]
    w = fit(train)
    lines = [f"rows: {len(train)} fitted, {len(held)} held out (deals = 0 mod 5)"]
    lines_in = [line for path in paths for line in _lines(path)]
    kept = [sum(t) for line in lines_in for t in json.loads(line)["targets"]]
    lines.append(
        f"the real policy's share on the options Hard's screening kept: mean {sum(kept) / len(kept):.3f} "
        f"(renormalized to 1 here; {sum(1 for v in kept if v <= 0.0)} samples with none on them, skipped)"
    )
    preds = {
        "uniform": lambda s: [1.0 / len(s[1])] * len(s[1]),
        "equilibrium": lambda s: s[3],
        "normal-like": lambda s: [2 * m - e for m, e in zip(s[2], s[3], strict=True)],
        "today's mix": lambda s: s[2],
        "fitted": lambda s: predict.choice(w, s[0]),
    }
    for name, fn in preds.items():
        ce = sum(_ce(s[1], fn(s)) for s in held) / len(held)
        line = f"{name:>12}: held-out cross-entropy {ce:.3f}"
        if name != "uniform":  # it has no favourite
            same = sum(1 for s in held if _top(fn(s)) == _top(s[1])) / len(held)
            line += f"; its favourite is the real one in {100 * same:.1f}%"
        lines.append(line)
    lines.append("weights: " + ", ".join(f"{n} {v:+.3f}" for n, v in zip(predict.NAMES, w, strict=True)))
    return "\n".join(lines)


def module(paths: Sequence[str]) -> str:
    """``tagteam/ai/predict_weights.py``: the weights fitted on every row (none held out)."""
    w = fit([s for _d, s in _load(paths)])
    body = ", ".join(f"{v:.4f}" for v in w)
    return (
        '"""The learned model of a Hard-like opponent (``predict``), one weight per feature in ``predict.NAMES``.\n\n'
        "Generated by ``python benchmarks/opponent_fit.py module FILES`` from Hard-against-Hard games (the rows of\n"
        "deals 5000-5068 of seed 12 are ``benchmarks/data/opponent_fit/hard-5000-5068.jsonl.gz``); do not edit."
        '"""\n\n'
        f"WEIGHTS = ({body})\n"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["collect"]:
        a = sys.argv[2:]
        collect(int(a[0]), int(a[1]), int(a[2]), a[3], int(a[4]) if len(a) > 4 else 2)
    elif sys.argv[1:2] == ["fit"]:
        print(report(sys.argv[2:]))
    elif sys.argv[1:2] == ["module"]:
        print(module(sys.argv[2:]), end="")
    else:
        raise SystemExit(__doc__)
