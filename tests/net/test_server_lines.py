"""The network's rare lines a player reads, in the player's language: the host's event loop failing ("server:
..." was English in a French host's log), a message the host could not read, and a resume with no autosave."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tagteam.engine.session import Session
from tagteam.net.guard import Limits
from tagteam.net.server import GameServer, ServerThread
from tagteam.words.lang import set_language
from tagteam.words.net import reason
from tests.net.helpers import CODE


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize(
    ("lang", "start"),
    [("en", "the server's event loop reported an error: "), ("fr", "la boucle d'événements du serveur a signalé ")],
)
def test_an_event_loop_error_is_one_line_of_the_hosts_log_in_its_language(lang: str, start: str) -> None:
    lines: list[str] = []
    thread = ServerThread(GameServer(Session.new(7), CODE, limits=Limits(), log=lines.append))
    set_language(lang)
    try:
        thread._loop_error(thread.loop, {"message": "accept failed", "exception": OSError(24, "Too many open files")})
    finally:
        thread.loop.close()
    assert len(lines) == 1 and lines[0].startswith(start), lines
    assert "server:" not in lines[0] and "accept failed" in lines[0] and "\n" not in lines[0]


def test_a_message_the_host_could_not_read_is_said_in_words_around_the_parsers_line() -> None:
    detail = {"detail": "type: expected one of: hello, act"}
    assert reason("bad_message", detail) == "a message the host could not read (type: expected one of: hello, act)"
    set_language("fr")
    assert reason("bad_message", detail) == "un message que l'hôte n'a pas pu lire (type: expected one of: hello, act)"


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "no autosaved game to resume ("), ("fr", "aucune partie sauvegardée automatiquement à reprendre (")],
)
def test_hosting_a_resume_with_no_autosave_says_so_in_the_players_language(
    tmp_path: Path, lang: str, words: str
) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "tagteam", "--lang", lang, "host", "--serve-only", "--resume", "--port", "47999"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"TAGTEAM_HOME": str(tmp_path), "PATH": "", "LANG": "C.UTF-8"},
    )
    assert r.returncode != 0 and words in r.stderr, r.stderr
    assert "\n" not in r.stderr.strip()
