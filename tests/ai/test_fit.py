"""The evaluation fit recovers known weights, and the leaf value stays in [-1, 1] with the right sign."""

from __future__ import annotations

import math
import random

from tagteam.ai import evaluate
from tagteam.ai.fit import fit
from tagteam.engine.state import GameState


def test_fit_recovers_weights() -> None:
    rng = random.Random(1)
    true = [1.5, -0.7]
    rows = []
    for _ in range(4000):
        x = [rng.uniform(-2, 2), rng.uniform(-2, 2)]
        p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(true, x, strict=True))))
        rows.append((x, 1.0 if rng.random() < p else 0.0))
    w = fit(rows, l2=1e-6)
    assert abs(w[0] - 1.5) < 0.2 and abs(w[1] + 0.7) < 0.2


def test_features_flip_with_the_seat(build_state: GameState) -> None:
    a, b = evaluate.features(build_state, 0), evaluate.features(build_state, 1)
    assert all(abs(x + y) < 1e-9 for x, y in zip(a, b, strict=True))
    assert abs(evaluate.value(build_state, 0) + evaluate.value(build_state, 1)) < 1e-9
