"""The words layer: every sentence a player reads is written here, from typed data, in the player's language.

Below this layer (the engine, the flow, the AI, the network) everything is data: events, claims, outcomes.
``from tagteam.words import _, ngettext`` is how a module of this layer, or a screen, asks for a sentence.
"""

from typing import TYPE_CHECKING, Any

from tagteam.words.lang import LANGUAGES, N_, NAMES, _, choose, language, ngettext, npgettext, pgettext, set_language

if TYPE_CHECKING:
    from tagteam.words.width import cells, fit


def __getattr__(name: str) -> Any:
    """``cells`` and ``fit`` are loaded when first asked for: they need rich, which the core (the engine, the
    flow, saves) must not import just to look up a sentence."""
    if name in ("cells", "fit"):
        from tagteam.words import width

        return getattr(width, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
