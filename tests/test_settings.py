"""Preferences kept between runs: they round-trip, and any bad settings file falls back with one notice."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tagteam import settings


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    return tmp_path


def test_settings_round_trip() -> None:
    assert settings.load() == (settings.Settings(), "")  # no file yet: the defaults, silently
    assert settings.save(settings.Settings("hard", ("Ann", "Bob"))) == ""
    assert settings.load() == (settings.Settings("hard", ("Ann", "Bob")), "")


@pytest.mark.parametrize(
    ("text", "notice"),
    [
        ("not json", "Settings ignored"),
        ("[1, 2]", "not a JSON object"),
        ('{"level": "godlike"}', "unknown level"),
        ("[" * 100 + "]" * 100, "Settings ignored"),
    ],
)
def test_a_bad_settings_file_falls_back_with_one_line(text: str, notice: str) -> None:
    settings.path().write_text(text, encoding="utf-8")
    prefs, said = settings.load()
    assert prefs.level == settings.DEFAULT_LEVEL
    assert notice in said and "\n" not in said


@given(st.binary(max_size=200))
def test_any_bytes_load_or_fall_back(data: bytes) -> None:
    settings.path().parent.mkdir(parents=True, exist_ok=True)
    settings.path().write_bytes(data)
    prefs, said = settings.load()
    assert prefs.level in ("easy", "normal", "hard")
    assert "\n" not in said
    assert all(0 < len(n) <= 20 for n in prefs.names)


@pytest.mark.parametrize(
    ("kept", "played", "human", "expected"),
    [
        (("Alice", "Bob"), ("Alice", "Player 2"), (True, False), ("Alice", "Bob")),  # solo: seat 2 is the bot
        (("Alice", "Bob"), ("Ann", "Bot (Hard)"), (True, False), ("Ann", "Bob")),
        (("Alice", "Bob"), ("Alice", "Player 2"), (True, True), ("Alice", "Bob")),  # a default label wipes nothing
        (("Alice", "Bob"), ("Cy", "Dee"), (True, True), ("Cy", "Dee")),
        (("Player 1", "Player 2"), ("Cy", "Dee"), (True, True), ("Cy", "Dee")),
    ],
)
def test_each_seat_keeps_its_last_human_name(
    kept: tuple[str, str], played: tuple[str, str], human: tuple[bool, bool], expected: tuple[str, str]
) -> None:
    assert settings.remember_names(kept, played, human) == expected


def test_update_keeps_the_fields_it_does_not_change() -> None:
    settings.save(settings.Settings("hard", ("Ann", "Bob"), ("pruned_unfinished",)))
    assert settings.update(names=("Cy", "Bob")) == ""
    assert settings.load()[0] == settings.Settings("hard", ("Cy", "Bob"), ("pruned_unfinished",))


def test_a_notice_topic_is_due_only_once() -> None:
    assert settings.first_time("pruned_unfinished")
    assert not settings.first_time("pruned_unfinished")
    assert settings.load()[0].told == ("pruned_unfinished",)
