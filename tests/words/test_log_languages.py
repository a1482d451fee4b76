"""Every golden game's log told in English, French and the pseudo-locale: no error, no message left out of
the catalog (under "xx" every line carries pseudo accents or '~'), French fields kept, and the misleading
lines of issue 24 told true."""

from __future__ import annotations

import pytest

from tagteam.engine import events as ev
from tagteam.engine.table import build_table, library
from tagteam.words import log as wl
from tagteam.words import set_language
from tests.engine.test_determinism import GOLDEN_GAMES, golden_session
from tests.words.spaces import plain

PSEUDO = set("àéîõûÿÀÉÎÕÛŸçÇñÑ~")


def _told(name: str, lang: str) -> list[str]:
    s = golden_session(name)
    set_language(lang)
    try:
        return wl.describe_log(s.log, 0, s.state.table, ("Ann", "Bo"))
    finally:
        set_language("en")


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_every_golden_line_is_catalogued(name: str) -> None:
    english, french, pseudo = (_told(name, lang) for lang in ("en", "fr", "xx"))
    assert len(english) == len(french) == len(pseudo)
    escaped = [line for line in pseudo if not set(line) & PSEUDO]
    assert not escaped, escaped[:10]
    same = [en for en, fr in zip(english, french, strict=True) if en == fr]
    assert not [line for line in same if not line.startswith(("Bödvar : Rage", "Double KO"))], same[:10]
    assert not [line for line in french if "{" in line or "}" in line]


def test_french_log_reads_french() -> None:
    french = _told("first-game-seed-1", "fr")
    assert plain(french[0]).startswith("Équipes : Ann joue Jeanne + Ching Shih"), french[0]
    assert any("Combattant actif : Jeanne" in plain(line) for line in french)
    assert any(line.startswith("Fin de la partie (") for line in french)


def test_healing_at_the_top_is_not_said_to_heal() -> None:
    """Issue 24: "Joan: 2 healing, net: heals 2 HP." then "the Health marker stays on 18 (it cannot go further)"
    told a heal that did not happen: at the top, the healing is said to be lost."""
    s = golden_session("first-game-seed-1")
    lines = wl.describe_log(s.log, 0, s.state.table)
    stuck = [i for i, e in enumerate(s.log) if isinstance(e, ev.Damage) and e.stuck and e.net < 0]
    assert stuck
    for i in stuck:
        assert "heals" not in lines[i] and "would heal" in lines[i], lines[i]
        assert lines[i + 1].endswith("the healing is lost."), lines[i + 1]
        assert "cannot go further" not in lines[i + 1]


def test_a_loss_on_the_last_space_goes_no_further() -> None:
    """Maman Brijit on her last space: the loss is not said to be taken, the marker line says it stops there."""
    tab = build_table((("maman_brijit", "joan"), ("bodvar", "wong_fei_hung")), library())
    last = tab.fighters[0].tracks[0].last
    hp = tab.fighters[0].tracks[0].hp[last]
    assert (
        wl.describe(ev.Damage(0, 3, 0, 0, 3, stuck=True), tab) == "Maman Brijit: 3 from Attacks, net: would lose 3 HP."
    )
    line = wl.describe(ev.MarkerMoved(0, hp, hp, False, 3, "", last, last), tab)
    assert line.startswith("Maman Brijit: the Health marker is already on the last space (")
    assert line.endswith("): the loss goes no further."), line


def test_one_direct_damage_is_singular_in_french() -> None:
    """The log said "Maman Brijit : 1 Dégâts directs, au total : perd 1 PV" (seen in tmux)."""
    assert wl.sum_words(0, 1, 0) == "1 Direct Damage" and wl.sum_words(0, 3, 0) == "3 Direct Damage"
    set_language("fr")
    assert wl.sum_words(0, 1, 0) == "1 Dégât direct"
    assert wl.sum_words(2, 3, 0) == "2 dégâts d'Attaque + 3 Dégâts directs"


def test_attack_damage_and_healing_read_as_french() -> None:
    """The log said "Bödvar : 2 de dégâts d'Attaque" and "3 de Soin" (seen in tmux): French counts the
    damage, singular at 1, and says the healing in PV."""
    set_language("fr")
    assert wl.sum_words(1, 0, 0) == "1 dégât d'Attaque"
    assert plain(wl.sum_words(4, 0, 2)) == "4 dégâts d'Attaque - 2 PV de Soin"
    assert plain(wl.sum_words(0, 0, 3)) == "3 PV de Soin"


def _net_hp(line: str, lang: str) -> int:
    """The HP number of a net line ("net: heals 1 HP", "au total : perd 7 PV")."""
    import re

    word = r"net: (?:heals|loses) (\d+) " if lang == "en" else r"qui (?:récupère|perd) (\d+)\W?PV au total"
    m = re.search(word, line)
    assert m, line
    return int(m.group(1))


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_net_line_says_what_the_track_changed(name: str, lang: str) -> None:
    """The reviewer read "Joan: 2 healing, net: heals 2 HP." then "the Health marker moves from 17 to 18", and
    "au total : perd 10 PV" then "passe de 7 à une case KO" while the recap said 7 → 0: at an end of the track
    the net line says the HP really gained or lost (the marker's move), and why."""
    s = golden_session(name)
    lines = _told(name, lang)
    capped = 0
    for i, e in enumerate(s.log):
        if not isinstance(e, ev.Damage) or e.stuck or e.net == 0:
            continue
        moved = s.log[i + 1]
        if not isinstance(moved, ev.MarkerMoved) or moved.stopped:
            continue
        assert _net_hp(lines[i], lang) == abs(moved.from_hp - moved.to_hp), (lines[i], lines[i + 1])
        if e.capped:
            capped += 1
            top = "top" if lang == "en" else "haut"
            end = "end" if lang == "en" else "bout"
            assert (top if e.net < 0 else end) in lines[i], lines[i]
    if name.startswith("fey-folk"):  # this game has nets cut short at both ends of a track
        assert capped, "no net cut short by an end of the track in this game"


def test_joan_healing_capped_at_the_top_in_words() -> None:
    """At 17/18 HP, 2 healing heals 1 HP: said in both languages from the event's ``capped``."""
    tab = build_table((("joan", "ching_shih"), ("bodvar", "wong_fei_hung")), library())
    e = ev.Damage(0, 0, 0, 2, -2, capped=1)
    assert wl.describe(e, tab) == "Joan: 2 healing, net: heals 1 HP (the marker reaches the top of its track)."
    set_language("fr")
    assert plain(wl.describe(ev.Damage(1, 10, 0, 0, 10, capped=3), tab)) == (
        "10 dégâts d'Attaque pour Ching Shih, qui perd 7 PV au total (le marqueur atteint le bout de sa piste)."
    )


def test_a_removed_card_says_which_card_removed_it() -> None:
    """The reviewer read "Raiding Party (Player 1) is removed from the game." with no cause, and in French
    "Point de Pression … est retirée" (an adjective agreeing with a card's name): the line names the Crippling
    Touch that removed it, and French says "quitte la partie" (nothing to agree)."""
    from tests.engine.helpers import play_session

    s = play_session(0, decide_seed=0)  # round 3: Player 2's Crippling Touch meets Revenge of the Red Flag Fleet
    at = [i for i, e in enumerate(s.log) if isinstance(e, ev.CardRemoved)]
    assert len(at) == 2
    lines = wl.describe_log(s.log, 0, s.state.table)
    assert lines[at[0]] == (
        "Player 1's Revenge of the Red Flag Fleet is removed from the game by Player 2's Crippling Touch."
    )
    assert lines[at[1]] == "Player 2's Crippling Touch leaves the game, as its text says."
    set_language("fr")
    french = wl.describe_log(s.log, 0, s.state.table)
    assert french[at[1]] == "Point de Pression (Joueur 2) quitte la partie, comme son texte l'indique."
    assert french[at[0]].endswith(" (Joueur 1) quitte la partie à cause de Point de Pression (Joueur 2)."), french
    assert not [line for line in french if "retirée" in line]


def test_the_bears_health_is_said_to_be_bodvars_power() -> None:
    """ "transforms into the Berserker Bear with 7 HP" read as if 7 were his Power: the line says where the 7
    comes from (his Power, at most the cap), in English and French."""
    tab = build_table((("bodvar", "joan"), ("maman_brijit", "wong_fei_hung")), library())
    assert wl.describe(ev.Transformed(0, 7), tab) == (
        "Bödvar transforms into the Berserker Bear with 7 HP (his Power, at most 15); no HP change this Turn."
    )
    set_language("fr")
    assert plain(wl.describe(ev.Transformed(0, 7), tab)).startswith(
        "Bödvar se transforme en Ours Berserker avec 7 PV (sa Puissance, 15 au plus)"
    )


def test_the_fight_legend_spells_out_the_divine_voice_dial() -> None:
    """The boards write Joan's dial as "Halo·TL·TR+P·BR·BL+P→": the legend says what each abbreviation is."""
    from tagteam.screens.fight import legend_line

    assert "Divine Voice: TL top-left, TR top-right, BR bottom-right, BL bottom-left" in legend_line()
    set_language("fr")
    assert "Voix divine : HG haut gauche, HD haut droite, BD bas droite, BG bas gauche" in plain(legend_line())


@pytest.mark.parametrize("name", ["transform_gain_3_then_bear_hp_equals_power", "bear_start_hp_capped_at_15"])
def test_the_bear_line_matches_what_the_engine_did(name: str) -> None:
    """The line's claim, resolved by the engine: the Bear's HP is Bödvar's Power when he transforms, at most 15
    (the rules scenarios), and the number said is the HP the Bear really has after it."""
    from pathlib import Path

    from tagteam.engine.fighters.bodvar import BEAR_MAX_START
    from tagteam.engine.position import final_state, load, resolve

    path = Path(__file__).resolve().parents[1] / "scenarios" / "bodvar" / f"{name}.json"
    pos, st = load(str(path))
    res = resolve(st, pos.turns, pos.decisions)
    (event,) = [e for e in res.events if isinstance(e, ev.Transformed)]
    bear = final_state(st, res)["fighters"]["bodvar"]
    assert event.hp == bear["hp"] == min(bear["power"], BEAR_MAX_START)
    line = wl.describe(event, st.tab())
    assert f"with {bear['hp']} HP (his Power, at most {BEAR_MAX_START})" in line
