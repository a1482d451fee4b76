"""A French line never starts with ":", ";", "?", "!", "»" or "%" when rich or Textual wraps it (the space
French puts before them was a break: "Complexité" then ": ●●○○○" on the next line, "l'autre équipe" then
": voilà pourquoi" in a lesson card, both seen in tmux). English wraps as before."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Iterator
from typing import Any, cast

import pytest
import rich._wrap
import textual._wrap
from rich.console import Console
from rich.text import Text
from textual.content import Content

from tagteam.engine.table import library
from tagteam.net.client import NetClient
from tagteam.render.cards import fighter_board_panel
from tagteam.widgets import glue
from tagteam.words import set_language

ORIGINAL = (rich._wrap.re_word, textual._wrap.re_chunk)
STARTS_WITH_MARK = re.compile(r"^\s*[│▊]?\s*[:;!?»%]", re.MULTILINE)


@pytest.fixture(autouse=True)
def glued_after() -> Iterator[None]:
    yield
    glue.install()  # as every app leaves it


def _unglued() -> None:
    rich._wrap.re_word, textual._wrap.re_chunk = ORIGINAL


def _panels(width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    for fd in library().values():
        console.print(fighter_board_panel(fd.model))
    return console.export_text()


def _lines(text: str, width: int) -> list[str]:
    return [line.plain for line in Text(text).wrap(Console(width=width), width)] + [
        line.plain for line in Content(text).wrap(width)
    ]


SENTENCE = "Une Attaque touche l'Adversaire, le Combattant actif de l'autre équipe : voilà pourquoi « ceci » vaut 77 %"


def test_the_check_finds_a_line_that_starts_with_a_mark() -> None:
    _unglued()
    set_language("fr")
    assert any(STARTS_WITH_MARK.search(_panels(w)) for w in range(34, 46))  # "Complexité" then ": ●●○○○"
    assert any(STARTS_WITH_MARK.search(line) for w in range(20, 70) for line in _lines(SENTENCE, w))


def test_french_marks_stay_with_their_word_at_every_width() -> None:
    glue.install()
    set_language("fr")
    for width in range(34, 46):
        assert not STARTS_WITH_MARK.search(_panels(width)), width
    for width in range(12, 90):
        lines = _lines(SENTENCE, width)
        assert not [line for line in lines if STARTS_WITH_MARK.search(line)], (width, lines)
        assert all(" ".join(line.split()) in " ".join(SENTENCE.split()) for line in lines)  # nothing lost


def test_english_wraps_as_before() -> None:
    text = "Power 2: Attack. If your Opponent has a Focus token: Attack with its Power; then take it back."
    _unglued()
    expected = {w: _lines(text, w) for w in range(12, 90)}
    glue.install()
    assert {w: _lines(text, w) for w in range(12, 90)} == expected


class _Idle:
    def snapshot(self) -> tuple[Any, list[str], Any]:
        return None, [], None


def test_every_app_installs_it() -> None:
    from tagteam.app import TagTeamApp
    from tagteam.remote.client_app import NetApp

    for make in (lambda: TagTeamApp(), lambda: NetApp(cast(NetClient, _Idle()))):
        _unglued()
        assert not glue.installed()
        make()
        assert glue.installed()
    asyncio.set_event_loop(None)
