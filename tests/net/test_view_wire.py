"""The wire's view is built from the PlayerView dataclass: a new field needs no hand-kept mirror."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

import pytest
from pydantic import ValidationError

from tagteam.engine.session import Session
from tagteam.engine.view import FighterView, PlayerView
from tagteam.net import protocol as p
from tagteam.play.modes import FIRST_GAME


@dataclass(frozen=True)
class Grown:
    """A view that grew a field of a known type."""

    seat: int
    bonus: int
    tags: tuple[str, ...]


@dataclass(frozen=True)
class Odd:
    seat: int
    weight: float  # no wire type for a float


def test_every_field_but_the_table_crosses_in_the_dataclass_order() -> None:
    assert list(p.ViewData.model_fields) == [f.name for f in fields(PlayerView) if f.name != "table"]
    assert list(p.FighterData.model_fields) == [f.name for f in fields(FighterView)]


def test_a_new_field_of_a_known_type_gets_its_bounded_wire_type() -> None:
    model = p._view_model(Grown, p._VIEW_FIELD)
    assert model.model_validate({"seat": 1, "bonus": 3, "tags": ["a"]}).bonus == 3  # type: ignore[attr-defined]
    with pytest.raises(ValidationError):
        model.model_validate({"seat": 1, "bonus": 10**6, "tags": []})
    with pytest.raises(ValidationError):
        model.model_validate({"seat": 1, "bonus": 1, "tags": ["x" * 41]})


def test_a_field_of_an_unknown_type_fails_at_once() -> None:
    with pytest.raises(TypeError, match=r"Odd\.weight"):
        p._view_model(Odd, p._VIEW_FIELD)


def test_a_view_comes_back_equal_once_its_table_is_added() -> None:
    s = Session.new(5, teams=FIRST_GAME)
    view = s.view(1)
    wire = json.loads(p.encode({"view": p.WIRE_VIEW.dump_python(view, mode="json")}))["view"]
    assert "table" not in wire and wire["removed"] == sorted(view.removed)
    back = p.WIRE_VIEW.validate_python(wire)
    assert back.table is None
    assert p.player_view(back, FIRST_GAME) == view
