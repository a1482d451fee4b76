"""Win rates with honest intervals, shared by the arena, the team table and the gallery."""

from __future__ import annotations

import math

Z95 = 1.96


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Score rate and its Wilson interval: unlike the normal approximation it never collapses to a point at
    0% or 100% (300-0-0 gives 98.7-100%). Draws count half a win, which keeps the interval slightly wide."""
    if n <= 0:
        return 0.5, 0.0, 1.0
    p = score / n
    d = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, max(0.0, centre - half), min(1.0, centre + half)
