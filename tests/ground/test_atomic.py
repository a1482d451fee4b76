"""The one atomic write: the whole new text or the old one, never a temporary left behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tagteam.ground import atomic


def test_write_replaces_the_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "file.json"
    atomic.write_atomic(target, "first")
    atomic.write_atomic(target, "é second")
    assert target.read_text(encoding="utf-8") == "é second"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


def test_a_failed_rename_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.json"
    target.write_text("old", encoding="utf-8")

    def refuse(src: object, dst: object) -> None:
        raise OSError("no")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        atomic.write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.json"]


def test_stage_writes_beside_the_target_under_a_temporary_name(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    tmp = atomic.stage(b"bytes", target)
    assert tmp.parent == tmp_path and tmp.name.endswith(atomic.TEMP_SUFFIX) and tmp.read_bytes() == b"bytes"
    assert not target.exists()


def test_a_mode_makes_a_shipped_data_file_readable_by_everyone(tmp_path: Path) -> None:
    target = tmp_path / "puzzles.json"
    atomic.write_atomic(target, "{}")
    assert target.stat().st_mode & 0o777 == 0o600  # a player's file: private by default
    atomic.write_atomic(target, "{}", mode=0o644)
    assert target.stat().st_mode & 0o777 == 0o644
