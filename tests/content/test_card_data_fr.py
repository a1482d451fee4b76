"""The French of the card data (``data/cards/locale/fr.json``): complete, faithful to the English numbers, and
what words.names shows in French."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from tagteam.cli.cards import check, show
from tagteam.content.loader import check_content, data_dir, load_all
from tagteam.content.models import Fighter
from tagteam.content.texts import CardWords, FighterWords, LocaleTexts
from tagteam.engine.table import library
from tagteam.render.cards import card_panel
from tagteam.words import inputs, set_language
from tagteam.words.names import (
    board_text,
    card_name,
    card_text,
    fighter_name,
    profile_text,
    scheme_text,
    track_name,
)

REAL = data_dir()
FIGHTERS = load_all()
FRENCH = LocaleTexts.model_validate(json.loads((REAL / "locale" / "fr.json").read_text(encoding="utf-8")))
# The trailing 0-5 ratings of an English profile ("Health 4, Offense 3, ..."): data, not prose to translate.
RATINGS = re.compile(r"\s*(?:[A-Z][a-z]+ \d(?:, )?)+\.\s*$")
NUMBER = re.compile(r"\d+")


def fr(fighter: Fighter) -> FighterWords:
    return FRENCH.fighters.get(fighter.id, FighterWords())


def fr_card(fighter: Fighter, card_id: str) -> CardWords:
    return fr(fighter).cards.get(card_id, CardWords())


def pairs(fighter: Fighter) -> Iterator[tuple[str, str, str | None]]:
    """(where, English, French) for every printed text of a Fighter's board and cards."""
    said = fr(fighter)
    yield f"{fighter.id}.name", fighter.name, said.name
    yield f"{fighter.id}.profile", RATINGS.sub("", fighter.profile), said.profile
    for i, track in enumerate(fighter.health):
        yield f"{fighter.id}.health.{i}.name", track.name, said.health[i] if i < len(said.health) else None
    if fighter.special_track is not None:
        yield f"{fighter.id}.special_track.name", fighter.special_track.name, said.special_track
    for token in fighter.scheme_tokens:
        yield f"{fighter.id}.scheme_tokens.{token.id}", token.text, said.scheme_tokens.get(token.id)
    for card in fighter.cards:
        yield f"{card.id}.text", card.text, fr_card(fighter, card.id).text
        if card.flipped_text is not None:
            yield f"{card.id}.flipped_text", card.flipped_text, fr_card(fighter, card.id).flipped_text


ALL = [p for f in FIGHTERS.values() for p in pairs(f)]


def numbers(text: str) -> Counter[str]:
    return Counter(NUMBER.findall(text))


def same_numbers(english: str, french: str) -> bool:
    """A cheap guard against a changed fact: the French text carries exactly the numbers of the English."""
    return numbers(english) == numbers(french)


def test_every_text_has_its_french() -> None:
    missing = [where for where, _en, fr in ALL if not fr]
    assert missing == []
    assert sum(1 for where, _en, _fr in ALL if where.endswith(".text")) == 74  # every distinct card
    assert sum(c.copies for f in FIGHTERS.values() for c in f.cards) == 120


@pytest.mark.parametrize(("where", "english", "french"), ALL, ids=[p[0] for p in ALL])
def test_french_keeps_the_numbers(where: str, english: str, french: str | None) -> None:
    assert french is not None
    assert same_numbers(english, french), f"{where}: {english!r} vs {french!r}"


def test_the_number_guard_can_fail() -> None:
    assert same_numbers("Heal 3. Your Partner heals 1.", "Récupérez 3 PV. Votre Partenaire récupère 1 PV.")
    assert not same_numbers("Heal 3. Your Partner heals 1.", "Récupérez 3 PV. Votre Partenaire récupère 2 PV.")
    assert not same_numbers("Heal 2 and heal 2.", "Récupérez 2 PV.")


def test_french_profiles_carry_no_ratings() -> None:
    """The board shows the ratings read off the English profile, labelled in the player's language: a French
    profile repeating them would print them twice."""
    for fighter in FIGHTERS.values():
        assert RATINGS.search(fighter.profile), fighter.id
        profile = fr(fighter).profile
        assert profile is not None
        assert not re.search(r"\d(?:, |\.\s*$)", profile.rstrip()[-30:]), fighter.id


def test_french_card_names_only_with_a_source() -> None:
    """A French card name comes from a source, with its confidence; the others stay English, as the English
    edition prints them."""
    for fighter in FIGHTERS.values():
        for card in fighter.cards:
            said = fr_card(fighter, card.id)
            if said.name is None:
                assert said.name_confidence == "UNKNOWN", card.id
            else:
                assert said.name_confidence in ("CONFIRMED-IMG", "RULES-TEXT"), card.id


def test_french_names_of_the_fighters() -> None:
    names = {fid: fr(f).name for fid, f in FIGHTERS.items()}
    assert names["joan"] == "Jeanne"
    assert names["fey_folk"] == "Le Petit Peuple"
    assert names["wild_bunch"] == "Le Wild Bunch"
    assert names["golem"] == "Golem"


def test_check_passes_on_the_shipped_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert check(None) == 0
    assert capsys.readouterr().out == "12 fighters, 120 cards OK\n"


def test_a_flipped_text_needs_an_english_one(tmp_path: Path) -> None:
    shutil.copytree(REAL, tmp_path / "cards")
    path = tmp_path / "cards" / "locale" / "fr.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["fighters"]["joan"]["cards"]["joan.dieu_premier_servi"]["flipped_text"] = "Tête en bas."
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    _fighters, problems = check_content(tmp_path / "cards")
    assert [inputs.line(p) for p in problems] == [
        f"{path}: fighters.joan.cards.joan.dieu_premier_servi.flipped_text: not in the English card data"
    ]


@pytest.mark.parametrize(
    ("change", "line"),
    [
        (lambda d: d["fighters"]["joan"].update(nmae="Jeanne"), "fighters.joan.nmae: unknown field (not allowed here)"),
        (lambda d: d["fighters"].update(ogre={}), "fighters.ogre: not in the English card data"),
        (lambda d: d["fighters"]["joan"].update(name=3), "fighters.joan.name: should be text in quotes"),
        (
            lambda d: d["fighters"]["joan"]["cards"].update({"joan.nope": {"text": "Non."}}),
            "fighters.joan.cards.joan.nope: not in the English card data",
        ),
    ],
)
def test_a_bad_language_file_is_one_line_naming_file_and_field(
    tmp_path: Path, change: object, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mistake in a language's card words stops ``tagteam cards check`` with one line: the file, the field."""
    shutil.copytree(REAL, tmp_path / "cards")
    path = tmp_path / "cards" / "locale" / "fr.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert check(str(tmp_path / "cards")) == 2
    assert capsys.readouterr().err.splitlines() == [f"{path}: {line}"]


def test_names_follow_the_language() -> None:
    """The content models and the engine's compiled table answer alike, in English and in French."""
    joan = FIGHTERS["joan"]
    vision = next(c for c in joan.cards if c.id == "joan.divine_vision")
    shield = next(c for c in joan.cards if c.id == "joan.holy_shield")
    compiled = library()["joan"]
    vision_def = next(c for c in compiled.cards if c.id == "joan.divine_vision")
    for lang in ("en", "fr", "en"):
        set_language(lang)
        fr = lang == "fr"
        for card in (vision, vision_def):
            assert card_name(card) == ("Vision divine" if fr else "Divine Vision")
            assert card_text(card) == (fr_card(joan, vision.id).text if fr else vision.text)
        assert card_name(shield) == "Holy Shield"  # no French name found: the English one, in both
        assert card_text(shield) == (fr_card(joan, shield.id).text if fr else shield.text)
        for fighter in (joan, compiled):
            assert fighter_name(fighter) == ("Jeanne" if fr else "Joan")
            assert profile_text(fighter) == (FRENCH.fighters["joan"].profile if fr else joan.profile)
            assert board_text(fighter, "profile") == profile_text(fighter)
        assert track_name(joan.health[0]) == track_name(compiled.tracks[0]) == ("Jeanne" if fr else "Joan")
        assert joan.special_track is not None
        assert track_name(joan.special_track) == ("Voix divine" if fr else "Divine Voice")
        assert board_text(compiled, "special_name") == track_name(joan.special_track)


def test_flipped_and_scheme_texts_follow_the_language() -> None:
    fey = FIGHTERS["fey_folk"]
    leshi = next(c for c in fey.cards if c.id == "fey_folk.summoning_leshi")
    leshi_def = next(c for c in library()["fey_folk"].cards if c.id == leshi.id)
    milady = FIGHTERS["milady"]
    poison = next(t for t in milady.scheme_tokens if t.id == "poison")
    poison_def = next(s for s in library()["milady"].schemes if s.id == "poison")
    bear = FIGHTERS["bodvar"].health[1]
    set_language("fr")
    assert card_text(leshi, flipped=True) == card_text(leshi_def, flipped=True) == fr_card(fey, leshi.id).flipped_text
    assert scheme_text(poison) == scheme_text(poison_def) == FRENCH.fighters["milady"].scheme_tokens["poison"]
    assert track_name(bear) == "Ours Berserker"
    set_language("en")
    assert card_text(leshi_def, flipped=True) == leshi.flipped_text
    assert scheme_text(poison_def) == poison.text


def test_card_panel_in_french() -> None:
    card = next(c for c in FIGHTERS["mordred"].cards if c.id == "mordred.execution")
    console = Console(width=100, record=True)
    set_language("fr")
    console.print(card_panel(card))
    out = console.export_text()
    assert "Exécution" in out
    assert "infligez-lui" in out
    assert "Execution" in out  # the English name beside it, as other players may know it
    assert card.text not in out


def test_cards_show_prints_french_under_french(capsys: pytest.CaptureFixture[str]) -> None:
    set_language("fr")
    assert show("wong_fei_hung") == 0
    out = " ".join(capsys.readouterr().out.split())  # panels wrap lines: compare words
    for card in FIGHTERS["wong_fei_hung"].cards:
        text = fr_card(FIGHTERS["wong_fei_hung"], card.id).text
        assert text is not None
        assert " ".join(text.split()[:3]) in out, card.id
    assert "Point de Pression" in out
    assert "After your Opponent's card resolves" not in out
