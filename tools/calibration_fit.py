"""Fitting and checking the coach's calibration, offline, from games that followed the coach.

The games come from ``benchmarks/coach_calibration.py collect`` (one JSON line per game: every Build's raw
study numbers and the game's result). ``python -m tools.calibration_fit F.jsonl ... >
tagteam/ai/calibration_table.py`` fits, per opponent and per kind of number, the map of
``tagteam.ai.calibration`` by logistic regression (Newton's method, a light ridge), where a draw counts as
half a win; ``report`` prints the reliability tables the README and docs/ai.md quote.

Kinds: ``option`` is an option's headline win chance, scored against the game's result; ``case`` is a
place's win chance ("if they insert at the bottom: 40% to win"), scored only where the opponent's real
insert fell in that place's region (the top, the bottom, or anywhere between: the middle), since that is
the condition it states; ``likely`` is how likely the opponent is to insert in a region, scored by whether
they did.
"""

from __future__ import annotations

import json
import math
import random
import sys
import zlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import mul, sub

from tagteam.ai.calibration import KINDS, SAME, Knot, Map, features, region
from tagteam.ai.stats import wilson
from tools.fit import solve

RIDGE = 1e-3
BINS = 10
BLOCK = 300  # the bend's knots each stand for at least this many predictions (chosen among 100-500, cross-fitted)
BENT = 10  # a map is bent only when fitted on this many blocks or more (the tutor's 1,218 'likely' got worse)


@dataclass(frozen=True, slots=True)
class Row:
    """One prediction: who it was against, of what kind, the raw number, the round, what happened, and
    which game (so folds never split a game)."""

    level: str
    kind: str
    raw: float
    round: int
    outcome: float
    game: tuple[str, int, int, int]
    said: tuple[object, ...] = ()  # which Build (the places' odds of one Build are shown together, adding up to 1)


def rows(lines: Iterable[str]) -> list[Row]:
    """Every prediction of every game line."""
    out: list[Row] = []
    for text in lines:
        if not text.strip():
            continue
        g = json.loads(text)
        game = (g["level"], g["seed"], g["deal"], g["seat"])
        for p in g["said"]:
            said = (*game, p["round"])
            out.append(Row(g["level"], "option", p["raw"], p["round"], g["result"], game, said))
            theirs = p.get("theirs")
            cases = p["cases"]
            if theirs is None or not cases:
                continue
            where = region(theirs[0], theirs[1])
            names = [c[0] for c in cases]
            if names == ["placed"]:
                out.append(Row(g["level"], "case", cases[0][2], p["round"], g["result"], game))
                continue
            for place, _q, win, likely in cases:
                if len(cases) > 1:
                    out.append(Row(g["level"], "likely", likely, p["round"], float(place == where), game, said))
                if place == where:
                    out.append(Row(g["level"], "case", win, p["round"], g["result"], game))
    return out


RISING = ((0, 1, 0, 0, 0), (0, 1, 0, 1, 0), (0, 1, 0, 0, 1), (0, 1, 0, 1, 1))
"""The map's slope in the raw number's log-odds, as weights over ``features``: early and late in a game (the
slope is linear in how far it has gone, so both ends cover every round), outside and inside the clip."""


def fit(data: Sequence[Row], block: int = BLOCK) -> Map:
    """The logistic map (``logistic``), then its bend: the knots through which its own numbers, in blocks of
    ``block`` or more predictions, meet the share won (``knots``; none with ``block`` 0 or fewer than ``BENT``
    blocks' worth of predictions: too few knots chase luck)."""
    m = logistic(data)
    if block <= 0 or len(data) < BENT * block:
        return m
    return Map(m.weights, m.n, knots([(m.apply(r.raw, r.round), r.outcome) for r in data], block))


def knots(pairs: Sequence[tuple[float, float]], block: int) -> tuple[Knot, ...]:
    """Isotonic regression (pool adjacent violators) of the outcome on the number shown, with every pool
    holding ``block`` predictions or more: (mean shown, share won) per pool, rising in both. Small pools are
    merged into their smaller neighbour, so a knot is never one lucky run of results."""
    pools: list[list[float]] = []  # [sum shown, sum won, count]
    for x, y, count in _ties(pairs):
        pools.append([x * count, y, count])
        while len(pools) > 1 and pools[-2][1] * pools[-1][2] >= pools[-1][1] * pools[-2][2]:
            last = pools.pop()
            pools[-1] = [a + b for a, b in zip(pools[-1], last, strict=True)]
    while len(pools) > 1:
        small = [i for i, p in enumerate(pools) if p[2] < block]
        if not small:
            break
        i = small[0]
        j = i + 1 if i == 0 else i - 1 if i == len(pools) - 1 else min(i - 1, i + 1, key=lambda k: pools[k][2])
        lo, hi = min(i, j), max(i, j)
        pools[lo : hi + 1] = [[a + b for a, b in zip(pools[lo], pools[hi], strict=True)]]
    out = [(p[0] / p[2], p[1] / p[2]) for p in pools]
    return tuple(k for k in out if 0.0 < k[0] < 1.0 and 0.0 < k[1] < 1.0)


def _ties(pairs: Sequence[tuple[float, float]]) -> list[tuple[float, float, float]]:
    """(shown, results won, count) per distinct number shown, rising: predictions shown the same number are
    one pool from the start, so no order among their results can split them (a raw 0 or 1 is common)."""
    out: list[list[float]] = []
    for x, y in sorted(pairs):
        if out and out[-1][0] == x:
            out[-1][1] += y
            out[-1][2] += 1.0
        else:
            out.append([x, y, 1.0])
    return [(x, y, n) for x, y, n in out]


def logistic(data: Sequence[Row]) -> Map:
    """Logistic regression of the outcome on the map's features (Newton's method, ridge ``RIDGE``), kept
    rising with the raw number at every round: where the best fit would fall with it somewhere (a slope of
    ``RISING`` below zero), the fit is made again with that slope held at zero (flat there), until none falls,
    so a map never reorders the options it ranks."""
    xs = [features(r.raw, r.round) for r in data]
    ys = [r.outcome for r in data]
    w = _newton(xs, ys)
    held: list[tuple[int, ...]] = []
    while len(w) == len(RISING[0]) and len(held) < len(RISING):
        worst = min(RISING, key=lambda c: sum(a * b for a, b in zip(c, w, strict=True)))
        if sum(a * b for a, b in zip(worst, w, strict=True)) >= -1e-12 or worst in held:
            break
        held.append(worst)
        basis = _null_basis(held, len(w))
        u = _newton([[sum(x[i] * v[i] for i in range(len(x))) for v in basis] for x in xs], ys, slope=-1)
        w = [sum(u[j] * basis[j][i] for j in range(len(basis))) for i in range(len(w))]
    return Map(tuple(w), len(xs))


def _null_basis(rows: Sequence[Sequence[int]], k: int) -> list[list[float]]:
    """Vectors spanning every weight vector with a zero dot product with each of ``rows`` (Gauss-Jordan)."""
    m = [[float(v) for v in r] for r in rows]
    pivots: list[int] = []
    r = 0
    for col in range(k):
        lead = next((i for i in range(r, len(m)) if abs(m[i][col]) > 1e-12), None)
        if lead is None:
            continue
        m[r], m[lead] = m[lead], m[r]
        m[r] = [v / m[r][col] for v in m[r]]
        for i in range(len(m)):
            if i != r and abs(m[i][col]) > 1e-12:
                f = m[i][col]
                m[i] = [a - f * b for a, b in zip(m[i], m[r], strict=True)]
        pivots.append(col)
        r += 1
    basis = []
    for free in (c for c in range(k) if c not in pivots):
        v = [0.0] * k
        v[free] = 1.0
        for i, col in enumerate(pivots):
            v[col] = -m[i][free]
        basis.append(v)
    return basis


def _newton(xs: Sequence[Sequence[float]], ys: Sequence[float], slope: int = 1) -> list[float]:
    """The weights of the logistic regression, from the raw number as it is (weight 1 on feature ``slope``).
    The sums run column by column, with each pair of features' products computed once for every step and the
    loss of the step taken kept for the next: the same sums as row by row, several times faster (the tests
    refit every committed table)."""
    k = len(xs[0]) if xs else 3
    w = [0.0] * k
    if 0 <= slope < k:
        w[slope] = 1.0
    cols = [list(c) for c in zip(*xs, strict=True)] if xs else [[] for _ in range(k)]
    pairs = [(i, j) for i in range(k) for j in range(i, k)]
    products = [list(map(mul, cols[i], cols[j])) for i, j in pairs]
    lost = [1 - y for y in ys]
    ridge = RIDGE * len(xs)
    zs = _z(w, cols, len(xs))
    now = _loss_of(zs, w, lost)
    for _ in range(50):
        ps = [1.0 / (1.0 + math.exp(-z)) for z in zs]
        errors = list(map(sub, ps, ys))
        spread = [p * (1 - p) for p in ps]
        grad = [sum(map(mul, errors, c)) for c in cols]
        hess = [[0.0] * k for _ in range(k)]
        for (i, j), prod in zip(pairs, products, strict=True):
            hess[i][j] = hess[j][i] = sum(map(mul, spread, prod))
        for i in range(k):
            grad[i] += ridge * w[i] * (i > 0)
            hess[i][i] += ridge * (i > 0) + 1e-9
        step = solve(hess, grad)
        t = 1.0
        while t > 1e-6:  # a damped step: Newton's full step can overshoot when the raw numbers sit at 0 or 1
            trial = [a - t * b for a, b in zip(w, step, strict=True)]
            zs = _z(trial, cols, len(xs))
            loss = _loss_of(zs, trial, lost)
            if loss <= now:
                break
            t /= 2
        w, now = trial, loss
        if max(abs(t * s) for s in step) < 1e-9:
            break
    return w


def _z(w: Sequence[float], cols: Sequence[Sequence[float]], n: int) -> list[float]:
    """Each row's log-odds under ``w``, clipped to ±30 (summed in the features' order, as a row's dot product)."""
    zs = [0.0] * n
    for wi, col in zip(w, cols, strict=True):
        zs = [z + wi * v for z, v in zip(zs, col, strict=True)]
    return [z if -30.0 <= z <= 30.0 else (30.0 if z > 0 else -30.0) for z in zs]


def _loss_of(zs: Sequence[float], w: Sequence[float], lost: Sequence[float]) -> float:
    """The mean log-loss plus the ridge (the intercept is not shrunk), from the clipped log-odds ``_z``."""
    total = sum([math.log1p(math.exp(-z)) + q * z for z, q in zip(zs, lost, strict=True)])
    return total / max(1, len(zs)) + 0.5 * RIDGE * sum(a * a for a in w[1:])


SPLITS = 4  # cross-fitting is repeated over this many different splits of the games, and the ECEs averaged


def _fold(r: Row, folds: int, split: int = 0) -> int:
    return zlib.crc32(repr((split, r.game)).encode()) % folds


def shown(data: Sequence[Row], folds: int, fitted: dict[tuple[str, str], Map] | None, split: int = 0) -> list[float]:
    """What each prediction would show: raw (``fitted`` None), the given maps, or maps cross-fitted on
    ``folds`` folds of the games (``split`` picks one way of cutting them)."""
    if fitted is None and folds <= 0:
        return [r.raw for r in data]
    if folds <= 0:
        assert fitted is not None
        return _together(data, [fitted.get((r.level, r.kind), SAME).apply(r.raw, r.round) for r in data])
    out = [0.0] * len(data)
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, r in enumerate(data):
        groups[(r.level, r.kind)].append(i)
    for idx in groups.values():
        for f in range(folds):
            train = [data[i] for i in idx if _fold(data[i], folds, split) != f]
            m = fit(train)
            for i in idx:
                if _fold(data[i], folds, split) == f:
                    out[i] = m.apply(data[i].raw, data[i].round)
    return _together(data, out)


def _together(data: Sequence[Row], said: list[float]) -> list[float]:
    """The places' odds of one Build made to add up to 1 again, as the coach shows them
    (``tagteam.ai.calibration.likelihoods``)."""
    sums: dict[tuple[object, ...], float] = defaultdict(float)
    for r, s in zip(data, said, strict=True):
        if r.kind == "likely":
            sums[r.said] += s
    return [s / sums[r.said] if r.kind == "likely" and sums[r.said] > 0 else s for r, s in zip(data, said, strict=True)]


def table(data: Sequence[Row], said: Sequence[float]) -> tuple[str, float]:
    """The reliability table (10-point bins) and the expected calibration error, in points."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for r, s in zip(data, said, strict=True):
        bins[min(BINS - 1, int(s * BINS))].append((s, r.outcome))
    n = len(data)
    lines = ["  shown     n   mean  won (95% interval)       gap"]
    ece = 0.0
    for b, items in enumerate(bins):
        if not items:
            continue
        mean = sum(s for s, _ in items) / len(items)
        won = sum(o for _, o in items)
        obs, lo, hi = wilson(won, len(items))
        gap = 100 * (obs - mean)
        ece += len(items) / n * abs(obs - mean)
        flag = "" if len(items) < 30 or abs(gap) <= 3.0 else "  > 3"
        lines.append(
            f"  {10 * b:>2}-{10 * b + 10:<3}% {len(items):>5} {100 * mean:5.1f} {100 * obs:5.1f} "
            f"({100 * lo:4.1f}-{100 * hi:5.1f}) {gap:+6.1f}{flag}"
        )
    return "\n".join(lines), 100 * ece


def brier(data: Sequence[Row], said: Sequence[float]) -> tuple[float, float]:
    """The Brier score of what was said, and of always saying the base rate."""
    n = len(data)
    base = sum(r.outcome for r in data) / n
    return (
        sum((s - r.outcome) ** 2 for r, s in zip(data, said, strict=True)) / n,
        sum((base - r.outcome) ** 2 for r in data) / n,
    )


def noise(data: Sequence[Row], said: Sequence[float], draws: int = 200) -> float:
    """The mean ECE of a coach whose every number is exactly right, on these predictions: results drawn
    from what was said. A measured ECE near it is as good as this many predictions can show."""
    rng = random.Random(len(data))
    total = 0.0
    for _ in range(draws):
        fake = [
            Row(r.level, r.kind, r.raw, r.round, 1.0 if rng.random() < s else 0.0, r.game)
            for r, s in zip(data, said, strict=True)
        ]
        total += table(fake, said)[1]
    return total / draws


def few_games(data: Sequence[Row], said: Sequence[float], games: int, draws: int = 200) -> tuple[float, float]:
    """The ECE these predictions would show if only ``games`` of their games were scored (drawn at random,
    ``draws`` times): its median, and how often it is 3 points or less. Predictions of one game share its
    result, so a few hundred games measure the ECE only roughly, however good the numbers are."""
    by: dict[tuple[str, int, int, int], list[int]] = defaultdict(list)
    for i, r in enumerate(data):
        by[r.game].append(i)
    keys = sorted(by)
    if games >= len(keys):
        ece = table(data, said)[1]
        return ece, float(ece <= 3.0)
    rng = random.Random(len(data))
    eces = []
    for _ in range(draws):
        idx = [i for g in rng.sample(keys, games) for i in by[g]]
        eces.append(table([data[i] for i in idx], [said[i] for i in idx])[1])
    eces.sort()
    return eces[len(eces) // 2], sum(e <= 3.0 for e in eces) / len(eces)


def _load(files: Sequence[str]) -> list[Row]:
    data: list[Row] = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            data.extend(rows(fh))
    return data


def by_seed(files: Sequence[str], kind: str = "option") -> str:
    """Each seed's games scored by a map fitted on the other seeds' games only: the test a reviewer runs on
    a seed of their own, once per seed we hold. Beside it, the median ECE of the maps cross-fitted on every
    game, scored on as many games drawn at random: what that many games can show."""
    data = [r for r in _load(files) if r.kind == kind]
    pooled = shown(data, 5, {})
    out = []
    for level in sorted({r.level for r in data}):
        sub = [(i, r) for i, r in enumerate(data) if r.level == level]
        for seed in sorted({r.game[1] for _i, r in sub}):
            train = [r for _i, r in sub if r.game[1] != seed]
            test = [(i, r) for i, r in sub if r.game[1] == seed]
            if not train:
                continue
            m = fit(train)
            rs = [r for _i, r in test]
            said = [m.apply(r.raw, r.round) for r in rs]
            text, ece = table(rs, said)
            big = sum(1 for line in text.splitlines() if line.endswith("> 3"))
            games = len({r.game for r in rs})
            median, share = few_games([r for _i, r in sub], [pooled[i] for i, _r in sub], games)
            won = sum(r.outcome for r in rs) / len(rs)
            raw = table(rs, [r.raw for r in rs])[1]
            out.append(
                f"{level} seed {seed}: {len(rs)} predictions in {games} games; held-out ECE {raw:.1f} -> "
                f"{ece:.1f} points, bins of 30+ more than 3 points off: {big}; "
                f"shown {100 * sum(said) / len(said):.1f}%, "
                f"won {100 * won:.1f}%; {games} games of the cross-fitted maps: median ECE {median:.1f}, "
                f"3 or less in {100 * share:.0f}% of draws"
            )
    return "\n".join(out) + "\n"


def report(files: Sequence[str], folds: int = 0) -> str:
    """Every level's and kind's reliability, raw and calibrated (cross-fitted with ``folds``)."""
    from tagteam.ai.calibration_table import TABLE

    data: list[Row] = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            data.extend(rows(fh))
    fitted = {key: Map(*entry) for key, entry in TABLE.items()}
    out: list[str] = []
    raw_all = shown(data, 0, None)
    cal_all = shown(data, folds, fitted)
    how = f"cross-fitted on {folds} folds of games" if folds > 0 else "the committed table"
    for level in sorted({r.level for r in data}):
        for kind in KINDS:
            idx = [i for i, r in enumerate(data) if r.level == level and r.kind == kind]
            if not idx:
                continue
            sub = [data[i] for i in idx]
            games = len({r.game for r in sub})
            out.append(f"{level} · {kind}: {len(sub)} predictions in {games} games")
            for label, said in (("raw study", [raw_all[i] for i in idx]), (how, [cal_all[i] for i in idx])):
                text, ece = table(sub, said)
                b, base = brier(sub, said)
                floor = noise(sub, said)
                out.append(
                    f" {label}: ECE {ece:.1f} points (a perfectly calibrated coach would show {floor:.1f} here "
                    f"by chance); Brier {b:.4f} (base rate {base:.4f})"
                )
                out.append(text)
            out.append("")
    return "\n".join(out) + "\n"


def summary(files: Sequence[str], folds: int = 5, kind: str = "option") -> str:
    """One line per level for the docs: the ECE raw and calibrated (cross-fitted on ``folds`` folds, or with
    ``folds`` 0 the committed maps, for games they were not fitted on), what chance alone would show, the
    Brier score against the base rate, and the mean shown against the share won."""
    data: list[Row] = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            data.extend(rows(fh))
    data = [r for r in data if r.kind == kind]
    raw_all = shown(data, 0, None)
    if folds > 0:
        splits = [shown(data, folds, {}, k) for k in range(SPLITS)]
    else:
        from tagteam.ai.calibration_table import TABLE

        splits = [shown(data, 0, {key: Map(*entry) for key, entry in TABLE.items()})]
    out = []
    for level in sorted({r.level for r in data}):
        idx = [i for i, r in enumerate(data) if r.level == level]
        sub = [data[i] for i in idx]
        raw = [raw_all[i] for i in idx]
        cals = [[cal[i] for i in idx] for cal in splits]
        e_raw = table(sub, raw)[1]
        eces = [table(sub, cal)[1] for cal in cals]
        b_raw, base = brier(sub, raw)
        b_cal = sum(brier(sub, cal)[0] for cal in cals) / len(cals)
        won = sum(r.outcome for r in sub) / len(sub)
        bigs = [sum(1 for line in table(sub, cal)[0].splitlines() if line.endswith("> 3")) for cal in cals]
        big = f"{min(bigs)}" if min(bigs) == max(bigs) else f"{min(bigs)}-{max(bigs)} over {len(bigs)} splits"
        out.append(
            f"{level}: {len(sub)} predictions in {len({r.game for r in sub})} games; ECE {e_raw:.1f} -> "
            f"{sum(eces) / len(eces):.1f} points ({min(eces):.1f}-{max(eces):.1f} over {len(eces)} splits; chance "
            f"alone: {noise(sub, cals[0]):.1f}); Brier {b_raw:.4f} -> {b_cal:.4f} (base rate {base:.4f}); "
            f"mean shown {100 * sum(raw) / len(raw):.1f}% -> {100 * sum(cals[0]) / len(raw):.1f}%, won "
            f"{100 * won:.1f}%; bins of 30+ more than 3 points off: {big}"
        )
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    files = (argv if argv is not None else sys.argv[1:]) or []
    if not files:
        print("usage: python -m tools.calibration_fit GAMES.jsonl ... > tagteam/ai/calibration_table.py")
        return 2
    data: list[Row] = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            data.extend(rows(fh))
    groups: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for r in data:
        groups[(r.level, r.kind)].append(r)
    print('"""The coach\'s calibration maps, fitted by ``python -m tools.calibration_fit`` (generated: do not')
    print('edit). Key: (opponent, kind); value: (weights, predictions fitted on, the bend\'s knots)."""')
    print()
    print("TABLE: dict[tuple[str, str], tuple[tuple[float, ...], int, tuple[tuple[float, float], ...]]] = {")
    for key in sorted(groups):
        m = fit(groups[key])
        ws = ", ".join(f"{w:.5f}" for w in m.weights)
        print(f'    ("{key[0]}", "{key[1]}"): (')
        print(f"        ({ws}),")
        print(f"        {m.n},")
        if not m.knots:
            print("        (),")
        else:
            print("        (")
            for at in range(0, len(m.knots), 5):
                print("            " + " ".join(f"({x:.5f}, {y:.5f})," for x, y in m.knots[at : at + 5]))
            print("        ),")
        print("    ),")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
