"""The Fight's two decks face each other as rows of the table: played cards named, the rest face down, and a
player's own coming cards named only where that player alone watches (never on a shared hot-seat screen)."""

from __future__ import annotations

from tagteam.engine.session import Session
from tagteam.play.games import new_session
from tagteam.render.board import PALETTES
from tagteam.screens.fight import deck_row
from tagteam.words.names import card_name

NAMES = ("Ada", "Bob")


def at_the_fight(level: str) -> Session:
    """A first game with both Starting Card orders made: round 1's Fight is next."""
    s = new_session("first", 4, level=level)
    while s.seats_owing():
        seat = s.seats_owing()[0]
        s.act(seat, s.view(seat).legal[0])
    return s


def coming_names(session: Session, seat: int) -> set[str]:
    view = session.view(seat)
    assert view.table is not None
    return {card_name(view.table.cards[i].cdef.model) for i in view.my_fight_deck[view.my_cursor :]}


def test_only_your_own_coming_cards_are_named_and_only_where_you_alone_watch() -> None:
    s = at_the_fight("normal")
    pal = PALETTES["default"]
    view = s.view(0)
    mine, theirs = coming_names(s, 0), coming_names(s, 1)
    assert mine and theirs
    solo = deck_row(view, 0, NAMES, pal, you=0).plain
    assert all(name in solo for name in mine), solo
    shared = deck_row(view, 0, NAMES, pal, you=None).plain
    assert "face down" in shared and not any(name in shared for name in mine), shared
    other = deck_row(view, 1, NAMES, pal, you=0).plain
    assert "face down" in other and not any(name in other for name in theirs - mine), other


def test_played_cards_are_named_and_the_one_just_revealed_is_bracketed() -> None:
    s = at_the_fight("normal")
    assert s.needs_advance()
    s.advance()  # Turn 1 revealed
    view = s.view(0)
    assert view.played[0] and view.played[1]
    pal = PALETTES["default"]
    for seat in (0, 1):
        row = deck_row(view, seat, NAMES, pal, you=None).plain
        assert f"P{seat + 1} {NAMES[seat]}" in row
        assert view.table is not None
        last = card_name(view.table.cards[view.played[seat][-1]].cdef.model)
        assert f"[{last}" in row, row


def test_at_the_end_of_the_fight_the_rows_still_name_what_was_played() -> None:
    """Once the last Turn is revealed the engine files the Fight's cards as last played: the rows keep naming
    them, and say nothing of face-down cards when none is left (was "played: then 0 cards face down")."""
    s = at_the_fight("normal")
    while s.needs_advance():
        s.advance()
    view = s.view(0)
    assert view.table is not None and view.last_played[0]
    pal = PALETTES["default"]
    for seat in (0, 1):
        row = deck_row(view, seat, NAMES, pal, you=None).plain
        last = card_name(view.table.cards[view.last_played[seat][-1]].cdef.model)
        assert f"[{last}" in row, row
        assert "face down" not in row and not row.rstrip().endswith("·"), row
