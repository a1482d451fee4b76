"""Lists in the player's language: one place, so the recap and the tutorial say "A and B" alike."""

from __future__ import annotations

from collections.abc import Sequence

from tagteam.words.lang import _


def and_list(items: Sequence[str]) -> str:
    """The list "A", "A and B", "A and B and C" (as the log says it), in the player's language."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = _("{first} and {second}").format(first=out, second=item)
    return out
