"""What one unblocked Attack would do in a position, resolved by the engine on a copy.

A sentence that says what *would* happen ("one unblocked Attack would be a knock-out") asks this module
instead of comparing HP and Power in words: the hit goes through the Turn's own combat, movement, icons,
end-of-Turn hooks and end-of-game check, so Stops, the Wild Bunch's one space, the Fey Folk's Spirits,
the Bear, the Golem's Presence and revive spaces all count. ``public_state`` builds the position from a
PlayerView, so a screen can ask it about exactly what a player sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine import events as ev
from tagteam.engine.context import Ctx
from tagteam.engine.fighters import bodvar
from tagteam.engine.fighters.mephisto import FACES
from tagteam.engine.standing import counted
from tagteam.engine.state import OVER, GameState
from tagteam.engine.turn import _activate, _end_of_turn  # the Turn's own phases 5-11, not a copy of them
from tagteam.engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class HitOutcome:
    """An unblocked Attack of ``power`` from ``attacker`` on ``target``, resolved on a copy.

    ``certain`` is False when the resolution drew on something random or hidden (a Scheme unleashed by
    Milady's track): a sentence must not state such an outcome as fact."""

    attacker: int
    target: int
    power: int
    hp_before: int
    hp_after: int  # a Fey Folk Character owed after it counted in (``tagteam.engine.standing``)
    absorbed: bool
    became_spirit: bool
    winner: int | None  # None: the game goes on; -1: a draw
    certain: bool
    escape: str = ""  # what the target's own card could do this Turn to survive it: "bear" (Bödvar's Rage)

    @property
    def knocks_out(self) -> bool:
        """The target's team loses the game to this one Attack (a draw is not a knock-out)."""
        return self.winner is not None and self.winner == 1 - (self.target >> 1)


def unblocked_attack(st: GameState, attacker: int, target: int, power: int) -> HitOutcome:
    """Resolve one Attack that nothing Blocks, as the only thing happening in a Turn, on a copy of ``st``."""
    c = st.clone()
    seat = attacker >> 1
    c.active[seat] = attacker
    log: list[ev.Event] = []
    ctx = Ctx(c, c.active[:], [-1, -1], log)
    ctx.add_hit(seat, attacker, target, power)
    _activate(ctx, [])
    _end_of_turn(ctx)
    random_part = any(
        isinstance(e, ev.SchemeUnleashed) or (isinstance(e, ev.IconFired) and e.icon == "unleash_scheme") for e in log
    )
    return HitOutcome(
        attacker=attacker,
        target=target,
        power=power,
        hp_before=st.hp(target),
        hp_after=counted(c).hp(target),
        absorbed=any(isinstance(e, ev.AttackAbsorbed) for e in log),
        became_spirit=any(isinstance(e, ev.BecameSpirit) and e.fighter == target for e in log),
        winner=c.winner if c.phase == OVER else None,
        certain=not random_part,
        escape="bear" if bodvar.may_transform(st, target) else "",
    )


def public_state(view: PlayerView, seed: int = 0) -> GameState:
    """The public part of a position (boards, tokens, whose Turn it was) as a GameState: enough to resolve
    Attacks and healing on it, with no deck, hand or Scheme a player cannot see. The bots' determinizer
    starts its samples from it too (``tagteam.ai.determinize``)."""
    tab = view.table
    assert tab is not None, "a position needs settled teams"
    st = GameState(0, seed, tab)
    st.phase = view.phase
    st.round = view.round
    st.turn = view.turn
    for fv in view.fighters:
        f = fv.index
        st.power[f] = fv.power
        st.track[f] = fv.track
        st.pos[f] = fv.pos
        st.special[f] = fv.special
        st.aflame[f] = fv.aflame
        st.conc[f] = fv.concentration
        st.spirit_mask[f] = fv.spirit_mask
        if fv.active:
            st.active[f >> 1] = f
    st.sheriff = view.sheriff
    st.serpent = FACES.index(view.serpent) if view.serpent is not None else 0
    st.presence = view.presence
    st.presence_ready = view.presence_ready
    st.removed = view.removed
    st.flipped = view.flipped
    return st
