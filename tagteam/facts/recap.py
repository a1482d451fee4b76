"""What a recap finds, as data: the Turns cut from the log and the claims a recap line makes.

``tagteam.play.recap`` finds them (from the engine's events and its replays), ``tagteam.words.recap`` words
them, and a test checks each claim's numbers against the engine instead of reading prose.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tagteam.engine import events as ev
from tagteam.engine.hindsight import Regret
from tagteam.engine.whatif import HitOutcome

Role = Literal["Attack", "Block"]


@dataclass(frozen=True, slots=True)
class HpClaim:
    """The line's "HP a → b" for one Fighter over one Turn (``turn`` > 0) or a whole Fight step (``turn`` 0).
    ``moves_only``: the line says "lost"/"healed", so the marker's own moves must account for all of it."""

    fighter: int
    before: int
    after: int
    round: int
    turn: int
    moves_only: bool


@dataclass(frozen=True, slots=True)
class RoleClaim:
    """A line calls the card ``inst`` revealed on that Turn an Attack or a Block."""

    inst: int
    round: int
    turn: int
    role: Role


@dataclass(frozen=True, slots=True)
class Line:
    """One sentence and the claims it makes (what did happen: ``hp``, ``roles``; what would: ``would``)."""

    text: str
    hp: tuple[HpClaim, ...] = ()
    roles: tuple[RoleClaim, ...] = ()
    would: tuple[HitOutcome, ...] = ()
    regrets: tuple[Regret, ...] = ()

    def __str__(self) -> str:
        return self.text


# How one HP change came about: ("move", HP change, "") for a marker move; for a change that is no marker
# move, (kind, HP after, the Health track's name): "transformed" (the Bear), "revived", "stepped_in" (a new
# Fey Folk Character), "spirit" (a Fey Folk Character became a Spirit). Worded by ``tagteam.words.recap``.
HpChange = tuple[str, int, str]


def moves_only(steps: Sequence[HpChange]) -> bool:
    """Whether an HP change is all marker moves: only then is it "lost" or "healed" (the Bear's
    transformation or a new Fey Folk Character is said as what it is, never as a heal)."""
    return all(kind == "move" for kind, _d, _name in steps)


@dataclass
class Turn:
    """One Turn of the log: where it is, who revealed what, and the HP and Power changes it caused."""

    round: int
    turn: int
    events: list[ev.Event] = field(default_factory=list)
    cards: dict[int, int] = field(default_factory=dict)  # seat -> card instance revealed
    active: dict[int, int] = field(default_factory=dict)  # seat -> Active Fighter
    hp: dict[int, tuple[int, int]] = field(default_factory=dict)  # fighter -> (HP before, HP after)
    power: dict[int, tuple[int, int]] = field(default_factory=dict)  # fighter -> (Power before, after)
    steps: dict[int, list[HpChange]] = field(default_factory=dict)  # fighter -> how its HP changed, in order

    def swing(self) -> int:
        """How much this Turn moved the game: HP lost or healed, and Power gained or lost, added up."""
        return sum(abs(b - a) for a, b in self.hp.values()) + sum(abs(b - a) for a, b in self.power.values())

    def knocked_out(self) -> bool:
        """Whether a Fighter was knocked out or incinerated on this Turn."""
        return any(isinstance(e, ev.KnockedOut | ev.Incinerated) for e in self.events)
