"""The Fight's two decks face each other as rows of the table: played cards face up, the rest face down, and a
player's own coming cards face up only where that player alone watches (solo practice, a network seat), never
on a shared hot-seat screen. One test per case, each on the drawn row (``chips``, and the card widgets) as
well as on the slots, so a coming card that leaks, or one of yours hidden wrongly, fails it."""

from __future__ import annotations

from rich.text import Text

from tagteam.engine.session import Session
from tagteam.engine.view import PlayerView
from tagteam.play.games import new_session
from tagteam.render.board import PALETTES
from tagteam.render.fight_table import Slot, deck_slots, shows_coming
from tagteam.widgets.fight_table import chips
from tagteam.words.names import card_name

PAL = PALETTES["default"]


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


def drawn(view: PlayerView, seat: int, you: int | None) -> tuple[list[Slot], str]:
    """The row's slots and its text as the table draws it (a wide line, so nothing wraps)."""
    assert view.table is not None
    slots = deck_slots(view, seat, you)
    return slots, chips(slots, view.table, PAL, 400, Text("row")).plain


def played_named_coming_hidden(view: PlayerView, seat: int, you: int | None, hidden: set[str]) -> None:
    slots, text = drawn(view, seat, you)
    coming = [s for s in slots if s.place == "coming"]
    assert coming and all(s.inst is None for s in coming), (seat, slots)
    assert "face down" in text and not any(name in text for name in hidden), text


def test_solo_practice_shows_your_coming_cards_and_hides_theirs() -> None:
    """You play seat 0 alone: your coming cards face up, in order; the opponent's all face down."""
    s = at_the_fight("normal")
    view = s.view(0)
    mine, theirs = coming_names(s, 0), coming_names(s, 1)
    assert mine and theirs and shows_coming(view, 0, 0) and not shows_coming(view, 1, 0)
    slots, text = drawn(view, 0, you=0)
    assert [sl.inst for sl in slots if sl.place == "coming"] == list(view.my_fight_deck[view.my_cursor :])
    assert all(name in text for name in mine) and "face down" not in text, text
    played_named_coming_hidden(view, 1, 0, theirs - mine)


def test_a_network_seat_shows_its_own_coming_cards_only() -> None:
    """The second player on their own machine: their view is seat 1's, their own coming cards face up, seat
    0's face down (and seat 0's own cards are never read from seat 1's view)."""
    s = at_the_fight("normal")
    view = s.view(1)
    mine, theirs = coming_names(s, 1), coming_names(s, 0)
    slots, text = drawn(view, 1, you=1)
    assert [sl.inst for sl in slots if sl.place == "coming"] == list(view.my_fight_deck[view.my_cursor :])
    assert all(name in text for name in mine), text
    played_named_coming_hidden(view, 0, 1, theirs - mine)
    # a seat's own cards are shown only from its own view: seat 0's view on seat 1's machine hides them
    assert all(sl.inst is None for sl in deck_slots(s.view(0), 0, 1) if sl.place == "coming")


def test_a_hot_seat_table_shows_nobodys_coming_cards() -> None:
    """Both players watch the same screen: neither row shows a coming card, not even a new card's place."""
    s = at_the_fight("normal")
    s.advance()  # Turn 1 revealed: played cards face up, the rest face down
    view = s.view(0)
    for seat in (0, 1):
        hidden = coming_names(s, seat) - {card_name(view.table.cards[i].cdef.model) for i in view.played[seat]}  # type: ignore[union-attr]
        played_named_coming_hidden(view, seat, None, hidden)
        backs = [sl for sl in deck_slots(view, seat, None) if sl.place == "coming"]
        assert len(set(backs)) == 1  # every back alike: no place told apart


def test_played_cards_are_face_up_and_the_one_revealed_now_is_marked() -> None:
    s = at_the_fight("normal")
    s.advance()  # Turn 1 revealed
    view = s.view(0)
    assert view.table is not None and view.played[0] and view.played[1]
    for seat in (0, 1):
        now = view.played[seat][-1]
        slots = deck_slots(view, seat, None, now)
        assert slots[len(view.played[seat]) - 1] == Slot(now, "now", now in view.flipped)
        earlier = deck_slots(view, seat, None)
        assert all(sl.inst is not None for sl in earlier if sl.place == "played")


def test_at_the_end_of_the_fight_the_rows_still_name_what_was_played() -> None:
    """Once the last Turn is revealed the engine files the Fight's cards as last played: the rows keep naming
    them, and say nothing of face-down cards when none is left."""
    s = at_the_fight("normal")
    while s.needs_advance():
        s.advance()
    view = s.view(0)
    assert view.table is not None and view.last_played[0]
    for seat in (0, 1):
        slots, text = drawn(view, seat, None)
        last = card_name(view.table.cards[view.last_played[seat][-1]].cdef.model)
        assert last in text and "face down" not in text, text
        assert all(sl.place == "played" for sl in slots)
