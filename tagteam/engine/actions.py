"""Decisions as data: every choice a seat can owe, as small frozen values that round-trip through JSON.

One pydantic TypeAdapter (``ACTION``, discriminated on ``type``) is the JSON shape of every action: saves,
sandbox scripts and the bots' tools all read and write through it. Numbers and ids are strict: ``True``
is not a card number, ``"0"`` is not 0, and ``None`` is never a value where one is required.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field, Strict, TypeAdapter, ValidationError

from tagteam.ground.problems import ProblemError, first_of


class IllegalAction(ProblemError):
    """An action that is not legal for this seat now (wrong phase, wrong seat, wrong type, or out of range).

    It carries a ``Problem`` (``tagteam.words.inputs`` words it in the player's language); ``str()`` is the
    technical line. Still a ValueError, as callers catch it so."""


Id = Annotated[str, Strict(), Field(min_length=1, max_length=40)]
Small = Annotated[int, Strict(), Field(ge=0, le=99)]
_CONFIG = ConfigDict(extra="forbid")


@dataclass(frozen=True, slots=True)
class PickTeam:
    """Free pick: the seat takes these two Fighters."""

    __pydantic_config__: ClassVar[ConfigDict] = _CONFIG
    fighters: tuple[Id, Id]
    type: Literal["pick_team"] = field(default="pick_team", repr=False)


@dataclass(frozen=True, slots=True)
class DraftPick:
    """Draft: keep one Draft card (and, Competitive first pick, discard another face down)."""

    __pydantic_config__: ClassVar[ConfigDict] = _CONFIG
    fighter: Id
    discard: Id | None = None
    type: Literal["draft_pick"] = field(default="draft_pick", repr=False)


@dataclass(frozen=True, slots=True)
class OrderStart:
    """Setup: the Fighter whose Starting Card goes on top of the Fight deck."""

    __pydantic_config__: ClassVar[ConfigDict] = _CONFIG
    first: Id
    type: Literal["order_start"] = field(default="order_start", repr=False)


@dataclass(frozen=True, slots=True)
class ChooseCharacter:
    """The Fey Folk: which Character (track index) steps in."""

    __pydantic_config__: ClassVar[ConfigDict] = _CONFIG
    index: Small
    type: Literal["choose_character"] = field(default="choose_character", repr=False)


@dataclass(frozen=True, slots=True)
class BuildChoice:
    """Build: keep drawn card ``card`` (0-2), insert it at ``position`` (0 = top ... len = bottom),
    and put the other two on the bottom of the Build deck in ``bottom`` order (first is drawn first)."""

    __pydantic_config__: ClassVar[ConfigDict] = _CONFIG
    card: Small
    position: Small
    bottom: tuple[Small, Small]
    type: Literal["build"] = field(default="build", repr=False)


Action = PickTeam | DraftPick | OrderStart | ChooseCharacter | BuildChoice
KINDS = ("pick_team", "draft_pick", "order_start", "choose_character", "build")

ACTION: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="type")])
"""The one JSON shape of an action: ``ACTION.validate_python(d)`` / ``ACTION.dump_python(a, mode="json")``."""


def to_dict(a: Action) -> dict[str, Any]:
    """The JSON object of an action (tuples as lists), ``type`` first."""
    d: dict[str, Any] = ACTION.dump_python(a, mode="json")
    return {"type": d.pop("type"), **d}


def from_dict(d: Any) -> Action:
    """Parse an action; raises IllegalAction (a ValueError) whose Problem names the bad field (``card``), or
    ``action`` for the whole: pydantic's English never reaches a player."""
    try:
        return ACTION.validate_python(d)
    except ValidationError as e:
        found = first_of(e.errors(include_url=False), drop=KINDS)
        raise IllegalAction(found if found.field else replace(found, field="action")) from None


def well_typed(a: object) -> bool:
    """Exact field types, checked fast on the engine's hot path: a bool is not an int, a list is not a tuple."""
    if type(a) is BuildChoice:
        b = a.bottom
        return (
            type(a.card) is int
            and type(a.position) is int
            and type(b) is tuple
            and len(b) == 2
            and type(b[0]) is int
            and type(b[1]) is int
            and a.type == "build"
        )
    if type(a) is ChooseCharacter:
        return type(a.index) is int and a.type == "choose_character"
    if type(a) is OrderStart:
        return type(a.first) is str and a.type == "order_start"
    if type(a) is DraftPick:
        return type(a.fighter) is str and (a.discard is None or type(a.discard) is str) and a.type == "draft_pick"
    if type(a) is PickTeam:
        f = a.fighters
        return type(f) is tuple and len(f) == 2 and type(f[0]) is str and type(f[1]) is str and a.type == "pick_team"
    return False
