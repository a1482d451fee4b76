"""The network's rare lines a player reads, in the player's language: the host's event loop failing ("server:
..." was English in a French host's log), a message the host could not read, and a resume with no autosave."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tagteam.engine.actions import IllegalAction, from_dict
from tagteam.engine.session import Session
from tagteam.net.guard import Limits
from tagteam.net.server import GameServer, ServerThread
from tagteam.words.lang import set_language
from tagteam.words.net import reason
from tests.net.helpers import CODE
from tests.words.spaces import plain


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


def test_a_refused_message_or_decision_is_worded_from_its_problem_in_the_readers_language() -> None:
    """Since version 4 the host sends the problem as data (a code, a field, values); each reader words it."""
    from tagteam.engine.actions import PickTeam
    from tagteam.engine.game import apply_action_inplace, new_game
    from tagteam.net import protocol as p

    with pytest.raises(p.ProtocolError) as bad:
        p.parse_client(b'{"type": "hello", "version": 4, "code": "K7QF-M2XD", "name": "Ann"}\n')
    st = new_game(4, draft="free")
    with pytest.raises(IllegalAction) as illegal:
        apply_action_inplace(st, 1, PickTeam(fighters=("joan", "golem")))
    assert str(illegal.value) == "owes_nothing (seat=2)"  # the technical line, for logs
    message, decision = p.problem_fields(bad.value.problem), p.problem_fields(illegal.value.problem)
    assert message == {"problem": "extra", "at": "name"} and decision == {"problem": "owes_nothing", "seat": 2}
    assert (
        reason("bad_message", message) == "a message the host could not read (name: unknown field (not allowed here))"
    )
    assert reason("illegal", decision) == "illegal: seat 2 owes no decision now"
    with pytest.raises(IllegalAction) as shape:  # a decision of the wrong shape: named by its field, not pydantic
        from_dict({"type": "build", "card": False, "position": 0, "bottom": [1, 2]})
    assert reason("illegal", p.problem_fields(shape.value.problem)) == "illegal: card: should be a whole number"
    set_language("fr")
    assert plain(reason("illegal", decision)) == "interdit : le Joueur 2 n'a aucune décision à prendre maintenant"
    assert (
        plain(reason("bad_message", message))
        == "un message que l'hôte n'a pas pu lire (name : champ inconnu (interdit ici))"
    )
