"""What a card would do if it were revealed now: which of its Actions the public position allows.

The line-up and the reveal line label a card by its Actions. Read from the card's type alone, Enrage
"Attacks" although Bödvar only Attacks with it in Bear form, and "...The Harder They Fall" "Attacks"
although it only does when the Opponent already holds a Concentration token. Here each "If" is checked
against the public position, with the card's owner as the Active Fighter (a card's owner always is):

- a condition the position settles (forms, tracks, tokens, Power, full HP, the Serpent, the Sheriff)
  keeps only the branch it picks;
- a condition that waits for the opposing card (being Attacked, neither Opponent Attacking, their
  Starting Card, which Opponent is Active) keeps both branches, as "maybe";
- an Attack's or a Block's Success and Blocked parts are "maybe" too: they depend on the opposing card.

Power is read as it is now, although a Turn uses the Power it starts with: between now and the reveal
it may change, which is why this is "now", not a forecast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import assert_never

from tagteam.content import models as m
from tagteam.engine.fighters.mephisto import FACES
from tagteam.engine.view import PlayerView

Verdict = bool | None  # True / False when the position settles it, None when the opposing card does


def _condition(view: PlayerView | None, owner: int, c: m.Condition) -> Verdict:
    """The condition for a card of ``owner`` revealed in this position (None: the opposing card decides,
    or there is no position to read)."""
    if view is None or not view.fighters:
        return None
    fs = view.fighters
    me = fs[owner]
    seat = owner >> 1
    opponents = (fs[2 * (1 - seat)], fs[2 * (1 - seat) + 1])
    match c:
        case m.CondSheriff():
            if c.holder == "you":
                return view.sheriff == owner
            return view.sheriff >= 0 and view.sheriff >> 1 == 1 - seat
        case m.CondShips():
            return c.lo <= me.special <= c.hi
        case m.CondSerpent():
            return view.serpent == c.face if view.serpent in FACES else False
        case m.CondForm():
            return me.track == (1 if c.form == "bear" else 0)
        case m.CondPowerAtLeast():
            return me.power >= c.n
        case m.CondPartnerHasPresence():
            return view.presence == owner ^ 1
        case m.CondOpponentHasConcentration():
            held = [o.concentration > 0 for o in opponents if o.track >= 0]
            if held and all(held):
                return True
            return None if any(held) else False  # which Opponent is Active is the opposing card's to say
        case m.CondHpFull():
            return me.track >= 0 and me.pos == 0
        case m.CondSpiritsAtLeast():
            table = view.table
            sf = table.spirit_fighter[seat] if table is not None else -1
            return sf >= 0 and fs[sf].special >= c.n
        case m.CondAttacked() | m.CondNeitherOpponentAttacks() | m.CondOpponentStartingCard():
            return None
        case _:
            assert_never(c)


Decide = Callable[[PlayerView | None, int, m.Condition], Verdict]


def reachable_ops(
    view: PlayerView | None, owner: int, effects: Sequence[m.Effect], decide: Decide | None = None
) -> dict[str, bool]:
    """Each effect op the card can still perform now, in first-seen order: True if it surely happens,
    False if only maybe (a condition or a Success part the opposing card decides). With no ``view``
    every condition is open: what the card may do in some position, its conditional parts as maybe.
    ``decide`` reads the conditions instead of the position now (``tagteam.engine.foresight``: a later Fight)."""
    found: dict[str, bool] = {}
    condition = decide or _condition

    def visit(items: Iterable[m.Effect], sure: bool) -> None:
        for e in items:
            found[e.op] = found.get(e.op, False) or sure
            if isinstance(e, m.If):
                verdict = condition(view, owner, e.cond)
                if verdict is not False:
                    visit(e.then, sure and verdict is True)
                if verdict is not True:
                    visit(e.otherwise, sure and verdict is False)
                continue
            for branch in e.children():  # a Success or a Block's outcome is the opposing card's to decide
                visit(branch.effects, sure and branch.always)

    visit(effects, True)
    found.pop("if", None)
    return found
