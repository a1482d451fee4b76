"""The line-up's pure functions: shortened names stay distinct, wide layouts never shorten, clashes in words."""

from __future__ import annotations

import io
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from tagteam.engine.table import library
from tagteam.render.lineup import (
    THEY_BLOCK,
    YOU_BLOCK,
    Fold,
    Slot,
    clash,
    distinct_short,
    folded,
    lineup_rows,
    shorten,
)


def all_card_names() -> list[str]:
    return sorted({c.name for fd in library().values() for c in fd.cards})


def test_shortened_names_stay_distinct_at_every_width() -> None:
    names = all_card_names()
    for width in range(8, 40):
        short = distinct_short(names, width)
        assert len(set(short.values())) == len(names), width
        for full, s in short.items():
            assert len(s) <= max(width, len(full)) and (s == full or "…" in s)


def test_shorten_keeps_the_start_readable_and_the_end_that_tells_names_apart() -> None:
    """A shortened name reads from its start and keeps its last word: at 80x24 "Rune of…" stood for two
    cards and "Hand of the…" said nothing of which Hand; "Revenge…the Red Flag Fleet" lost the start."""
    assert shorten("Rune of Transformation", 20) == "Rune…Transformation"
    assert shorten("Hand of the Righteous", 20) == "Hand of…Righteous"
    assert shorten("Revenge of the Red Flag Fleet", 20) == "Revenge of the…Fleet"
    s = shorten("What Doesn't Kill You Makes Me Stronger", 20)
    assert s.startswith("What") and s.endswith("Stronger") and len(s) <= 20
    assert shorten("Rune of Transformation", 12) == "Rune of…"  # no first and last word fit: the start
    alike = distinct_short(["Summoning: The Green Man", "Summoning: The Horned King"], 16)
    assert alike["Summoning: The Green Man"] == "Summoning:…Man" and len(set(alike.values())) == 2
    runes = distinct_short(["Rune of Transformation", "Rune of Strength"], 12)
    assert set(runes.values()) == {"Rune of Transformation", "Rune of Strength"}  # alike when cut: whole


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
    from tagteam.play.modes import FIRST_GAME

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
    name_words = table.cards[longest].cdef.name.split()
    assert all(w in text for w in name_words) and "…" not in text


def _after_crippling_touch() -> tuple[object, object]:
    """Seat 0's Build after the opponent's Crippling Touch removed itself (and the card it met) from the
    game: the first such Build of a seeded random game (round 6, Crippling Touch was their 4th card)."""
    import random

    from tagteam.engine.session import Session

    s = Session.new(13, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    r = random.Random(13)
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        v = s.view(0)
        if v.phase == "build" and any(i in v.removed for i in v.last_played[1]):
            return s, v
        for seat in s.seats_owing():
            s.act(seat, r.choice(s.view(seat).legal))
    raise AssertionError("no Crippling Touch in this game")


def test_a_card_removed_from_the_game_takes_no_slot_in_their_line_up() -> None:
    """After "Bot's Crippling Touch is removed from the game." the line-up still showed it in its slot,
    so every slot below it was a Turn off. The engine drops it from their Fight deck: so does the line-up,
    and it says what was removed."""
    from tagteam.engine.session import Session
    from tagteam.engine.view import PlayerView

    s, v = _after_crippling_touch()
    assert isinstance(s, Session) and isinstance(v, PlayerView) and v.table is not None
    table = v.table
    theirs = [Slot(i, i in v.flipped) for i in v.last_played[1]]
    mine = [Slot(i, False) for i in v.my_fight_deck] + [Slot(v.drawn[0], False)]
    gone = [i for i in v.last_played[1] if i in v.removed]
    staying = [i for i in v.last_played[1] if i not in v.removed]
    assert staying == s.state.fight[1]  # the engine's own next Fight deck for them (before their insert)
    rows = lineup_rows(table, mine, theirs, len(mine) - 1, 160, view=v)
    console = Console(width=160, color_system=None, record=True, file=io.StringIO())
    texts = []
    for row in rows:
        console.print(row)
        texts.append(console.export_text().strip())
    slots, note = texts[:-1], texts[-1]
    assert len(slots) == max(len(mine), len(staying))
    for k, inst in enumerate(staying):
        assert table.cards[inst].cdef.name in slots[k]
    removed_names = [table.cards[i].cdef.name for i in gone]
    assert "Crippling Touch" in removed_names
    assert not any(name in row for name in removed_names for row in slots)
    assert note == "Removed from the game, not in their next Fight: " + ", ".join(removed_names)


def test_the_build_screen_agrees_with_the_line_up_after_a_removal() -> None:
    """On the Build screen the line-up keeps its "Removed from the game" row, and the focus panel's "Their #N
    last Fight" names the card the line-up shows in slot N (it counted the removed card as a slot)."""
    import asyncio

    from buildhost import Host, context
    from uihelp import screen_text

    from tagteam.engine.view import PlayerView
    from tagteam.screens.build import BuildScreen

    _s, v = _after_crippling_touch()
    assert isinstance(v, PlayerView) and v.table is not None
    table = v.table
    first_gone = next(k for k, i in enumerate(v.last_played[1]) if i in v.removed)
    staying = [i for i in v.last_played[1] if i not in v.removed]

    async def run() -> None:
        app = Host(BuildScreen(context(v)))
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            await pilot.press("home", *(["down"] * first_gone))
            await pilot.pause()
            text = screen_text(app)
            assert "Removed from the game, not in their next Fight: " in text
            name = table.cards[staying[first_gone]].cdef.name
            assert f"Their #{first_gone + 1} last Fight: {name}" in text

    asyncio.run(run())


@settings(max_examples=300, deadline=None)
@given(
    heights=st.lists(st.integers(1, 3), min_size=1, max_size=24),
    room=st.integers(1, 30),
    data=st.data(),
)
def test_a_folded_line_up_keeps_its_kept_rows_and_fits_when_it_can(
    heights: list[int], room: int, data: st.DataObject
) -> None:
    """Every row is shown or in exactly one fold, in order; the kept rows are shown; each fold stands for a
    run of hidden rows with a shown row (or an end) on both sides; it fits ``room`` when the kept rows do."""
    n = len(heights)
    around = data.draw(st.integers(0, n - 1))
    keep = {0, around, n - 1}
    out = folded(heights, room, keep, around)
    covered: list[int] = []
    for entry in out:
        covered.extend([entry] if isinstance(entry, int) else range(entry.first, entry.last + 1))
    assert covered == list(range(n))
    shown = {e for e in out if isinstance(e, int)}
    assert keep <= shown
    assert all(isinstance(a, int) or isinstance(b, int) for a, b in itertools.pairwise(out))  # never two folds in a row
    used = sum(heights[i] for i in shown) + (len(out) - len(shown))
    need = sum(heights[i] for i in keep) + len(keep) + 1  # the kept rows and a fold between each two
    if sum(heights) <= room:
        assert out == list(range(n))
    elif need <= room:
        assert used <= room


def test_a_long_line_up_folds_the_slots_far_from_the_new_card() -> None:
    """16 slots in 11 rows, the new card in slot 6: slot 1, then the slots around the new card, one row for
    the slots far below it, and the bottom slot."""
    assert folded([1] * 16, 11, {0, 4, 5, 6, 15}, 5) == [0, 1, 2, 3, 4, 5, 6, 7, 8, Fold(9, 14), 15]
    assert folded([1] * 16, 11, {0, 14, 15}, 15) == [0, Fold(1, 6), 7, 8, 9, 10, 11, 12, 13, 14, 15]
    assert folded([1] * 11, 11, {0, 10}, 10) == list(range(11))  # it fits: nothing folds


def test_line_up_title_keeps_the_star_whole_before_its_own_words() -> None:
    """With table memory on at 80x24 the title ended "· ★ Start": the title's words shorten first, so the
    star keeps the words that say what it means."""
    from tagteam.render.lineup import lineup_header

    assert lineup_header(74, hidden=True, star=True) == "Your next Fight vs their hidden Fight · ★ Starting Card"
    assert lineup_header(60, hidden=False, star=True).endswith("· ★ Starting Card")
