"""A clause put after a colon: French writes no capital there unless a name begins it."""

from __future__ import annotations

from tagteam.words.lang import _, grammar

# The recap's own clauses (tagteam.play.recap): each begins with a word of its sentence, never a name
CLAUSES = (
    "Round {round} · Turn {turn}",
    "What mattered most: {turn}",
    "Biggest HP swing: {change} this Fight.",
    "Biggest Power swing: {change} (it counts from the next Turn).",
    "Biggest Power swing: {change} this Fight (all of it counted from Turn {turn}).",
    "Biggest Power swing: {change} this Fight.",
    "Round {round}: no HP or Power changed hands.",
)


def after_colon(text: str) -> str:
    """``text`` put after a colon ("Bilan : ce qui a compté : manche 2 · Tour 3 : ..."): French writes no capital
    there unless a name begins it, so a recap clause's first word is lowered where the language's grammar says
    so (``lower_after_colon``); a name (a Fighter, a player) is left as it is."""
    if not grammar().data.lower_after_colon or not text[:1].isupper():
        return text
    first = text.split(" ", 1)[0]
    words = {_(clause).split(" ", 1)[0] for clause in CLAUSES}
    if first in words and "{" not in first:
        return text[0].lower() + text[1:]
    return text
