"""Where the player's files live, found without loading the engine (the title screen reads settings first),
and the lock that keeps one running game per home (two would each move the other's autosave aside)."""

from __future__ import annotations

import contextlib
import os
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from tagteam.ground.jsonfile import display

STALE_TEMP_SECONDS = 60.0
AUTOSAVE = "autosave.json"
LOCK = "tagteam.lock"

_held: tuple[Path, int] | None = None  # the home this process holds and its lock file (open until it exits)


class HomeInUse(Exception):
    """Another running Tag Team holds this home: the folder (as shown to a player) and the process holding it
    (None when it did not write its id). The line the player reads is worded by ``tagteam.words.tools``."""

    def __init__(self, folder: str, holder: int | None) -> None:
        super().__init__(folder, holder)
        self.folder = folder
        self.holder = holder


_thread = threading.local()  # a home this thread was given (``kept_in``)


def home() -> Path:
    """``$TAGTEAM_HOME`` or the platform's user data folder (so tests and portable installs can relocate it)."""
    given: Path | None = getattr(_thread, "home", None)
    if given is not None:
        return given
    env = os.environ.get("TAGTEAM_HOME")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tagteam", appauthor=False))


@contextlib.contextmanager
def kept_in(folder: Path) -> Iterator[None]:
    """This thread's files go to ``folder`` while inside: a networked seat keeps its finished game in the home its
    app started with, even when another seat runs in the same process (the two-apps tests run both seats in one)."""
    before = getattr(_thread, "home", None)
    _thread.home = folder
    try:
        yield
    finally:
        _thread.home = before


def saves_dir() -> Path:
    return home() / "saves"


def autosave_path() -> Path:
    """The one autosave, beside the saves folder; the title asks whether it exists before any engine loads."""
    return home() / AUTOSAVE


def clean_stale_temps(max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove temporary files of killed writes (``<name>.json.<random>.tmp``) older than ``max_age`` seconds.

    Only regular files (links are not followed) in the home and saves folders; returns what was removed."""
    removed: list[Path] = []
    now = time.time()
    for folder in (home(), saves_dir()):
        try:
            candidates = list(folder.glob("*.json.*.tmp"))
        except OSError:
            continue
        for p in candidates:
            try:
                st = p.lstat()
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > max_age:
                    p.unlink()
                    removed.append(p)
            except OSError:
                continue
    return removed


def lock_home() -> int | None:
    """Hold this home for the life of the process: the lock file's descriptor, kept open.

    The lock is the kernel's (``flock``), so a process that died, however it died, holds nothing: its lock
    file is simply taken over. Raises ``HomeInUse`` (one line naming the process) when a live one holds it;
    None when no lock can be taken here (no ``flock`` on this platform, a home that cannot be written):
    the game goes on unguarded rather than not at all. Taking it again in the same process is a no-op."""
    global _held
    folder = home()
    if _held is not None and _held[0] == folder:
        return _held[1]
    unlock_home()  # another home (only tests change it within one process)
    try:
        import fcntl
    except ImportError:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder / LOCK, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(fd)
        os.close(fd)
        raise HomeInUse(display(folder), holder or None) from None
    except OSError:  # a file system without locks: play unguarded
        os.close(fd)
        return None
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass  # the lock holds even if the pid (only said in the message) cannot be written
    _held = (folder, fd)
    return fd


def home_in_use() -> bool:
    """Whether a live process holds this home's lock, asked without holding it (taken and let go at once).

    For a server that starts a game per page (``tagteam serve``): a page that would only be refused is told
    so before any process starts. A home that cannot be read, or a platform without ``flock``, answers
    False, and the process started then decides with ``lock_home`` as ever."""
    if _held is not None and _held[0] == home():
        return False  # this process is the holder
    try:
        import fcntl
    except ImportError:
        return False
    try:
        fd = os.open(home() / LOCK, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False  # no lock file: nobody has ever held this home
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # closing lets go of a lock this probe took
    return False


def _holder(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def unlock_home() -> None:
    """Let the home go (the process exiting does the same)."""
    global _held
    if _held is not None:
        os.close(_held[1])
        _held = None
