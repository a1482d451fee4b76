"""French punctuation stays with its word when a line wraps: "équipe :" never leaves ":" at a line's start.

French puts a space before ":", ";", "?", "!", "»" and "%" and after "«" ("Complexité : ●●○○○", "77 %",
"Attaque ?"); typeset French makes it a no-break space. Rich and Textual wrap at any whitespace, no-break
spaces included, so a French line could start with ":" (seen in tmux: "Complexité" at a line's end,
": ●●○○○" under it). Their word-splitting patterns are replaced here by ones that keep such a mark (and the
space before it) with the word before it; everything else wraps as before. English text is unchanged: it
puts no space before these marks. Installed once, when an app starts (``tagteam.appearance.StyledApp``).
"""

from __future__ import annotations

import re

import rich._wrap
import textual._wrap

_SPACE = "[ \u00a0\u202f]"  # a space, or the no-break spaces French typesetting uses before these marks
_GLUED = rf"(?:«{_SPACE}+)?\S+(?:{_SPACE}+[:;!?»%]\S*)*"  # a word, with "« " before it and " :" after it
RICH_WORD = re.compile(rf"\s*{_GLUED}\s*")  # rich._wrap.re_word: r"\s*\S+\s*"
TEXTUAL_CHUNK = re.compile(rf"{_GLUED}\s*|\s+")  # textual._wrap.re_chunk: r"\S+\s*|\s+"


def install() -> None:
    """Make rich's and Textual's line wrapping keep French marks with their word (idempotent)."""
    rich._wrap.re_word = RICH_WORD
    textual._wrap.re_chunk = TEXTUAL_CHUNK


def installed() -> bool:
    return rich._wrap.re_word is RICH_WORD and textual._wrap.re_chunk is TEXTUAL_CHUNK
