"""Hypothesis profiles for the property tests: small by default, ``HYPOTHESIS_PROFILE=long`` for a soak.

The default keeps the whole suite fast; ``long`` tries a hundred times more inputs per property. Neither
writes an example database into the working tree; a failure prints the blob that reproduces it.
"""

from __future__ import annotations

import gc
import os

import pytest
from hypothesis import HealthCheck, settings

_COMMON = settings(
    deadline=None,  # replaying a record or loading card data is legitimately slow on a busy machine
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("default", _COMMON, max_examples=25)
settings.register_profile("long", _COMMON, max_examples=2500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_configure(config: pytest.Config) -> None:
    """Compile the translation catalogs from the .po files (the wheel's build hook does this for players), so
    a French screen under test reads the catalog as it stands in the work tree. Register ``slow``: the quick
    subset is ``python -m pytest -n 3 -m "not slow"`` (every area a little; see the timing above)."""
    config.addinivalue_line("markers", "slow: a test of many seconds; `-m 'not slow'` leaves it out")
    # No test reads or writes the real player's files: a test that sets no home of its own gets a fresh one,
    # and the language comes from the code under test, not from the machine's LANG.
    import tempfile

    os.environ.setdefault("TAGTEAM_HOME", tempfile.mkdtemp(prefix="tagteam-tests-"))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "TAGTEAM_LANG"):
        os.environ.pop(var, None)
    os.environ["LANG"] = "C.UTF-8"
    from tagteam.words.catalogs import compile_all

    compile_all()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow tests first (stable: otherwise in file order). pytest-xdist hands tests out in this order, so
    the long ones start while there is plenty left to run beside them, instead of one of them keeping a
    worker busy at the end while the other has finished (the longest-first rule of scheduling)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Collect garbage less often in a test worker. Each interface test builds and drops an app's worth of
    widgets, styles and strips: with Python's default thresholds (700, 10, 10) a worker spent about a sixth of
    its CPU in the collector, most of it re-scanning what was imported and collected, which lives until the end
    (``gc.freeze`` takes that out of every scan). Measured on tests/ui/test_ladder.py, test_hotseat.py and
    test_build_layout.py in one process: 9.7 s of 57 s in the collector before, 3.1 s of 47 s after."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


@pytest.fixture(autouse=True)
def english(request: pytest.FixtureRequest) -> None:
    """Every test starts in English and leaves English on, whatever language it switched to: the language is
    one module-wide setting (``tagteam.words.lang``), so a French test would otherwise change the words of
    whichever test the worker runs next. A module that needs another language sets it in a fixture of its own,
    which runs after this one."""
    from tagteam.words import set_language

    set_language("en")
    request.addfinalizer(lambda: set_language("en"))


@pytest.fixture(autouse=True)
def _as_from_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process tests run the commands as a player at a terminal would: the game's own check for a terminal
    (``tagteam.cli.terminal``) would otherwise see pytest's captured streams. The check itself is tested in a
    subprocess with no terminal (tests/test_cli_installed.py)."""
    from tagteam.cli import terminal

    monkeypatch.setattr(terminal, "missing", lambda: False)
