"""The line-up's pure functions: shortened names stay distinct, wide layouts never shorten, clashes in words."""

from __future__ import annotations

from rich.console import Console

from tagteam.engine.table import library
from tagteam.render.lineup import THEY_BLOCK, YOU_BLOCK, Slot, clash, distinct_short, lineup_rows, shorten


def all_card_names() -> list[str]:
    return sorted({c.name for fd in library().values() for c in fd.cards})


def test_shortened_names_stay_distinct_at_every_width() -> None:
    names = all_card_names()
    for width in range(8, 40):
        short = distinct_short(names, width)
        assert len(set(short.values())) == len(names), width
        for full, s in short.items():
            assert len(s) <= max(width, len(full)) and (s == full or "…" in s)


def test_shorten_keeps_both_ends() -> None:
    assert shorten("Summoning: The Green Man", 16) == "Summoning:…Man"
    s = shorten("What Doesn't Kill You Makes Me Stronger", 20)
    assert s.startswith("What") and s.endswith("Stronger") and len(s) <= 20


def test_names_are_cut_only_between_words() -> None:
    """Whatever the width, a shortened name is whole words from its start, "…", whole words from its end."""
    for name in all_card_names():
        words = name.split()
        for width in range(6, 30):
            s = shorten(name, width)
            if s == name:
                continue
            head, tail = s.split("…")
            h, t = head.split(), tail.split()
            assert h == words[: len(h)] and (not t or t == words[-len(t) :]), (name, width, s)
            assert len(s) <= width and len(h) + len(t) < len(words)


def test_clash_words_and_whole_names_when_wide() -> None:
    from tagteam.engine.session import Session
    from tagteam.modes import FIRST_GAME

    s = Session.new(3, teams=FIRST_GAME, draft="free")
    table = s.state.table
    assert table is not None
    by_kind: dict[str, Slot] = {}
    for inst, ci in enumerate(table.cards):
        words = {e.op for e in ci.cdef.model.effects}
        if "block" in words and "attack" not in words:
            by_kind.setdefault("block", Slot(inst, False))
        if "attack" in words and "block" not in words:
            by_kind.setdefault("attack", Slot(inst, False))
    block, attack = by_kind["block"], by_kind["attack"]
    assert clash(table, block, attack) == YOU_BLOCK
    assert clash(table, attack, block) == THEY_BLOCK
    assert clash(table, attack, attack) == ""
    longest = max(range(len(table.cards)), key=lambda i: len(table.cards[i].cdef.name))
    rows = lineup_rows(table, [Slot(longest, False)], [Slot(longest, False)], 0, 96, wide=True)
    console = Console(width=96, record=True)
    console.print(rows[0])
    text = console.export_text().replace("\n", " ")
    words = table.cards[longest].cdef.name.split()
    assert all(w in text for w in words) and "…" not in text
