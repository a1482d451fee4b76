"""The registry of Fighters: one line per Fighter says what the engine, the loader, the boards and the log know
about it, and a Fighter copied under a new id plays by its original's rules with one line more."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tagteam.content import fighters as reg
from tagteam.content.loader import ContentError, load_all
from tagteam.engine.table import build_table, compile_fighter, library

CARDS = Path(__file__).resolve().parents[2] / "data" / "cards"


def _copy(src: str, new: str, folder: Path) -> None:
    """``src``'s card file under the id ``new`` (and its cards' ids), beside the shipped ones."""
    for path in CARDS.glob("*.json"):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    data = json.loads((CARDS / f"{src}.json").read_text(encoding="utf-8"))
    data["id"] = new
    for card in data["cards"]:
        card["id"] = f"{new}.{card['id'].split('.', 1)[1]}"
    (folder / f"{new}.json").write_text(json.dumps(data), encoding="utf-8")


def test_every_shipped_fighter_has_a_line_and_plays_by_its_own_rules() -> None:
    lib = library()
    assert set(lib) == set(reg.REGISTRY)
    for fid, fd in lib.items():
        assert fd.rules == reg.rules_of(fid) == reg.REGISTRY[reg.rules_of(fid)].kind
        assert fd.special == reg.REGISTRY[fid].track
    assert all(reg.rules_of(fid) == fid for fid in reg.REGISTRY if not reg.REGISTRY[fid].rules)  # the originals


def test_each_mechanic_has_one_original_owner() -> None:
    assert reg.OP_OWNER["plant_scheme"] == "milady"
    assert reg.TOKEN_NAME_OWNER["Sheriff"] == "wild_bunch"
    tracks = {"divine_voice": "joan", "rage": "bodvar", "fleet": "ching_shih", "spirit": "fey_folk"}
    assert tracks == reg.SPECIAL_TRACK_OWNER


def test_a_copy_without_its_line_is_refused_and_with_it_plays_as_the_original(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _copy("milady", "copy_test_milady", tmp_path)
    with pytest.raises(ContentError, match="mechanic_op"):
        load_all(tmp_path)
    monkeypatch.setitem(reg.REGISTRY, "copy_test_milady", reg.copy_of("copy_test_milady", reg.MILADY))
    models = load_all(tmp_path)
    lib = {fid: compile_fighter(m) for fid, m in models.items()}
    tab = build_table((("copy_test_milady", "joan"), ("golem", "wild_bunch")), lib)
    assert tab.kinds[0] == "copy_test_milady" and tab.rules[0] == "milady"
    assert tab.rules.index("milady") == 0  # the engine's Scheme rules find her
