"""The environment chooses a language of the list by its tag: the same code first, else the same language in
another region or script (``LANG=pt_BR.UTF-8`` chooses ``pt``, ``LANG=zh_CN.UTF-8`` a Chinese of the list),
whatever codes the list holds; nothing in the code names a language."""

from __future__ import annotations

import pytest

from tagteam.content.choices import LANGUAGES, SOURCE
from tagteam.words import lang


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != SOURCE])
@pytest.mark.parametrize("var", ["LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"])
def test_each_language_of_the_list_is_chosen_by_the_environment(code: str, var: str) -> None:
    base = code.split("_")[0]
    for value in (code, f"{code}.UTF-8", f"{base}_XX.UTF-8", f"{base}-xx", f"{base.upper()}_XX.utf8@euro"):
        assert lang.choose(None, None, {var: value}) == code, value


@pytest.mark.parametrize(
    ("ours", "value", "chosen"),
    [
        (("en", "pt"), "pt_BR.UTF-8", "pt"),
        (("en", "pt"), "pt_PT.UTF-8", "pt"),
        (("en", "zh"), "zh_CN.UTF-8", "zh"),
        (("en", "zh_Hans"), "zh_CN.UTF-8", "zh_Hans"),
        (("en", "pt_BR"), "pt_PT.UTF-8", "pt_BR"),  # another region of a language we have
        (("en", "pt_BR", "pt_PT"), "pt_PT.UTF-8", "pt_PT"),  # the very tag, when we have it, first
        (("en", "pt_BR", "pt_PT"), "pt_BR", "pt_BR"),
        (("en", "pt"), "de_DE.UTF-8", "en"),  # a language we lack: the source
        (("en", "pt"), "C.UTF-8", "en"),
    ],
)
def test_a_tag_matches_by_its_language_part_after_the_full_tag(
    monkeypatch: pytest.MonkeyPatch, ours: tuple[str, ...], value: str, chosen: str
) -> None:
    monkeypatch.setattr(lang, "LANGUAGES", ours)
    assert lang.choose(None, None, {"LANG": value}) == chosen
    assert lang.choose(None, None, {"LC_ALL": value, "LANG": "en_US.UTF-8"}) == chosen  # LC_ALL over LANG


def test_the_flag_and_the_saved_choice_still_come_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lang, "LANGUAGES", ("en", "fr", "pt"))
    assert lang.choose("pt", None, {"LANG": "fr_FR.UTF-8"}) == "pt"
    assert lang.choose(None, "pt_BR", {"LANG": "fr_FR.UTF-8"}) == "pt"
    assert lang.choose(None, None, {"LANGUAGE": "de:pt_BR:fr", "LANG": "fr_FR.UTF-8"}) == "pt"
