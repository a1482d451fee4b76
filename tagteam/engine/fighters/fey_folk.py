"""The Fey Folk: three Characters, Spirits, the Spirit track, and KO only through their last card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tagteam.engine import events as ev
from tagteam.engine.context import power_change

if TYPE_CHECKING:
    from tagteam.engine.context import Ctx
    from tagteam.engine.state import GameState

CHOOSE: Final = "character"


def ko_self(ctx: Ctx, seat: int) -> None:
    ctx.ko_self[seat] = True


def flip_card(ctx: Ctx, seat: int) -> None:
    st = ctx.st
    inst = ctx.cards[seat]
    if inst >= 0 and inst not in st.flipped:
        st.flipped = st.flipped | {inst}
        if ctx.log is not None:
            ctx.log.append(ev.CardFlipped(inst, st.card(inst).cdef.id))


def setup(st: GameState, f: int) -> None:
    st.track[f] = -1  # no Character until the player chooses one
    st.pending[f >> 1] = CHOOSE


def choices(st: GameState, f: int) -> list[int]:
    return [i for i in range(len(st.tab().fighters[f].tracks)) if not st.spirit_mask[f] >> i & 1]


def sturdiest(st: GameState, f: int) -> int:
    """The Character left with the most HP on its start space (the first of equals): the default choice."""
    tracks = st.tab().fighters[f].tracks
    return max(choices(st, f), key=lambda i: tracks[i].hp[tracks[i].start])


def place(st: GameState, f: int, i: int, log: list[ev.Event] | None) -> None:
    """The chosen Character's marker goes on its start space, and that space's icon applies."""
    tr = st.tab().fighters[f].tracks[i]
    st.track[f] = i
    st.pos[f] = tr.start
    if log is not None:
        log.append(ev.CharacterChosen(f, tr.name))
    for icon in tr.icons[tr.start]:
        if icon == "power_self":
            power_change(st, f, 1, log)
        elif icon == "power_partner":
            power_change(st, f ^ 1, 1, log)


def end_of_turn(ctx: Ctx, f: int) -> None:
    """A Character on its Spirit space: Spirit track +1, then the player picks the next Character."""
    st = ctx.st
    t = st.track[f]
    if t < 0:
        return
    tr = st.tab().fighters[f].tracks[t]
    if "spirit" not in tr.icons[st.pos[f]]:
        return
    st.spirit_mask[f] |= 1 << t
    st.track[f] = -1
    ctx.set_special(f, st.special[f] + 1, "Spirit track")
    if ctx.log is not None:
        ctx.log.append(ev.BecameSpirit(f, tr.name, st.special[f]))
    left = choices(st, f)
    if len(left) == 1:
        place(st, f, left[0], ctx.log)
    elif left:
        st.pending[f >> 1] = CHOOSE
