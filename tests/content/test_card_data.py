"""The shipped card data: twelve Fighters, 120 cards, and the numbers of research/cards.md section 3.1."""

from __future__ import annotations

from typing import Any

import pytest

from tagteam.content.fighters import rules_of
from tagteam.content.loader import load_all
from tagteam.content.models import Card, Fighter

FIGHTER_IDS = {
    "joan",
    "wild_bunch",
    "bodvar",
    "shango",
    "maman_brijit",
    "mephisto",
    "fey_folk",
    "mordred",
    "milady",
    "golem",
    "wong_fei_hung",
    "ching_shih",
}

# fighter: (base Power, max HP of each Health track in board order)
POWER_AND_HP = {
    "joan": (1, [18]),
    "wild_bunch": (1, [5]),
    "bodvar": (3, [11, 15]),
    "shango": (0, [15]),
    "maman_brijit": (2, [16]),
    "mephisto": (1, [13]),
    "fey_folk": (0, [3, 4, 5]),
    "mordred": (0, [19]),
    "milady": (1, [16]),
    "golem": (1, [25]),
    "wong_fei_hung": (2, [17]),
    "ching_shih": (2, [14]),
}

# the first-game teams of the rules, plus the multi-copy starters the art shows
STARTING = {
    "joan": ("joan.dieu_premier_servi", 1),
    "ching_shih": ("ching_shih.terror_of_the_seas", 1),
    "bodvar": ("bodvar.enrage", 1),
    "wong_fei_hung": ("wong_fei_hung.the_harder_they_fall", 2),
    "maman_brijit": ("maman_brijit.chili_pepper_rum", 2),
    "mephisto": ("mephisto.twin_serpents", 3),
    "golem": ("golem.protect_the_innocent", 2),
}

# ops that only one Fighter's mechanics make sense of
OWN_OPS = {
    "divine_voice": "joan",
    "give_sheriff": "wild_bunch",
    "take_sheriff": "wild_bunch",
    "rage": "bodvar",
    "aflame": "shango",
    "steal_heals": "maman_brijit",
    "redirect_attacks": "maman_brijit",
    "flip_serpent": "mephisto",
    "drag_to_hell": "mephisto",
    "flip_card": "fey_folk",
    "ko_self": "fey_folk",
    "execute": "mordred",
    "plant_scheme": "milady",
    "unleash_scheme": "milady",
    "poison": "milady",
    "give_presence": "golem",
    "reanimate": "golem",
    "place_concentration": "wong_fei_hung",
    "retrieve_concentration": "wong_fei_hung",
    "cripple": "wong_fei_hung",
    "ships": "ching_shih",
    "sink_opponents": "ching_shih",
}


@pytest.fixture(scope="module")
def fighters() -> dict[str, Fighter]:
    return load_all()


def _card(fighters: dict[str, Fighter], card_id: str) -> Card:
    fighter = fighters[card_id.split(".")[0]]
    return next(c for c in fighter.cards if c.id == card_id)


def _ops(effects: list[Any]) -> list[str]:
    found = []
    for effect in effects:
        found.append(effect.op)
        for name in ("then", "otherwise", "on_success", "on_blocked", "effects"):
            inner = getattr(effect, name, None)
            if isinstance(inner, list):
                found.extend(_ops(inner))
    return found


def test_all_twelve_fighters_load(fighters: dict[str, Fighter]) -> None:
    assert set(fighters) == FIGHTER_IDS


def test_120_cards_in_all(fighters: dict[str, Fighter]) -> None:
    assert sum(c.copies for f in fighters.values() for c in f.cards) == 120


@pytest.mark.parametrize("fighter_id", sorted(FIGHTER_IDS))
def test_ten_copies_and_one_star(fighters: dict[str, Fighter], fighter_id: str) -> None:
    fighter = fighters[fighter_id]
    assert sum(c.copies for c in fighter.cards) == 10
    assert len([c for c in fighter.cards if c.starting]) == 1
    assert all(c.id.startswith(f"{fighter_id}.") for c in fighter.cards)


@pytest.mark.parametrize("fighter_id", sorted(POWER_AND_HP))
def test_base_power_and_max_hp(fighters: dict[str, Fighter], fighter_id: str) -> None:
    power, max_hp = POWER_AND_HP[fighter_id]
    fighter = fighters[fighter_id]
    assert fighter.base_power == power
    assert [track.spaces[0].hp for track in fighter.health] == max_hp


@pytest.mark.parametrize("fighter_id", sorted(STARTING))
def test_known_starting_cards(fighters: dict[str, Fighter], fighter_id: str) -> None:
    card_id, copies = STARTING[fighter_id]
    starter = next(c for c in fighters[fighter_id].cards if c.starting)
    assert (starter.id, starter.copies) == (card_id, copies)


@pytest.mark.parametrize("fighter_id", sorted(FIGHTER_IDS))
def test_tracks_count_down_one_by_one(fighters: dict[str, Fighter], fighter_id: str) -> None:
    for track in fighters[fighter_id].health:
        alive = [s.hp for s in track.spaces if s.hp > 0]
        assert alive == list(range(alive[0], 0, -1)), track.name


def test_plain_tracks_end_in_one_ko(fighters: dict[str, Fighter]) -> None:
    for fighter in fighters.values():
        if fighter.id in ("maman_brijit", "fey_folk"):
            continue
        for track in fighter.health:
            assert [s.ko for s in track.spaces].count(True) == 1
            assert (track.spaces[-1].hp, track.spaces[-1].ko) == (0, True)


def test_track_icons_where_the_boards_print_them(fighters: dict[str, Fighter]) -> None:
    def icons(fighter_id: str, track: int = 0) -> dict[int, list[str]]:
        spaces = fighters[fighter_id].health[track].spaces
        return {s.hp: list(s.icons) for s in spaces if s.icons}

    assert icons("bodvar") == {6: ["power_self"]}
    assert icons("bodvar", 1) == {}
    assert icons("golem") == {20: ["power_self"], 15: ["power_self"], 10: ["power_self"]}
    assert icons("mephisto") == {8: ["flip_serpent"]}
    assert icons("milady") == {12: ["unleash_scheme"], 8: ["unleash_scheme"], 2: ["unleash_scheme"]}
    assert [s.hp for s in fighters["milady"].health[0].spaces if s.stop] == [1]


def test_wild_bunch_every_space_under_five_is_a_stop(fighters: dict[str, Fighter]) -> None:
    spaces = fighters["wild_bunch"].health[0].spaces
    assert [(s.hp, s.stop, s.ko) for s in spaces] == [
        (5, False, False),
        (4, True, False),
        (3, True, False),
        (2, True, False),
        (1, True, False),
        (0, False, True),
    ]
    assert fighters["wild_bunch"].tokens == {"sheriff": 1}
    assert fighters["wild_bunch"].partner_start_power == 1


def test_maman_brijit_two_ko_spaces_then_revive(fighters: dict[str, Fighter]) -> None:
    track = fighters["maman_brijit"].health[0]
    tail = [(s.hp, s.ko, list(s.icons)) for s in track.spaces[-3:]]
    assert tail == [(0, True, []), (0, True, []), (0, False, ["revive"])]
    assert track.revive_to_hp == 4
    assert len(track.spaces) == 19


def test_fey_folk_three_tracks_without_ko(fighters: dict[str, Fighter]) -> None:
    tracks = fighters["fey_folk"].health
    assert [t.name for t in tracks] == ["Fairy", "Gnome", "Elf"]
    assert [list(t.spaces[0].icons) for t in tracks] == [["power_partner"], ["power_partner"], ["power_self"]]
    for track in tracks:
        assert not any(s.ko for s in track.spaces)
        assert (track.spaces[-1].hp, list(track.spaces[-1].icons)) == (0, ["spirit"])
    special = fighters["fey_folk"].special_track
    assert special is not None and (special.kind, special.size, special.start) == ("spirit", 5, 1)


def test_special_tracks(fighters: dict[str, Fighter]) -> None:
    def spec(fighter_id: str) -> tuple[str, int, int, dict[str, str]] | None:
        t = fighters[fighter_id].special_track
        return None if t is None else (t.kind, t.size, t.start, dict(t.payouts))

    assert spec("joan") == ("divine_voice", 5, 0, {"2": "power_self", "4": "power_partner"})
    assert spec("bodvar") == ("rage", 8, 0, {"7": "power_self_3_then_transform"})
    assert spec("ching_shih") == ("fleet", 21, 0, {})
    assert spec("mordred") is None


def test_tokens(fighters: dict[str, Fighter]) -> None:
    tokens = {fid: dict(f.tokens) for fid, f in fighters.items() if f.tokens}
    assert tokens == {
        "wild_bunch": {"sheriff": 1},
        "shango": {"aflame": 5},
        "mephisto": {"serpent": 1},
        "milady": {"scheme": 11},
        "golem": {"presence": 1},
        "wong_fei_hung": {"concentration": 2},
    }


def test_milady_scheme_tokens(fighters: dict[str, Fighter]) -> None:
    schemes = fighters["milady"].scheme_tokens
    assert len(schemes) == 9
    assert sum(t.copies for t in schemes) == 11
    poison = [t for t in schemes if t.id == "poison"]
    assert [(t.copies, _ops(list(t.effects))) for t in poison] == [(3, ["poison"])]
    assert all(t.copies == 1 for t in schemes if t.id != "poison")


def test_instant_bonus_cards(fighters: dict[str, Fighter]) -> None:
    bonus = {c.id: c.instant_heal for f in fighters.values() for c in f.cards if c.instant_heal}
    assert bonus == {
        "golem.heal_the_wounded": 3,
        "wild_bunch.back_to_the_hideout": 1,
        "wild_bunch.outlaw_doc": 1,
    }


def test_fighter_specific_ops_stay_with_their_fighter(fighters: dict[str, Fighter]) -> None:
    for fighter in fighters.values():
        effects = [e for c in fighter.cards for e in [*c.effects, *(c.flipped_effects or [])]]
        effects += [e for t in fighter.scheme_tokens for e in t.effects]
        for op in _ops(effects):
            rules = rules_of(fighter.id)  # a copy under a new id plays by its original's (tagteam.content.fighters)
            assert OWN_OPS.get(op, rules) == rules, (fighter.id, op)


def test_shango_attacks_all_use_flamepower(fighters: dict[str, Fighter]) -> None:
    attacks = [e for c in fighters["shango"].cards for e in c.effects if e.op == "attack"]
    assert len(attacks) == 2
    assert all(getattr(a, "bonus", None) == "aflame" for a in attacks)


def test_summoning_cards_have_an_upside_down_half(fighters: dict[str, Fighter]) -> None:
    summons = [c for c in fighters["fey_folk"].cards if c.id.startswith("fey_folk.summoning_")]
    assert len(summons) == 3
    for card in summons:
        assert _ops(list(card.effects)) == ["block", "flip_card"]
        assert card.flipped_text and card.flipped_effects
    others = [c for f in fighters.values() for c in f.cards if c not in summons]
    assert all(c.flipped_effects is None and c.flipped_text is None for c in others)


def test_corrupted_lawman_encoding(fighters: dict[str, Fighter]) -> None:
    card = _card(fighters, "wild_bunch.corrupted_lawman")
    assert [e.model_dump(exclude_defaults=True) for e in card.effects] == [
        {
            "op": "if",
            "cond": {"kind": "sheriff", "holder": "you"},
            "then": [{"op": "give_sheriff"}, {"op": "attack"}],
            "otherwise": [
                {
                    "op": "if",
                    "cond": {"kind": "sheriff", "holder": "opponents"},
                    "then": [
                        {"op": "gain_power", "target": "sheriff_holder", "amount": 1},
                        {"op": "take_sheriff"},
                        {"op": "gain_power", "amount": 1},
                    ],
                }
            ],
        }
    ]


def test_terror_of_the_seas_gains_its_ship_after_the_branches(fighters: dict[str, Fighter]) -> None:
    card = _card(fighters, "ching_shih.terror_of_the_seas")
    dumped = [e.model_dump(exclude_defaults=True) for e in card.effects]
    assert dumped[-1] == {"op": "ships", "amount": 1}
    first = dumped[0]
    assert first["cond"] == {"kind": "ships", "lo": 0, "hi": 7}
    second = first["otherwise"][0]
    assert (second["cond"], second["then"]) == (
        {"kind": "ships", "lo": 8, "hi": 15},
        [{"op": "heal", "amount": 2}],
    )
    third = second["otherwise"][0]
    assert (third["cond"], third["then"]) == (
        {"kind": "ships", "lo": 20, "hi": 20},
        [{"op": "sink_opponents"}],
    )


def test_every_fact_carries_provenance(fighters: dict[str, Fighter]) -> None:
    for fighter in fighters.values():
        assert fighter.provenance.source
        for track in fighter.health:
            assert track.provenance.source
        for card in fighter.cards:
            assert card.provenance.source
