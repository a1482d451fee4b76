"""Card and board renderables: every mark readable as words, and no Textual import."""

from __future__ import annotations

import re
import subprocess
import sys

from rich.console import Console, RenderableType

from tagteam.content.loader import load_all
from tagteam.render.cards import card_panel, fighter_board_panel, health_track_text

FIGHTERS = load_all()


def _plain(renderable: RenderableType, width: int = 200) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_wild_bunch_track_spells_out_stops_and_ko() -> None:
    text = health_track_text(FIGHTERS["wild_bunch"].health[0]).plain
    assert text == "The Wild Bunch: ▶[5] [4 STOP] [3 STOP] [2 STOP] [1 STOP] [KO]"


def test_maman_brijit_track_shows_both_ko_spaces_and_revive() -> None:
    text = health_track_text(FIGHTERS["maman_brijit"].health[0]).plain
    assert text.endswith("[1] [KO] [KO] [REVIVE +1 Power, back to 4]")


def test_icons_are_words() -> None:
    milady = health_track_text(FIGHTERS["milady"].health[0]).plain
    assert milady.count("Unleash a Scheme") == 3
    assert "[1 STOP]" in milady
    fairy = health_track_text(FIGHTERS["fey_folk"].health[0]).plain
    assert fairy == "Fairy: ▶[3 +1 Power to Partner] [2] [1] [SPIRIT +1]"


def test_board_panel_has_power_tracks_tokens_and_profile() -> None:
    out = _plain(fighter_board_panel(FIGHTERS["bodvar"]))
    for expected in (
        "Base Power: 3",
        "Bödvar: ▶[11]",
        "[6 +1 Power]",
        "Berserker Bear (starts at Bödvar's Power when he transforms, at most 15): [15]",
        "Complexity",
    ):
        assert expected in out
    assert "[7 +3 Power, then transform]" in out
    assert FIGHTERS["bodvar"].profile.split()[0] in out
    golem = _plain(fighter_board_panel(FIGHTERS["golem"]))
    assert "Tokens: Golem's Presence ×1" in golem


def test_joan_dial_in_clockwise_order() -> None:
    out = _plain(fighter_board_panel(FIGHTERS["joan"]))
    assert "▶[Halo] → [top-left] → [top-right +1 Power] → [bottom-right] → [bottom-left +1 Power to Partner]" in out


def test_card_panel_shows_copies_and_star() -> None:
    golem = FIGHTERS["golem"]
    starter = next(c for c in golem.cards if c.starting)
    out = _plain(card_panel(starter))
    assert "Protect the Innocent" in out
    assert "×2 · ★ Starting Card (one copy)" in out
    plain = next(c for c in golem.cards if c.id == "golem.fist_of_clay")
    assert "Starting" not in _plain(card_panel(plain))


def test_card_panel_instant_bonus() -> None:
    card = next(c for c in FIGHTERS["golem"].cards if c.id == "golem.heal_the_wounded")
    assert "Instant Bonus (heal 3)" in _plain(card_panel(card))


def test_flipped_summoning_shows_the_other_half() -> None:
    card = next(c for c in FIGHTERS["fey_folk"].cards if c.id == "fey_folk.summoning_redcap")
    upright = _plain(card_panel(card))
    flipped = _plain(card_panel(card, flipped=True))
    assert "Actions: Block" in upright
    assert "UPSIDE DOWN: Redcap" in flipped
    assert "Actions: Attack" in flipped
    assert "Block" not in flipped


def test_render_does_not_import_textual() -> None:
    code = "import sys, tagteam.render.cards; print('textual' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_no_board_leaves_one_space_alone_on_a_line() -> None:
    """The Bear's long track name took "[15]" with it and wrapped, leaving "[15]" alone on its own line: a name
    too long for its first space now takes a line of its own, and the track follows whole where it fits."""
    for fighter in FIGHTERS.values():
        for width in (60, 80, 120):
            lines = _plain(fighter_board_panel(fighter), width).splitlines()
            alone = [ln for ln in lines if re.fullmatch(r"▶?\[(\d+|KO)\]", ln.strip("│ "))]  # one bare space
            assert not alone, (fighter.id, width, alone)
