"""French texts with their no-break spaces read as plain spaces: the tests that check a French sentence's words
compare them so; ``tests/words/test_french_nbsp.py`` checks the spaces themselves."""

from __future__ import annotations


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")
