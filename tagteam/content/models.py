"""Pydantic models of the card data: a closed vocabulary, so a typo fails at load, not at play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal, NamedTuple, Union

from pydantic import BaseModel, ConfigDict, Field

# Bounds: generous for any real card, tight enough that hand-edited data cannot make the engine loop or
# allocate without end (a 5 MB list of tags, a million copies, a 10**18 Heal).
MAX_AMOUNT = 99  # Power, HP, Ships, Rage steps...
MAX_EFFECTS = 16  # effects in one list (nested lists included, each)
Text = Annotated[str, Field(max_length=2000)]
Short = Annotated[str, Field(max_length=120)]
Amount = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]
Effects = Annotated[list["Effect"], Field(max_length=MAX_EFFECTS)]


class _Strict(BaseModel):
    """Frozen, closed and strict: unknown fields are errors, ``true`` is not 1 and ``"2"`` is not 2."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# --------------------------------------------------------------------------- provenance

Confidence = Literal["CONFIRMED-IMG", "CONFIRMED-2", "FW-RULING", "RULES-TEXT", "INFERRED", "UNKNOWN"]


class Provenance(_Strict):
    """Where a fact comes from (keys of research/cards.md section 0) and how sure we are."""

    source: Short
    confidence: Confidence
    note: Text | None = None


# --------------------------------------------------------------------------- targets

AttackTarget = Literal["opponent", "opponent_partner", "opponents", "all_others"]
Attacker = Literal["self", "partner", "self_and_partner"]
DamageTarget = Literal["self", "partner", "opponent", "opponent_partner", "opponents", "all"]
HealTarget = Literal["self", "partner", "self_and_partner"]
PowerTarget = Literal["self", "partner", "self_and_partner", "opponent", "sheriff_holder"]


# --------------------------------------------------------------------------- conditions


class CondSheriff(_Strict):
    """Who holds the Sheriff token: the Active Fighter ("you") or either Opponent."""

    kind: Literal["sheriff"]
    holder: Literal["you", "opponents"]


class CondShips(_Strict):
    """Ching Shih's Fleet is within lo..hi inclusive (read when the card resolves)."""

    kind: Literal["ships"]
    lo: int = Field(ge=0, le=20)
    hi: int = Field(ge=0, le=20)


class CondSerpent(_Strict):
    """Mephisto's Serpent token shows this face."""

    kind: Literal["serpent"]
    face: Literal["black", "white"]


class CondForm(_Strict):
    """Bödvar's board shows this side: the human or the Berserker Bear."""

    kind: Literal["form"]
    form: Literal["human", "bear"]


class CondPowerAtLeast(_Strict):
    """The Active Fighter had at least n Power at the start of the Turn."""

    kind: Literal["power_at_least"]
    n: int = Field(ge=0, le=MAX_AMOUNT)


class CondPartnerHasPresence(_Strict):
    """The Golem's Presence token is already on the Partner."""

    kind: Literal["partner_has_presence"]


class CondOpponentHasConcentration(_Strict):
    """The Opponent already carries one of Wong Fei-Hung's Concentration tokens."""

    kind: Literal["opponent_has_concentration"]


class CondHpFull(_Strict):
    """The Active Fighter is on its track's top space once this Turn's HP movement is done."""

    kind: Literal["hp_full"]


class CondSpiritsAtLeast(_Strict):
    """The Fey Folk's Spirit track was at least n at the start of the Turn."""

    kind: Literal["spirits_at_least"]
    n: int = Field(ge=1, le=4)


class CondAttacked(_Strict):
    """The Active Fighter itself is the target of an Attack this Turn (Direct Damage does not count)."""

    kind: Literal["attacked"]


class CondNeitherOpponentAttacks(_Strict):
    """No Attack is performed by the Opponent or the Opponent's Partner this Turn (a Block is no Attack)."""

    kind: Literal["neither_opponent_attacks"]


class CondOpponentStartingCard(_Strict):
    """The Opponent's revealed card this Turn is a starred Starting Card."""

    kind: Literal["opponent_starting_card"]


Condition = Annotated[
    Union[
        CondSheriff,
        CondShips,
        CondSerpent,
        CondForm,
        CondPowerAtLeast,
        CondPartnerHasPresence,
        CondOpponentHasConcentration,
        CondHpFull,
        CondSpiritsAtLeast,
        CondAttacked,
        CondNeitherOpponentAttacks,
        CondOpponentStartingCard,
    ],
    Field(discriminator="kind"),
]


# --------------------------------------------------------------------------- effects


class Branch(NamedTuple):
    """One list of sub-effects inside an effect: the field that holds it (``on_success``, ``then``...), for a
    path a message can point at, and whether it happens ``always`` with its parent (``at_end_of_turn``) or
    only on an outcome or a condition (a Success, a Block, an If's branch)."""

    field: str
    effects: Sequence[Effect]
    always: bool = False


class EffectModel(_Strict):
    """An effect of a card: a leaf unless it holds sub-effects (``children``)."""

    def children(self) -> tuple[Branch, ...]:
        """The lists of sub-effects this effect holds, in the order the card reads them: the one way every
        walk of the effect tree (the engine, the loader's checks, the card panels, the bots) finds them."""
        return ()


class Attack(EffectModel):
    """An Attack: Power at the start of the Turn (plus bonus) against the target(s)."""

    op: Literal["attack"]
    target: AttackTarget = "opponent"
    attacker: Attacker = "self"
    power: Literal["own", "opponent"] = "own"
    bonus: Literal["none", "aflame", "spirits"] = "none"
    on_success: Effects = []
    on_blocked: Effects = []

    def children(self) -> tuple[Branch, ...]:
        return (Branch("on_success", self.on_success), Branch("on_blocked", self.on_blocked))


class Block(EffectModel):
    """A Block: negates every Attack of the Opponents this Turn; on_success fires at most once."""

    op: Literal["block"]
    on_success: Effects = []

    def children(self) -> tuple[Branch, ...]:
        return (Branch("on_success", self.on_success),)


class DirectDamage(EffectModel):
    """Direct Damage: not an Attack, never Blocked, still halted by Stops and still fires icons."""

    op: Literal["direct_damage"]
    target: DamageTarget = "opponent"
    amount: Amount


class Heal(EffectModel):
    """Heal: amount HP, or amount times a count (Spirits, the Active Fighter's Power, blocked Power)."""

    op: Literal["heal"]
    target: HealTarget = "self"
    amount: Amount
    per: Literal["none", "spirit", "power", "blocked_power"] = "none"


class GainPower(EffectModel):
    """Add Power cubes (negative amounts remove, never below 0)."""

    op: Literal["gain_power"]
    target: PowerTarget = "self"
    amount: int = Field(ge=-MAX_AMOUNT, le=MAX_AMOUNT)


class SetPowerToPartner(EffectModel):
    """The Active Fighter's Power becomes equal to its Partner's, up or down."""

    op: Literal["set_power_to_partner"]


class TransferPower(EffectModel):
    """Move up to amount Power cubes from one Fighter of the team to the other, as many as there are."""

    op: Literal["transfer_power"]
    source: Literal["self", "partner"] = "self"
    amount: int = Field(ge=1, le=MAX_AMOUNT)


class Cancel(EffectModel):
    """The opposing card is ignored entirely."""

    op: Literal["cancel"]


class If(EffectModel):
    """Checked before its Actions happen; the rest of the card is still mandatory."""

    op: Literal["if"]
    cond: Condition
    then: Effects
    otherwise: Effects = []

    def children(self) -> tuple[Branch, ...]:
        return (Branch("then", self.then), Branch("otherwise", self.otherwise))


class AtEndOfTurn(EffectModel):
    """Actions that read the result of this Turn's HP movement (a THEN that needs the moved marker)."""

    op: Literal["at_end_of_turn"]
    effects: Effects

    def children(self) -> tuple[Branch, ...]:
        return (Branch("effects", self.effects, always=True),)


class DivineVoice(EffectModel):
    """Joan: move the Divine Voice marker amount spaces clockwise."""

    op: Literal["divine_voice"]
    amount: int = Field(default=1, ge=1, le=MAX_AMOUNT)


class Rage(EffectModel):
    """Bödvar: move the Rage marker up; the top space transforms him."""

    op: Literal["rage"]
    amount: int = Field(default=1, ge=1, le=MAX_AMOUNT)


class Ships(EffectModel):
    """Ching Shih: gain Ships on the Fleet track (capped at 20)."""

    op: Literal["ships"]
    amount: int = Field(ge=1, le=MAX_AMOUNT)


class SinkOpponents(EffectModel):
    """Ching Shih at 20 Ships: both Opponents drop to 1 HP and ignore other HP changes; Fleet to 0."""

    op: Literal["sink_opponents"]


class Aflame(EffectModel):
    """Shango: put one Aflame! token on the Opponent."""

    op: Literal["aflame"]


class PlaceConcentration(EffectModel):
    """Wong Fei-Hung: put one of his Concentration tokens on the Opponent."""

    op: Literal["place_concentration"]


class RetrieveConcentration(EffectModel):
    """Wong Fei-Hung: take his Concentration token back from the Opponent."""

    op: Literal["retrieve_concentration"]


class Cripple(EffectModel):
    """After the opposing card resolves, remove it from the game; then remove this card too."""

    op: Literal["cripple"]


class GiveSheriff(EffectModel):
    """The Wild Bunch: hand the Sheriff token to the Opponent."""

    op: Literal["give_sheriff"]


class TakeSheriff(EffectModel):
    """The Wild Bunch: take the Sheriff token back."""

    op: Literal["take_sheriff"]


class PlantScheme(EffectModel):
    """Milady: plant the top Scheme token of the pile face down (ignored when the pile is empty)."""

    op: Literal["plant_scheme"]


class UnleashScheme(EffectModel):
    """Milady: reveal a random planted Scheme, apply it, remove it from the game."""

    op: Literal["unleash_scheme"]


class FlipSerpent(EffectModel):
    """Mephisto: turn the Serpent token over."""

    op: Literal["flip_serpent"]


class GivePresence(EffectModel):
    """The Golem: put the Presence token on his Partner (protects from the next Turn on)."""

    op: Literal["give_presence"]


class Reanimate(EffectModel):
    """The Golem: the team's next revealed card takes effect twice."""

    op: Literal["reanimate"]


class Execute(EffectModel):
    """Mordred: after the opposing card resolves, Direct Damage equal to the Opponent's HP if at most threshold."""

    op: Literal["execute"]
    threshold: int = Field(ge=1, le=MAX_AMOUNT)


class DragToHell(EffectModel):
    """Mephisto: if the team would lose this Turn in any way, it wins instead."""

    op: Literal["drag_to_hell"]


class KoSelf(EffectModel):
    """The Active Fighter's team is KO'd at the end of this Turn (the Fey Folk's last card)."""

    op: Literal["ko_self"]


class StealHeals(EffectModel):
    """Maman Brijit: cancel the Opponents' healing, heal that total, gain power if she healed."""

    op: Literal["steal_heals"]
    power: Amount


class RedirectAttacks(EffectModel):
    """Maman Brijit: the Attacks this Block negated hit the Opponent's Partner instead."""

    op: Literal["redirect_attacks"]


class FlipCard(EffectModel):
    """Fey Folk Summoning: turn this copy upside down for the rest of the Fight."""

    op: Literal["flip_card"]


class Poison(EffectModel):
    """Milady's Poison: Direct Damage of half the Opponent's HP, rounded down, applied last; never a KO."""

    op: Literal["poison"]


Effect = Annotated[
    Union[
        Attack,
        Block,
        DirectDamage,
        Heal,
        GainPower,
        SetPowerToPartner,
        TransferPower,
        Cancel,
        If,
        AtEndOfTurn,
        DivineVoice,
        Rage,
        Ships,
        SinkOpponents,
        Aflame,
        PlaceConcentration,
        RetrieveConcentration,
        Cripple,
        GiveSheriff,
        TakeSheriff,
        PlantScheme,
        UnleashScheme,
        FlipSerpent,
        GivePresence,
        Reanimate,
        Execute,
        DragToHell,
        KoSelf,
        StealHeals,
        RedirectAttacks,
        FlipCard,
        Poison,
    ],
    Field(discriminator="op"),
]

for _model in (Attack, Block, If, AtEndOfTurn):
    _model.model_rebuild()


# --------------------------------------------------------------------------- boards

Icon = Literal[
    "power_self",  # +1 Power to this Fighter
    "power_partner",  # +1 Power to the Partner
    "flip_serpent",  # Mephisto: turn the Serpent over without applying it
    "unleash_scheme",  # Milady: Unleash a Scheme in the mini-phase after card Actions
    "revive",  # Maman Brijit: +1 Power, marker back to revive_to at the end of the Turn
    "spirit",  # Fey Folk: this Character becomes a Spirit (+1 on the Spirit track)
]


class Space(_Strict):
    """One Health track space: the HP it stands for, its icons, Stop and KO marks."""

    hp: Amount
    icons: list[Icon] = Field(default=[], max_length=8)
    stop: bool = False
    ko: bool = False


class HealthTrack(_Strict):
    """Spaces from the top (max HP) down to the last space; the marker starts on start_index."""

    name: Short
    spaces: list[Space] = Field(min_length=2, max_length=60)
    start_index: int = Field(default=0, ge=0, le=60)
    revive_to_hp: Amount | None = None
    provenance: Provenance


class SpecialTrack(_Strict):
    """A special track (Divine Voice dial, Rage, Fleet, Spirit track) as its spaces and start."""

    kind: Literal["divine_voice", "rage", "fleet", "spirit"]
    name: Short
    size: int = Field(ge=2, le=60)
    start: int = Field(ge=0, le=60)
    payouts: dict[Short, Text] = Field(default={}, max_length=60)
    provenance: Provenance


class Card(_Strict):
    """One card of a Fighter's deck: copies, the Starting Card star, effects as data."""

    id: str = Field(pattern=r"^[a-z_]+\.[a-z0-9_]+$", max_length=80)
    name: Short
    copies: int = Field(ge=1, le=3)
    starting: bool = False
    text: Text
    effects: Effects
    flipped_text: Text | None = None
    flipped_effects: Effects | None = None
    instant_heal: Amount = 0
    provenance: Provenance


class SchemeToken(_Strict):
    """One face of Milady's Scheme tokens and how many tokens carry it."""

    id: str = Field(pattern=r"^[a-z0-9_]+$", max_length=80)
    text: Text
    copies: int = Field(ge=1, le=MAX_AMOUNT)
    effects: Effects
    provenance: Provenance


class Fighter(_Strict):
    """A Fighter board and its ten cards."""

    id: str = Field(pattern=r"^[a-z_]+$", max_length=40)
    name: Short
    bga_id: Short | None = None
    base_power: Amount
    complexity: int = Field(ge=1, le=5)
    tags: list[Short] = Field(default=[], max_length=16)
    health: list[HealthTrack] = Field(min_length=1, max_length=4)
    special_track: SpecialTrack | None = None
    tokens: dict[Short, Amount] = Field(default={}, max_length=8)
    partner_start_power: Amount = 0
    profile: Text = ""
    scheme_tokens: list[SchemeToken] = Field(default=[], max_length=20)
    provenance: Provenance
    cards: list[Card] = Field(max_length=20)
