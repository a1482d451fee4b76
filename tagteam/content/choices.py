"""What a player may choose outside the card data: the practice levels offered and the languages. Plain data,
low in the house: the settings file is checked against it (``tagteam.store.settings``) below the words that
name the levels and the languages, and the game's modes (``tagteam.play.modes``) offer the same levels."""

from __future__ import annotations

BOT_LEVELS = ("easy", "normal", "hard", "expert")  # the levels a player is offered (tagteam.ai also has "random")
LANGUAGES: tuple[str, ...] = ("en", "fr")  # what a player may choose; "xx" is the pseudo-locale of the tests
