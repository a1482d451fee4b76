"""French grammar that a catalog cannot hold: "de" or "à" before a name that starts with "Le" or "Les", and
"de", "que", "le", "la" before a name that starts with a vowel sound.

A French sentence says "la Rage de {fighter}"; with "Le Petit Peuple" the result must read "la Rage du Petit
Peuple", not "de Le Petit Peuple", and "En attente de {player}" with Alice must read "En attente d'Alice". The
name is only known when the sentence is filled in, so the sentence itself elides and contracts as it is
formatted: ``Phrase.format`` does what ``str.format`` does, with ``elided`` at each field, then this.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

_CONTRACT = re.compile(r"\b([Dd]e|[Àà]) (Les|Le|les|le) (?=\w)")
_FORMS = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}


def contract(text: str) -> str:
    """``text`` with "de Le X" -> "du X", "à Les X" -> "aux X" (the preposition's capital kept)."""

    def one(m: re.Match[str]) -> str:
        prep, article = m.group(1), m.group(2)
        form = _FORMS[(prep.lower(), article.lower())]
        return (form.capitalize() if prep[0].isupper() else form) + " "

    return lower_articles(_CONTRACT.sub(one, text))


def seat_articles(text: str, words: Sequence[str]) -> str:
    """``text`` with the article French needs before a default seat name (``words``, as the catalog says them)
    after "à" or "de": "Passez le clavier au Joueur 1", "les Blocages du Tuteur". These names are words ("Joueur 1"
    is "le joueur numéro 1"); a name a player typed ("à Alice") is left as typed."""
    if not words or not any(w in text for w in words):
        return text
    pattern = re.compile(rf"\b([Dd]e|[Àà]) (?=(?:{'|'.join(map(re.escape, words))})(?!\w))")

    def one(m: re.Match[str]) -> str:
        form = _FORMS[(m.group(1).lower(), "le")]  # Joueur and Tuteur are masculine: du, au
        return (form.capitalize() if m.group(1)[0].isupper() else form) + " "

    return pattern.sub(one, text)


ARTICLES = ("Le", "La", "Les")
_MID_ARTICLE = re.compile(r"(?<=[a-zà-ÿ,+] )(Le|La|Les) (?=[A-ZÀ-Ý])")  # after a word (or a team's "+"), mid-sentence


@cache
def _group_names() -> re.Pattern[str] | None:
    """The Fighters whose French name begins with an article ("Le Petit Peuple", "Le Wild Bunch"), read from
    the card data once it is needed (a name mid-sentence means a game is loaded): the article is a word of
    the sentence there ("joue le Petit Peuple"). Card titles keep theirs ("Le Regard qui Tue")."""
    from tagteam.engine.table import library

    names = [fd.name_fr.split(" ", 1) for fd in library().values() if fd.name_fr]
    rests = sorted({words[1] for words in names if len(words) == 2 and words[0] in ARTICLES}, key=len, reverse=True)
    if not rests:
        return None
    return re.compile(rf"(?<=[a-zà-ÿ,+] )(Le|La|Les) (?=(?:{'|'.join(map(re.escape, rests))})\b)")


def lower_articles(text: str) -> str:
    """``text`` with a group Fighter's article in lower case mid-sentence: "sur le Petit Peuple", "Jeanne + le
    Wild Bunch" (at the start of a sentence, or after ":", it stays "Le Petit Peuple")."""
    if _MID_ARTICLE.search(text) is None:
        return text
    names = _group_names()
    return text if names is None else names.sub(lambda m: m.group(1).lower() + " ", text)


ELIDING = ("de", "que", "le", "la", "jusque", "lorsque", "puisque")  # the words French writes d', qu', l' ...
_BEFORE_FIELD = re.compile(r"(?:^|(?<=[\s(«]))(" + "|".join(w + "|" + w.capitalize() for w in ELIDING) + ") $")


def vowel_sound(name: str) -> bool:
    """Whether ``name`` starts with a vowel sound for elision: a vowel, accented or not (É, Î, Œ...), an h
    (taken as mute: "d'Hélène"), or a y before a consonant ("d'Yves", but "de Yann")."""
    letters = [c for c in unicodedata.normalize("NFD", name[:3].casefold()) if not unicodedata.combining(c)]
    if not letters:
        return False
    if letters[0] == "y":
        return len(letters) > 1 and letters[1].isalpha() and letters[1] not in "aeiouy"
    return letters[0] in "aeiouhœæ"


def elided(word: str, name: str) -> str:
    """``word`` then ``name`` as French writes them: "d'Alice", "qu'Yves", "l'Épée", but "de Bob" (``word``
    is one of ``ELIDING``, with or without its capital; any other word is only followed by a space)."""
    if word.casefold() in ELIDING and vowel_sound(name):
        return f"{word[:-1]}'{name}"
    return f"{word} {name}"


class _Eliding(string.Formatter):
    """``str.format``, eliding the word before a field for the value filled in ("de {player}": "d'Alice")."""

    def vformat(self, format_string: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> str:
        out: list[str] = []
        auto = 0
        for literal, field, spec, conversion in self.parse(format_string):
            if field is None:
                out.append(literal)
                continue
            if field == "":
                field, auto = str(auto), auto + 1
            value, _key = self.get_field(field, args, kwargs)
            value = self.format_field(self.convert_field(value, conversion), self.vformat(spec or "", args, kwargs))
            before = _BEFORE_FIELD.search(literal)
            joined = before is not None and (before.start() > 0 or not out or out[-1][-1:] in ("", " ", "(", "«"))
            if before is not None and joined:  # "de " then the value: "d'Alice" (elided), or left as it is
                literal = literal[: before.start()] + elided(before.group(1), value)[: -len(value) or None]
            out.append(literal + value)
        return "".join(out)


_ELIDING = _Eliding()


class Phrase(str):
    """A French sentence from the catalog: filling in its fields also elides "de Alice" and contracts "de Le"
    and "à Le", and gives the default seat names (``seats``, in French) their article."""

    seats: tuple[str, ...]

    def __new__(cls, text: str, seats: tuple[str, ...] = ()) -> Phrase:
        phrase = super().__new__(cls, text)
        phrase.seats = seats
        return phrase

    def format(self, *args: Any, **kwargs: Any) -> str:
        return contract(seat_articles(_ELIDING.vformat(self, args, kwargs), self.seats))

    def format_map(self, mapping: Any, /) -> str:  # a mapping: a dict whose __missing__ fills a gap too
        return contract(seat_articles(_ELIDING.vformat(self, (), mapping), self.seats))
