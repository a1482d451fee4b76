"""No position lost: a new game's first autosave is written before the previous one is kept aside, so a
``kill -9`` anywhere around it leaves one autosave; a full disk at any step leaves the previous save; pruning
never removes the file the game in progress was loaded from."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tagteam.engine.record import GameRecord
from tagteam.store import records, saves
from tagteam.words import saves as saves_words
from tests.engine.helpers import play_session
from tests.files.kill_trials import outcome

GAME_A = play_session(11, decide_seed=11).record
GAME_B = play_session(12, decide_seed=12).record
ROOT = Path(__file__).resolve().parents[2]


def _unfinished(rec: GameRecord, n: int = 3) -> GameRecord:
    return rec.model_copy(update={"decisions": rec.decisions[:n], "turns_after": 0}, deep=True)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    saves.forget()
    yield tmp_path / "home"
    saves.forget()


class DiskFull:
    """Every file-system step an autosave takes, counted; the ``fail_at``-th raises ENOSPC (or whatever)."""

    STEPS = (
        (tempfile, "mkstemp"),
        (os, "fsync"),
        (os, "link"),
        (os, "replace"),
        (os, "rename"),
        (os, "unlink"),
        (Path, "read_bytes"),
        (Path, "unlink"),
    )

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail_at: int, code: int = errno.ENOSPC) -> None:
        self.count = 0
        self.failed = ""
        for owner, name in self.STEPS:
            step = self._wrap(getattr(owner, name), f"{owner.__name__}.{name}", fail_at, code)
            monkeypatch.setattr(owner, name, step)

    def _wrap(self, real: Callable[..., Any], name: str, fail_at: int, code: int) -> Callable[..., Any]:
        def step(*args: Any, **kw: Any) -> Any:
            self.count += 1
            if self.count == fail_at:
                self.failed = name
                raise OSError(code, os.strerror(code))
            return real(*args, **kw)

        return step


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    fail_at=st.integers(1, 14), code=st.sampled_from([errno.ENOSPC, errno.EDQUOT, errno.EIO]), finished=st.booleans()
)
def test_a_full_disk_at_any_step_of_a_new_games_first_autosave_never_loses_the_previous_game(
    home: Path, monkeypatch: pytest.MonkeyPatch, fail_at: int, code: int, finished: bool
) -> None:
    for p in [*home.glob("**/*"), home] if home.exists() else []:  # hypothesis reuses the fixture's home
        if p.is_file():
            p.unlink()
    saves.forget()
    a = GAME_A if finished else _unfinished(GAME_A)
    assert saves_words.notice(saves.autosave(a)) is None  # the game played so far
    with monkeypatch.context() as m:
        disk = DiskFull(m, fail_at, code)
        notes = saves.autosave(_unfinished(GAME_B))  # a new game's first decision: A is to be kept aside
        said = saves_words.notice(notes)
    state = outcome(home, a, GAME_B)
    assert state in ("A", "A+kept", "B+kept"), (disk.failed, said, state)
    if disk.failed and state != "B+kept":
        assert said is not None and os.strerror(code) in said, (disk.failed, said)  # the player is told
        failure = saves_words.notice(saves.failure(notes))  # and told again at quit, after the screen closes
        assert failure is not None and os.strerror(code) in failure
    if not disk.failed:
        assert state == "B+kept" and said is not None and " kept " in said
        assert saves_words.notice(saves.failure(notes)) is None
    assert not [p for p in home.glob("**/*.tmp")], disk.failed  # nothing half-written is left behind


def test_the_new_autosave_is_written_before_the_previous_one_gets_its_second_name(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The order itself: at every step, autosave.json is there and holds a whole game."""
    saves_words.notice(saves.autosave(_unfinished(GAME_A)))
    seen: list[str] = []
    real_link, real_replace = os.link, os.replace

    def link(src: Any, dst: Any, *args: Any, **kw: Any) -> None:
        staged = list(home.glob("autosave.json.*.tmp"))
        seen.append(f"link with {len(staged)} staged")
        assert len(staged) == 1 and records.load(staged[0]).seed == GAME_B.seed
        real_link(src, dst, *args, **kw)

    def replace(src: Any, dst: Any, *args: Any, **kw: Any) -> None:
        seen.append("replace")
        assert records.load(home / "autosave.json").seed == GAME_A.seed
        real_replace(src, dst, *args, **kw)

    monkeypatch.setattr(os, "link", link)
    monkeypatch.setattr(os, "replace", replace)
    assert "Previous game kept in the saves folder" in (saves_words.notice(saves.autosave(_unfinished(GAME_B))) or "")
    assert seen == ["link with 1 staged", "replace"]
    assert outcome(home, GAME_A, GAME_B) == "B+kept"


def test_without_hard_links_the_previous_game_is_copied_not_moved(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saves_words.notice(saves.autosave(_unfinished(GAME_A)))

    def no_links(*_: Any, **__: Any) -> None:
        raise OSError(errno.EPERM, "links not allowed here")

    monkeypatch.setattr(os, "link", no_links)
    assert "Previous game kept in the saves folder" in (saves_words.notice(saves.autosave(_unfinished(GAME_B))) or "")
    assert outcome(home, GAME_A, GAME_B) == "B+kept"


def test_a_bad_autosave_is_kept_aside_before_the_new_one_replaces_it(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "autosave.json").write_text("{ not json")
    said = saves_words.notice(saves.autosave(_unfinished(GAME_B))) or ""
    assert said.startswith("Unusable autosave (")
    (bad,) = home.glob("autosave.bad-*.json")
    assert bad.read_text() == "{ not json" and records.load(home / "autosave.json").seed == GAME_B.seed


def test_pruning_never_removes_the_file_the_game_in_progress_was_loaded_from(home: Path) -> None:
    folder = home / "saves"
    folder.mkdir(parents=True)
    rotated = [folder / f"autosave-{i:02d}.json" for i in range(saves.KEEP_UNFINISHED + 2)]
    for i, p in enumerate(rotated):
        records.save(_unfinished(GAME_B), p)
        os.utime(p, (1000 + i, 1000 + i))
    saves_words.notice(saves.autosave(_unfinished(GAME_A)))
    oldest = rotated[0]
    loaded = saves.load(oldest)  # the player picks the oldest unfinished game on the Load screen
    said = (
        saves_words.notice(saves.autosave(_unfinished(loaded, 4))) or ""
    )  # its next decision: A is kept aside, then a prune
    assert "older removed" in said
    assert oldest.exists()  # the file in play stays
    assert not rotated[1].exists() and not rotated[2].exists()  # the next oldest went instead


@pytest.mark.slow
def test_forty_kill_9s_around_a_new_games_first_autosave_leave_one_autosave_every_time(tmp_path: Path) -> None:
    """Each kill lands somewhere before, during or after the autosave (forked children, random delays)."""
    code = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from tests.files.kill_trials import run_trials\n"
        "from tests.files.test_no_position_lost import GAME_A, GAME_B, _unfinished\n"
        "seen = run_trials(Path(sys.argv[1]), _unfinished(GAME_A), _unfinished(GAME_B), 40, seed=25)\n"
        "print(json.dumps(seen))\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    assert r.returncode == 0, r.stderr
    seen = json.loads(r.stdout)
    assert sum(seen.values()) == 40
    assert set(seen) <= {"A", "A+kept", "B+kept"}, seen  # never "no autosave", never A lost
