"""What a card does in broad strokes (Attack, Block, heal...), read once from the card data for scripted play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tagteam.engine.table import CardDef


@dataclass(frozen=True, slots=True)
class Traits:
    """Coarse facts about a card face: enough for readable rules, never used to resolve a Turn."""

    attacks: bool
    blocks: bool
    cancels: bool
    damage: int  # printed Direct Damage
    heal: int  # printed healing (per-count heals count once)
    power: int  # Power gained by the team
    extra: float  # a rough worth for the Fighter-specific Actions (tokens, tracks, Schemes)


_EXTRA = {
    "aflame": 2.0,
    "unleash_scheme": 1.5,
    "plant_scheme": 0.5,
    "divine_voice": 0.5,
    "rage": 0.7,
    "ships": 0.2,
    "execute": 2.0,
    "place_concentration": 0.5,
    "give_presence": 1.0,
    "reanimate": 1.0,
    "poison": 2.0,
    "steal_heals": 0.5,
}


def _walk(effects: list[Any], acc: dict[str, float]) -> None:
    for e in effects:
        op = e.op
        if op == "attack":
            acc["attacks"] = 1
            _walk(e.on_success, acc)
        elif op == "block":
            acc["blocks"] = 1
            _walk(e.on_success, acc)
        elif op == "cancel":
            acc["cancels"] = 1
        elif op == "direct_damage" and e.target != "self" and e.target != "partner":
            acc["damage"] += e.amount
        elif op == "heal":
            acc["heal"] += e.amount
        elif op == "gain_power" and e.target in ("self", "partner", "self_and_partner"):
            acc["power"] += max(0, e.amount) * (2 if e.target == "self_and_partner" else 1)
        elif op in _EXTRA:
            acc["extra"] += _EXTRA[op] * getattr(e, "amount", 1)
        elif op == "if":
            _walk(e.then, acc)
        elif op == "at_end_of_turn":
            _walk(e.effects, acc)


_CACHE: dict[tuple[str, bool], Traits] = {}


def traits(cd: CardDef, flipped: bool = False) -> Traits:
    """The card's traits (its flipped face when ``flipped`` and it has one); cached by card id."""
    hit = _CACHE.get((cd.id, flipped))
    if hit is not None:
        return hit
    effects = cd.model.flipped_effects if flipped and cd.model.flipped_effects is not None else cd.model.effects
    acc: dict[str, float] = {"attacks": 0, "blocks": 0, "cancels": 0, "damage": 0, "heal": 0, "power": 0, "extra": 0}
    _walk(list(effects), acc)
    out = Traits(
        attacks=bool(acc["attacks"]),
        blocks=bool(acc["blocks"]),
        cancels=bool(acc["cancels"]),
        damage=int(acc["damage"]),
        heal=int(acc["heal"]),
        power=int(acc["power"]),
        extra=acc["extra"],
    )
    _CACHE[(cd.id, flipped)] = out
    return out
