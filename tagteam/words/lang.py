"""The player's language: one gettext catalog at a time, chosen once at start-up (or from the command palette).

Every sentence a player reads is looked up here at the moment it is written, never at import time, so a
module-level table of words holds ``N_``-marked keys and calls ``_`` when it is used. English is the source
language: its catalog is the messages themselves. The compiled catalogs (``locale/<lang>/LC_MESSAGES/tagteam.mo``)
are built from the ``.po`` files by ``python -m tagteam.words.catalogs compile`` and by the wheel's build hook.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

from tagteam.content.choices import LANGUAGES
from tagteam.words.french import Phrase
from tagteam.words.seats import DEFAULT_SEATS, TUTOR_NAME

__all__ = ["LANGUAGES", "NAMES", "N_", "_", "choose", "language", "ngettext", "npgettext", "pgettext", "set_language"]

DOMAIN = "tagteam"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE = "en"
NAMES = {"en": "English", "fr": "Français", "xx": "Pseudo"}
ENV_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
FLAG_VAR = "TAGTEAM_LANG"  # --lang, passed on to the processes the game starts

_current = SOURCE
_tr: gettext.NullTranslations = gettext.NullTranslations()
_seats: tuple[str, ...] | None = None  # the seat names in the language in use, once asked for


def normalize(code: object) -> str | None:
    """``fr_CA.UTF-8`` -> ``fr``; None for anything that is not a language we have."""
    if not isinstance(code, str):
        return None
    base = code.strip().split(":")[0].split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in (*LANGUAGES, "xx") else None


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
    global _current, _tr, _seats
    lang = normalize(code) or SOURCE
    if lang == "xx":
        from tagteam.words.pseudo import PseudoTranslations

        _tr = PseudoTranslations()
    elif lang == SOURCE:
        _tr = gettext.NullTranslations()
    else:
        _tr = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)
    _current = lang
    _seats = None
    return lang


def language() -> str:
    """The language in use now (``en``, ``fr``, or ``xx`` in tests)."""
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


def seat_words() -> tuple[str, ...]:
    """The default seat names and the tutor's, in the reader's language ("Joueur 1", "Joueur 2", "Tuteur"): French
    gives them an article after a preposition (``tagteam.words.french.seat_articles``)."""
    global _seats
    if _seats is None:
        _seats = tuple(_tr.gettext(name) for name in (*DEFAULT_SEATS, TUTOR_NAME))
    return _seats


def _said(text: str) -> str:
    """A French sentence contracts "de Le …" when its fields are filled in (``tagteam.words.french``)."""
    if _current == "fr":
        return Phrase(text, seat_words())
    return text
