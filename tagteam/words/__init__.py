"""The words layer: every sentence a player reads is written here, from typed data, in the player's language.

Below this layer (the engine, the flow, the AI, the network) everything is data: events, claims, outcomes.
``from tagteam.words import _, ngettext`` is how a module of this layer, or a screen, asks for a sentence.
"""

from tagteam.words.lang import LANGUAGES, N_, NAMES, _, choose, language, ngettext, npgettext, pgettext, set_language
from tagteam.words.width import cells, fit

__all__ = [
    "LANGUAGES",
    "NAMES",
    "N_",
    "_",
    "cells",
    "choose",
    "fit",
    "language",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
]
