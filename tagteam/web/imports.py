"""One thread at a time imports the game's own modules in a page's process (``serial_imports``).

Python locks each module while it runs its first import. A thread that imports a package takes the
package's lock and then, from the package's ``__init__``, its submodules' locks; a thread that imports one
of those submodules directly takes the submodule's lock first and then the package's. When the two meet,
Python breaks the deadlock by handing one of them a half-made module: an ``ImportError`` ("partially
initialized module"), and the failed import removes the package, so the other thread gets
``KeyError: 'tagteam.engine'``. ``tagteam.engine`` imports its submodules in its ``__init__``, and the title
screen reads ahead on worker threads (the autosave, the rules) that import the engine while a key the player
presses at once imports it on the UI thread: in a page that had just opened, ``l`` or ``c`` crashed the app
(the page kept showing the title, and the key seemed lost).

``serial_imports`` makes the first import of a module under a prefix take one process-wide re-entrant lock
before any module lock, so those imports run one after the other and never meet halfway. A module already
imported (and every name asked of it there) takes no lock, so an import in a function called on every
frame costs one dictionary look-up more. Other modules (Textual's, the standard library's) are left alone:
none of them imports the game's, so the lock is always taken first and the order can never invert.
"""

from __future__ import annotations

import builtins
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

Importer = Callable[..., ModuleType]


def _resolve(name: str, globals_: Mapping[str, Any] | None, level: int) -> str:
    """The absolute name an ``import`` statement asks for (a relative one resolved against its package)."""
    if level == 0 or not globals_:
        return name
    package = str(globals_.get("__package__") or "")
    base = package.rsplit(".", level - 1)[0] if level > 1 else package
    return f"{base}.{name}" if name else base


def _ready(name: str, fromlist: Sequence[str] | None) -> bool:
    """Whether ``name`` is fully imported already, with every name of ``fromlist`` on it (no lock needed)."""
    module = sys.modules.get(name)
    if module is None or getattr(getattr(module, "__spec__", None), "_initializing", False):
        return False
    return all(item == "*" or hasattr(module, item) for item in fromlist or ())


def serial_imports(prefix: str = "tagteam") -> Callable[[], None]:
    """From now on, first imports of ``prefix`` and its submodules run one at a time; returns the undo."""
    previous: Importer = builtins.__import__
    if getattr(previous, "serial_prefix", None) == prefix:  # already guarded (a second main() in one process)
        return lambda: None
    lock = threading.RLock()
    dotted = prefix + "."

    def guarded(
        name: str,
        globals: Mapping[str, Any] | None = None,  # the names builtins.__import__ is called with
        locals: Mapping[str, Any] | None = None,
        fromlist: Sequence[str] | None = (),
        level: int = 0,
    ) -> ModuleType:
        full = _resolve(name, globals, level)
        if (full == prefix or full.startswith(dotted)) and not _ready(full, fromlist):
            with lock:
                return previous(name, globals, locals, fromlist, level)
        return previous(name, globals, locals, fromlist, level)

    guarded.serial_prefix = prefix  # type: ignore[attr-defined]  # how a second call knows it is installed
    builtins.__import__ = guarded

    def undo() -> None:
        if builtins.__import__ is guarded:
            builtins.__import__ = previous

    return undo
