"""UI tests: every test saves into its own folder and starts without reduced motion from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test saves into its own folder and starts without animations or a bot."""
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TAGTEAM_REDUCED_MOTION", raising=False)
    return tmp_path / "home"
