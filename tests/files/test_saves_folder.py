"""The saves folder: durable writes, stale temps, rotation, quarantine, listings that never hang."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tagteam.engine.record import GameRecord, RecordError, SoloInfo, dump
from tagteam.engine.session import Session
from tagteam.store import records, saves
from tagteam.store.records import load
from tagteam.words import inputs
from tagteam.words import saves as saves_words
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

    def fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    records.save(GAME_A, home / "a.json")
    assert len(synced) == 2  # the temporary file before the rename, then the folder
    assert load(home / "a.json").seed == GAME_A.seed


def test_hand_edited_seed_is_refused_and_old_version_1_loads_unverified(home: Path) -> None:
    p = home / "a.json"
    records.save(GAME_A, p)
    doc = json.loads(p.read_text())
    assert doc["version"] == 2 and len(doc["digest"]) == 64
    doc["seed"] += 1
    p.write_text(json.dumps(doc))
    with pytest.raises(RecordError) as e:
        load(p)
    assert inputs.line(e.value).endswith("a.json: was edited by hand: digest does not match")
    doc["seed"] -= 1
    doc["decisions"][0]["seat"] = 1 - doc["decisions"][0]["seat"]
    p.write_text(json.dumps(doc))
    with pytest.raises(RecordError) as e:
        load(p)
    assert "edited by hand" in inputs.line(e.value)
    old = json.loads(dump(GAME_A))
    old["version"] = 1
    del old["digest"]
    p.write_text(json.dumps(old))
    rec = load(p)
    assert not rec.verified and "unverified" in saves_words.summary(p)
    assert saves_words.notice(saves.autosave(rec)) is None  # written back as version 2, verified
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
    assert saves_words.notice(saves.autosave(GAME_A)) is None
    before = saves.autosave_path().read_bytes()
    saves.forget()  # as after a restart: tagteam --load B.json
    notice = saves_words.notice(saves.autosave(GAME_B))
    assert notice is not None and notice.startswith("Finished game kept in the saves folder") and "\n" not in notice
    kept = list((home / "saves").glob("autosave-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before and ".json" not in notice and str(home) not in notice
    assert saves.load(saves.autosave_path()).seed == GAME_B.seed
    assert kept[0] in saves.list_saves()


def test_the_same_game_further_on_overwrites_without_a_backup(home: Path) -> None:
    earlier = GAME_A.model_copy(update={"decisions": GAME_A.decisions[:5], "turns_after": 0})
    assert saves_words.notice(saves.autosave(earlier)) is None
    saves.forget()
    assert saves_words.notice(saves.autosave(GAME_A)) is None
    assert not (home / "saves").exists()
    assert saves.same_game(earlier, GAME_A) and not saves.same_game(GAME_A, earlier)


def test_a_bad_autosave_is_quarantined_not_deleted(home: Path) -> None:
    home.mkdir()
    bad = b'{"format": "tagteam-record", "version": 2, "seed": 1e999}'
    saves.autosave_path().write_bytes(bad)
    notice = saves_words.notice(saves.autosave(GAME_A))
    assert notice is not None and "Unusable autosave" in notice and "seed" in notice and str(home) not in notice
    assert ".json" not in notice  # no internal file name said to a player
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
    assert "left untouched" in (saves_words.notice(saves.write(GAME_A, p)) or "")
    assert p.read_text() == '{"hello": 1}'


def test_listing_skips_anything_that_is_not_a_regular_file(home: Path) -> None:
    folder = home / "saves"
    folder.mkdir(parents=True)
    records.save(GAME_A, folder / "good.json")
    (folder / "dangling.json").symlink_to(folder / "nowhere.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "dir.json").mkdir()
    os.mkfifo(folder / "fifo.json")
    (folder / "broken.json").write_text("{")
    os.utime(folder / "good.json", (time.time() - 60, time.time() - 60))  # newest first: broken, then good
    os.mkfifo(saves.autosave_path())
    listed = saves.list_saves()
    assert [p.name for p in listed] == ["broken.json", "good.json"]
    lines = [saves_words.summary(p) for p in listed]
    assert "unusable" in lines[0] and "\n" not in lines[0]
    assert "Joan" in lines[1] and "finished" in lines[1]
    with pytest.raises(RecordError) as e:
        saves.load(folder / "fifo.json")  # never blocks
    assert "not a regular file" in inputs.line(e.value)


def _unfinished(rec: GameRecord, n: int = 3) -> GameRecord:
    return rec.model_copy(update={"decisions": rec.decisions[:n], "turns_after": 0}, deep=True)


def test_a_game_nobody_decided_in_is_not_kept(home: Path) -> None:
    empty = GAME_A.model_copy(update={"decisions": [], "turns_after": 0}, deep=True)
    assert saves_words.notice(saves.autosave(empty)) is None and not saves.autosave_path().exists()
    bot_only = Session.new(5, teams=GAME_A.teams, players=("Ann", "Bot (Easy)"))
    bot_only.record.solo = SoloInfo(seat=1, level="easy", bot_seed=3)
    bot_only.act(1, bot_only.view(1).legal[0])  # the bot ordered its cards at once; the player did nothing
    assert saves_words.notice(saves.autosave(bot_only.record)) is None and not saves.autosave_path().exists()
    # one kept from before (an older version wrote it): replaced by the next game, never rotated
    home.mkdir(parents=True, exist_ok=True)
    records.save(empty, saves.autosave_path())
    saves.forget()
    assert saves_words.notice(saves.autosave(GAME_B)) is None
    assert not (home / "saves").exists() and saves.load(saves.autosave_path()).seed == GAME_B.seed


def test_the_next_game_keeps_the_last_one_saved_as_it_ended(home: Path) -> None:
    """A rematch: the last Fight is never a decision, so the game ended after its last autosave."""
    a = Session.from_record(_unfinished(GAME_A, len(GAME_A.decisions)))
    assert saves_words.notice(saves.autosave(a.record)) is None  # at the last decision, the Fight still to come
    while a.needs_advance():
        a.advance()
    assert a.over()
    assert (saves_words.notice(saves.autosave(GAME_B)) or "").startswith("Finished game kept in the saves folder")
    (kept,) = (home / "saves").glob("autosave-*.json")
    assert saves_words.entry_for(kept).state == "finished"
    assert Session.from_record(saves.load(kept)).over()  # loading it does not let the last Fight be replayed


def test_a_game_resumed_from_the_autosave_and_finished_is_kept_finished(home: Path) -> None:
    records.save(_unfinished(GAME_A, len(GAME_A.decisions)), saves.autosave_path())
    saves.forget()  # a new run: --resume or Continue
    a = Session.from_record(saves.load(saves.autosave_path()))
    while a.needs_advance():
        a.advance()
    saves_words.notice(saves.autosave(GAME_B))
    (kept,) = (home / "saves").glob("autosave-*.json")
    assert saves_words.entry_for(kept).state == "finished"


def test_an_autosave_changed_by_someone_else_is_not_caught_up(home: Path) -> None:
    a = Session.from_record(_unfinished(GAME_A, len(GAME_A.decisions)))
    saves_words.notice(saves.autosave(a.record))
    while a.needs_advance():
        a.advance()
    os.utime(saves.autosave_path(), (1, 1))  # touched since: not the file this process wrote any more
    saves_words.notice(saves.autosave(GAME_B))
    (kept,) = (home / "saves").glob("autosave-*.json")
    assert saves.load(kept).turns_after == 0  # kept as it was found, not rewritten from memory


def test_a_relative_link_autosave_is_kept_as_a_file_not_a_dangling_link(home: Path) -> None:
    (home / "mine").mkdir(parents=True)
    target = home / "mine" / "a.json"
    records.save(GAME_A, target)
    saves.autosave_path().symlink_to(Path("mine") / "a.json")  # relative: it would dangle in saves/
    assert (saves_words.notice(saves.autosave(GAME_B)) or "").startswith("Finished game kept in the saves folder")
    (kept,) = (home / "saves").glob("autosave-*.json")
    assert not kept.is_symlink() and saves.load(kept).seed == GAME_A.seed
    assert target.exists() and saves.load(target).seed == GAME_A.seed  # what the link pointed at is untouched
    assert not saves.autosave_path().is_symlink() and saves.load(saves.autosave_path()).seed == GAME_B.seed


def test_unfinished_games_beyond_the_last_20_are_pruned_oldest_first_and_said_once(home: Path) -> None:
    folder = home / "saves"
    folder.mkdir(parents=True)
    unfinished = [folder / f"autosave-{i:02d}.json" for i in range(22)]
    for i, p in enumerate(unfinished):
        records.save(_unfinished(GAME_B), p)
        os.utime(p, (1000 + i, 1000 + i))
    records.save(GAME_B, folder / "autosave-finished.json")
    os.utime(folder / "autosave-finished.json", (1, 1))  # the oldest of all, but finished
    records.save(_unfinished(GAME_B), folder / "game-mine.json")  # the player's own save: never pruned
    os.utime(folder / "game-mine.json", (2, 2))
    saves_words.notice(saves.autosave(_unfinished(GAME_A)))
    notice = saves_words.notice(saves.autosave(GAME_B)) or ""  # A is rotated: 23 unfinished autosaves, 3 too many
    assert "Previous game kept in the saves folder" in notice
    assert "only the last 20 unfinished games are kept (3 older removed)" in notice
    left = {p.name for p in folder.glob("*.json")}
    assert {p.name for p in unfinished[:3]}.isdisjoint(left)  # the three oldest went
    assert {p.name for p in unfinished[3:]} <= left and {"autosave-finished.json", "game-mine.json"} <= left
    assert "\n" not in notice
    saves_words.notice(saves.autosave(_unfinished(GAME_A, 4)))  # another rotation, another prune: not said again
    notice = saves_words.notice(saves.autosave(_unfinished(GAME_B, 5))) or ""
    assert notice.startswith("Previous game kept in the saves folder") and "only the last" not in notice
    assert sum(1 for p in folder.glob("autosave-*.json") if saves_words.entry_for(p).state == "unfinished") == 20


def test_delete_removes_a_save_or_a_link_but_never_what_it_points_at(home: Path) -> None:
    folder = home / "saves"
    folder.mkdir(parents=True)
    records.save(GAME_A, folder / "a.json")
    (folder / "link.json").symlink_to("a.json")
    assert saves_words.notice(saves.delete(folder / "link.json")) is None
    assert not (folder / "link.json").is_symlink() and (folder / "a.json").exists()
    assert saves_words.notice(saves.delete(folder / "a.json")) is None and not (folder / "a.json").exists()
    assert "not deleted" in (saves_words.notice(saves.delete(folder / "a.json")) or "")


def test_a_version_1_save_says_unverified_in_one_line(home: Path) -> None:
    p = home / "old.json"
    home.mkdir()
    old = json.loads(dump(GAME_A))
    old["version"] = 1
    del old["digest"]
    p.write_text(json.dumps(old))
    note = saves_words.trust_note(saves.load(p), p) or ""
    assert note.startswith("old.json:") and "unverified" in note and "\n" not in note
    assert saves_words.trust_note(GAME_A, p) is None
