"""Preferences kept between runs: they round-trip, and any bad settings file falls back with one notice."""

from __future__ import annotations

import json
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tagteam.store import settings
from tagteam.words import settings as settings_words


def load(themes: set[str] | None = None) -> tuple[settings.Settings, str]:
    """The settings and their one-line notice, as the app shows it."""
    prefs, notes = settings.load(themes)
    return prefs, settings_words.notice(notes)


def save(s: settings.Settings) -> str:
    return settings_words.notice(settings.save(s))


def update(**changes: Any) -> str:
    return settings_words.notice(settings.update(**changes))


def test_the_store_says_what_was_wrong_as_codes_and_the_words_say_it() -> None:
    """No sentence in the store: each bad field is a coded note, worded once by tagteam.words.settings."""
    settings.path().parent.mkdir(parents=True, exist_ok=True)
    settings.path().write_text('{"level": "godlike", "theme": 5, "lang": "tlh"}', encoding="utf-8")
    prefs, notes = settings.load()
    assert prefs == settings.Settings(kept=(("lang", '"tlh"'),))  # not used, but kept for the file
    assert [(n.code, n.value) for n in notes] == [("level", "godlike"), ("theme", "5"), ("lang", "tlh")]
    assert settings_words.notice(notes) == (
        "Settings: unknown level godlike ignored, practising at Normal; unknown theme 5 ignored, using the default "
        "theme; unknown language tlh not used (kept in the file)."
    )


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    return tmp_path


def test_settings_round_trip() -> None:
    assert load() == (settings.Settings(), "")  # no file yet: the defaults, silently
    assert save(settings.Settings("hard", ("Ann", "Bob"))) == ""
    assert load() == (settings.Settings("hard", ("Ann", "Bob")), "")
    chosen = settings.Settings("easy", ("Ann", "Bob"), ("pruned_unfinished",), "textual-light", True)
    assert save(chosen) == ""
    assert load() == (chosen, "")
    assert load(themes={"textual-light"}) == (chosen, "")
    said = settings.Settings("hard", level_chosen=True)
    assert save(said) == "" and load() == (said, "")
    settings.path().write_text('{"level": "hard"}', encoding="utf-8")  # a file from before the field
    assert load() == (settings.Settings("hard"), "") and not load()[0].level_chosen


def test_every_field_has_a_reader() -> None:
    """A field added without a reader would be written but never read back."""
    assert list(settings._READERS) == [f.name for f in fields(settings.Settings) if f.name != "kept"]


@pytest.mark.parametrize(
    ("text", "notice"),
    [
        ("not json", "Settings ignored"),
        ("[1, 2]", "not a JSON object"),
        ('{"level": "godlike"}', "unknown level"),
        ('{"theme": 5}', "unknown theme"),
        ('{"theme": "two words"}', "unknown theme"),
        ('{"reduced_motion": "yes"}', "reduced_motion"),
        ('{"reduced_motion": 1}', "reduced_motion"),
        ("[" * 100 + "]" * 100, "Settings ignored"),
    ],
)
def test_a_bad_settings_file_falls_back_with_one_line(text: str, notice: str) -> None:
    settings.path().write_text(text, encoding="utf-8")
    prefs, said = load()
    assert (prefs.level, prefs.theme, prefs.reduced_motion) == (settings.DEFAULT_LEVEL, settings.DEFAULT_THEME, False)
    assert notice in said and "\n" not in said


def test_several_bad_fields_make_one_notice_naming_each() -> None:
    bad = {"level": "godlike", "theme": "no-such-theme", "reduced_motion": None, "names": ["Ann", "Bob"]}
    settings.path().write_text(json.dumps(bad), encoding="utf-8")
    prefs, said = load(themes={"textual-dark", "textual-light"})
    assert prefs == settings.Settings(names=("Ann", "Bob"))  # the good field is kept
    assert said.count("Settings") == 1 and "\n" not in said
    assert all(word in said for word in ("level", "no-such-theme", "reduced_motion"))


def test_a_theme_the_app_does_not_know_is_only_dropped_when_the_app_says_which_it_knows() -> None:
    save(settings.Settings(theme="gone-theme"))
    assert load()[0].theme == "gone-theme"  # update() cannot tell: it keeps the choice as it is
    prefs, said = load(themes={"textual-dark"})
    assert prefs.theme == settings.DEFAULT_THEME and "gone-theme" in said


@given(st.binary(max_size=200))
def test_any_bytes_load_or_fall_back(data: bytes) -> None:
    settings.path().parent.mkdir(parents=True, exist_ok=True)
    settings.path().write_bytes(data)
    prefs, said = load()
    assert prefs.level in ("easy", "normal", "hard")
    assert "\n" not in said
    assert all(0 < len(n) <= 20 for n in prefs.names)
    assert isinstance(prefs.theme, str) and isinstance(prefs.reduced_motion, bool)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=10,
)
FIELD_NAMES = st.sampled_from([f.name for f in fields(settings.Settings)])


@given(st.dictionaries(FIELD_NAMES, JSON | st.sampled_from(["hard", "textual-light", "", True])))
def test_any_field_values_load_as_the_right_types_with_at_most_one_line(doc: dict[str, object]) -> None:
    settings.path().parent.mkdir(parents=True, exist_ok=True)
    settings.path().write_text(json.dumps(doc), encoding="utf-8")
    prefs, said = load(themes={"textual-dark", "textual-light"})
    assert prefs.level in ("easy", "normal", "hard")
    assert prefs.theme in ("", "textual-dark", "textual-light")
    assert isinstance(prefs.reduced_motion, bool) and isinstance(prefs.level_chosen, bool)
    assert not prefs.level_chosen or doc.get("level_chosen") is True  # only a saved true counts as a choice
    assert all(isinstance(t, str) for t in prefs.told) and len(prefs.names) == 2
    assert "\n" not in said and said.count("Settings") <= 1
    assert save(prefs) == ""
    back, again = load(themes={"textual-dark", "textual-light"})
    assert back == prefs
    unknown_language = prefs.lang is None and any(k == "lang" for k, _v in prefs.kept)  # kept, said each time
    assert ("unknown language" in again) if unknown_language else again == ""


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
    save(settings.Settings("hard", ("Ann", "Bob"), ("pruned_unfinished",)))
    assert update(names=("Cy", "Bob")) == ""
    assert load()[0] == settings.Settings("hard", ("Cy", "Bob"), ("pruned_unfinished",))


def test_a_notice_topic_is_due_only_once() -> None:
    assert settings.first_time("pruned_unfinished")
    assert not settings.first_time("pruned_unfinished")
    assert load()[0].told == ("pruned_unfinished",)


def test_with_tagteam_home_the_settings_stay_in_that_folder(home: Path) -> None:
    assert settings.config_dir() == home and settings.path() == home / settings.FILE


@pytest.fixture
def xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """No TAGTEAM_HOME: the platform's folders, here put under the test's folder (XDG, as on Linux)."""
    if sys.platform != "linux":
        pytest.skip("XDG folders are Linux's")
    monkeypatch.delenv("TAGTEAM_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    old, new = tmp_path / "data" / "tagteam" / settings.FILE, tmp_path / "config" / "tagteam" / settings.FILE
    old.parent.mkdir(parents=True)
    return old, new


def test_settings_go_in_the_config_folder(xdg: tuple[Path, Path]) -> None:
    old, new = xdg
    assert save(settings.Settings("hard")) == ""
    assert new.is_file() and not old.exists()
    assert load()[0].level == "hard"


def test_the_old_file_is_moved_once(xdg: tuple[Path, Path]) -> None:
    old, new = xdg
    old.write_text(json.dumps({"level": "easy", "theme": "textual-light"}), encoding="utf-8")
    assert load() == (settings.Settings("easy", theme="textual-light"), "")
    assert new.is_file() and not old.exists()
    old.write_text(json.dumps({"level": "hard"}), encoding="utf-8")  # an older version ran again
    assert load()[0].level == "easy"  # the config folder's file wins: no second move
    assert old.is_file() and json.loads(new.read_text(encoding="utf-8"))["level"] == "easy"


def test_a_failed_move_keeps_the_old_file_in_use(xdg: tuple[Path, Path], tmp_path: Path) -> None:
    old, new = xdg
    (tmp_path / "config").write_text("a file where the config folder should be", encoding="utf-8")
    old.write_text(json.dumps({"level": "easy"}), encoding="utf-8")
    assert load() == (settings.Settings("easy"), "")
    assert old.is_file() and not new.exists()
    assert update(level="hard") == ""  # written where it is read
    assert json.loads(old.read_text(encoding="utf-8"))["level"] == "hard"
    assert load()[0].level == "hard"


def test_the_move_copies_across_file_systems(xdg: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """A rename between two file systems fails (EXDEV): the file is copied into place, then the old removed."""
    import errno
    import os

    old, new = xdg
    old.write_text(json.dumps({"level": "hard"}), encoding="utf-8")
    real = os.replace

    def replace(src: object, dst: object) -> None:
        if Path(str(src)) == old:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        real(str(src), str(dst))

    monkeypatch.setattr(os, "replace", replace)
    assert load()[0].level == "hard"
    assert new.is_file() and not old.exists() and not list(new.parent.glob(".*.tmp"))


KEPT_VALUES = st.recursive(  # values the bounded reader takes (it refuses 5,000-digit numbers, as it should)
    st.none() | st.booleans() | st.integers(-(10**15), 10**15) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
OTHER_KEYS = st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12).filter(
    lambda k: k not in {f.name for f in fields(settings.Settings)}
)


@given(
    extra=st.dictionaries(OTHER_KEYS, KEPT_VALUES, max_size=4),
    lang=st.none() | st.sampled_from(["tlh", "de", "pt-BR", "fr"]),
    change=st.sampled_from([{"level": "hard"}, {"names": ("Cy", "Dee")}, {"told": ("x",)}, {}]),
)
def test_fields_it_does_not_know_and_a_language_it_does_not_speak_are_kept(
    extra: dict[str, object], lang: str | None, change: dict[str, Any]
) -> None:
    """A newer Tag Team's fields survive this one's writes, as they were; a language this one does not speak is
    not used (the environment decides), said once per load, and kept until the player picks one."""
    doc: dict[str, object] = {**extra, "level": "easy"}
    if lang is not None:
        doc["lang"] = lang
    settings.path().parent.mkdir(parents=True, exist_ok=True)
    settings.path().write_text(json.dumps(doc), encoding="utf-8")
    assert update(**change) == ""
    written = json.loads(settings.path().read_text(encoding="utf-8"))
    assert {k: written.get(k) for k in extra} == extra
    assert written.get("lang") == lang
    prefs, said = load()
    assert prefs.lang == (lang if lang in ("en", "fr") else None)
    assert ("unknown language" in said) == (lang is not None and prefs.lang is None)
    if change:
        key, value = next(iter(change.items()))
        assert getattr(prefs, key) == value
    assert update(lang="fr") == "" and json.loads(settings.path().read_text(encoding="utf-8"))["lang"] == "fr"
