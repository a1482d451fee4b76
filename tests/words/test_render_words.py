"""The boards, the line-up and the coach's stories through the words layer: the misleading sentences of
issue 24 made clear (each test fails on the old wording), one legend for the line-up's marks, and a real
position rendered in the pseudo-locale (nothing left uncatalogued) and in French at 80 columns (nothing cut
mid-word)."""

from __future__ import annotations

import dataclasses
import io
import re

import pytest
from rich.console import Console, RenderableType

from tagteam.ai.coach_story import read_turn
from tagteam.engine import events as ev
from tagteam.engine.actions import BuildChoice
from tagteam.engine.fighters.bodvar import BEAR
from tagteam.engine.table import GameTable, build_table, library
from tagteam.engine.view import PlayerView, view_for
from tagteam.render import lineup as lu
from tagteam.render.board import PALETTES, board
from tagteam.render.compact import team_packed
from tagteam.words import cells, set_language
from tagteam.words.coach import coach, what_if
from tagteam.words.names import card_name, fighter_name
from tagteam.words.story import story_words
from tests.ai.conftest import to_build
from tests.words.spaces import plain

PAL = PALETTES["plain"]
NAMES = ("Ada", "Bot")


def _table(teams: tuple[tuple[str, str], tuple[str, str]]) -> GameTable:
    return build_table(teams, library())


def _inst(tab: GameTable, card_id: str) -> int:
    return next(ci.inst for ci in tab.cards if ci.cdef.id == card_id)


def _reveal(tab: GameTable, seat: int, inst: int) -> ev.CardRevealed:
    ci = tab.cards[inst]
    return ev.CardRevealed(seat, inst, ci.cdef.id, ci.owner, False, False)


def _said(tab: GameTable, events: list[ev.Event], seat: int, inst: int) -> str:
    story = read_turn(events, seat, inst, 1)
    assert story is not None
    return story_words(tab, story)


# ---------------------------------------------------------------- the misleading sentences


def test_an_attack_on_both_opponents_names_each_target_once() -> None:
    """Was "Berserk! (Attack on The Wild Bunch, 7 Power, on Ching Shih, 7 Power)"."""
    tab = _table((("bodvar", "joan"), ("wild_bunch", "ching_shih")))
    berserk, theirs = _inst(tab, "bodvar.berserk"), next(ci.inst for ci in tab.cards if ci.owner == 2)
    events: list[ev.Event] = [
        _reveal(tab, 0, berserk),
        _reveal(tab, 1, theirs),
        ev.AttackDeclared(0, 2, 7),
        ev.AttackDeclared(0, 3, 7),
    ]
    text = _said(tab, events, 0, berserk)
    assert ", 7 Power, on " not in text, text
    assert "(Attack on The Wild Bunch and their Partner Ching Shih, 7 Power each)" in text, text
    assert text.count("Ching Shih") == 1 and text.count("The Wild Bunch") == 1


def test_a_partners_second_attack_says_whose_it_is() -> None:
    """Was "(Attack on Bödvar, 2 Power, on Bödvar, 2 Power)": the second Attack was Ching Shih's Partner's."""
    tab = _table((("ching_shih", "joan"), ("bodvar", "golem")))
    fleet, theirs = _inst(tab, "ching_shih.revenge_of_the_red_flag_fleet"), _inst(tab, "bodvar.berserk")
    events: list[ev.Event] = [
        _reveal(tab, 0, fleet),
        _reveal(tab, 1, theirs),
        ev.AttackDeclared(0, 2, 2),
        ev.AttackDeclared(1, 2, 2),
    ]
    text = _said(tab, events, 0, fleet)
    assert "2 Power, on Bödvar" not in text, text
    assert "(Attack on Bödvar, 2 Power; Attack by your Partner Joan on Bödvar, 2 Power)" in text, text


def test_an_attack_on_the_players_partner_says_so() -> None:
    """Was "their We Ain't Here to Talk (Attack on The Golem, 2 Power)": the Golem was the Partner."""
    tab = _table((("joan", "golem"), ("wild_bunch", "shango")))
    mine = next(ci.inst for ci in tab.cards if ci.owner == 0)
    talk = _inst(tab, "wild_bunch.we_aint_here_to_talk")
    golem = fighter_name(tab.fighters[1].model)
    events: list[ev.Event] = [_reveal(tab, 0, mine), _reveal(tab, 1, talk), ev.AttackDeclared(2, 1, 2)]
    text = _said(tab, events, 0, mine)
    assert f"(Attack on {golem}, 2 Power)" not in text, text
    assert f"(Attack on your Partner {golem}, 2 Power)" in text, text


def test_no_hp_change_says_the_golems_presence_took_the_attack() -> None:
    """Was "your Vicious Riposte (Attack on Wong Fei-Hung, 5 Power; Block) meets their Tiger Fist … their
    Attack is blocked, no HP change", with nothing saying why Wong Fei-Hung lost no HP."""
    tab = _table((("mordred", "joan"), ("wong_fei_hung", "golem")))
    riposte, fist = _inst(tab, "mordred.vicious_riposte"), _inst(tab, "wong_fei_hung.tiger_fist")
    events: list[ev.Event] = [
        _reveal(tab, 0, riposte),
        _reveal(tab, 1, fist),
        ev.AttackDeclared(0, 2, 5),
        ev.AttackDeclared(2, 0, 3),
        ev.AttackBlocked(2, 0, 3, 0),
        ev.BlockSucceeded(0),
        ev.AttackAbsorbed(2, 5),
    ]
    text = _said(tab, events, 0, riposte)
    assert "their Attack is blocked" in text and "no HP change" in text
    assert "the Golem's Presence absorbs your Attack on Wong Fei-Hung: 0 HP lost" in text, text


def _bear_view() -> PlayerView:
    """A real position with Bödvar on his Berserker Bear side, his Rage full."""
    st = to_build(3, (("bodvar", "joan"), ("ching_shih", "golem")), 2)
    assert st is not None
    v = view_for(st, 0)
    assert v.table is not None
    fd = v.table.fighters[0]
    bear = dataclasses.replace(v.fighters[0], track=BEAR, pos=0, special=fd.special_size - 1, hp=15, max_hp=15)
    return dataclasses.replace(v, fighters=(bear, *v.fighters[1:]))


def _text(renderable: RenderableType, width: int) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_the_bears_rage_promises_nothing_once_he_has_transformed() -> None:
    """Was "Rage 7/7 (at 7: +3 Power, Bear)" on the Bear's own board."""
    v = _bear_view()
    for text in (_text(team_packed(v, 0, NAMES, PAL, 60), 60), _text(board(v, NAMES, PAL), 120)):
        assert "+3 Power" not in text, text
        assert "spent" in text and "Bear" in text


# ---------------------------------------------------------------- one legend


def test_one_legend_and_one_set_of_marks_at_every_width() -> None:
    """Three legends once said the same marks three ways ("Atk Attack", "A Attack", "a: maybe")."""
    for width in (40, 74, 94, 114, 200):
        text = lu.lineup_legend(width >= 100, width)
        assert text == lu.legend(width) and "Atk" not in text and "a: maybe" not in text
        assert cells(text) <= width or width < 60
    v = build_view()
    assert v.table is not None
    mine = [lu.Slot(i, i in v.flipped) for i in v.my_fight_deck]
    tags = {lu.kinds_marks(v.table, s, v) for s in mine}
    letters = {m.split(" ")[0] for m in lu.legend_entries()}
    for tag in tags:
        assert all(part.rstrip("?") in letters for part in tag.split("+") if part != "—"), tag


# ---------------------------------------------------------------- table memory


def build_view() -> PlayerView:
    st = to_build(5, (("joan", "ching_shih"), ("bodvar", "wong_fei_hung")), 3)
    assert st is not None
    return view_for(st, 0)


def test_with_table_memory_the_coach_names_no_card_of_their_last_fight() -> None:
    v = build_view()
    tab = v.table
    assert tab is not None
    theirs = {card_name(tab.cards[i].cdef.model) for i in v.last_played[1]}
    mine = {card_name(tab.cards[i].cdef.model) for i in (*v.my_fight_deck, *v.drawn)}
    hidden = theirs - mine
    assert hidden
    choice = BuildChoice(0, len(v.my_fight_deck), (1, 2))
    said_open = " ".join(line.text + line.reason for line in coach(v, 7, choice))
    assert any(name in said_open for name in hidden)  # without table memory their cards are named
    said = [line.text + " " + line.reason for line in coach(v, 7, choice, hidden=True)]
    cases = what_if(v, 7, choice, hidden=True)
    said += [c.text for c in cases] + [m.theirs for c in cases for m in c.meetings]
    for text in said:
        assert not any(name in text for name in hidden), text


# ---------------------------------------------------------------- every word through the catalog

PSEUDO = re.compile(r"[^\x00-\x7f]|~")


def _component_words(v: PlayerView) -> list[str]:
    """Names printed on the components (cards, Fighters, tracks): not the catalog's, so left out."""
    assert v.table is not None
    out = {card_name(ci.cdef.model) for ci in v.table.cards} | {card_name(ci.cdef.model) + "…" for ci in v.table.cards}
    for fd in v.table.fighters:
        out.add(fighter_name(fd.model))
        out.update(t.name for t in fd.model.health)
        out.update(NAMES)
    return sorted(out, key=len, reverse=True)


def _escaped(text: str, names: list[str]) -> list[str]:
    """ASCII words that carry no pseudo-locale mark (an accent or '~'): text that escaped the catalog."""
    for name in names:
        text = text.replace(name, " ")
    words = re.findall(r"[^\s│─╭╮╰╯┃━]+", text)
    # a word with no letter the pseudo-locale accents ("HP") cannot carry its mark: its message's '~' is after
    # the fields that follow it
    return [w for w in words if re.search(r"[aeiouycnAEIOUYCN]", w) and not PSEUDO.search(w)]


def _lineup(v: PlayerView, width: int) -> list[RenderableType]:
    assert v.table is not None
    mine = [lu.Slot(i, i in v.flipped) for i in v.my_fight_deck] + [lu.Slot(v.drawn[0], False)]
    theirs = [lu.Slot(i, i in v.flipped) for i in v.last_played[1]]
    rows: list[RenderableType] = [lu.lineup_header(width - 4), lu.lineup_legend(False, width - 4)]
    rows += lu.lineup_rows(v.table, mine, theirs, len(mine) - 1, width - 4, view=v)
    return rows


def test_pseudo_locale_leaves_no_word_uncatalogued() -> None:
    v = build_view()
    names = _component_words(v)
    set_language("xx")
    texts = [_text(board(v, NAMES, PAL), 200), _text(team_packed(v, 1, NAMES, PAL, 100), 100)]
    texts += [_text(r, 200) for r in _lineup(v, 200)]
    texts += [_text(team_packed(_bear_view(), 0, NAMES, PAL, 100), 100)]
    texts += [c.text for c in what_if(v, 7, BuildChoice(0, len(v.my_fight_deck), (1, 2)))]
    assert texts[-1] and all(t.strip() for t in texts)
    for text in texts:
        assert _escaped(text, names) == [], text


def test_french_at_80_columns_cuts_no_word() -> None:
    """The boards (half of 80 columns each) and the line-up at 80: every word on screen is a whole word of
    the same text laid out without a width limit; a shortened name is whole words each side of its "…"."""
    v = build_view()
    set_language("fr")
    pieces: list[tuple[RenderableType, RenderableType]] = [
        (team_packed(v, s, NAMES, PAL, 40), team_packed(v, s, NAMES, PAL, 400)) for s in (0, 1)
    ]
    tab = v.table
    assert tab is not None
    whole = " ".join(_text(r, 400) for r in _lineup(v, 400))
    vocabulary = set(whole.split()) | {w for n in _component_words(v) for w in n.split()}
    vocabulary |= set(lu.legend(0).split())  # the legend's narrowest form: its own short words, whole
    for _narrow, wide in pieces:
        vocabulary |= set(_text(wide, 400).split())
    texts = [_text(narrow, 40) for narrow, _wide in pieces] + [_text(r, 80) for r in _lineup(v, 80)]
    for text in texts:
        assert max(cells(line) for line in text.splitlines()) <= 80
        for word in re.findall(r"[^\s│─╭╮╰╯]+", text):
            halves = [half for half in word.split("…") if half]  # a cut name: whole words each side of "…"
            assert word in vocabulary or all(half in vocabulary for half in halves), (word, text)
    assert "Attaque" in " ".join(texts) or "Blocage" in " ".join(texts) or "A" in whole


def test_french_coach_and_what_if_write_percentages_the_french_way() -> None:
    """French puts a space between a number and '%' ("77 %"): the coach's chances once read "77%"."""
    v = build_view()
    choice = BuildChoice(0, len(v.my_fight_deck), (1, 2))
    set_language("fr")
    said = [line.text + " " + line.reason for line in coach(v, 7, choice)]
    said += [c.text for c in what_if(v, 7, choice)]
    assert any(re.search(r"\d\u202f%", text) for text in said), said
    assert not [text for text in said if re.search(r"\d%", text)]


def test_an_action_that_may_happen_is_asked_with_french_spacing() -> None:
    """A maybe Action reads "Attack?" in English and "Attaque ?" in French (it read "Attaque?")."""
    assert lu.action_words(["Attack?", "Block"]) == ["Attack?", "Block"]
    set_language("fr")
    said = lu.action_words(["Attack?"])
    assert said == [f"{lu.action_words(['Attack'])[0]}\u202f?"] and said[0].startswith("Attaque")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_fighter_panels_subtitle_is_whole_in_the_drafts_half_of_80_columns(lang: str) -> None:
    """The Draft shows a Fighter's panel 40 cells wide at 80x24: its border's subtitle was cut in French
    ("5 cartes différentes, 10 dans le de─╯")."""
    from tagteam.render.cards import fighter_board_panel

    set_language(lang)
    for fd in library().values():
        panel = fighter_board_panel(fd.model)
        subtitle = str(panel.subtitle)
        assert subtitle in _text(panel, 40), subtitle


def test_the_misleading_coach_sentences_are_clear_in_french_too() -> None:
    """The same four stories as above, in French: each target once, whose second Attack it is, an Attack on
    the player's Partner, and why no HP changed."""
    set_language("fr")
    tab = _table((("bodvar", "joan"), ("wild_bunch", "ching_shih")))
    berserk, theirs = _inst(tab, "bodvar.berserk"), next(ci.inst for ci in tab.cards if ci.owner == 2)
    events: list[ev.Event] = [_reveal(tab, 0, berserk), _reveal(tab, 1, theirs)]
    text = _said(tab, [*events, ev.AttackDeclared(0, 2, 7), ev.AttackDeclared(0, 3, 7)], 0, berserk)
    assert "et leur Partenaire Ching Shih, Puissance 7 chacune)" in text and text.count("Ching Shih") == 1, text

    tab = _table((("ching_shih", "joan"), ("bodvar", "golem")))
    fleet, theirs = _inst(tab, "ching_shih.revenge_of_the_red_flag_fleet"), _inst(tab, "bodvar.berserk")
    events = [_reveal(tab, 0, fleet), _reveal(tab, 1, theirs), ev.AttackDeclared(0, 2, 2), ev.AttackDeclared(1, 2, 2)]
    text = _said(tab, events, 0, fleet)
    said = "(Attaque sur Bödvar, Puissance 2 ; Attaque de votre Partenaire Jeanne sur Bödvar, Puissance 2)"
    assert said in plain(text)

    tab = _table((("joan", "golem"), ("wild_bunch", "shango")))
    mine, talk = next(ci.inst for ci in tab.cards if ci.owner == 0), _inst(tab, "wild_bunch.we_aint_here_to_talk")
    text = _said(tab, [_reveal(tab, 0, mine), _reveal(tab, 1, talk), ev.AttackDeclared(2, 1, 2)], 0, mine)
    assert f"(Attaque sur votre Partenaire {fighter_name(tab.fighters[1].model)}, Puissance 2)" in text, text

    tab = _table((("mordred", "joan"), ("wong_fei_hung", "golem")))
    riposte, fist = _inst(tab, "mordred.vicious_riposte"), _inst(tab, "wong_fei_hung.tiger_fist")
    events = [_reveal(tab, 0, riposte), _reveal(tab, 1, fist), ev.AttackDeclared(0, 2, 5), ev.AttackDeclared(2, 0, 3)]
    events += [ev.AttackBlocked(2, 0, 3, 0), ev.BlockSucceeded(0), ev.AttackAbsorbed(2, 5)]
    text = plain(_said(tab, events, 0, riposte))
    assert "leur Attaque est bloquée" in text and "absorbe votre Attaque sur Wong Fei-Hung : 0 PV perdu" in text, text


def test_the_bear_and_the_one_legend_in_french() -> None:
    """The Bear's French board promises no "+3 Puissance" once he has transformed; the French line-up has one
    set of marks, the legend's, at every width."""
    v = _bear_view()
    set_language("fr")
    for text in (_text(team_packed(v, 0, NAMES, PAL, 60), 60), _text(board(v, NAMES, PAL), 120)):
        assert "+3 Puissance" not in text and "épuisée" in text and "Ours" in text, text
    for width in (74, 94, 114, 200):
        text = lu.lineup_legend(width >= 100, width)
        assert text == lu.legend(width) and cells(text) <= width and "peut-être" in text
    bv = build_view()
    assert bv.table is not None
    letters = {m.split(" ")[0] for m in lu.legend_entries()}
    assert "S" in letters and "H" not in letters  # Soin, not Heal
    for s in (lu.Slot(i, i in bv.flipped) for i in bv.my_fight_deck):
        tag = lu.kinds_marks(bv.table, s, bv)
        assert all(part.rstrip("?") in letters for part in tag.split("+") if part != "—"), tag
