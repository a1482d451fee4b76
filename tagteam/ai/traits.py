"""What a card does in broad strokes (Attack, Block, heal...), read once from the card data for scripted play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from tagteam.content import models as m
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


# A rough worth for the Fighter-specific Actions (times their amount, where they have one)
_EXTRA: dict[str, float] = {
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


def _walk(effects: Sequence[m.Effect], acc: dict[str, float]) -> None:
    """Each effect read by an exhaustive match over the effect models: a new kind is a type error here."""
    for e in effects:
        match e:
            case m.Attack():
                acc["attacks"] = 1
                _walk(e.on_success, acc)
            case m.Block():
                acc["blocks"] = 1
                _walk(e.on_success, acc)
            case m.Cancel():
                acc["cancels"] = 1
            case m.DirectDamage():
                if e.target != "self" and e.target != "partner":
                    acc["damage"] += e.amount
            case m.Heal():
                acc["heal"] += e.amount
            case m.GainPower():
                if e.target in ("self", "partner", "self_and_partner"):
                    acc["power"] += max(0, e.amount) * (2 if e.target == "self_and_partner" else 1)
            case m.DivineVoice() | m.Rage() | m.Ships():
                acc["extra"] += _EXTRA[e.op] * e.amount
            case (
                m.Aflame()
                | m.UnleashScheme()
                | m.PlantScheme()
                | m.Execute()
                | m.PlaceConcentration()
                | m.GivePresence()
                | m.Reanimate()
                | m.Poison()
                | m.StealHeals()
            ):
                acc["extra"] += _EXTRA[e.op]
            case m.If():
                _walk(e.then, acc)
            case m.AtEndOfTurn():
                _walk(e.effects, acc)
            case (
                m.SetPowerToPartner()
                | m.TransferPower()
                | m.SinkOpponents()
                | m.RetrieveConcentration()
                | m.Cripple()
                | m.GiveSheriff()
                | m.TakeSheriff()
                | m.FlipSerpent()
                | m.DragToHell()
                | m.KoSelf()
                | m.RedirectAttacks()
                | m.FlipCard()
            ):
                pass  # no broad trait of their own
            case _:
                assert_never(e)


_CACHE: dict[tuple[str, bool], Traits] = {}


def traits(cd: CardDef, flipped: bool = False) -> Traits:
    """The card's traits (its flipped face when ``flipped`` and it has one); cached by card id."""
    hit = _CACHE.get((cd.id, flipped))
    if hit is not None:
        return hit
    effects = cd.model.flipped_effects if flipped and cd.model.flipped_effects is not None else cd.model.effects
    acc: dict[str, float] = {"attacks": 0, "blocks": 0, "cancels": 0, "damage": 0, "heal": 0, "power": 0, "extra": 0}
    _walk(effects, acc)
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
