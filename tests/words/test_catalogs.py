"""The catalogs are complete and sound: a new marked message without its French fails here, in CI.

``python -m tagteam.words.catalogs update`` adds new messages to the catalogs; a translator fills them in.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from tagteam.words import catalogs
from tagteam.words.lang import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE

pytest.importorskip("babel")


def test_every_marked_message_is_translated_with_the_same_fields() -> None:
    faults = catalogs.check()
    assert not faults, "\n".join(faults[:40]) + f"\n({len(faults)} faults: python -m tagteam.words.catalogs check)"


def test_the_check_finds_a_message_missing_from_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is able to fail: a message the source marks but no catalog holds is reported by its place."""
    real = catalogs.extract

    def with_new_message() -> object:
        cat = real()
        cat.add("A sentence no translator has seen yet.", None, [("tagteam/example.py", 7)])
        return cat

    monkeypatch.setattr(catalogs, "extract", with_new_message)
    assert any("tagteam/example.py:7: not translated in fr" in f for f in catalogs.check())


def test_a_translation_that_changes_a_field_is_a_fault() -> None:
    assert catalogs.fields("{fighter} loses {hp} HP") == {"fighter", "hp"}
    assert catalogs.fields("{fighter} perd {pv} PV") != catalogs.fields("{fighter} loses {hp} HP")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != SOURCE])
def test_each_language_has_a_compiled_catalog_with_cldr_plurals(lang: str) -> None:
    from babel import Locale
    from babel.messages.plurals import get_plural

    catalogs.compile_all()
    tr = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
    want = get_plural(Locale.parse(lang))
    assert tr.info()["plural-forms"].replace(" ", "") == want.plural_forms.replace(" ", "")


def test_french_counts_zero_as_one() -> None:
    """The plural rule is the catalog's (CLDR), not the code's: French says "0 carte", English "0 cards"."""
    from tagteam.words.lang import ngettext, set_language

    catalogs.compile_all()
    try:
        set_language("fr")
        plural = gettext.translation(DOMAIN, LOCALE_DIR, languages=["fr"]).plural  # type: ignore[attr-defined]
        assert plural(0) == 0 and plural(1) == 0 and plural(2) == 1
        set_language("en")
        assert ngettext("{count} card", "{count} cards", 0) == "{count} cards"
    finally:
        set_language("en")


def test_a_fragment_translates_a_plural_left_empty_in_the_catalog(tmp_path: Path) -> None:
    """An untranslated plural in the catalog (empty forms) takes the fragment's forms, with no conflict."""
    from tagteam.words import catalogs

    head = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
    po = tmp_path / "tagteam.po"
    po.write_text(head + 'msgid "{n} round"\nmsgid_plural "{n} rounds"\nmsgstr[0] ""\nmsgstr[1] ""\n', "utf-8")
    (tmp_path / "parts").mkdir()
    part = '#, python-brace-format\nmsgid "{n} round"\nmsgid_plural "{n} rounds"\nmsgstr[0] "{n} manche"\n'
    (tmp_path / "parts" / "x.po").write_text(head + part + 'msgstr[1] "{n} manches"\n', "utf-8")
    cat = catalogs.read(po)
    assert cat.get(("{n} round", "{n} rounds")).string == ("{n} manche", "{n} manches")


def test_a_fragment_fixes_a_translation_only_when_flagged(tmp_path: Path) -> None:
    """A review corrects a translation in its own fragment (``#, fix``); unflagged, a clash is an error."""
    from tagteam.words import catalogs

    head = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
    po = tmp_path / "tagteam.po"
    po.write_text(head + 'msgid "Attack?"\nmsgstr "Attaque?"\n', "utf-8")
    (tmp_path / "parts").mkdir()
    fragment = tmp_path / "parts" / "review.po"
    fragment.write_text(head + 'msgid "Attack?"\nmsgstr "Attaque ?"\n', "utf-8")
    with pytest.raises(ValueError, match="translated differently"):
        catalogs.read(po)
    fragment.write_text(head + '#, fix\nmsgid "Attack?"\nmsgstr "Attaque ?"\n', "utf-8")
    fixed = catalogs.read(po).get("Attack?")
    assert fixed.string == "Attaque ?" and catalogs.FIX not in fixed.flags


_IDEOGRAPHS = "\u2e80-\u9fff\uf900-\ufaff"
_CJK_MARKS = "\u3000-\u303f\uff00-\uffef"  # full-width punctuation: "，" parts words as ", " does
_WORD = re.compile(f"[{_IDEOGRAPHS}]+|[^\\s{_IDEOGRAPHS}{_CJK_MARKS}:]+")


def words(part: str) -> list[str]:
    """A key list part's words: a run of ideographs is one word beside a key, as a space-separated word is
    ("n：下一题" is the key and its use, as "n next" is), Chinese writing no space between them."""
    return _WORD.findall(part)


def cut_to_key(said: str, put: str) -> bool:
    """A part that named a key and its use ("1-3 keep") translated as one bare word ("1-3"); a run of
    ideographs is never bare: Chinese writes the key's use with no space after it."""
    return len(words(said)) >= 2 > len(words(put)) and not re.search(f"[{_IDEOGRAPHS}]", put)


def test_a_chinese_key_and_its_use_are_two_words() -> None:
    assert words("n：下一题") == ["n", "下一题"]
    assert words("1-3 keep") == ["1-3", "keep"]
    assert words("下一题") == ["下一题"]
    assert cut_to_key("1-3 keep", "1-3") and not cut_to_key("1-3 keep", "1-3 garder")
    assert not cut_to_key("two Fighters each", "每人两名格斗家")
    assert not cut_to_key("{puzzles}, {solved}", "{puzzles}，{solved}")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != SOURCE])
def test_a_translation_keeps_every_part_of_a_key_list(lang: str) -> None:
    """A key list ("1-3 keep · ↑↓ slot · o order") loses no part in translation: the French Build head once
    read "1-3 · ↑↓ place", leaving the player to guess what 1-3 does."""
    from tagteam.words import catalogs

    catalog = catalogs.read(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po")  # its fragments merged in
    short = []
    for m in catalog:
        first = str(m.id[0] if isinstance(m.id, tuple) else m.id)
        put_first = str(m.string[0] if isinstance(m.string, (tuple, list)) else m.string)
        if not (first and put_first and " · " in first):
            continue
        said, put = first.split(" · "), put_first.split(" · ")
        # as many parts, and no part that named a key and its use ("1-3 keep") cut to the key alone ("1-3")
        if len(said) != len(put) or any(cut_to_key(a, b) for a, b in zip(said, put, strict=True)):
            short.append(first)
    assert short == []


def test_the_french_build_head_says_what_1_to_3_does() -> None:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po").open(encoding="utf-8") as f:
        text = f.read()
    i = text.index('msgid "{player}: Build, round {round} · 1-3 keep')
    line = text[i:].splitlines()[1]
    assert "1-3 garder" in line
