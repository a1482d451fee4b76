"""One running game per home: the commands that play, and so autosave (``tagteam``, ``replay``, ``host``),
take the home's lock first (``tagteam.store.paths.lock_home``)."""

from __future__ import annotations

import sys

from tagteam.ground.jsonfile import printable

EXIT_HOME_IN_USE = 1


def hold_home() -> bool:
    """The home's lock for this process; False after one line on stderr when another game holds it."""
    from tagteam.store.paths import HomeInUse, lock_home

    try:
        lock_home()
    except HomeInUse as e:
        from tagteam.words.lists import error_line
        from tagteam.words.tools import home_in_use

        print(printable(error_line(home_in_use(e.folder, e.holder)), 400), file=sys.stderr)
        return False
    return True
