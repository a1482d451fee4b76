"""Compare bot variants on the arena's deals: ``python benchmarks/ai_variants.py VARIANT A B DEALS SEED``.

VARIANT is ``base`` (as shipped), ``fitted`` (the fitted leaf evaluation, ``evaluate.USE_FITTED``) or
``depth2`` (Normal plays each option through one more round with random Builds). The arena deals depend
only on the seed, so two variants on the same seed play the same games and compare deal for deal.
"""

from __future__ import annotations

import sys

from tagteam.ai import evaluate
from tagteam.ai.normal import NormalBot
from tagteam.cli.arena import _pct, tournament


def main(variant: str, a: str, b: str, deals: int, seed: int) -> str:
    if variant == "fitted":
        evaluate.USE_FITTED = True
    elif variant == "depth2":
        NormalBot.depth = 2
    elif variant != "base":
        raise SystemExit(f"unknown variant {variant!r}")
    tallies, think = tournament([a, b], deals, seed, 1)
    t = tallies[(a, b)]
    mean, lo, hi = t.score()
    builds = think[a].get("build", [])
    return (
        f"{variant} {a} vs {b}, {2 * deals} games, seed {seed}: {100 * mean:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) "
        f"{t.wins}-{t.draws}-{t.losses}; {a} Build p95 {1000 * _pct(builds, 0.95):.0f} ms"
    )


if __name__ == "__main__":
    v, x, y, n, s = sys.argv[1:6]
    print(main(v, x, y, int(n), int(s)))
