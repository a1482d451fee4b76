"""A first key and the title's read-ahead threads never import the game's modules at the same time.

The browser test lost the first key after a page opened (``l`` right after the title, ``c`` right after a
reload): the key arrived and chose, but the app crashed importing the Load screen (``KeyError:
'tagteam.engine'``) because a title read-ahead thread was importing the engine at the same moment. Here the
same meeting is forced with a package whose ``__init__`` is slow; then the title's three imports are played
with the real modules, as the title now does it: what the threads need imported first, on the main thread
(``tagteam.screens.preload``).
"""

from __future__ import annotations

import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def package(tmp_path: Path) -> Iterator[str]:
    """A package whose ``__init__`` says it has begun, dawdles, then takes a name from ``sub``, which takes one
    from the package: as ``tagteam.engine`` and its ``record`` (through ``session``) do. ``sub`` imported on
    its own meanwhile meets the package halfway."""
    name = f"slowpkg_{uuid.uuid4().hex}"
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text(
        "import sys, time\n"
        f"sys.modules['{name}_began'].set()\n"
        "time.sleep(0.4)\n"
        "VALUE = 1\n"
        "from .sub import THING\n"
    )
    (folder / "sub.py").write_text(f"from {name} import VALUE\nTHING = VALUE\n")
    sys.path.insert(0, str(tmp_path))
    began = threading.Event()
    sys.modules[f"{name}_began"] = began  # type: ignore[assignment]  # the __init__ reaches it by name
    try:
        yield name
    finally:
        sys.path.remove(str(tmp_path))
        for key in [k for k in sys.modules if k.startswith(name)]:
            del sys.modules[key]


def _meet(name: str) -> list[str]:
    """One thread imports the package, another its submodule once the package has begun: their errors."""
    errors: list[str] = []
    began = sys.modules[f"{name}_began"]
    assert isinstance(began, threading.Event)

    def run(what: str) -> None:
        try:
            __import__(what)
        except Exception as e:  # what a worker thread would have died of
            errors.append(f"{type(e).__name__}: {e}")

    first = threading.Thread(target=run, args=(name,))
    first.start()
    assert began.wait(10)
    second = threading.Thread(target=run, args=(f"{name}.sub",))
    second.start()
    first.join(20)
    second.join(20)
    return errors


def test_two_threads_meeting_in_a_package_break(package: str) -> None:
    """The failure the preloading is for, shown on plain Python (if this passes without errors, the test
    below proves nothing)."""
    errors = _meet(package)
    assert errors and any("partially initialized" in e or "deadlock" in e for e in errors), errors


def test_imported_before_the_threads_start_they_meet_nothing_half_made(package: str) -> None:
    began = sys.modules[f"{package}_began"]
    assert isinstance(began, threading.Event)
    __import__(package)  # on this (the main) thread, before the threads: what preload() does
    assert _meet(package) == []
    assert sys.modules[package].THING == 1


RACE = """
import sys, threading, traceback
import textual.app, tagteam.app, tagteam.screens.title
from tagteam.screens.preload import TITLE, preload
preload(TITLE)  # what the title does before it starts its read-ahead threads
errors = []
def run(code):
    try:
        exec(code, {})
    except BaseException:
        errors.append(traceback.format_exc().splitlines()[-1])
reads = (
    "from tagteam.store import saves; saves.autosave_path()",  # the title's autosave read-ahead
    "from tagteam.screens.help import rules_text; rules_text()",  # the title's rules read-ahead
    "from tagteam.screens.load import LoadScreen",  # the player's first key, l
)
threads = [threading.Thread(target=run, args=(code,)) for code in reads]
for t in threads: t.start()
for t in threads: t.join()
print(errors)
"""


@pytest.mark.slow
def test_the_title_read_aheads_and_a_first_key_import_the_engine_together_without_a_crash() -> None:
    """The real modules, in fresh processes (without the preloading, most of such runs crashed: 27 of 30)."""
    for _ in range(3):
        r = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and r.stdout.strip() == "[]", (r.stdout, r.stderr)
