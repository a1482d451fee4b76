"""Static rules tables compiled once from the validated content: no pydantic in the hot loop.

The tables' types live in ``tagteam.engine.pieces`` (below the effects, which this module compiles); they are
named here too, where most readers of a table look for them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tagteam.content.fighters import mechanics, rules_of
from tagteam.engine.effects import compile_effects, is_cancel
from tagteam.engine.pieces import CardDef, CardInst, FighterDef, GameTable, Op, SchemeDef, TrackDef

if TYPE_CHECKING:
    from tagteam.content.models import Fighter

__all__ = [
    "CardDef",
    "CardInst",
    "FighterDef",
    "GameTable",
    "Op",
    "SchemeDef",
    "TrackDef",
    "build_table",
    "compile_fighter",
    "compile_track",
    "library",
]


def compile_track(model: Any) -> TrackDef:
    hp = tuple(s.hp for s in model.spaces)
    revive_to = -1
    if model.revive_to_hp is not None:
        revive_to = next(i for i, s in enumerate(model.spaces) if s.hp == model.revive_to_hp and not s.ko)
    return TrackDef(
        name=model.name,
        hp=hp,
        stop=tuple(s.stop for s in model.spaces),
        ko=tuple(s.ko for s in model.spaces),
        icons=tuple(tuple(s.icons) for s in model.spaces),
        revive_to=revive_to,
        start=model.start_index,
    )


def compile_fighter(model: Fighter) -> FighterDef:
    cards = tuple(
        CardDef(
            id=c.id,
            name=c.name,
            fighter_id=model.id,
            copies=c.copies,
            starting=c.starting,
            effects=compile_effects(c.effects),
            flipped_effects=compile_effects(c.flipped_effects) if c.flipped_effects is not None else None,
            cancels=is_cancel(c.effects),
            flipped_cancels=is_cancel(c.flipped_effects or []),
            instant_heal=c.instant_heal,
            model=c,
            text=c.text,
            flipped_text=c.flipped_text,
        )
        for c in model.cards
    )
    schemes: list[SchemeDef] = []
    for tok in model.scheme_tokens:
        sd = SchemeDef(
            id=tok.id,
            text=tok.text,
            effects=compile_effects(tok.effects),
            poison=any(e.op == "poison" for e in tok.effects),
        )
        schemes.extend([sd] * tok.copies)
    st = model.special_track
    return FighterDef(
        id=model.id,
        name=model.name,
        base_power=model.base_power,
        tracks=tuple(compile_track(t) for t in model.health),
        special=st.kind if st else None,
        special_size=st.size if st else 0,
        special_start=st.start if st else 0,
        tokens=dict(model.tokens),
        partner_start_power=model.partner_start_power,
        schemes=tuple(schemes),
        cards=cards,
        model=model,
        profile=model.profile,
        special_name=st.name if st else "",
        rules=rules_of(model.id),
    )


@cache
def library(path: str | None = None) -> dict[str, FighterDef]:
    """Every Fighter compiled, by id (cached: content is loaded and validated once per process)."""
    from tagteam.content.loader import load_all

    fighters = load_all(Path(path) if path else None)
    return {fid: compile_fighter(m) for fid, m in fighters.items()}


_TABLES: dict[tuple[int, tuple[tuple[str, str], tuple[str, str]]], GameTable] = {}


def build_table(teams: tuple[tuple[str, str], tuple[str, str]], lib: dict[str, FighterDef]) -> GameTable:
    """The (immutable, so shared) table of a match-up: built once per library and teams."""
    key = (id(lib), teams)
    tab = _TABLES.get(key)
    if tab is None or tab.fighters[0] is not lib[teams[0][0]]:
        tab = _TABLES[key] = _build_table(teams, lib)
    return tab


_SLOTS: dict[tuple[int, int, int], tuple[CardInst, ...]] = {}


def _slot_cards(fd: FighterDef, f: int, first: int) -> tuple[CardInst, ...]:
    """The physical cards of Fighter fd sitting in slot f, numbered from ``first`` (cached)."""
    key = (id(fd), f, first)
    out = _SLOTS.get(key)
    if out is None:
        made: list[CardInst] = []
        for cd in fd.cards:
            for k in range(cd.copies):
                made.append(CardInst(first + len(made), cd, f, f >> 1, cd.starting and k == 0))
        out = _SLOTS[key] = tuple(made)
    return out


def _build_table(teams: tuple[tuple[str, str], tuple[str, str]], lib: dict[str, FighterDef]) -> GameTable:
    """Instantiate every physical card of the four Fighters, numbered in a fixed order."""
    fighters = tuple(lib[teams[s][i]] for s in (0, 1) for i in (0, 1))
    insts: list[CardInst] = []
    by_id: dict[str, CardDef] = {}
    for f, fd in enumerate(fighters):
        for cd in fd.cards:
            by_id[cd.id] = cd
        insts.extend(_slot_cards(fd, f, len(insts)))
    kinds = tuple(fd.id for fd in fighters)
    rules = tuple(fd.rules for fd in fighters)
    lines = [mechanics(fd.id) for fd in fighters]
    spirit = [-1, -1]
    for f, fd in enumerate(fighters):
        if fd.special == "spirit":
            spirit[f >> 1] = f
    return GameTable(
        fighters,  # type: ignore[arg-type]
        tuple(insts),
        by_id,
        kinds,  # type: ignore[arg-type]
        owner=tuple([ci.owner for ci in insts]),
        effects=tuple([ci.cdef.effects for ci in insts]),
        flipped_effects=tuple(
            [ci.cdef.flipped_effects if ci.cdef.flipped_effects is not None else ci.cdef.effects for ci in insts]
        ),
        cancels=tuple([ci.cdef.cancels for ci in insts]),
        flipped_cancels=tuple([ci.cdef.flipped_cancels for ci in insts]),
        spirit_fighter=(spirit[0], spirit[1]),
        ko_tracks=tuple(tuple(t.ko for t in fd.tracks) for fd in fighters),
        end_hooks=tuple((f, m.kind) for f, m in enumerate(lines) if m.end_hook),
        one_space=tuple(m.one_space for m in lines),  # "their Health marker only ever moves 1 space per Turn"
        has_shango="shango" in rules,
        rules=rules,  # type: ignore[arg-type]
    )
