"""Each history test gets its own data folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("TAGTEAM_HOME", str(folder))
    yield folder
