"""``tagteam serve``'s own lines go through the words layer: its banner, a taken port and the refusals a page
gets, in the player's language (they were English only, whatever ``--lang`` said)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tagteam.cli.serve import banner
from tagteam.web import notices
from tagteam.words.lang import set_language
from tests.words.spaces import plain


def test_the_banner_is_in_french_under_lang_fr() -> None:
    set_language("fr")
    lines = [plain(line) for line in banner("0.0.0.0", 8000, 1)]
    assert lines[0] == (
        "Tag Team dans le navigateur : http://0.0.0.0:8000/  (tout le jeu : à deux sur un clavier, solo, reprise)"
    )
    assert lines[1].startswith("Une place dans une partie hébergée : http://0.0.0.0:8000/join")
    assert lines[2].startswith("Jusqu'à 1 page à la fois.")
    assert lines[3].startswith("Note : la page n'est pas chiffrée") and "le port 8000" in lines[3]
    assert banner("127.0.0.1", 8000, 4)[2].startswith("Jusqu'à 4 pages à la fois.")
    set_language("en")
    assert banner("127.0.0.1", 8000, 1)[2].startswith("Up to 1 page at once.")


def test_a_pages_refusals_are_in_french_under_lang_fr() -> None:
    set_language("fr")
    assert notices.bad_host() == "En-tête Host invalide."
    assert "localhost" in notices.localhost_only() and notices.localhost_only().startswith("Ce serveur")


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "tagteam: error: cannot listen on 127.0.0.1:P: that port is already in use"),
     ("fr", "tagteam : erreur : impossible d'écouter sur 127.0.0.1:P : ce port est déjà utilisé")],
)
def test_a_taken_port_is_one_worded_line_in_the_players_language(tmp_path: Path, lang: str, words: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run(
            [sys.executable, "-m", "tagteam", "--lang", lang, "serve", "--port", str(port)],
            capture_output=True, text=True, timeout=60, env={"TAGTEAM_HOME": str(tmp_path), "PATH": ""},
        )
    assert r.returncode == 2
    line = plain(r.stderr.strip().replace(str(port), "P"))
    assert "\n" not in line and line.startswith(words) and "Traceback" not in line, line
