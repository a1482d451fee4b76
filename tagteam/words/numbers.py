"""Numbers as the reader's language writes them, by CLDR's rules (Babel): 35,716 and 6.80 in English, 35 716 (a
narrow no-break space) and 6,80 in French. No language is named here: Babel knows each one's separators."""

from __future__ import annotations

from functools import cache
from typing import Any

from tagteam.content.choices import SOURCE
from tagteam.words.lang import language


@cache
def _locale(code: str) -> Any:
    """Babel's locale for ``code`` (the source language's for a code CLDR does not know, the pseudo-locale's)."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE)


def grouped(n: float) -> str:
    """A whole number with its thousands grouped: 40,000; 40 000."""
    from babel.numbers import format_decimal

    return str(format_decimal(round(n), format="#,##0", locale=_locale(language())))


def decimal(x: float, places: int) -> str:
    """A number with exactly ``places`` decimals and no grouping: 6.80; 6,80."""
    from babel.numbers import format_decimal

    pattern = "0." + "0" * places if places > 0 else "0"
    return str(format_decimal(x, format=pattern, locale=_locale(language()), decimal_quantization=True))
