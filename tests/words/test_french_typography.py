"""French typography over what the game writes: a space before ";", ":", "?", "!" and "%" ("77 %", "Attaque ?",
"(3 → 0) ; Wong…"). The English joins and marks ("; ", "77%", "Attack?") once reached the French screens
unchanged; each text here is a whole game's worth of sentences, so a new English join is found too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tagteam.engine.actions import BuildChoice
from tagteam.engine.table import library
from tagteam.words import log as wl
from tagteam.words import set_language
from tagteam.words.coach import coach, what_if
from tagteam.words.names import card_name
from tests.engine.test_determinism import golden_session
from tests.words.spaces import plain
from tests.words.test_render_words import build_view
from tests.words.test_spine_words import _sessions, _texts
from tests.words.test_tutorial_words import _titled

# a mark glued to the word or number before it; "→" arrows, "12:30", "http://", "->" and "[1]" are not French text
GLUED = re.compile(r"[\w)»…\]](?=[;:?!%](?!//))")


def glued(texts: list[str]) -> list[str]:
    """The texts with a French mark glued to what comes before it (card names as printed, "Berserk!", aside)."""
    cards = [c for fd in library().values() for c in fd.cards]
    names = sorted({n for c in cards for n in (c.name, card_name(c.model))}, key=len, reverse=True)
    out = []
    for text in texts:
        bare = text
        for name in names:
            bare = bare.replace(name, "X")
        if GLUED.search(bare):
            out.append(text)
    return out


def test_the_check_finds_glued_marks() -> None:
    old = ["Bödvar perd 3 PV (3 → 0); Wong Fei-Hung regagne 2 PV", "72% de victoire", "Attaque?", "Bilan: rien"]
    assert glued(old) == old
    assert glued(["Bödvar perd 3 PV (3 → 0) ; Wong", "72 % de victoire", "Attaque ?", "Bilan : rien"]) == []


def test_the_french_log_spine_tutorial_and_coach_space_their_marks() -> None:
    s = golden_session("first-game-seed-1")
    spine = _sessions()
    set_language("fr")
    texts = wl.describe_log(s.log, 0, s.state.table, ("Ann", "Bo"))
    texts += [t for game in spine for t in _texts(game)]
    texts += [text for _title, text in _titled()]
    v = build_view()
    choice = BuildChoice(0, len(v.my_fight_deck), (1, 2))
    texts += [line.text + " " + line.reason for line in coach(v, 7, choice)]
    texts += [c.text for c in what_if(v, 7, choice)]
    assert len(texts) > 100
    assert glued(texts) == []


def test_french_counts_agree_with_one() -> None:
    """Counts of one read as French: "Intrigues : 1 posées", "a subi 1 Dégâts directs" and "inflige 1 Dégâts
    directs" did not agree; the French is now said so that it agrees with any count."""
    from tagteam.words import _

    set_language("fr")
    said = [
        _("Schemes: {planted} planted, {pile} left in pile, {gone} gone").format(planted=1, pile=9, gone=1),
        _("Schemes: {planted} planted, {pile} left in pile").format(planted=1, pile=10),
        _("{fighter} took {damage} Direct Damage: it is no Attack, so no Block negates it.").format(
            fighter="Golem", damage=1
        ),
        _("Execution: {target} has {hp} HP ({threshold} or fewer): {fighter} deals {hp} Direct Damage.").format(
            target="Golem", hp=1, threshold=3, fighter="Wild Bunch"
        ),
    ]
    plural_after_one = re.compile(r"\b1 (?:posées|parties|Dégâts)\b")
    assert [s for s in said if plural_after_one.search(s)] == []
    assert plain(said[1]) == "Intrigues : 1 en jeu, 10 dans la pile"


def test_the_commands_error_lines_speak_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'tagteam --lang fr --resume' with nothing to resume said "tagteam: error: no autosaved game to resume"."""
    from tagteam.cli.play import run

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    assert run(None, True, None) == 2
    assert capsys.readouterr().err.startswith("tagteam: error: no autosaved game to resume (")
    set_language("fr")
    assert run(None, True, None) == 2
    said = plain(capsys.readouterr().err)
    assert said.startswith("tagteam : erreur : aucune partie sauvegardée automatiquement à reprendre ("), said
