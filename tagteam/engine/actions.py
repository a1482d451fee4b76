"""Decisions as data: every choice a seat can owe, as small frozen values that round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class IllegalAction(ValueError):
    """An action that is not legal for this seat now (wrong phase, wrong seat, or out of range)."""


@dataclass(frozen=True, slots=True)
class PickTeam:
    """Free pick: the seat takes these two Fighters."""

    fighters: tuple[str, str]


@dataclass(frozen=True, slots=True)
class DraftPick:
    """Draft: keep one Draft card (and, Competitive first pick, discard another face down)."""

    fighter: str
    discard: str | None = None


@dataclass(frozen=True, slots=True)
class OrderStart:
    """Setup: the Fighter whose Starting Card goes on top of the Fight deck."""

    first: str


@dataclass(frozen=True, slots=True)
class ChooseCharacter:
    """The Fey Folk: which Character (track index) steps in."""

    index: int


@dataclass(frozen=True, slots=True)
class BuildChoice:
    """Build: keep drawn card ``card`` (0-2), insert it at ``position`` (0 = top ... len = bottom),
    and put the other two on the bottom of the Build deck in ``bottom`` order (first is drawn first)."""

    card: int
    position: int
    bottom: tuple[int, int]


Action = PickTeam | DraftPick | OrderStart | ChooseCharacter | BuildChoice

_KINDS: dict[str, type] = {
    "pick_team": PickTeam,
    "draft_pick": DraftPick,
    "order_start": OrderStart,
    "choose_character": ChooseCharacter,
    "build": BuildChoice,
}
_NAMES = {v: k for k, v in _KINDS.items()}


def to_dict(a: Action) -> dict[str, Any]:
    d: dict[str, Any] = {"type": _NAMES[type(a)]}
    for name in a.__slots__:
        v = getattr(a, name)
        d[name] = list(v) if isinstance(v, tuple) else v
    return d


def from_dict(d: dict[str, Any]) -> Action:
    """Parse an action; raises ValueError naming the bad field."""
    if not isinstance(d, dict):
        raise ValueError("action: expected an object")
    kind = d.get("type")
    cls = _KINDS.get(kind)  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"type: unknown action type {kind!r} (expected one of: {', '.join(_KINDS)})")
    fields = {k: v for k, v in d.items() if k != "type"}
    expected = set(getattr(cls, "__slots__", ()))
    for k in fields:
        if k not in expected:
            raise ValueError(f"{k}: unexpected field for {kind}")
    try:
        if cls is PickTeam:
            a, b = fields["fighters"]
            return PickTeam((str(a), str(b)))
        if cls is DraftPick:
            disc = fields.get("discard")
            return DraftPick(str(fields["fighter"]), None if disc is None else str(disc))
        if cls is OrderStart:
            return OrderStart(str(fields["first"]))
        if cls is ChooseCharacter:
            return ChooseCharacter(int(fields["index"]))
        x, y = fields["bottom"]
        return BuildChoice(int(fields["card"]), int(fields["position"]), (int(x), int(y)))
    except KeyError as e:
        raise ValueError(f"{e.args[0]}: missing field for {kind}") from None
    except (TypeError, ValueError) as e:
        raise ValueError(f"{kind}: bad value ({e})") from None
