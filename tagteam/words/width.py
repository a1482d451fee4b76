"""Widths in terminal cells, not characters: an accented or a wide letter must not break a layout."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size


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
