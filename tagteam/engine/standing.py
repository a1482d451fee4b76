"""A Fight's end as it is counted: a Fey Folk Character owed is brought in before anything is valued.

When a Fey Folk Character becomes a Spirit with two Characters left, its player owes the choice of the next
one (``fey_folk.end_of_turn``): before the next Turn mid-Fight, before the Build after the last Turn. Until it
is made the Fey Folk have no Character in play and ``GameState.hp`` reads 0 for them, though the next
Character steps in at full HP right after. Every valuation of a position (the puzzle prover and judge, the
coach and the what-if's study, the bots' leaves, the hindsight replay) reads it through here, so a fall on a
Fight's last Turn counts as the same fall mid-Fight does: with the new Character in play.

The choice made is the sturdiest Character left (``fey_folk.sturdiest``): the bots' default for their own
side, and for a valuer's opponent the worst case, since after a Fight's last Turn the choice changes nothing
but the HP in play (the most, on the sturdiest) and its start space's Power before the Build.
"""

from __future__ import annotations

from tagteam.engine import events as ev
from tagteam.engine.actions import ChooseCharacter
from tagteam.engine.fighters.fey_folk import CHOOSE, sturdiest
from tagteam.engine.game import apply_action_inplace
from tagteam.engine.state import OVER, GameState


def fey_of(st: GameState, seat: int) -> int:
    """The seat's Fey Folk Fighter (-1: none)."""
    rules = st.tab().rules
    return 2 * seat if rules[2 * seat] == "fey_folk" else 2 * seat + 1 if rules[2 * seat + 1] == "fey_folk" else -1


def default_character(st: GameState, seat: int) -> ChooseCharacter:
    """The seat's owed Character choice as every simulation makes it: the sturdiest left."""
    return ChooseCharacter(sturdiest(st, fey_of(st, seat)))


def owes(st: GameState) -> bool:
    """True when a seat owes a Fey Folk Character choice (the game going on)."""
    return st.phase != OVER and (st.pending[0] == CHOOSE or st.pending[1] == CHOOSE)


def step_in(st: GameState, log: list[ev.Event] | None = None) -> None:
    """Make every owed Character choice now, in place, with the sturdiest left."""
    for s in (0, 1):
        if st.pending[s] == CHOOSE and st.phase != OVER:
            apply_action_inplace(st, s, default_character(st, s), log)


def counted(st: GameState) -> GameState:
    """The position as it is valued: ``st`` itself when no choice is owed, else a copy with it made."""
    if not owes(st):
        return st
    c = st.clone()
    step_in(c)
    return c


def team_hp(st: GameState, seat: int) -> int:
    """The seat's two Fighters' HP, an owed Character counted in."""
    c = counted(st)
    return c.hp(2 * seat) + c.hp(2 * seat + 1)


def margin(st: GameState, seat: int) -> int:
    """The seat's HP minus the opponent's, owed Characters counted in (the end of a Fight's HP margin)."""
    c = counted(st)
    return team_hp(c, seat) - team_hp(c, 1 - seat)
