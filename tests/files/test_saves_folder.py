"""The saves folder: durable writes, stale temps, rotation, quarantine, listings that never hang."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tagteam import saves
from tagteam.engine import record
from tagteam.engine.record import RecordError, dump, load
from tests.engine.helpers import play_session

GAME_A = play_session(11, decide_seed=11).record
GAME_B = play_session(12, decide_seed=12).record


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    saves.forget()  # what an earlier test wrote is not this test's
    return tmp_path / "home"


def test_save_fsyncs_the_file_and_the_folder(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd))[1])
    record.save(GAME_A, home / "a.json")
    assert len(synced) == 2  # the temporary file before the rename, then the folder
    assert load(home / "a.json").seed == GAME_A.seed


def test_hand_edited_seed_is_refused_and_old_version_1_loads_unverified(home: Path) -> None:
    p = home / "a.json"
    record.save(GAME_A, p)
    doc = json.loads(p.read_text())
    assert doc["version"] == 2 and len(doc["digest"]) == 64
    doc["seed"] += 1
    p.write_text(json.dumps(doc))
    with pytest.raises(RecordError, match=r"a\.json: was edited by hand: digest does not match$"):
        load(p)
    doc["seed"] -= 1
    doc["decisions"][0]["seat"] = 1 - doc["decisions"][0]["seat"]
    p.write_text(json.dumps(doc))
    with pytest.raises(RecordError, match="edited by hand"):
        load(p)
    old = json.loads(dump(GAME_A))
    old["version"] = 1
    del old["digest"]
    p.write_text(json.dumps(old))
    rec = load(p)
    assert not rec.verified and "unverified" in saves.summary(p)
    assert saves.autosave(rec) is None  # written back as version 2, verified
    assert saves.load(saves.autosave_path()).verified


def test_clean_stale_temps_removes_only_old_temporary_files(home: Path) -> None:
    (home / "saves").mkdir(parents=True)
    old = home / "autosave.json.abc123.tmp"
    fresh = home / "saves" / "game.json.def456.tmp"
    keep = home / "saves" / "notes.tmp"
    for p in (old, fresh, keep):
        p.write_text("x")
    past = time.time() - 3600
    os.utime(old, (past, past))
    os.utime(keep, (past, past))
    assert saves.clean_stale_temps() == [old]
    assert not old.exists() and fresh.exists() and keep.exists()


def test_loading_another_game_keeps_the_previous_autosave(home: Path) -> None:
    assert saves.autosave(GAME_A) is None
    before = saves.autosave_path().read_bytes()
    saves.forget()  # as after a restart: tagteam --load B.json
    notice = saves.autosave(GAME_B)
    assert notice is not None and notice.startswith("Previous game kept as") and "\n" not in notice
    kept = list((home / "saves").glob("autosave-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before and kept[0].name in notice and str(home) not in notice
    assert saves.load(saves.autosave_path()).seed == GAME_B.seed
    assert kept[0] in saves.list_saves()


def test_the_same_game_further_on_overwrites_without_a_backup(home: Path) -> None:
    earlier = GAME_A.model_copy(update={"decisions": GAME_A.decisions[:5], "turns_after": 0})
    assert saves.autosave(earlier) is None
    saves.forget()
    assert saves.autosave(GAME_A) is None
    assert not (home / "saves").exists()
    assert saves.same_game(earlier, GAME_A) and not saves.same_game(GAME_A, earlier)


def test_a_bad_autosave_is_quarantined_not_deleted(home: Path) -> None:
    home.mkdir()
    bad = b'{"format": "tagteam-record", "version": 2, "seed": 1e999}'
    saves.autosave_path().write_bytes(bad)
    notice = saves.autosave(GAME_A)
    assert notice is not None and "Unusable autosave" in notice and "seed" in notice and str(home) not in notice
    kept = list(home.glob("autosave.bad-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == bad
    assert saves.load(saves.autosave_path()).seed == GAME_A.seed
    saves.autosave_path().write_text("garbage")
    moved = saves.quarantine(saves.autosave_path())
    assert moved.name.startswith("autosave.bad-") and moved.read_text() == "garbage" and moved != kept[0]
    assert not saves.autosave_path().exists()


def test_named_saves_never_overwrite_a_foreign_file(home: Path) -> None:
    home.mkdir()
    p = home / "notes.json"
    p.write_text('{"hello": 1}')
    assert "left untouched" in (saves.write(GAME_A, p) or "")
    assert p.read_text() == '{"hello": 1}'


def test_listing_skips_anything_that_is_not_a_regular_file(home: Path) -> None:
    folder = home / "saves"
    folder.mkdir(parents=True)
    record.save(GAME_A, folder / "good.json")
    (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "dir.json").mkdir()
    os.mkfifo(folder / "fifo.json")
    (folder / "broken.json").write_text("{")
    os.utime(folder / "good.json", (time.time() - 60, time.time() - 60))  # newest first: broken, then good
    os.mkfifo(saves.autosave_path())
    listed = saves.list_saves()
    assert [p.name for p in listed] == ["broken.json", "good.json"]
    lines = [saves.summary(p) for p in listed]
    assert "unusable" in lines[0] and "\n" not in lines[0]
    assert "Joan" in lines[1] and "finished" in lines[1]
    with pytest.raises(RecordError, match="not a regular file"):
        saves.load(folder / "fifo.json")  # never blocks
