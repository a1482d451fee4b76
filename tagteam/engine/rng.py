"""A tiny seeded RNG whose whole state is one int: cheap to copy, stored in the game state."""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1


def mix(seed: int) -> int:
    """Scramble a user seed into a well-spread 64-bit starting state."""
    z = (seed * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    """SplitMix64 step: returns (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A number in range(n) (n >= 1); the modulo bias is negligible for the tiny n of a card game."""
    state, z = next_u64(state)
    return state, z % n


def shuffle(state: int, items: list[Any]) -> int:
    """Fisher-Yates in place; returns the new RNG state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
