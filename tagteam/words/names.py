"""Names and texts printed on the game's components, in the player's language.

Card and Fighter names, card texts and board texts are data (``data/cards``), each with its French form where
one is known (with its source), so they are not in the gettext catalog: the card data is their one place. A
component without a French form keeps its English one, as a French player's table would have it.
"""

from __future__ import annotations

from typing import Any

from tagteam.words.lang import N_, language
from tagteam.words.seats import DEFAULT_SEATS, TUTOR_NAME

ACTIVE_MARK = N_("▶ ACTIVE")  # the boards' mark of the last Turn's Active Fighter; lessons name it too


def _local(thing: Any, field: str) -> str:
    """``thing.<field>_fr`` when the language is French and the data has one, else ``thing.<field>``."""
    if language() == "fr":
        local = getattr(thing, f"{field}_fr", None)
        if local:
            return str(local)
    return str(getattr(thing, field))


def card_name(card: Any) -> str:
    """A card's title (a content ``Card`` or an engine ``CardDef``)."""
    return _local(card, "name")


def card_text(card: Any, flipped: bool = False) -> str:
    """A card's rules text, or its upside-down text (Bödvar's flipped cards)."""
    return _local(card, "flipped_text" if flipped else "text")


def fighter_name(fighter: Any) -> str:
    """A Fighter's name (a content ``Fighter`` or an engine ``FighterDef``)."""
    return _local(fighter, "name")


def board_text(thing: Any, field: str) -> str:
    """Any other printed text of a board (a profile, a track's name, a token face), by its field name."""
    return _local(thing, field)


def track_name(track: Any) -> str:
    """A Health or special track's printed name (a content track or an engine ``TrackDef``)."""
    return _local(track, "name")


def scheme_text(token: Any) -> str:
    """One of Milady's Scheme token faces (a content ``SchemeToken`` or an engine ``SchemeDef``)."""
    return _local(token, "text")


def profile_text(fighter: Any) -> str:
    """A Fighter's playstyle blurb (the French one carries no ratings: they are read off the English)."""
    return _local(fighter, "profile")


def player_name(name: str) -> str:
    """A seat's name as this player reads it: a name someone typed is theirs and stays as typed; the default
    seat names and the tutor are words, said in the reader's language (a French host's "Player 2" reads
    "Joueur 2" on a French screen and "Player 2" on an English one)."""
    from tagteam.words.lang import N_, _

    words = {DEFAULT_SEATS[0]: N_("Player 1"), DEFAULT_SEATS[1]: N_("Player 2"), TUTOR_NAME: N_("Tutor")}
    return _(words[name]) if name in words else name


def player_names(players: Any) -> tuple[str, str]:
    """Both seats' names (a record's ``players``) for this reader (``player_name``)."""
    return player_name(players[0]), player_name(players[1])
