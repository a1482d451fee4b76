"""What a player may choose outside the card data: the languages (the levels are ``tagteam.ai.levels``). Plain
data, low in the house: the settings file is checked against it (``tagteam.store.settings``) below the words
that name the languages."""

from __future__ import annotations

LANGUAGES: tuple[str, ...] = ("en", "fr")  # what a player may choose; "xx" is the pseudo-locale of the tests
