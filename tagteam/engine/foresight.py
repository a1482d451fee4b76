"""What the Build's line-up may say about the Fight to come: only what is certain, the rest as "maybe".

The line-up pairs your next Fight with the opponent's last one, slot by slot. Read with the position now
(``tagteam.engine.now``) it promised too much: a Sheriff's Gatling Gun read "—" without the Sheriff and
"Attack" with it, though the Sheriff may move before that Turn; "you block" was said where their Attack was
gone by then. Between the Build and a card's Turn almost everything moves (Power, HP, tokens, Ships, the
Serpent, the Sheriff), and the opponent inserts a card of their own somewhere, so their card in a slot is
never certain. Here:

- a condition is settled only by what cannot change back before the card is played (``lasting``): Bödvar's
  Bear side (he never turns back) and a Spirit count already reached (Spirits are never lost); every other
  condition is open, and what it decides is "maybe";
- a Block meeting an Attack in the same slot is "maybe" while the other seat's card in that slot is unknown
  (``meeting`` with ``placed=False``: the opponent's insert shifts their last Fight).

Plain data, no words: the render layer marks a "maybe" and the words layer says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tagteam.content import models as m
from tagteam.engine.fighters.bodvar import BEAR
from tagteam.engine.now import Verdict, reachable_ops
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class Act:
    """One effect op a card may perform in the Fight to come; ``sure``: whatever happens before its Turn."""

    op: str
    sure: bool


@dataclass(frozen=True, slots=True)
class Meeting:
    """A Block meeting an Attack in one slot, seen from the Build seat: None where it cannot happen, else
    whether it is certain (True) or only maybe (False)."""

    you_block: bool | None
    they_block: bool | None


def lasting(view: PlayerView | None, owner: int, cond: m.Condition) -> Verdict:
    """A condition as it will read whenever the card is played: True only where nothing can undo it."""
    if view is None or not view.fighters:
        return None
    table = view.table
    match cond:
        case m.CondForm() if table is not None and table.fighters[owner].rules == "bodvar":
            return cond.form == "bear" if view.fighters[owner].track == BEAR else None
        case m.CondSpiritsAtLeast() if table is not None:
            sf = table.spirit_fighter[owner >> 1]
            return True if sf >= 0 and view.fighters[sf].special >= cond.n else None
        case _:
            return None


def coming_acts(table: GameTable, inst: int, flipped: bool, view: PlayerView | None) -> tuple[Act, ...]:
    """The effect ops card ``inst`` (upside down with ``flipped``, a Summoning) may perform in a coming Fight,
    in first-seen order, each sure or maybe (``lasting``)."""
    ci = table.cards[inst]
    model = ci.cdef.model
    upside = flipped and model.flipped_text is not None
    effects: Sequence[m.Effect] = (model.flipped_effects or []) if upside else model.effects
    ops = reachable_ops(view, ci.owner, effects, decide=lasting)
    return tuple(Act(op, sure) for op, sure in ops.items())


def _does(acts: Sequence[Act], op: str) -> bool | None:
    """None: never; True: surely; False: maybe."""
    found = [a.sure for a in acts if a.op == op]
    return any(found) if found else None


def meeting(mine: Sequence[Act], theirs: Sequence[Act], placed: bool) -> Meeting:
    """Whether a Block meets an Attack between two cards facing each other in a slot. ``placed``: the other
    seat's card is known to lie in that slot (never in a Build: they insert a card of their own)."""

    def blocks(blocker: Sequence[Act], attacker: Sequence[Act]) -> bool | None:
        block, attack = _does(blocker, "block"), _does(attacker, "attack")
        if block is None or attack is None:
            return None
        return bool(block and attack and placed)

    return Meeting(blocks(mine, theirs), blocks(theirs, mine))
