"""Lists in the player's language: one place, so the recap and the tutorial say "A and B" alike."""

from __future__ import annotations

from collections.abc import Sequence

from tagteam.words.lang import _, pgettext


def and_list(items: Sequence[str]) -> str:
    """The list "A", "A and B", "A, B and C", in the player's language."""
    if len(items) <= 2:
        out = items[0] if items else ""
        for item in items[1:]:
            out = _("{first} and {second}").format(first=out, second=item)
        return out
    out = items[0]
    for middle in items[1:-1]:
        out = _("{list}, {item}").format(list=out, item=middle)
    return _("{list} and {last}").format(list=out, last=items[-1])


def comma_list(items: Sequence[str]) -> str:
    """An enumeration with no last word, "A, B, C" (Chinese writes "A、B、C"): the same catalog entry as the
    commas of ``and_list``, so each language sets its list separator once."""
    out = items[0] if items else ""
    for item in items[1:]:
        out = _("{list}, {item}").format(list=out, item=item)
    return out


def two_sentences(first: str, second: str) -> str:
    """One sentence after another: English leaves a space between them, Chinese none ("…获胜。贞德被击倒。").
    An empty second sentence adds nothing."""
    if not second:
        return first
    if not first:
        return second
    # TRANSLATORS: two whole sentences one after the other; Chinese writes no space between them
    return pgettext("sentences", "{first} {second}").format(first=first, second=second)


def or_list(items: Sequence[str]) -> str:
    """The choice "A", "A or B", "A, B or C", in the player's language."""
    if len(items) <= 1:
        return items[0] if items else ""
    out = items[0]
    for middle in items[1:-1]:
        out = _("{list}, {item}").format(list=out, item=middle)
    # TRANSLATORS: the end of a list of choices: "easy, normal, hard or expert"
    return _("{list} or {last}").format(list=out, last=items[-1])


def clause_list(items: Sequence[str]) -> str:
    """Clauses one after the other, "A; B; C" (French puts a space before the semicolon: "A ; B ; C")."""
    out = items[0] if items else ""
    for item in items[1:]:
        # TRANSLATORS: two clauses of one sentence; French puts a space before ";"
        out = _("{list}; {item}").format(list=out, item=item)
    return out


def error_line(message: str, prog: str = "tagteam") -> str:
    """A command's one line on the terminal when it cannot go on: "tagteam: error: ..." in the player's language."""
    # TRANSLATORS: the first words of a command's error line on the terminal; French puts a space before ":"
    return _("{prog}: error: {message}").format(prog=prog, message=message)
