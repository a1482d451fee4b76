"""The static rules tables' types: a Fighter, its cards, tracks and Scheme tokens compiled, and one game's
table of physical cards. Apart from ``tagteam.engine.table``, which compiles them from the card data with the
effects: the state, the Turn context and the Fighters' rules read these types without importing the effects
that read them back (no import loop)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tagteam.content.models import Card, Fighter

# A compiled effect: called with the Turn context and the acting seat.
Op = Callable[[Any, int], None]


@dataclass(frozen=True, slots=True)
class TrackDef:
    """A Health track as parallel tuples, index 0 = top space."""

    name: str
    hp: tuple[int, ...]
    stop: tuple[bool, ...]
    ko: tuple[bool, ...]
    icons: tuple[tuple[str, ...], ...]
    revive_to: int  # index the revive icon sends the marker to, -1 when none
    start: int

    @property
    def last(self) -> int:
        return len(self.hp) - 1

    @property
    def max_hp(self) -> int:
        return self.hp[0]

    def index_of_hp(self, hp: int) -> int:
        """The highest space standing for exactly hp (or the nearest below it)."""
        for i, v in enumerate(self.hp):
            if v <= hp:
                return i
        return self.last


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card kind, its effects compiled to callables."""

    id: str
    name: str
    fighter_id: str
    copies: int
    starting: bool
    effects: tuple[Op, ...]
    flipped_effects: tuple[Op, ...] | None
    cancels: bool
    flipped_cancels: bool
    instant_heal: int
    model: Card
    text: str = ""
    flipped_text: str | None = None


@dataclass(frozen=True, slots=True)
class SchemeDef:
    """One Scheme token face."""

    id: str
    text: str
    effects: tuple[Op, ...]
    poison: bool


@dataclass(frozen=True, slots=True)
class FighterDef:
    """A Fighter board compiled for play."""

    id: str
    name: str
    base_power: int
    tracks: tuple[TrackDef, ...]
    special: str | None
    special_size: int
    special_start: int
    tokens: dict[str, int]
    partner_start_power: int
    schemes: tuple[SchemeDef, ...]  # one entry per physical token
    cards: tuple[CardDef, ...]
    model: Fighter
    profile: str = ""
    special_name: str = ""  # the special track's printed name ("" without one)
    rules: str = ""  # whose rules it plays by (tagteam.content.fighters): its id, or the original's for a copy


@dataclass(frozen=True, slots=True)
class CardInst:
    """A physical card: copies matter (Summoning turns over per copy, Crippling Touch removes one)."""

    inst: int
    cdef: CardDef
    owner: int  # fighter index 0..3
    seat: int
    starred: bool


@dataclass(frozen=True, slots=True)
class GameTable:
    """The static side of one game: the four Fighters and every card instance."""

    fighters: tuple[FighterDef, FighterDef, FighterDef, FighterDef]
    cards: tuple[CardInst, ...]
    cards_by_id: dict[str, CardDef]
    kinds: tuple[str, str, str, str]  # fighter ids by fighter index
    # Flat per-instance and per-game lookups for the Turn loop (derived from the fields above).
    owner: tuple[int, ...]
    effects: tuple[tuple[Op, ...], ...]
    flipped_effects: tuple[tuple[Op, ...], ...]
    cancels: tuple[bool, ...]
    flipped_cancels: tuple[bool, ...]
    spirit_fighter: tuple[int, int]  # the Fey Folk's fighter index per seat, -1 when absent
    ko_tracks: tuple[tuple[tuple[bool, ...], ...], ...]  # [f][track] -> KO flags by space
    end_hooks: tuple[tuple[int, str], ...]  # (fighter, rules) of Fighters with end-of-Turn rules
    one_space: tuple[bool, ...]  # the marker moves at most one space per Turn (the Wild Bunch)
    has_shango: bool
    rules: tuple[str, str, str, str]  # whose rules each Fighter plays by (tagteam.content.fighters): for hooks

    def team(self, seat: int) -> tuple[str, str]:
        return self.kinds[2 * seat], self.kinds[2 * seat + 1]
