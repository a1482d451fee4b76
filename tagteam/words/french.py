"""French grammar that a catalog cannot hold: "de" or "à" before a name that starts with "Le" or "Les".

A French sentence says "la Rage de {fighter}"; with "Le Petit Peuple" the result must read "la Rage du Petit
Peuple", not "de Le Petit Peuple". The name is only known when the sentence is filled in, so the sentence
itself contracts as it is formatted: ``Phrase.format`` does what ``str.format`` does, then this.
"""

from __future__ import annotations

import re
from typing import Any

_CONTRACT = re.compile(r"\b([Dd]e|[Àà]) (Les|Le|les|le) (?=\w)")
_FORMS = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}


def contract(text: str) -> str:
    """``text`` with "de Le X" -> "du X", "à Les X" -> "aux X" (the preposition's capital kept)."""

    def one(m: re.Match[str]) -> str:
        prep, article = m.group(1), m.group(2)
        form = _FORMS[(prep.lower(), article.lower())]
        return (form.capitalize() if prep[0].isupper() else form) + " "

    return _CONTRACT.sub(one, text)


class Phrase(str):
    """A French sentence from the catalog: filling in its fields also contracts "de Le" and "à Le"."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        return contract(str.format(self, *args, **kwargs))
