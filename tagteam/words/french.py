"""French grammar that a catalog cannot hold: "de" or "à" before a name that starts with "Le" or "Les".

A French sentence says "la Rage de {fighter}"; with "Le Petit Peuple" the result must read "la Rage du Petit
Peuple", not "de Le Petit Peuple". The name is only known when the sentence is filled in, so the sentence
itself contracts as it is formatted: ``Phrase.format`` does what ``str.format`` does, then this.
"""

from __future__ import annotations

import re
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


def seat_articles(text: str) -> str:
    """``text`` with the article French needs before a default seat name after "à" or "de": "Passez le clavier au
    Joueur 1", "les Blocages du Tuteur". These names are words ("Joueur 1" is "le joueur numéro 1"); a name a
    player typed ("à Alice") is left as typed."""
    from tagteam.words.names import seat_words

    words = seat_words()
    if not any(w in text for w in words):
        return text
    pattern = re.compile(rf"\b([Dd]e|[Àà]) (?=(?:{'|'.join(map(re.escape, words))})(?!\w))")

    def one(m: re.Match[str]) -> str:
        form = _FORMS[(m.group(1).lower(), "le")]  # Joueur and Tuteur are masculine: du, au
        return (form.capitalize() if m.group(1)[0].isupper() else form) + " "

    return pattern.sub(one, text)


ARTICLES = ("Le", "La", "Les")
_MID_ARTICLE = re.compile(r"(?<=[a-zà-ÿ,] )(Le|La|Les) (?=[A-ZÀ-Ý])")  # an article after a word, mid-sentence


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
    return re.compile(rf"(?<=[a-zà-ÿ,] )(Le|La|Les) (?=(?:{'|'.join(map(re.escape, rests))})\b)")


def lower_articles(text: str) -> str:
    """``text`` with a group Fighter's article in lower case mid-sentence: "sur le Petit Peuple" (at the start
    of a sentence, or after ":", it stays "Le Petit Peuple")."""
    if _MID_ARTICLE.search(text) is None:
        return text
    names = _group_names()
    return text if names is None else names.sub(lambda m: m.group(1).lower() + " ", text)


class Phrase(str):
    """A French sentence from the catalog: filling in its fields also contracts "de Le" and "à Le"."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        return contract(seat_articles(str.format(self, *args, **kwargs)))


# The recap's own clauses (tagteam.play.recap): each begins with a word of its sentence, never a name
CLAUSES = (
    "Round {round} · Turn {turn}",
    "What mattered most: {turn}",
    "Biggest HP swing: {change} this Fight.",
    "Biggest Power swing: {change} (it counts from the next Turn).",
    "Round {round}: no HP or Power changed hands.",
)


def after_colon(text: str) -> str:
    """``text`` put after a colon ("Bilan : ce qui a compté : manche 2 · Tour 3 : ..."): French writes no capital
    there unless a name begins it, so a recap clause's first word is lowered; a name (a Fighter, a player) and
    any other language are left as they are."""
    from tagteam.words.lang import _, language

    if language() != "fr" or not text[:1].isupper():
        return text
    first = text.split(" ", 1)[0]
    words = {_(clause).split(" ", 1)[0] for clause in CLAUSES}
    if first in words and "{" not in first:
        return text[0].lower() + text[1:]
    return text

