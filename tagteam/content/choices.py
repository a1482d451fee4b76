"""What a player may choose outside the card data: the languages (the levels are ``tagteam.ai.levels``). Plain
data, low in the house: the settings file is checked against it (``tagteam.store.settings``) below the words
that name the languages."""

from __future__ import annotations

# The languages a player may choose, one line each: a code as CLDR (and so Babel) knows it ("pt_BR", "zh_Hans").
# Everything else about a language is data (CONTRIBUTING.md, "Adding a language"); no code names one.
LANGUAGES: tuple[str, ...] = (
    "en",
    "fr",
    "pt",
    "zh",
)
SOURCE = "en"  # the language the game is written in: its catalog is the messages themselves
PSEUDO = "xx"  # the tests' pseudo-locale (tagteam.words.pseudo): never offered to a player
