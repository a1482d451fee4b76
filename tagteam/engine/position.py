"""Positions from JSON (the rules sandbox and scenario tests): both teams, tracks, tokens and decks.

A position is validated (unknown fields, Fighters and cards are errors naming the field) and turned
into a GameState at the start of a Fight step, ready for ``advance``. Format: docs/sandbox.md.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tagteam.engine import rng
from tagteam.engine.fighters import mephisto
from tagteam.engine.game import _start_round, new_game
from tagteam.engine.state import GameState
from tagteam.engine.table import library


class PositionError(ValueError):
    """A position that cannot be built: the message names the field."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FighterSpec(_Strict):
    """Overrides for one Fighter; anything left out keeps its setup value."""

    hp: int | None = Field(default=None, ge=0)
    power: int | None = Field(default=None, ge=0)
    special: int | None = Field(default=None, ge=0)
    aflame: int = Field(default=0, ge=0, le=5)
    concentration: int = Field(default=0, ge=0, le=2)
    track: str | None = None
    spirits: list[str] = []


class PresenceSpec(_Strict):
    on: str
    ready: bool = True


class SchemeSpec(_Strict):
    pile: list[str] = []
    planted: list[str] = []


class Position(_Strict):
    """A Fight step about to start: Fight decks list card ids top first ("id*" = the starred copy)."""

    teams: tuple[tuple[str, str], tuple[str, str]]
    seed: int = 0
    round: int = Field(default=1, ge=1)
    fighters: dict[str, FighterSpec] = {}
    sheriff: str | None = None
    serpent: Literal["white", "black"] | None = None
    presence: PresenceSpec | None = None
    schemes: SchemeSpec | None = None
    reanimate: tuple[bool, bool] = (False, False)
    fight: tuple[list[str], list[str]]
    flipped: list[str] = []
    build: tuple[list[str], list[str]] | None = None
    rule: str | None = None  # scenario tests: the rule pinned, in words
    source: str | None = None  # scenario tests: where the rule is written
    turns: int | None = Field(default=None, ge=1)  # scenario tests: resolve only this many Turns
    known_bug: str | None = None  # scenario tests: an engine bug still open (strict xfail)
    expect: dict[str, Any] | None = None  # scenario tests: the exact result; the sandbox ignores it


def parse(data: Any) -> Position:
    try:
        return Position.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(root)"
        raise PositionError(f"{loc}: {err['msg']}") from None


def build(pos: Position) -> GameState:
    """The GameState for a position (raises PositionError naming the field)."""
    lib = library()
    try:
        st = new_game(pos.seed, teams=pos.teams)
    except ValueError as e:
        raise PositionError(str(e)) from None
    tab = st.tab()
    index = {fid: f for f, fid in enumerate(tab.kinds)}

    def fighter(name: str, field: str) -> int:
        if name not in index:
            raise PositionError(f"{field}: {name!r} is not in this game (teams: {', '.join(tab.kinds)})")
        return index[name]

    for fid, spec in pos.fighters.items():
        f = fighter(fid, f"fighters.{fid}")
        fd = tab.fighters[f]
        if spec.track is not None:
            names = [t.name for t in fd.tracks]
            if spec.track not in names:
                raise PositionError(f"fighters.{fid}.track: {spec.track!r} is not one of {names}")
            st.track[f] = names.index(spec.track)
            st.pos[f] = fd.tracks[st.track[f]].start
        for sp in spec.spirits:
            names = [t.name for t in fd.tracks]
            if fd.special != "spirit" or sp not in names:
                raise PositionError(f"fighters.{fid}.spirits: {sp!r} is not a Fey Folk Character")
            st.spirit_mask[f] |= 1 << names.index(sp)
        if fd.special == "spirit":
            st.special[f] = fd.special_start + len(spec.spirits)
            if spec.track is None and st.track[f] >= 0 and st.spirit_mask[f] >> st.track[f] & 1:
                st.track[f] = -1
        if spec.hp is not None:
            if st.track[f] < 0:
                raise PositionError(f"fighters.{fid}.hp: no Character is active")
            tr = fd.tracks[st.track[f]]
            if spec.hp > tr.max_hp:
                raise PositionError(f"fighters.{fid}.hp: {spec.hp} is above the track's max of {tr.max_hp}")
            st.pos[f] = tr.index_of_hp(spec.hp)
        if spec.power is not None:
            st.power[f] = spec.power
        if spec.special is not None:
            if fd.special is None or spec.special >= fd.special_size:
                raise PositionError(f"fighters.{fid}.special: out of range for {fd.name}")
            st.special[f] = spec.special
        st.aflame[f] = spec.aflame
        st.conc[f] = spec.concentration
    if pos.sheriff is not None:
        if "wild_bunch" not in tab.kinds:
            raise PositionError("sheriff: the Sheriff token needs the Wild Bunch in the game")
        st.sheriff = fighter(pos.sheriff, "sheriff")
    if pos.serpent is not None:
        if "mephisto" not in tab.kinds:
            raise PositionError("serpent: the Serpent token needs Mephisto in the game")
        st.serpent = mephisto.FACES.index(pos.serpent)
    if pos.presence is not None:
        if "golem" not in tab.kinds:
            raise PositionError("presence: the Presence token needs the Golem in the game")
        holder = fighter(pos.presence.on, "presence.on")
        if holder != tab.kinds.index("golem") ^ 1:
            raise PositionError("presence.on: the Presence token only ever sits on the Golem's Partner")
        st.presence = holder
        st.presence_ready = pos.presence.ready
    if pos.schemes is not None:
        _schemes(st, pos.schemes)
    st.reanimate = list(pos.reanimate)
    used: set[int] = set()
    for s in (0, 1):
        st.fight[s] = [_take(st, s, cid, used, f"fight.{s}.{i}") for i, cid in enumerate(pos.fight[s])]
    flipped = set()
    for i, cid in enumerate(pos.flipped):
        found = [inst for s in (0, 1) for inst in st.fight[s] if st.card(inst).cdef.id == cid]
        if not found:
            raise PositionError(f"flipped.{i}: {cid!r} is not in a Fight deck")
        flipped.update(found)
    st.flipped = frozenset(flipped)
    for s in (0, 1):
        if pos.build is not None:
            st.build[s] = [_take(st, s, cid, used, f"build.{s}.{i}") for i, cid in enumerate(pos.build[s])]
        else:
            rest = [ci.inst for ci in tab.cards if ci.seat == s and ci.inst not in used]
            st.rng = rng.shuffle(st.rng, rest)
            st.build[s] = rest
    if len(st.fight[0]) != len(st.fight[1]):
        raise PositionError("fight: both Fight decks must hold the same number of cards")
    st.pending = [None, None]
    st.round = pos.round - 1
    _start_round(st, None)
    del lib
    return st


def _take(st: GameState, seat: int, cid: str, used: set[int], field: str) -> int:
    """A free physical copy of card ``cid`` owned by ``seat`` ("id*" asks for the starred one)."""
    want_star = cid.endswith("*")
    cid = cid.rstrip("*")
    tab = st.tab()
    if cid not in tab.cards_by_id:
        raise PositionError(f"{field}: unknown card {cid!r} for these teams")
    options = [ci for ci in tab.cards if ci.seat == seat and ci.cdef.id == cid and ci.inst not in used]
    if not options:
        raise PositionError(f"{field}: no copy of {cid!r} left for seat {seat + 1}")
    if want_star:
        options = [ci for ci in options if ci.starred]
        if not options:
            raise PositionError(f"{field}: {cid!r} has no starred copy left")
    else:
        options.sort(key=lambda ci: ci.starred)  # plain copies first
    used.add(options[0].inst)
    return options[0].inst


def _schemes(st: GameState, spec: SchemeSpec) -> None:
    tab = st.tab()
    if "milady" not in tab.kinds:
        raise PositionError("schemes: Milady is not in this game")
    faces = tab.fighters[tab.kinds.index("milady")].schemes
    free = list(range(len(faces)))

    def take(name: str, field: str) -> int:
        for i in free:
            if faces[i].id == name:
                free.remove(i)
                return i
        raise PositionError(f"{field}: no {name!r} Scheme token left (ids: {sorted({s.id for s in faces})})")

    st.planted = [take(n, f"schemes.planted.{i}") for i, n in enumerate(spec.planted)]
    pile = [take(n, f"schemes.pile.{i}") for i, n in enumerate(spec.pile)]
    st.scheme_pile = list(reversed(pile))  # listed top first; the pile pops from the end
