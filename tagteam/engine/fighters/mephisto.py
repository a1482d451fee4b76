"""Mephisto: the two-faced Serpent token (random at setup) and Drag You to Hell."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.engine import events as ev
from tagteam.engine import rng

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.state import GameState

FACES = ("white", "black")


def setup(st: GameState, f: int) -> None:
    st.rng, st.serpent = rng.below(st.rng, 2)


def flip(st: GameState, log: list[ev.Event] | None) -> None:
    st.serpent ^= 1
    if log is not None:
        log.append(ev.SerpentFlipped(FACES[st.serpent]))


def flip_serpent(ctx: Ctx, seat: int) -> None:
    flip(ctx.st, ctx.log)


def drag_to_hell(ctx: Ctx, seat: int) -> None:
    ctx.drag[seat] = True
