"""Grammar that differs by language, as data: each language's ``locale/<lang>/grammar.json`` says it, this module
only follows it. No language is named here.

A sentence's fields are filled in only when the names are known, and some languages change the words around a
name then: French writes "d'Alice" for "de Alice", "du Petit Peuple" for "de Le Petit Peuple", "au Joueur 1"
for "à Joueur 1", "joue le Petit Peuple" mid-sentence. The grammar file lists the words that elide, the
letters a vowel sound begins with, the contractions, the articles a name may begin with, the article the
default seat names take after a preposition, whether a clause after a colon starts in lower case, and whether
dates are written in the language's own form (``tagteam.words.numbers``).

``fill(template, **fields)`` (``tagteam.words.lang``) is the one function that fills a sentence in:
``str.format`` with the language's rules applied at each field. A sentence from the catalog of such a language
is a ``Sentence``, whose ``format`` is ``fill``, so the game's ``_("...").format(...)`` gets the rules too; a
language whose file asks for nothing at format time gets plain strings.
"""

from __future__ import annotations

import json
import re
import string
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Literal

from tagteam.ground.problems import Problem, ProblemError, from_pydantic

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
GRAMMAR_FILE = "grammar.json"


@dataclass(frozen=True)
class GrammarData:
    """A language's ``grammar.json`` (every field optional: an empty file is a language that needs none of it).
    Checked by pydantic when read (``check_grammar``), loaded only then: the title screen loads no pydantic."""

    __pydantic_config__ = {"extra": "forbid", "strict": True}  # noqa: RUF012 - pydantic reads it as a class value

    elide: tuple[str, ...] = ()
    """Words written with ``elide_mark`` instead of their last letter before a vowel sound ("de" -> "d'")."""
    elide_mark: str = "'"
    vowels: str = ""
    """The first letters of a vowel sound, lower case, without accents ("aeiouh")."""
    y_before_consonant: bool = False
    """Whether "y" then a consonant is a vowel sound ("d'Yves", but "de Yann")."""
    contractions: Mapping[str, str] = field(default_factory=dict)
    """A preposition and an article, lower case, -> the one word they make ("de le": "du")."""
    articles: tuple[str, ...] = ()
    """The articles a Fighter's printed name may begin with, as printed ("Le"): lower case mid-sentence."""
    seat_article: str = ""
    """The article the default seat names ("Joueur 1", "Tuteur") take after a preposition ("le": "au Joueur 1")."""
    seat_subject: bool = False
    """Whether a default seat name that begins a clause takes ``seat_article`` ("Le Joueur 1 révèle…")."""
    seat_after: tuple[str, ...] = ()
    """Prepositions after which a default seat name takes ``seat_article`` ("pour le Joueur 1")."""
    lower_after_colon: bool = False
    """A clause of ours after a colon begins in lower case ("Bilan : ce qui a compté : manche 2")."""
    dates: Literal["iso", "cldr"] = "iso"
    """How dates are written: "iso" (2026-12-07 18:35) or "cldr", the language's own short form by CLDR's
    rules (07/12/2026 18:35)."""


def grammar_path(lang: str) -> Path:
    return LOCALE_DIR / lang / GRAMMAR_FILE


def check_grammar(path: Path) -> tuple[GrammarData, list[Problem]]:
    """A grammar file read and checked: what it says (nothing on a fault) and its problems, naming the field."""
    from pydantic import TypeAdapter, ValidationError

    from tagteam.ground.jsonfile import InputError, display, read_json

    try:
        raw = read_json(path, max_bytes=64_000, max_depth=4)  # bounded, then checked as JSON (lists: tuples)
        return TypeAdapter(GrammarData).validate_json(json.dumps(raw)), []
    except InputError as exc:
        return GrammarData(), [Problem(display(path), exc.problem.field, exc.problem.code, exc.problem.values)]
    except ValidationError as exc:
        return GrammarData(), [from_pydantic(e, file=display(path)) for e in exc.errors(include_url=False)]


@dataclass(frozen=True)
class Grammar:
    """A language's rules, with the patterns they make (built once per language)."""

    data: GrammarData = field(default_factory=GrammarData)
    seats: tuple[str, ...] = ()  # the default seat names as this language says them ("Joueur 1", "Tuteur")
    lang: str = ""  # whose card data names the Fighters (``_groups``)

    @property
    def at_format(self) -> bool:
        """Whether filling a sentence in changes anything in this language."""
        d = self.data
        return bool(d.elide or d.contractions or d.articles)

    @cached_property
    def _before_field(self) -> re.Pattern[str] | None:
        words = [w for e in self.data.elide for w in (e, e.capitalize())]
        if not words:
            return None
        return re.compile(r"(?:^|(?<=[\s(«]))(" + "|".join(map(re.escape, words)) + ") $")

    @cached_property
    def _contract(self) -> re.Pattern[str] | None:
        pairs = [k.split(" ", 1) for k in self.data.contractions if " " in k]
        if not pairs:
            return None
        preps = sorted({w for p, _a in pairs for w in (p, p.capitalize())}, key=len, reverse=True)
        arts = sorted({w for _p, a in pairs for w in (a, a.capitalize())}, key=len, reverse=True)
        alt = "|".join
        return re.compile(rf"(?<!\w)({alt(map(re.escape, preps))}) ({alt(map(re.escape, arts))}) (?=\w)")

    @cached_property
    def _seat(self) -> re.Pattern[str] | None:
        art = self.data.seat_article
        preps = [k.split(" ", 1)[0] for k in self.data.contractions if k.endswith(f" {art}")] if art else []
        if not preps or not self.seats:
            return None
        words = sorted({w for p in preps for w in (p, p.capitalize())}, key=len, reverse=True)
        names = "|".join(map(re.escape, self.seats))
        return re.compile(rf"(?<!\w)({'|'.join(map(re.escape, words))}) (?=(?:{names})(?!\w))")

    @cached_property
    def _joints(self) -> tuple[str, ...]:
        """The articles as they join a name: "Le " (then a space), or "L'" (elided, joined to the name)."""
        mark = self.data.elide_mark
        return tuple(a if a.endswith(mark) else f"{a} " for a in self.data.articles)

    @cached_property
    def _groups(self) -> re.Pattern[str] | None:
        """The Fighters and Characters whose printed name begins with an article ("Le Petit Peuple", "La Fée",
        "L'Elfe"): the article is a word of the sentence mid-sentence. Read from the card data the first time a
        sentence may need it."""
        names = _group_names(self.lang) if self._joints and self.lang else ()
        rests = {n[len(j) :] for n in names for j in self._joints if n.startswith(j) and len(n) > len(j)}
        if not rests:
            return None
        articles = "|".join(map(re.escape, self._joints))
        return re.compile(
            rf"(?<= )({articles})(?=(?:{'|'.join(map(re.escape, sorted(rests, key=len, reverse=True)))})\b)"
        )

    def vowel_sound(self, name: str) -> bool:
        """Whether ``name`` begins with a vowel sound: a listed letter, accents aside ("É", "Œ"), or a "y" before
        a consonant where the file says so."""
        letters = [c for c in unicodedata.normalize("NFD", name[:3].casefold()) if not unicodedata.combining(c)]
        if not letters or not self.data.vowels:
            return False
        if letters[0] == "y" and self.data.y_before_consonant:
            return len(letters) > 1 and letters[1].isalpha() and letters[1] not in self.data.vowels + "y"
        return letters[0] in self.data.vowels

    def elided(self, word: str, name: str) -> str:
        """``word`` then ``name``, the word elided where the language does: "d'Alice", but "de Bob"; a name
        that begins with an article the word contracts with is left for ``contract`` (Italian "di Il": "del")."""
        article = name.split(" ", 1)[0].casefold()
        if f"{word.casefold()} {article}" in self.data.contractions:
            return f"{word} {name}"
        if word.casefold() in self.data.elide and self.vowel_sound(name):
            return f"{word[:-1]}{self.data.elide_mark}{name}"
        return f"{word} {name}"

    def contract(self, text: str) -> str:
        """``text`` with a preposition and an article made one word ("de Le X" -> "du X"), and a group Fighter's
        article in lower case mid-sentence ("joue le Petit Peuple"; it stays at the start and after ":")."""
        pattern = self._contract
        if pattern is not None:

            def one(m: re.Match[str]) -> str:  # a pair the file does not list ("contra a") is left as it is
                form = self.data.contractions.get(f"{m.group(1).lower()} {m.group(2).lower()}")
                if form is None:
                    return m.group(0)
                return (form.capitalize() if m.group(1)[0].isupper() else form) + " "

            text = pattern.sub(one, text)
        if not any(f" {j}" in text for j in self._joints):
            return text
        groups = self._groups
        if groups is None:
            return text

        def lower(m: re.Match[str]) -> str:  # after a word in lower case or a team's "+" or ",": mid-sentence
            before = text[m.start() - 2] if m.start() >= 2 else ""
            mid = before.islower() or before in ",+"
            return m.group(1).lower() if mid else m.group(1)

        return groups.sub(lower, text)

    @cached_property
    def _seat_more(self) -> re.Pattern[str] | None:
        """A default seat name that begins a clause and is its subject (a lower-case word follows), or that
        follows one of ``seat_after``."""
        art, names = self.data.seat_article, "|".join(map(re.escape, self.seats))
        if not art or not names or not (self.data.seat_subject or self.data.seat_after):
            return None
        parts = []
        if self.data.seat_subject:
            parts.append(rf"(?:^|(?<=[.;:!?,] ))(?P<subject>{names}) (?=[a-zà-ÿ])")
        if self.data.seat_after:
            words = "|".join(map(re.escape, sorted(self.data.seat_after, key=len, reverse=True)))
            parts.append(rf"(?<!\w)(?P<prep>{words}) (?P<name>{names})(?!\w)")
        return re.compile("|".join(parts))

    def _more_articles(self, text: str) -> str:
        pattern = self._seat_more
        if pattern is None:
            return text
        art = self.data.seat_article

        def one(m: re.Match[str]) -> str:
            if "prep" in pattern.groupindex and m.group("prep"):
                return f"{m.group('prep')} {art} {m.group('name')}"
            start = m.start()
            head = (
                start == 0 or text[start - 2] in ".!?" or (text[start - 2] == ":" and not self.data.lower_after_colon)
            )
            return f"{art.capitalize() if head else art} {m.group('subject')} "

        return pattern.sub(one, text)

    def seat_articles(self, text: str) -> str:
        """``text`` with the default seat names' article after a preposition ("au Joueur 1", "du Tuteur",
        "pour le Joueur 1") and as a clause's subject ("Le Joueur 1 révèle…"); a name a player typed is left
        as typed."""
        pattern = self._seat
        if pattern is None or not any(w in text for w in self.seats):
            return text
        text = self._more_articles(text)

        def one(m: re.Match[str]) -> str:
            form = self.data.contractions[f"{m.group(1).lower()} {self.data.seat_article}"]
            return (form.capitalize() if m.group(1)[0].isupper() else form) + " "

        return pattern.sub(one, text)

    def joined(self, left: str, right: str) -> str:
        """``left`` then ``right`` as one text, with the rules applied where they meet and over the whole."""
        before = self._before_field.search(left) if self._before_field is not None and right else None
        if before is not None:
            left = left[: before.start()] + self.elided(before.group(1), right)[: -len(right)]
        return self.contract(self.seat_articles(left + right))

    def fill(self, template: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
        return self.contract(self.seat_articles(_Filler(self).vformat(template, args, kwargs)))


class _Filler(string.Formatter):
    """``str.format``, eliding the word before a field for the value filled in ("de {player}": "d'Alice")."""

    def __init__(self, grammar: Grammar) -> None:
        self.grammar = grammar

    def vformat(self, format_string: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
        before_field = self.grammar._before_field
        out: list[str] = []
        auto = 0
        for literal, name, spec, conversion in self.parse(format_string):
            if name is None:
                out.append(literal)
                continue
            if name == "":
                name, auto = str(auto), auto + 1
            value, _key = self.get_field(name, args, kwargs)
            value = self.format_field(self.convert_field(value, conversion), self.vformat(spec or "", args, kwargs))
            before = before_field.search(literal) if before_field is not None else None
            joined = before is not None and (before.start() > 0 or not out or out[-1][-1:] in ("", " ", "(", "«"))
            if before is not None and joined:  # "de " then the value: "d'Alice" (elided), or left as it is
                literal = literal[: before.start()] + self.grammar.elided(before.group(1), value)[: -len(value) or None]
            out.append(literal + value)
        return "".join(out)


class Sentence(str):
    """A sentence from the catalog of a language whose grammar works at format time: ``format`` is ``fill``."""

    grammar: Grammar

    def __new__(cls, text: str, grammar: Grammar) -> Sentence:
        sentence = super().__new__(cls, text)
        sentence.grammar = grammar
        return sentence

    def format(self, *args: Any, **kwargs: Any) -> str:
        return self.grammar.fill(self, args, kwargs)

    def format_map(self, mapping: Any, /) -> str:  # a mapping: a dict whose __missing__ fills a gap too
        return self.grammar.fill(self, (), mapping)

    def __add__(self, other: str) -> Sentence:
        """``sentence + text`` is the sentence with ``text`` filled in at its end: the grammar applies there too
        ("di " + "Alice": "d'Alice"), so ``+`` is no way around it."""
        if not isinstance(other, str):
            return NotImplemented
        return Sentence(self.grammar.joined(str(self), str(other)), self.grammar)

    def __radd__(self, other: str) -> Sentence:
        """``text + sentence``: Python asks the sentence first (a ``str`` subclass), so the grammar applies."""
        if not isinstance(other, str):
            return NotImplemented
        return Sentence(self.grammar.joined(str(other), str(self)), self.grammar)


NONE = Grammar()


@cache
def _data(lang: str) -> GrammarData:
    path = grammar_path(lang)
    if not path.is_file():
        return GrammarData()
    data, problems = check_grammar(path)
    if problems:
        raise ProblemError(problems)
    return data


def grammar_of(lang: str, seats: tuple[str, ...] = ()) -> Grammar:
    """``lang``'s grammar (none when it has no file), knowing its seat names and its Fighters' printed names."""
    data = _data(lang)
    if data == GrammarData():
        return NONE
    return Grammar(data, seats, lang)


def _group_names(lang: str) -> tuple[str, ...]:
    """The Fighters' and their Health tracks' names as ``lang`` prints them (the card data's words; a Fey Folk
    Character is a track), read when a grammar needs them."""
    from tagteam.content.loader import load_all, printed

    said = printed(lang)
    return tuple(said.say("name", n) for f in load_all().values() for n in (f.name, *(t.name for t in f.health)))
