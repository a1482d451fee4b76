"""Numbers and dates as the reader's language writes them, by CLDR's rules (Babel): 35,716 and 6.80 in English,
35 716 (a narrow no-break space) and 6,80 in French; a date as 2026-12-07 18:35, or 07/12/2026 18:35 where the
language's grammar file asks for its own form. No language is named here: Babel knows each one's rules."""

from __future__ import annotations

import datetime
from functools import cache
from typing import Any

from tagteam.content.choices import SOURCE
from tagteam.words.lang import grammar, language


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


def when(timestamp: float, time_of_day: bool = True) -> str:
    """A moment (seconds since the epoch) in local time: the day, and the hour and minute unless told not to."""
    moment = datetime.datetime.fromtimestamp(timestamp)
    if grammar().data.dates != "cldr":
        return moment.strftime("%Y-%m-%d %H:%M" if time_of_day else "%Y-%m-%d")
    from babel.dates import format_date, format_datetime

    locale = _locale(language())
    if time_of_day:
        return str(format_datetime(moment, "short", locale=locale))
    return str(format_date(moment, "short", locale=locale))
