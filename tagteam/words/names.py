"""Names and texts printed on the game's components, in the player's language.

Card and Fighter names, card texts and board texts are data: the English fighter files (``data/cards``), and
for every other language its own file of words (``data/cards/locale/<lang>.json``, ``tagteam.content.texts``),
loaded for the language in use. They are not in the gettext catalog: the card data is their one place. A
component a language's file leaves out keeps its English words, as a player's table would have it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tagteam.words.lang import N_, agree, language
from tagteam.words.seats import DEFAULT_SEATS, TUTOR_NAME

if TYPE_CHECKING:
    from tagteam.content.texts import Printed

ACTIVE_MARK = N_("▶ ACTIVE")  # the boards' mark of the last Turn's Active Fighter; lessons name it too

# The kind of words a field holds (``tagteam.content.texts.Printed``): the same English words of one kind are
# translated once, wherever they are printed
_KINDS = {"name": "name", "special_name": "name", "text": "text", "flipped_text": "text", "profile": "profile"}


def words(lang: str | None = None) -> Printed:
    """The card data's words in ``lang`` (the language in use by default), loaded when first asked for."""
    from tagteam.content.loader import printed

    return printed(language() if lang is None else lang)


def _local(thing: Any, field: str) -> str:
    """``thing.<field>`` (English, as the card data holds it) in the language in use."""
    english = str(getattr(thing, field))
    return words().say(_KINDS.get(field, field), english)


def in_language(kind: str, english: str, lang: str) -> str:
    """English printed words (a Fighter's or a card's name: ``kind`` "name") as ``lang`` prints them."""
    return words(lang).say(kind, english)


def agreement(thing: Any) -> str | None:
    """How the words of the language in use agree with a Fighter's or a Character's name (a gender context for
    ``tagteam.words.lang.agree``), or None when its card data says nothing (English, or a language without)."""
    return words().agreement(str(thing.name))


def active_mark(fighter: Any = None) -> str:
    """The boards' mark of an Active Fighter, agreeing with it where the language's words do ("▶ ACTIVE" for
    Jeanne); without a Fighter (several, or none known), the mark as the rules page prints it."""
    return agree("▶ ACTIVE", agreement(fighter) if fighter is not None else None)


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


def other_names(thing: Any, bare: bool = False) -> list[str]:
    """The name other languages print for a card or a Fighter, where it differs from the English one: shown
    beside the English name ("FR: Le Regard qui Tue"), for players who know the card by another name. ``bare``:
    the names alone, without their language's code."""
    from tagteam.content.choices import LANGUAGES
    from tagteam.words.lang import SOURCE, _

    out = []
    for lang in LANGUAGES:
        if lang in (SOURCE, language()):
            continue
        said = in_language("name", thing.name, lang)
        if said != thing.name:
            # TRANSLATORS: {code} is a language's code in capitals (FR, PT), {name} a card's name in that language
            out.append(said if bare else _("{code}: {name}").format(code=lang.split("_")[0].upper(), name=said))
    return out
