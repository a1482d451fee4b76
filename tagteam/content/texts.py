"""The card data's printed words in another language: one file per language, ``data/cards/locale/<lang>.json``.

The English fighter files are the one source of ids, numbers and effects; a language's file only says, by those
ids, how its players read the names, the card texts, the track names, the Scheme faces and the blurbs. Anything
it leaves out is printed in English, as a table with an untranslated card would have it. A new language is a new
file here, never a new field in the models (``docs``: CONTRIBUTING.md, "Adding a language").

Loaded and checked like the fighter files: every defect is a Problem naming the file and the field, so
``tagteam cards check`` prints one line each and exits 2.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError

from tagteam.content.models import Confidence, Fighter, Short, Text, _Strict
from tagteam.ground.jsonfile import InputError, display, read_json
from tagteam.ground.problems import Code, Problem, from_pydantic

LOCALE_FOLDER = "locale"  # beside the fighter files: data/cards/locale/fr.json
MAX_FILE_BYTES = 1_000_000  # twelve Fighters' words are ~60 kB
MAX_DEPTH = 8

__all__ = ["ENGLISH", "Printed", "check_texts", "locale_file", "locale_files"]


class CardWords(_Strict):
    """One card as this language prints it; ``name_confidence`` says where a printed name comes from."""

    name: Short | None = None
    name_confidence: Confidence = "UNKNOWN"
    text: Text | None = None
    flipped_text: Text | None = None


Gender = Literal["m", "f"]


class FighterWords(_Strict):
    """A Fighter board as this language prints it (``health``: the tracks' names, in the board's order; the
    blurb's ratings are read off the English ``profile``, so ``profile`` here is the blurb only).

    ``gender`` and ``plural`` say how the language's words agree with the Fighter's name ("Maman Brijit est
    incinérée"; ``plural`` counts with a ``gender`` only), ``health_gender`` the same for each track's name where
    a track is a Character (the Fey Folk's "Fée"); all optional: a language whose words never agree leaves them
    out, and its sentences are told without a context."""

    name: Short | None = None
    gender: Gender | None = None
    plural: bool = False
    health_gender: list[Gender | None] = Field(default=[], max_length=4)
    profile: Text | None = None
    health: list[Short | None] = Field(default=[], max_length=4)
    special_track: Short | None = None
    scheme_tokens: dict[Short, Text] = Field(default={}, max_length=20)
    cards: dict[Short, CardWords] = Field(default={}, max_length=20)


class LocaleTexts(_Strict):
    """A language's file: its words by Fighter id."""

    fighters: dict[Short, FighterWords] = Field(default={}, max_length=60)


@dataclasses.dataclass(frozen=True)
class Printed:
    """English printed words -> this language's, by kind (``name``: Fighters, tracks and cards; ``text``: card
    texts, flipped texts and Scheme faces; ``profile``: the blurbs). Keyed by the English words, so every
    caller that holds an English name (a model, an engine table, a saved record) finds the same translation;
    ``by_id`` keeps what is told per card id (a card's name and where it comes from)."""

    words: Mapping[tuple[str, str], str]
    cards: Mapping[str, CardWords]
    agreements: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """A Fighter's or a Character's English name -> how this language's words agree with it (``AGREEMENTS``)."""

    def say(self, kind: str, english: str) -> str:
        return self.words.get((kind, english), english)

    def agreement(self, english: str) -> str | None:
        """The context a sentence about ``english`` (a Fighter's or a Character's name) is told in, or None
        when this language's file says nothing of it."""
        return self.agreements.get(english)


ENGLISH = Printed({}, {})

# The contexts (gettext's ``pgettext``) a sentence that agrees with a name is told in: a gender, and whether the
# name is a group ("plural"). The catalog of a language with genders translates each; English says each alike.
AGREEMENTS: dict[tuple[str, bool], str] = {
    ("m", False): "masculine",
    ("f", False): "feminine",
    ("m", True): "masculine plural",
    ("f", True): "feminine plural",
}


def agreement(gender: str | None, plural: bool) -> str | None:
    return AGREEMENTS.get((gender, plural)) if gender is not None else None


def locale_files(directory: Path) -> list[Path]:
    """Every language's file of a card data folder."""
    folder = directory / LOCALE_FOLDER
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def _problem(file: str, field: str, code: Code, **values: str | int) -> Problem:
    return Problem(file, field, code, values)


def check_texts(
    path: Path, fighters: Mapping[str, Fighter], file: str, unread: Collection[str] = ()
) -> tuple[Printed, list[Problem]]:
    """One language's file checked against the English ``fighters``; what it says, and every problem (each
    naming the file as ``file``). A Fighter in ``unread`` has a file that did not load (its own problems are
    told): its words are not checked, rather than all said to be unknown."""
    try:
        raw = read_json(path, max_bytes=MAX_FILE_BYTES, max_depth=MAX_DEPTH)
    except InputError as exc:
        return ENGLISH, [dataclasses.replace(exc.problem, file=file)]
    try:
        texts = LocaleTexts.model_validate(raw)
    except ValidationError as exc:
        return ENGLISH, [dataclasses.replace(from_pydantic(e), file=file) for e in exc.errors(include_url=False)]
    problems: list[Problem] = []
    words: dict[tuple[str, str], str] = {}
    cards: dict[str, CardWords] = {}
    agreements: dict[str, str] = {}

    def agree(field: str, english: str | None, context: str | None) -> None:
        if context is None:
            return
        if english is None:
            problems.append(_problem(file, field, Code.NOT_IN_CARD_DATA))
        elif agreements.setdefault(english, context) != context:
            problems.append(_problem(file, field, Code.TOLD_TWICE, english=display(english)))

    def put(field: str, kind: str, english: str | None, local: str | None) -> None:
        if english is None or local is None:
            if local is not None:
                problems.append(_problem(file, field, Code.NOT_IN_CARD_DATA))
            return
        if words.setdefault((kind, english), local) != local:
            problems.append(_problem(file, field, Code.TOLD_TWICE, english=display(english)))

    for fid, said in texts.fighters.items():
        at = f"fighters.{fid}"
        fighter = fighters.get(fid)
        if fighter is None:
            if fid not in unread:
                problems.append(_problem(file, at, Code.NOT_IN_CARD_DATA))
            continue
        put(f"{at}.name", "name", fighter.name, said.name)
        agree(f"{at}.gender", fighter.name, agreement(said.gender, said.plural))
        for i, gender in enumerate(said.health_gender):
            track = fighter.health[i] if i < len(fighter.health) else None
            agree(f"{at}.health_gender.{i}", track.name if track else None, agreement(gender, False))
        put(f"{at}.profile", "profile", fighter.profile or None, said.profile)
        for i, name in enumerate(said.health):
            track = fighter.health[i] if i < len(fighter.health) else None
            put(f"{at}.health.{i}", "name", track.name if track else None, name)
        special = fighter.special_track
        put(f"{at}.special_track", "name", special.name if special else None, said.special_track)
        tokens = {t.id: t for t in fighter.scheme_tokens}
        for tid, text in said.scheme_tokens.items():
            token = tokens.get(tid)
            put(f"{at}.scheme_tokens.{tid}", "text", token.text if token else None, text)
        by_id = {c.id: c for c in fighter.cards}
        for cid, card_words in said.cards.items():
            card = by_id.get(cid)
            if card is None:
                problems.append(_problem(file, f"{at}.cards.{cid}", Code.NOT_IN_CARD_DATA))
                continue
            cards[cid] = card_words
            put(f"{at}.cards.{cid}.name", "name", card.name, card_words.name)
            put(f"{at}.cards.{cid}.text", "text", card.text, card_words.text)
            put(f"{at}.cards.{cid}.flipped_text", "text", card.flipped_text, card_words.flipped_text)
    return Printed(words, cards, agreements), problems


def locale_file(lang: str, directory: Path) -> Path:
    return directory / LOCALE_FOLDER / f"{lang}.json"
