"""The saves' notices in the words layer: a finished game set aside is said to be finished, never "kept as
autosave"; an unfinished one keeps its notice; French is complete."""

from __future__ import annotations

from pathlib import Path

import pytest

from tagteam.store import saves
from tagteam.words import saves as saves_words
from tagteam.words import set_language
from tests.engine.helpers import play_session

FINISHED = play_session(11, decide_seed=11).record
OTHER = play_session(12, decide_seed=12).record


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    saves.forget()
    return tmp_path / "home"


def _unfinished() -> object:
    rec = FINISHED.model_copy(deep=True)
    rec.decisions = rec.decisions[:3]
    rec.turns_after = 0
    return rec


def test_a_finished_game_set_aside_is_not_called_kept_as_autosave(home: Path) -> None:
    """A rematch after a finished game: the notice read "Previous game kept as autosave-….json"."""
    assert saves_words.notice(saves.autosave(FINISHED)) is None
    notice = saves_words.notice(saves.autosave(OTHER)) or ""
    (kept,) = (home / "saves").glob("*.json")
    assert saves_words.entry_for(kept).state == "finished"
    assert notice == "Finished game kept in the saves folder: Load lists it."
    assert kept.name not in notice  # no internal file name said to a player
    assert "Previous game kept" not in notice


def test_an_unfinished_game_set_aside_keeps_its_notice(home: Path) -> None:
    rec = _unfinished()
    assert saves_words.notice(saves.autosave(rec)) is None  # type: ignore[arg-type]
    notice = saves_words.notice(saves.autosave(OTHER)) or ""
    (kept,) = (home / "saves").glob("*.json")
    assert saves_words.entry_for(kept).state == "unfinished"
    assert notice == "Previous game kept in the saves folder: Load lists it."


def test_the_notice_and_the_load_listing_in_french(home: Path) -> None:
    saves_words.notice(saves.autosave(FINISHED))
    set_language("fr")
    notice = saves_words.notice(saves.autosave(OTHER)) or ""
    assert notice.startswith("Partie terminée rangée dans le dossier des sauvegardes")
    (kept,) = (home / "saves").glob("*.json")
    entry = saves_words.entry_for(kept)
    assert " contre " in entry.head and "terminée" in entry.line and "finished" not in entry.line
