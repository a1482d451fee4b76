"""What a French player still read in English or cut while playing (issue 24, played in tmux at 80x24 and
120x40); each test fails on the old text."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest
from rich.console import Console

from tagteam.engine import events as ev
from tagteam.engine.randomplay import finish_session
from tagteam.engine.session import Session
from tagteam.play.summary import summarize
from tagteam.screens.gameover import summary_table
from tagteam.words import set_language
from tests.words.spaces import plain


def test_the_game_over_table_names_the_bears_track_in_french() -> None:
    """The line under the HP table read "Bödvar à partir de la manche 7 : les PV de Berserker Bear"."""
    teams = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))
    s = finish_session(Session.new(0, teams=teams), random.Random(0))
    assert any(isinstance(e, ev.Transformed) for e in s.log)
    set_language("fr")
    bodvar = next(f for f in summarize(s).fighters if f.name == "Bödvar")
    assert [track for _round, track in bodvar.switches()] == ["Ours Berserker"]
    console = Console(width=120, color_system=None, record=True, file=io.StringIO())
    console.print(summary_table(summarize(s)))
    text = console.export_text()
    assert "les PV d'Ours Berserker" in text and "Berserker Bear" not in text


def test_a_team_names_its_second_group_fighter_with_a_small_article() -> None:
    """The log's team line read "Joueur 2 joue Wong Fei-Hung + Le Wild Bunch" (the first one was "le Petit Peuple")."""
    from tagteam.words.log import describe_log

    teams = (("fey_folk", "maman_brijit"), ("wong_fei_hung", "wild_bunch"))
    s = Session.new(3, teams=teams)
    set_language("fr")
    text = "\n".join(describe_log(s.log, 0, s.state.table))
    assert "Joueur 1 joue le Petit Peuple + Maman Brijit" in text
    assert "Joueur 2 joue Wong Fei-Hung + le Wild Bunch" in text


def test_the_title_names_the_computers_seat_as_every_screen_does() -> None:
    """The title's opponent line read "l'ordinateur (Facile) joue le joueur 2", where every screen says "Joueur 2"."""
    from tagteam.words import _

    set_language("fr")
    said = _("Opponent: the computer ({level}) plays Player 2").format(level="Facile")
    assert plain(said) == "Adversaire : l'ordinateur (Facile) joue le Joueur 2"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_puzzles_home_in_french_keeps_its_footer_whole_and_marks_the_theme_in_french(
    size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns the footer ended "esc Retour  ? Règl▏" and the chosen theme read "(chosen)"."""
    import asyncio

    from textual.widgets import OptionList

    from tagteam.app import TagTeamApp
    from tagteam.screens.puzzles import PuzzleHome

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
    from uihelp import screen_text

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TAGTEAM_REDUCED_MOTION", raising=False)
    monkeypatch.setenv("TAGTEAM_LANG", "fr")  # as --lang fr: the app chooses its language when it starts
    set_language("fr")

    async def run() -> None:
        app = TagTeamApp()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("b")
            text = ""
            for _ in range(400):  # the puzzle file is read on a worker, the footer drawn a frame later: poll
                await pilot.pause(0.05)
                text = screen_text(app)
                ready = isinstance(app.screen, PuzzleHome) and app.screen.ready
                if ready and any("^p" in row and "Thème" in row for row in text.splitlines()):
                    break
            home = app.screen
            assert isinstance(home, PuzzleHome) and home.ready
            footer = next(row for row in text.splitlines() if "^p" in row)
            assert "? Règles" in footer, footer
            menu = home.query_one("#menu", OptionList)
            themes = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            assert any("(choisi)" in t for t in themes) and not any("chosen" in t for t in themes), themes

    asyncio.run(run())


def test_the_fight_deck_is_a_deck_de_combat_in_every_french_message() -> None:
    """The puzzle's answer read "Leur paquet de Combat", where every other screen says "deck de Combat"."""
    from tagteam.words import catalogs

    po = catalogs.read(next(catalogs.po_files()))
    odd = []
    for msg in po:
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        if msg.id and any("Fight deck" in i for i in ids):
            odd += [s for s in strings if "paquet" in s or "de Combat" not in s]
    assert not odd, odd


@pytest.mark.parametrize("fighter", ["bodvar", "milady", "joan", "maman_brijit", "fey_folk"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_board_never_cuts_a_track_space_across_two_lines(fighter: str, lang: str) -> None:
    """At 80x24 the Draft's board read "Bödvar : ▶[11] ... [6" and then "+1 Puissance] [5]" on the next line."""
    from tagteam.content.loader import load_all
    from tagteam.render.cards import fighter_board_panel

    set_language(lang)
    for width in (38, 40, 44, 60):
        console = Console(width=width, color_system=None, record=True, file=io.StringIO())
        console.print(fighter_board_panel(load_all()[fighter]))
        for row in console.export_text().splitlines():
            inner = row.strip("│ ")
            if inner.count("[") > inner.count("]"):  # a space left open at the end of the row:
                # only one wider than the board itself may go on to the next row, and then it begins its row
                assert "]" not in inner, (width, row)
