"""The registry of Fighters: per Fighter, the mechanics of its own that the engine, the loader, the boards, the log
and the bots must know, in one line each.

A Fighter's card data (``data/cards/<id>.json``) says what its cards do; this line says which of the engine's
Fighter-only mechanics it owns (``tagteam/engine/fighters/<rules>.py``): a special track, tokens from its own supply,
effect ops, conditions, icons, and the hooks the engine runs for it. On any other Fighter's cards these would read or
write a board that Fighter does not have, so the loader refuses them there.

``rules`` names the module whose rules a Fighter plays by: its own id for an original, the original's for a copy
(``copy_of``), so every check of "is there a Milady at this table" asks ``rules``, never the id. A Fighter with no
line here owns no mechanic: plain Attacks, Blocks, Heals and Power only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Mechanics:
    """What a Fighter owns. ``track``: its special track's kind; ``tokens``: token kinds from its supply (the data's
    ``tokens``, plus the Serpent and the Schemes); ``token_names``: those tokens as the events name them (the log
    says they go back to this Fighter); ``values``: (field, value) of an effect that reads its board; ``schemes``:
    it has Scheme tokens; ``end_hook``: the engine runs its end-of-Turn rule; ``one_space``: its Health marker moves
    one space a Turn at most."""

    id: str
    rules: str = ""  # "" reads as ``id``: the module in tagteam/engine/fighters/ whose rules it plays by
    track: str | None = None
    tokens: tuple[str, ...] = ()
    token_names: tuple[str, ...] = ()
    ops: tuple[str, ...] = ()
    conds: tuple[str, ...] = ()
    values: tuple[tuple[str, str], ...] = ()
    icons: tuple[str, ...] = ()
    schemes: bool = False
    end_hook: bool = False
    one_space: bool = False

    @property
    def kind(self) -> str:
        """The rules it plays by (the original's id)."""
        return self.rules or self.id


def copy_of(new_id: str, original: Mechanics) -> Mechanics:
    """A Fighter with its own id and card data that plays by ``original``'s rules."""
    return replace(original, id=new_id, rules=original.kind)


JOAN = Mechanics("joan", track="divine_voice", ops=("divine_voice",))
BODVAR = Mechanics("bodvar", track="rage", ops=("rage",), conds=("form",))
CHING_SHIH = Mechanics("ching_shih", track="fleet", ops=("ships", "sink_opponents"), conds=("ships",))
SHANGO = Mechanics(
    "shango", tokens=("aflame",), token_names=("Aflame!",), ops=("aflame",), values=(("bonus", "aflame"),)
)
WONG_FEI_HUNG = Mechanics(
    "wong_fei_hung",
    tokens=("concentration",),
    token_names=("Concentration",),
    ops=("place_concentration", "retrieve_concentration", "cripple"),
    conds=("opponent_has_concentration",),
)
WILD_BUNCH = Mechanics(
    "wild_bunch",
    tokens=("sheriff",),
    token_names=("Sheriff",),
    ops=("give_sheriff", "take_sheriff"),
    conds=("sheriff",),
    values=(("target", "sheriff_holder"),),
    one_space=True,
)
MILADY = Mechanics(
    "milady",
    tokens=("scheme",),
    ops=("plant_scheme", "unleash_scheme", "poison"),
    icons=("unleash_scheme",),
    schemes=True,
)
MEPHISTO = Mechanics(
    "mephisto", tokens=("serpent",), ops=("flip_serpent", "drag_to_hell"), conds=("serpent",), icons=("flip_serpent",)
)
GOLEM = Mechanics(
    "golem",
    tokens=("presence",),
    token_names=("Golem's Presence",),
    ops=("give_presence", "reanimate"),
    conds=("partner_has_presence",),
)
MORDRED = Mechanics("mordred", ops=("execute",))
MAMAN_BRIJIT = Mechanics("maman_brijit", ops=("steal_heals", "redirect_attacks"), icons=("revive",), end_hook=True)
FEY_FOLK = Mechanics(
    "fey_folk",
    track="spirit",
    ops=("flip_card", "ko_self"),
    conds=("spirits_at_least",),
    values=(("bonus", "spirits"), ("per", "spirit")),
    icons=("spirit",),
    end_hook=True,
)

REGISTRY: dict[str, Mechanics] = {
    m.id: m
    for m in (
        JOAN,
        BODVAR,
        CHING_SHIH,
        SHANGO,
        WONG_FEI_HUNG,
        WILD_BUNCH,
        MILADY,
        MEPHISTO,
        GOLEM,
        MORDRED,
        MAMAN_BRIJIT,
        FEY_FOLK,
        # a copy of a Fighter under a new id: one line, e.g. copy_of("joan_ii", JOAN)
    )
}


def mechanics(fighter_id: str) -> Mechanics:
    """A Fighter's line (an unlisted Fighter owns nothing: its rules are its own id)."""
    return REGISTRY.get(fighter_id) or Mechanics(fighter_id)


def rules_of(fighter_id: str) -> str:
    """The rules a Fighter plays by: its own id, or the original's for a copy."""
    return mechanics(fighter_id).kind


def _owners(part: Callable[[Mechanics], Iterable[T]]) -> dict[T, str]:
    """Each Fighter-only mechanic of one part (ops, conds...) and the original Fighter that owns it."""
    out: dict[T, str] = {}
    for m in REGISTRY.values():
        for item in part(m):
            out.setdefault(item, m.kind)
    return out


OP_OWNER = _owners(lambda m: m.ops)
COND_OWNER = _owners(lambda m: m.conds)
VALUE_OWNER = _owners(lambda m: m.values)
ICON_OWNER = _owners(lambda m: m.icons)
TOKEN_OWNER = _owners(lambda m: m.tokens)
TOKEN_NAME_OWNER = _owners(lambda m: m.token_names)  # "Golem's Presence" -> golem: where a token goes back to
SPECIAL_TRACK_OWNER = {m.track: m.kind for m in REGISTRY.values() if m.track}
