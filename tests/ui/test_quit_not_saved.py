"""Quitting when the last autosave cannot be written (a full disk) is said on the terminal after the screen
has closed, with a non-zero exit status: a notice on the screen would close with it (issue 25)."""

from __future__ import annotations

import asyncio
import errno
import random
from pathlib import Path

import pytest

from tagteam.app import EXIT_NOT_SAVED, TagTeamApp
from tagteam.engine.session import Session
from tagteam.store import saves


def started(seed: int = 3, decisions: int = 3) -> Session:
    """A game in which both players have decided something (so the autosave has something to keep)."""
    s = Session.new(seed, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")))
    rng = random.Random(seed)
    while len(s.record.decisions) < decisions:
        if s.needs_advance():
            s.advance()
            continue
        seat = s.seats_owing()[0]
        s.act(seat, rng.choice(s.view(seat).legal))
    return s


def quit_app(monkeypatch: pytest.MonkeyPatch, full_disk: bool) -> TagTeamApp:
    app = TagTeamApp(record=started().record)

    def no_room(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            if full_disk:
                monkeypatch.setattr(saves, "stage", no_room)  # the new record cannot be written
            await pilot.press("ctrl+q")
            await pilot.pause()

    asyncio.run(run())
    return app


def test_a_quit_whose_autosave_fails_says_so_after_the_screen_and_exits_non_zero(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    app = quit_app(monkeypatch, full_disk=True)
    assert app.return_code == EXIT_NOT_SAVED != 0
    said = capsys.readouterr().err
    assert "last moves are not saved" in said and "No space left on device" in said, said


def test_a_quit_whose_autosave_is_written_exits_zero_quietly(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    app = quit_app(monkeypatch, full_disk=False)
    assert app.return_code == 0
    assert "not saved" not in capsys.readouterr().err
    assert saves.autosave_path().exists()
