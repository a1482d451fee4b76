"""Widths in terminal cells, not characters: an accented or a wide letter must not break a layout."""

from __future__ import annotations

import re
import textwrap

from rich.cells import cell_len, set_cell_size

# Where Chinese (and Japanese) lines may break: between any two ideographs, with no space, but never before a
# closing mark ("，。）") nor after an opening one ("（「"); a Latin word among them stays whole.
IDEOGRAPH = "\u2e80-\u2fff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
OPENING = "（「『【《〈〔［｛"
CLOSING = "，。、：；！？）」』】》〉〕］｝…％"
LATIN = rf"[^\s{IDEOGRAPH}{OPENING}]"  # a letter of a word that is not an ideograph (closing marks included)
IDEOGRAPH_UNIT = rf"[{OPENING}]*[{IDEOGRAPH}][{CLOSING}]*"  # one ideograph with the marks that stay with it
_UNIT = re.compile(rf"(?:{IDEOGRAPH_UNIT}|[{OPENING}]*{LATIN}+)\s*")


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes (``len()`` is wrong for wide and combining characters)."""
    return cell_len(text)


def fit(text: str, width: int, ellipsis: str = "…") -> str:
    """``text`` cut to ``width`` cells with an ellipsis, or as it is when it fits."""
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, max(0, width - cell_len(ellipsis))).rstrip() + ellipsis


def wrap(text: str, width: int, break_on_hyphens: bool = True) -> list[str]:
    """``text`` (one paragraph) in lines of at most ``width`` cells, as the standard library's ``textwrap``
    wraps it, which counts characters and breaks only at spaces: so a line with wide letters (Chinese) is
    broken here instead, at spaces and between ideographs, never inside a Latin word."""
    if cell_len(text) == len(text):  # one cell a letter: textwrap's count is right
        return textwrap.wrap(text, width, break_on_hyphens=break_on_hyphens)
    lines: list[str] = []
    line = ""
    for piece in _UNIT.findall(" ".join(text.split())):
        if line and cell_len(line + piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines
