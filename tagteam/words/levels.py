"""The bot levels in words: each level's name, and for the practice chooser one line on how it plays.

The lines say what docs/ai.md describes and what benchmarks/arena_report.md measured (1,000 seat-swapped games
a pair: Normal 65.0% against Easy, Hard 63.6% against Normal, so "about 2 games in 3"; Easy 78.8% against
Beginner, "about 4 games in 5", ``tagteam.play.stats.ARENA``); Expert's line says
only what it does, since it was measured against habit players, never head to head against Hard.
"""

from __future__ import annotations

from tagteam.words.lang import N_, _

NAMES = {  # one per level of tagteam.ai.levels.TABLE (tests/words/test_levels.py checks it)
    "random": N_("Random"),
    "beginner": N_("Beginner"),
    "easy": N_("Easy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}
HOW = {  # one per level a player is offered
    "beginner": N_(
        "Easy's rules of thumb without its playthroughs, and not always their best option: "
        "a first opponent to beat; Easy beats it about 4 games in 5."
    ),
    "easy": N_("Rules of thumb for each card, checked by two quick playthroughs."),
    "normal": N_("Plays each option out against 24 guesses at your hidden cards; beats Easy about 2 games in 3."),
    "hard": N_(
        "Also foresees your likely reply and mixes its choices; beats Normal about 2 games in 3, "
        "thinking up to a second a Build."
    ),
    "expert": N_("Plays as Hard and learns your habits during the game, such as where you put your new card."),
}


def name(level: str) -> str:
    """A level as the player reads it (Facile, Normal...): the one place a level is named, in every screen,
    notice and table; an unknown code (a measurement opponent) as it is, capitalised."""
    return _(NAMES[level]) if level in NAMES else level.capitalize()


def how(level: str) -> str:
    """One line on how the level plays ("" for a level the chooser does not offer)."""
    return _(HOW[level]) if level in HOW else ""


def heading() -> str:
    return _("Practise against the computer: choose a level")


def hint() -> str:
    from tagteam.ai.levels import OFFERED

    return _("1 to {last} starts that level at once; ↑↓ then Enter, or a click, starts the one marked ▶.").format(
        last=len(OFFERED)
    )


def last_choice() -> str:
    return _("(your last choice)")
