"""``children()`` is the one way every walk finds an effect's sub-effects: it must name every list of them."""

from __future__ import annotations

import typing

from pydantic import TypeAdapter

from tagteam.content import models as m
from tagteam.content.loader import load_all

KINDS: tuple[type[m.EffectModel], ...] = typing.get_args(typing.get_args(m.Effect)[0])


def _effect_lists(kind: type[m.EffectModel]) -> list[str]:
    """The fields of an effect model that hold a list of effects, read from the model's own annotations."""
    return [name for name, info in kind.model_fields.items() if typing.get_origin(info.annotation) is list]


def test_every_effect_kind_returns_each_list_it_holds() -> None:
    nested = 0
    for kind in KINDS:
        names = _effect_lists(kind)
        lists = {name: [m.Cancel(op="cancel")] * (i + 1) for i, name in enumerate(names)}
        effect = kind.model_construct(None, **lists)
        branches = effect.children()
        assert [b.field for b in branches] == names, kind.__name__
        for branch in branches:
            assert branch.effects is lists[branch.field], (kind.__name__, branch.field)
        nested += bool(names)
    assert nested == 4  # Attack, Block, If, AtEndOfTurn: a new nesting kind is covered by the loop above


def test_children_of_real_effects() -> None:
    parse = TypeAdapter(m.Effect).validate_python
    attack = parse({"op": "attack", "on_success": [{"op": "rage"}], "on_blocked": [{"op": "aflame"}]})
    assert [(b.field, [e.op for e in b.effects], b.always) for b in attack.children()] == [
        ("on_success", ["rage"], False),
        ("on_blocked", ["aflame"], False),
    ]
    block = parse({"op": "block", "on_success": [{"op": "ships", "amount": 2}]})
    assert [(b.field, [e.op for e in b.effects]) for b in block.children()] == [("on_success", ["ships"])]
    when = parse({"op": "if", "cond": {"kind": "hp_full"}, "then": [{"op": "cancel"}], "otherwise": [{"op": "poison"}]})
    assert [(b.field, [e.op for e in b.effects]) for b in when.children()] == [
        ("then", ["cancel"]),
        ("otherwise", ["poison"]),
    ]
    later = parse({"op": "at_end_of_turn", "effects": [{"op": "rage"}]})
    assert [(b.field, [e.op for e in b.effects], b.always) for b in later.children()] == [("effects", ["rage"], True)]
    assert parse({"op": "heal", "amount": 2}).children() == ()


def test_the_walk_reaches_every_nested_effect_of_the_card_data() -> None:
    """Walking by ``children()`` finds as many effects as walking the models' list fields by name."""

    def by_children(effects: typing.Sequence[m.Effect]) -> int:
        return sum(1 + sum(by_children(b.effects) for b in e.children()) for e in effects)

    def by_fields(effects: typing.Sequence[m.Effect]) -> int:
        inner: list[list[m.Effect]] = [getattr(e, f) for e in effects for f in _effect_lists(type(e))]
        return len(effects) + sum(by_fields(items) for items in inner)

    total = 0
    for fighter in load_all().values():
        for card in fighter.cards:
            for effects in (card.effects, card.flipped_effects or []):
                assert by_children(effects) == by_fields(effects), card.id
                total += by_children(effects)
    assert total > 100
