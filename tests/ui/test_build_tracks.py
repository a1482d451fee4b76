"""The Build screen's boards at 80x24 late in a long game: every Fighter's special track and tokens stay on
screen, whatever the line-up's length (the boards once dropped them from 7 slots on, and Bödvar's Rage 6/7
vanished the round before he became the Bear)."""

from __future__ import annotations

import asyncio
import re

import pytest
from buildhost import Host, context, padded, position_at, region_text, words

from tagteam.engine.game import Teams
from tagteam.engine.view import PlayerView
from tagteam.render.board import dial
from tagteam.render.compact import token_pieces
from tagteam.screens.build import BuildScreen
from tagteam.words.names import card_name

# the 12 Fighters, four a game: the Divine Voice, Rage, Fleet and Spirit tracks, and every kind of token
GAMES: list[Teams] = [
    (("joan", "ching_shih"), ("bodvar", "wong_fei_hung")),
    (("fey_folk", "maman_brijit"), ("milady", "wild_bunch")),
    (("golem", "mephisto"), ("mordred", "shango")),
]


def track_value(view: PlayerView, f: int) -> str | None:
    """A pattern for the special track's value as any form of the board writes it (None: no track)."""
    assert view.table is not None
    fd, fv = view.table.fighters[f], view.fighters[f]
    if fd.special == "divine_voice":
        return re.escape("[" + dial()[fv.special])
    if fd.special == "rage":
        return rf"Rage:? {fv.special}/{fd.special_size - 1}"
    if fd.special == "fleet":
        return rf"Fleet: {fv.special}/20"
    if fd.special == "spirit":
        return rf"Spirit track: {fv.special} of"
    return None


@pytest.mark.parametrize("slots", [7, 11])
@pytest.mark.parametrize("teams", GAMES, ids=["first", "fey", "golem"])
def test_late_build_at_80x24_keeps_every_special_track_and_token(teams: Teams, slots: int) -> None:
    view = padded(position_at("build", seed=11, rounds=4, teams=teams), slots)
    assert view.table is not None

    async def run() -> None:
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            tracks = 0
            for f, fv in enumerate(view.fighters):
                board = words(region_text(app, screen.query_one(f"#team{f // 2}")))
                value = track_value(view, f)
                if value is not None:
                    tracks += 1
                    assert re.search(value, board), (fv.id, value, board)
                for piece in token_pieces(view, fv):  # each token a piece on the Fighter that holds it
                    assert words(piece) in board, (fv.id, piece, board)
            assert tracks == {"joan": 3, "fey_folk": 1, "golem": 0}[teams[0][0]]  # Joan, Ching Shih, Bödvar; the Fey

    asyncio.run(run())


def test_kept_cards_text_at_80x24_says_its_name() -> None:
    """A long line-up leaves the kept card's box no room for extras: its text still begins with its number
    and name (it read "Attack. If you have 8-15 Ships, ..." alone, whose card it was left to guess)."""
    view = padded(position_at("build", seed=11, rounds=4), 9)
    table = view.table
    assert table is not None

    async def run() -> None:
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, BuildScreen)
            for card in range(len(view.drawn)):
                await pilot.press(str(card + 1))
                await pilot.pause()
                assert screen._level is not None and not screen._level.extras  # the lean level the reviewer met
                name = card_name(table.cards[view.drawn[card]].cdef)
                box = words(region_text(app, screen.query_one("#focus")))
                assert box.startswith(f"[{card + 1}] {name}:"), box

    asyncio.run(run())
