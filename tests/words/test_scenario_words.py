"""The log's words for rulings whose point is also how the log says them: the scenario files pin what
happened as event data; these pin the sentences, in English and in French, from the same positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagteam.engine.position import load, resolve
from tagteam.words import log as wl
from tagteam.words import set_language

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
# scenario -> {language: (what a line must say, what no line may say)}
WORDS: dict[str, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "fey_folk/all_legends_must_pass_game_over_line.json": {
        "en": (("Game over (All Legends Must Pass)",), ("Knock Out)",)),
        "fr": (("Fin de la partie (",), ("(KO)",)),
    },
    "fey_folk/log_names_the_spirit_space.json": {
        "en": (("to the Spirit space",), ("to 0",)),
        "fr": (("Esprit",), ("à 0",)),
    },
    "maman_brijit/log_names_the_revive_space.json": {
        "en": (("to the revive space",), ("to 0",)),
        "fr": (("retour à la vie",), ("à 0",)),
    },
    "golem/presence_log_says_back_to_the_golem.json": {
        "en": (("goes back to The Golem",), ("supply",)),
        "fr": (("Golem",), ("réserve",)),
    },
    "wild_bunch/one_space_counts_real_moves_only.json": {"en": ((), ("already moved its one space",))},
}


def log_lines(name: str, lang: str) -> list[str]:
    pos, st = load(SCENARIOS / name)
    res = resolve(st, pos.turns, pos.decisions)
    set_language(lang)
    return [wl.describe(e, st.table) for e in res.events]


@pytest.mark.parametrize(
    ("name", "lang"), [(n, lang) for n, by in WORDS.items() for lang in by], ids=lambda v: str(v).split("/")[-1]
)
def test_the_log_says_it_in_words(name: str, lang: str) -> None:
    must, never = WORDS[name][lang]
    lines = log_lines(name, lang)
    for text in must:
        assert any(text in line for line in lines), (text, lines)
    for text in never:
        assert not any(text in line for line in lines), (text, lines)
