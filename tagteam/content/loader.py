"""Load the card data and turn every defect into a Problem that names the file, the card and the field.

Problems are data (``tagteam.ground.problems``); ``tagteam.words.inputs`` words each as one line in the reader's
language (``tagteam cards check`` prints them).
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import importlib.resources
import types
import typing
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from tagteam.content.fighters import (
    COND_OWNER,
    ICON_OWNER,
    OP_OWNER,
    REGISTRY,
    SPECIAL_TRACK_OWNER,
    TOKEN_OWNER,
    VALUE_OWNER,
    mechanics,
)
from tagteam.content.models import Condition, CondShips, Effect, Fighter, If
from tagteam.content.texts import ENGLISH, Printed, check_texts, locale_file, locale_files
from tagteam.ground.jsonfile import InputError, display, printable, read_json
from tagteam.ground.problems import Code, Problem, ProblemError, from_pydantic

EXPECTED_FIGHTERS = len(REGISTRY)  # the packaged folder holds one file per line of the registry
DECK_SIZE = 10
SCHEMA_FILE = "schema.json"
MAX_FILE_BYTES = 512_000  # a Fighter file is ~15 kB: a 5 MB file is refused before it is read
MAX_DEPTH = 24  # the deepest real nesting (an If in a Block's bonus in a card) is about 12


__all__ = [
    "ContentError",
    "Problem",
    "check_content",
    "data_dir",
    "fighter_files",
    "load_all",
    "load_fighter",
    "printed",
]


def _problem(file: str, card: str | None, field: str | None, code: Code, **values: str | int) -> Problem:
    """A defect of the card data: the file, the card (None: the Fighter's own board), the field, what."""
    return Problem(file, field or "", code, values, card or "")


class ContentError(ProblemError):
    """The card data is unusable; carries every problem found, not just the first."""


# --------------------------------------------------------------------------- where the data lives


def data_dir() -> Path:
    """The installed copy (the wheel force-includes data/cards as tagteam/_data/cards) or the repo's."""
    packaged = importlib.resources.files("tagteam") / "_data" / "cards"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "data" / "cards"


def fighter_files(directory: Path) -> list[Path]:
    """Every fighter file of a directory: *.json except the committed JSON Schema."""
    return sorted(p for p in directory.glob("*.json") if p.name != SCHEMA_FILE)


def _display(path: Path) -> str:
    """Paths relative to the working directory when possible, so lines stay short and clickable."""
    try:
        return printable(path.resolve().relative_to(Path.cwd().resolve()).as_posix())
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a link loop on older Pythons
        return display(path)


# --------------------------------------------------------------------------- pydantic errors -> lines


def _union_members(union: Any) -> list[type[BaseModel]]:
    """The models of a discriminated union such as Effect or Condition."""
    args = typing.get_args(union)
    inner = args[0] if typing.get_origin(union) is typing.Annotated else union
    return [m for m in typing.get_args(inner) if isinstance(m, type) and issubclass(m, BaseModel)]


def _tag_of(model: type[BaseModel], discriminator: str) -> str | None:
    field = model.model_fields.get(discriminator)
    if field is None:
        return None
    values = typing.get_args(field.annotation)
    return str(values[0]) if values else None


_TAGS: dict[str, list[str]] = {
    "op": [t for m in _union_members(Effect) if (t := _tag_of(m, "op"))],
    "kind": [t for m in _union_members(Condition) if (t := _tag_of(m, "kind"))],
}


def _unwrap(tp: Any) -> Any:
    """Strip Annotated and Optional so only the interesting type is left."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp


def _step(tp: Any, element: str | int) -> Any:
    """The type found one location element below tp (a list index, a field, or a union tag)."""
    tp = _unwrap(tp)
    origin = typing.get_origin(tp)
    if isinstance(element, int):
        return typing.get_args(tp)[0] if origin is list else None
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        field = tp.model_fields.get(element)
        return field.annotation if field is not None else None
    if origin in (typing.Union, types.UnionType):
        for member in typing.get_args(tp):
            if not (isinstance(member, type) and issubclass(member, BaseModel)):
                continue
            if element in (_tag_of(member, "op"), _tag_of(member, "kind")):
                return member
    if origin is dict:
        return typing.get_args(tp)[1]
    return None


def _allowed_fields(loc: Sequence[str | int]) -> list[str]:
    """Field names of the model that holds loc's last element, for a 'did you mean' hint."""
    tp: Any = Fighter
    for element in loc:
        tp = _step(tp, element)
        if tp is None:
            return []
    tp = _unwrap(tp)
    return list(tp.model_fields) if isinstance(tp, type) and issubclass(tp, BaseModel) else []


def _locate(raw: Any, loc: Sequence[str | int]) -> tuple[str | None, list[str]]:
    """Split a pydantic location into the card it is in and a dotted field path without union tags."""
    card: str | None = None
    node: Any = raw
    rest = list(loc)
    if len(rest) >= 2 and rest[0] == "cards" and isinstance(rest[1], int):
        index = rest[1]
        cards = raw.get("cards") if isinstance(raw, dict) else None
        node = cards[index] if isinstance(cards, list) and index < len(cards) else None
        card_id = node.get("id") if isinstance(node, dict) else None
        card = card_id if isinstance(card_id, str) and card_id else f"#{index}"
        rest = rest[2:]
    parts: list[str] = []
    for element in rest:
        is_tag = (
            isinstance(node, dict)
            and isinstance(element, str)
            and element not in node
            and element in (node.get("op"), node.get("kind"))
        )
        if is_tag:
            continue  # pydantic names the union member; the reader only cares about the data's own path
        parts.append(str(element))
        try:
            node = node[element]
        except (KeyError, IndexError, TypeError):
            node = None
    return card, parts


def _short(value: Any) -> str:
    """A value as the data holds it, short (``repr`` already escapes what cannot be printed)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _one(file: str, raw: Any, error: Any) -> Problem:
    """One pydantic error as a Problem at the data's own path (pydantic's English message is never used)."""
    card, parts = _locate(raw, error["loc"])
    found = from_pydantic(error)
    ctx = error.get("ctx") or {}
    if error["type"] in ("union_tag_invalid", "union_tag_not_found"):
        disc = str(ctx.get("discriminator", "op")).strip("'\"")
        parts.append(disc)
        expected = ", ".join(_TAGS.get(disc, []))
        if error["type"] == "union_tag_not_found":
            found = Problem("", "", Code.MISSING_KIND, {"choices": expected})
        else:
            found = Problem(
                "", "", Code.UNKNOWN_KIND, {"tag": printable(repr(ctx.get("tag")), 40), "choices": expected}
            )
    elif error["type"] not in ("missing", "extra_forbidden") and "input" in error:  # the value, for the author
        found = dataclasses.replace(found, values={**found.values, "got": _short(error["input"])})
    elif error["type"] == "extra_forbidden":
        name = str(error["loc"][-1])
        hint = difflib.get_close_matches(name, _allowed_fields(error["loc"][:-1]), n=1)
        if hint:
            found = Problem("", "", Code.EXTRA_HINT, {"name": printable(repr(name), 60), "hint": repr(hint[0])})
    return dataclasses.replace(found, file=file, field=printable(".".join(parts)), card=card or "")


def _validation_problems(file: str, raw: Any, exc: ValidationError) -> list[Problem]:
    return [_one(file, raw, error) for error in exc.errors(include_url=False)]


# --------------------------------------------------------------------------- cross-checks


def _walk(effects: Sequence[Effect], path: str) -> Iterator[tuple[str, Effect]]:
    """Every effect of a list, nested ones included, with its dotted path."""
    for i, effect in enumerate(effects):
        here = f"{path}.{i}"
        yield here, effect
        for branch in effect.children():
            yield from _walk(branch.effects, f"{here}.{branch.field}")


def _fighter_problems(file: str, stem: str, fighter: Fighter) -> list[Problem]:
    """The rules a single fighter file must keep that the models cannot express field by field."""
    problems: list[Problem] = []
    if fighter.id != stem:
        problems.append(_problem(file, None, "id", Code.FIGHTER_ID_FILE, id=repr(fighter.id)))
    copies = sum(c.copies for c in fighter.cards)
    if copies != DECK_SIZE:
        problems.append(_problem(file, None, "cards", Code.COPIES_TOTAL, count=copies, expected=DECK_SIZE))
    starting = [c.id for c in fighter.cards if c.starting]
    if len(starting) != 1:
        listed = f" ({', '.join(starting)})" if starting else ""
        problems.append(_problem(file, None, "cards", Code.STARTING_COUNT, count=len(starting), listed=listed))
    seen: set[str] = set()
    for card in fighter.cards:
        if not card.id.startswith(f"{fighter.id}."):
            problems.append(_problem(file, card.id, "id", Code.CARD_ID_PREFIX, prefix=repr(f"{fighter.id}.")))
        if card.id in seen:
            problems.append(_problem(file, card.id, "id", Code.DUPLICATE_CARD_ID))
        seen.add(card.id)
        lists = [("effects", card.effects), ("flipped_effects", card.flipped_effects or [])]
        for root, effects in lists:
            for path, effect in _walk(effects, root):
                cond = effect.cond if isinstance(effect, If) else None
                if isinstance(cond, CondShips) and cond.lo > cond.hi:
                    problems.append(_problem(file, card.id, f"{path}.cond", Code.EMPTY_SHIPS, lo=cond.lo, hi=cond.hi))
    problems.extend(_ownership_problems(file, fighter))
    if fighter.scheme_tokens and "scheme" in fighter.tokens:
        total = sum(t.copies for t in fighter.scheme_tokens)
        if total != fighter.tokens["scheme"]:
            expected = fighter.tokens["scheme"]
            problems.append(_problem(file, None, "scheme_tokens", Code.SCHEME_COPIES, total=total, expected=expected))
    for i, track in enumerate(fighter.health):
        if not 0 <= track.start_index < len(track.spaces):
            problems.append(_problem(file, None, f"health.{i}.start_index", Code.START_OUTSIDE))
        if track.revive_to_hp is not None and not any(sp.hp == track.revive_to_hp and not sp.ko for sp in track.spaces):
            field = f"health.{i}.revive_to_hp"
            problems.append(_problem(file, None, field, Code.REVIVE_NO_SPACE, hp=track.revive_to_hp))
    special = fighter.special_track
    if special is not None:
        if special.start >= special.size:
            problems.append(_problem(file, None, "special_track.start", Code.SPECIAL_START_OUTSIDE, size=special.size))
        for key in special.payouts:
            if not (key.isdigit() and int(key) < special.size):
                field = f"special_track.payouts.{key}"
                problems.append(_problem(file, None, field, Code.NOT_A_SPACE))
    return problems


def _not_yours(file: str, card: str | None, field: str, code: Code, what: str, owner: str, fighter: Fighter) -> Problem:
    """Another Fighter's mechanic (``what``, as the data names it) on this Fighter's board or cards."""
    return _problem(file, card, field, code, what=what, owner=owner, fighter=fighter.id)


def _ownership_problems(file: str, fighter: Fighter) -> list[Problem]:
    """Another Fighter's mechanic on this Fighter's board or cards would break the engine mid-game: what a Fighter
    may use is what its line in the registry lists (``tagteam.content.fighters``)."""
    mine = mechanics(fighter.id)
    problems: list[Problem] = []

    def effects(card: str | None, lists: list[tuple[str, Sequence[Effect]]]) -> None:
        for root, items in lists:
            for path, effect in _walk(items, root):
                owner = OP_OWNER.get(effect.op)
                if owner is not None and effect.op not in mine.ops:
                    problems.append(
                        _not_yours(file, card, f"{path}.op", Code.MECHANIC_OP, repr(effect.op), owner, fighter)
                    )
                for (name, value), owner in VALUE_OWNER.items():
                    if getattr(effect, name, None) == value and (name, value) not in mine.values:
                        what = f"{name} {value!r}"
                        problems.append(
                            _not_yours(file, card, f"{path}.{name}", Code.MECHANIC_VALUE, what, owner, fighter)
                        )
                cond = effect.cond if isinstance(effect, If) else None
                owner = COND_OWNER.get(cond.kind) if cond is not None else None
                if cond is not None and owner is not None and cond.kind not in mine.conds:
                    field = f"{path}.cond.kind"
                    problems.append(
                        _not_yours(file, card, field, Code.MECHANIC_CONDITION, repr(cond.kind), owner, fighter)
                    )

    for card in fighter.cards:
        effects(card.id, [("effects", card.effects), ("flipped_effects", card.flipped_effects or [])])
        flips = any(e.op == "flip_card" for _, e in _walk(card.effects, "effects"))
        if flips and card.flipped_effects is None:
            problems.append(_problem(file, card.id, "flipped_effects", Code.FLIP_MISSING))
    for i, token in enumerate(fighter.scheme_tokens):
        effects(None, [(f"scheme_tokens.{i}.effects", token.effects)])
    if fighter.scheme_tokens and not mine.schemes:
        schemer = next((m.kind for m in REGISTRY.values() if m.schemes), "")
        problems.append(_not_yours(file, None, "scheme_tokens", Code.MECHANIC_SCHEMES, "", schemer, fighter))
    for name in fighter.tokens:
        owner = TOKEN_OWNER.get(name)
        if owner is not None and name not in mine.tokens:
            problems.append(_not_yours(file, None, f"tokens.{name}", Code.MECHANIC_TOKEN, repr(name), owner, fighter))
    for t, track in enumerate(fighter.health):
        for k, space in enumerate(track.spaces):
            for icon in space.icons:
                owner = ICON_OWNER.get(icon)
                if owner is not None and icon not in mine.icons:
                    field = f"health.{t}.spaces.{k}.icons"
                    problems.append(_not_yours(file, None, field, Code.MECHANIC_ICON, repr(icon), owner, fighter))
    kind = fighter.special_track.kind if fighter.special_track else None
    owner = SPECIAL_TRACK_OWNER.get(kind) if kind else None
    if kind and kind != mine.track:
        problems.append(
            _not_yours(file, None, "special_track.kind", Code.MECHANIC_TRACK, repr(kind), str(owner), fighter)
        )
    if mine.track and kind != mine.track:
        problems.append(
            _problem(file, None, "special_track", Code.NEEDS_TRACK, fighter=fighter.id, track=repr(mine.track))
        )
    return problems


# --------------------------------------------------------------------------- loading


def _read(path: Path) -> tuple[Fighter | None, list[Problem]]:
    """One file: parse, validate, cross-check; problems instead of exceptions."""
    file = _display(path)
    try:
        raw = read_json(path, max_bytes=MAX_FILE_BYTES, max_depth=MAX_DEPTH)
    except InputError as exc:  # the reader names the path as given; the problem names it like the others
        return None, [dataclasses.replace(exc.problem, file=file)]
    try:
        fighter = Fighter.model_validate(raw)
    except ValidationError as exc:
        return None, _validation_problems(file, raw, exc)
    return fighter, _fighter_problems(file, path.stem, fighter)


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _is_default(directory: Path) -> bool:
    return directory.resolve() == data_dir().resolve()


def check_content(path: Path | str | None = None) -> tuple[dict[str, Fighter], list[Problem]]:
    """Validate a fighter file or a directory; returns what loaded and every problem (never raises)."""
    target = data_dir() if path is None else Path(path)
    if not _is_dir(target):  # a file, or anything else: the reader says what it is (FIFO, link loop...)
        fighter, found = _read(target)
        return ({fighter.id: fighter} if fighter and not found else {}), found
    try:
        files = fighter_files(target)
    except OSError as exc:
        return {}, [_problem(_display(target), None, None, Code.CANNOT_LIST, why=printable(exc.strerror or exc))]
    problems: list[Problem] = []
    if not files:
        problems.append(_problem(_display(target), None, None, Code.NO_FIGHTER_FILES))
    elif _is_default(target) and len(files) != EXPECTED_FIGHTERS:
        problems.append(
            _problem(_display(target), None, None, Code.FIGHTER_COUNT, count=len(files), expected=EXPECTED_FIGHTERS)
        )
    fighters: dict[str, Fighter] = {}
    owner: dict[str, str] = {}
    for file in files:
        fighter, found = _read(file)
        problems.extend(found)
        if fighter is None:
            continue
        for card in fighter.cards:
            other = owner.get(card.id)
            if other is not None and other != _display(file):
                problems.append(_problem(_display(file), card.id, "id", Code.CARD_ID_ELSEWHERE, other=other))
            owner.setdefault(card.id, _display(file))
        if not found:
            fighters[fighter.id] = fighter
    for file in locale_files(target):  # each language's words, checked against the English data they translate
        unread = {f.stem for f in files} - set(fighters)
        problems.extend(check_texts(file, fighters, _display(file), unread)[1])
    return fighters, problems


def load_fighter(path: Path | str) -> Fighter:
    """One validated fighter; ContentError lists every problem of that file."""
    fighter, problems = _read(Path(path))
    if problems or fighter is None:
        raise ContentError(problems)
    return fighter


@functools.cache
def _load_default() -> dict[str, Fighter]:
    return _load_dir(data_dir())


def _load_dir(directory: Path) -> dict[str, Fighter]:
    fighters, problems = check_content(directory)
    if problems:
        raise ContentError(problems)
    return fighters


def load_all(path: Path | str | None = None) -> dict[str, Fighter]:
    """Every fighter of a directory by id (the packaged data by default, validated once and cached)."""
    if path is None:
        return dict(_load_default())  # a copy, so a caller cannot change the cached mapping
    return _load_dir(Path(path))


@functools.cache
def printed(lang: str) -> Printed:
    """The packaged card data's words in ``lang`` (``data/cards/locale/<lang>.json``; English words where it has
    none), checked once per process: a defect raises a ContentError naming the file and the field, as a defect
    of the fighter files does."""
    path = locale_file(lang, data_dir())
    if not path.is_file():
        return ENGLISH
    said, problems = check_texts(path, load_all(), _display(path))
    if problems:
        raise ContentError(problems)
    return said
