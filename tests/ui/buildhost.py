"""A Build or Setup screen on its own, from a position played by the engine: no title, no keys to get there.

``position_at`` plays random legal choices (a seeded game) until seat 0 has the decision asked for; ``padded``
lengthens the line-ups (both Fight decks) to test the layout with as many slots as a long game reaches.
``Host`` is a bare Textual app that shows one screen and keeps every ``Decided`` it posts.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

from textual.app import App
from textual.screen import Screen
from uihelp import screen_text

from tagteam.engine.game import Teams
from tagteam.engine.session import Session
from tagteam.engine.view import PlayerView
from tagteam.render.board import PALETTES, track_strip
from tagteam.screens.base import SeatContext
from tagteam.screens.build import BuildScreen
from tagteam.screens.messages import Decided
from tagteam.widgets.basic import LineUp
from tagteam.widgets.card import CardWidget

TEAMS = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))


def position_at(kind: str, seed: int = 3, rounds: int = 1, teams: Teams | None = TEAMS) -> PlayerView:
    """Seat 0's view at its ``rounds``-th decision of ``kind`` ("build", "order_start", "character")."""
    s = Session.new(seed, teams=teams)
    rng = random.Random(seed)
    seen = 0
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        for seat in s.seats_owing():
            view = s.view(seat)
            if seat == 0 and view.pending == kind:
                seen += 1
                if seen == rounds:
                    return view
            s.act(seat, rng.choice(view.legal))
    raise AssertionError(f"no {kind} decision #{rounds} for seat 0 with seed {seed}")


def padded(view: PlayerView, slots: int) -> PlayerView:
    """The same position with ``slots`` slots in the line-up: seat 0's Fight deck and the opponent's last Fight
    filled up with their own cards (the layout's worst case: a long game, both sides full)."""
    assert view.table is not None
    used = set(view.drawn)

    def cards(seat: int, n: int) -> tuple[int, ...]:
        owned = [i for i, c in enumerate(view.table.cards) if c.owner // 2 == seat and i not in used]  # type: ignore[union-attr]
        assert len(owned) >= n
        return tuple(owned[:n])

    mine = cards(0, slots - 1)
    theirs = cards(1, slots)
    return dataclasses.replace(view, my_fight_deck=mine, last_played=(view.last_played[0], theirs))


def context(view: PlayerView) -> SeatContext:
    return SeatContext(view.seat, view, ("Player 1", "Player 2"), PALETTES["default"])


class Host(App[None]):
    """Shows ``screen`` and records what it decides."""

    CSS = "TooSmall { display: none; }"  # as the real app has it at these sizes

    def __init__(self, screen: Screen[Any]) -> None:
        super().__init__()
        self._first = screen
        self.decided: list[Decided] = []

    def on_mount(self) -> None:
        self.push_screen(self._first)

    def on_decided(self, message: Decided) -> None:
        self.decided.append(message)


BORDERS = re.compile(r"[│▊▎╭╮╰╯─▔▁▂▄▇ ]+")


def words(text: str) -> str:
    """The words of ``text`` with borders and line breaks gone (so wrapped text compares to its source)."""
    return " ".join(BORDERS.sub(" ", text).split())


def lone_words(text: str) -> list[str]:
    """Rows holding one word and nothing else (borders aside): a word wrapped alone onto its own line."""
    out = []
    for row in text.split("\n"):
        for cell in re.split(r"[│▊▎]", row):
            if any(mark in cell for mark in "─▔▁"):  # a border, with a panel's title or subtitle in it
                continue
            parts = BORDERS.sub(" ", cell).split()
            if len(parts) == 1 and len(parts[0]) > 1:
                out.append(parts[0])
    return out


def region_text(app: Any, widget: Any, text: str | None = None) -> str:
    """The cells a widget covers on screen, as text (its border marks left in); ``text``: the screen's, when
    the caller has just read it (one read of the screen for several regions of the same frame)."""
    lines = (screen_text(app) if text is None else text).split("\n")
    r = widget.region
    return "\n".join(line[r.x : r.right] for line in lines[r.y : r.bottom])


def plain_words(text: str) -> str:
    return " ".join(text.replace("▊", " ").split())


def check_thinking_space(app: Any, screen: BuildScreen, view: PlayerView) -> None:
    """What a player needs to decide, all on screen at once."""
    assert view.table is not None
    text = screen_text(app)
    # the kept card's whole text, wrapped at words, never cut
    kept = view.table.cards[view.drawn[screen.card]].cdef.model.text
    tile = next(t for t in screen.query(".tile") if getattr(t, "index", None) == screen.card)
    where = [screen.query_one("#focus"), *([tile] if screen.has_class("-faces") else [])]  # or on its face
    assert any(plain_words(kept) in plain_words(region_text(app, w, text).replace("│", " ")) for w in where), kept
    # every line-up slot, without scrolling, above the status line
    lineup = screen.query_one(LineUp)
    mine, theirs = screen._slots()
    assert lineup.max_scroll_y == 0 and lineup.region.bottom <= app.size.height - 2
    box = region_text(app, lineup, text)
    for i in range(max(len(mine), len(theirs))):
        assert any(row.lstrip("│ ").startswith(f"{i + 1} ") for row in box.split("\n")), (i + 1, box)
    assert "NEW ▶" in box
    legend, title = str(lineup.border_subtitle), str(lineup.border_title)
    assert legend in text and title in text  # both whole, never "★ St…"
    assert "★ Start" in legend + title  # the star is said somewhere
    # each Fighter: the whole Health track, or the next Stop and icon under its marker; the leanest boards
    # (trim 2: a long card text at 80x24) leave the next Stop out before the special tracks and tokens, which
    # tests/ui/test_build_tracks.py holds at every level
    assert screen._level is not None  # laid out
    drawn = screen._level.tracks and screen._level.trim < 2
    for f, fv in enumerate(view.fighters):
        if fv.track < 0 or fv.ko:
            continue
        if drawn:  # the Health track on its own row, its marker, Stops and icons (around the marker if narrow)
            td = view.table.fighters[f].tracks[fv.track]
            inner = max(10, app.size.width // 2 - 4)
            strip = track_strip(td, fv.pos, app.screen.ctx.palette, inner).plain
            assert strip in text, (fv.name, strip)
        else:  # the head says the HP
            assert f"{fv.hp}/{fv.max_hp}" in text, fv.name
    assert lone_words(without_cards(app, screen, text)) == []  # a card's face has one-word rows of its own


def without_cards(app: Any, screen: Any, text: str) -> str:
    """``text`` with the cells of every card drawn as a card blanked (a face's "Joan" or "A?" row is no
    wrapped word left alone)."""
    rows = [list(row.ljust(app.size.width)) for row in text.split("\n")]
    faces = [*screen.query(".their-card"), *screen.query(CardWidget)]
    faces += [*screen.query(".tile")] if screen.has_class("-faces") else []
    for widget in faces:
        if not widget.display:
            continue
        r = widget.region
        for y in range(r.y, min(r.bottom, len(rows))):
            rows[y][r.x : r.right] = [" "] * (min(r.right, len(rows[y])) - r.x)
    return "\n".join("".join(row).rstrip() for row in rows)
