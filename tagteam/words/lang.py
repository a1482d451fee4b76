"""The player's language: one gettext catalog at a time, chosen once at start-up (or from the command palette).

Every sentence a player reads is looked up here at the moment it is written, never at import time, so a
module-level table of words holds ``N_``-marked keys and calls ``_`` when it is used. English is the source
language: its catalog is the messages themselves. The compiled catalogs (``locale/<lang>/LC_MESSAGES/tagteam.mo``)
are built from the ``.po`` files by ``python -m tagteam.words.catalogs compile`` and by the wheel's build hook.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from tagteam.content.choices import LANGUAGES, PSEUDO, SOURCE
from tagteam.words.grammar import NONE, Grammar, Sentence, grammar_of
from tagteam.words.seats import DEFAULT_SEATS, TUTOR_NAME

__all__ = [
    "LANGUAGES",
    "NAMES",
    "N_",
    "SOURCE",
    "_",
    "agree",
    "choose",
    "fill",
    "language",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
]

DOMAIN = "tagteam"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENV_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
FLAG_VAR = "TAGTEAM_LANG"  # --lang, passed on to the processes the game starts

_current = SOURCE
_tr: gettext.NullTranslations = gettext.NullTranslations()
_seats: tuple[str, ...] | None = None  # the seat names in the language in use, once asked for
_grammar: Grammar | None = None  # the language's grammar (``tagteam.words.grammar``), once asked for


def normalize(code: object) -> str | None:
    """``fr_CA.UTF-8`` -> ``fr``, ``pt-br`` -> ``pt_BR``: the language we have that a locale name asks for (the
    same code, else the same language in another region or script); None for anything else."""
    if not isinstance(code, str):
        return None
    name = code.strip().split(":")[0].split(".")[0].split("@")[0].replace("-", "_")
    ours = (*LANGUAGES, PSEUDO)
    by_case = {c.casefold(): c for c in ours}
    if name.casefold() in by_case:
        return by_case[name.casefold()]
    base = name.split("_")[0].casefold()
    return next((c for c in ours if c.split("_")[0].casefold() == base), None) if base else None


def choose(flag: str | None = None, saved: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``--lang``, then the saved setting, then the environment, then English.

    ``TAGTEAM_LANG`` stands for the flag in a process the game starts itself (a browser page's game), so a
    ``--lang`` given to ``tagteam serve`` reaches every page. Only ``flag`` (the app's own argument, as the
    tests pass it) may name the pseudo-locale: the environment and a saved setting speak a player's language."""
    env = os.environ if environ is None else environ
    for i, candidate in enumerate((flag, env.get(FLAG_VAR), saved)):
        code = normalize(candidate)
        if code is not None and (i == 0 or code in LANGUAGES):
            return code
    for var in ENV_VARS:
        value = env.get(var, "")
        if not value:
            continue
        if value in ("C", "POSIX") or value.startswith(("C.", "POSIX.")):
            return SOURCE
        for part in value.split(":"):  # LANGUAGE may list several, best first
            code = normalize(part)
            if code in LANGUAGES:
                return code
        return SOURCE  # the first variable set decides, as gettext itself reads them
    return SOURCE


def set_language(code: str) -> str:
    """Switch every later sentence to ``code`` (an unknown code is English); returns the language now in use."""
    global _current, _tr, _seats, _grammar
    lang = normalize(code) or SOURCE
    if lang == PSEUDO:
        from tagteam.words.pseudo import PseudoTranslations

        _tr = PseudoTranslations()
    elif lang == SOURCE:
        _tr = gettext.NullTranslations()
    else:
        _tr = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    _current = lang
    _seats = None
    _grammar = None
    return lang


def language() -> str:
    """The language in use now (one of ``LANGUAGES``, or the pseudo-locale in tests)."""
    return _current


def _(message: str) -> str:
    """``message`` in the player's language (the source text when the catalog has no entry)."""
    return _said(_tr.gettext(message))


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (module-level tables); ``_`` it when used."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` by the language's own plural rule (French: 0 and 1 are singular)."""
    return _said(_tr.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` told apart by ``context`` where one English word is two in another language."""
    return _said(_tr.pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context."""
    return _said(_tr.npgettext(context, singular, plural, n))


def agree(message: str, context: str | None) -> str:
    """``message`` as it agrees with the name it is about ("{fighter} was Incinerated": "Maman Brijit est
    incinérée"): told in ``context`` (a gender, from the card data's words: ``tagteam.words.names.agreement``)
    where the language's file gives one, else as it is. The catalogs' extractor adds the message once per
    context (``tagteam.content.texts.AGREEMENTS``), so the language's catalog translates each form."""
    return pgettext(context, message) if context else _(message)


def seat_words() -> tuple[str, ...]:
    """The default seat names and the tutor's, in the reader's language ("Joueur 1", "Joueur 2", "Tuteur"): a
    language's grammar may give them an article after a preposition (``tagteam.words.grammar``)."""
    global _seats
    if _seats is None:
        _seats = tuple(_tr.gettext(name) for name in (*DEFAULT_SEATS, TUTOR_NAME))
    return _seats


def grammar() -> Grammar:
    """The grammar of the language in use (its ``grammar.json``; none for the source language)."""
    global _grammar
    if _grammar is None:
        _grammar = NONE if _current in (SOURCE, PSEUDO) else grammar_of(_current, seat_words())
    return _grammar


def native_name(code: str) -> str:
    """A language's name in that language, as CLDR writes it ("Français", "Português (Brasil)")."""
    if code == PSEUDO:
        return "Pseudo"
    from babel import Locale, UnknownLocaleError

    try:
        said = Locale.parse(code).get_display_name(code) or code
    except (UnknownLocaleError, ValueError):
        return code
    return said[:1].upper() + said[1:]


class _Names(Mapping[str, str]):
    """Every language's own name, by code (``NAMES["fr"]`` is "Français")."""

    def __getitem__(self, code: str) -> str:
        if code not in (*LANGUAGES, PSEUDO):
            raise KeyError(code)
        return native_name(code)

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


NAMES: Mapping[str, str] = _Names()


def fill(template: str, /, *args: Any, **fields: Any) -> str:
    """``template`` (a sentence from the catalog) with its fields filled in by the grammar of the language in use
    (``tagteam.words.grammar``): the one way a sentence is filled in; ``str.format`` on a catalog's sentence
    comes here too."""
    return grammar().fill(template, args, fields)


def _said(text: str) -> str:
    """A sentence of a language whose grammar works when its fields are filled in is a ``Sentence``."""
    rules = grammar()
    return Sentence(text, rules) if rules.at_format else text
