"""One page's process: ``python -m tagteam.web.page play|join`` (the only commands ``tagteam serve`` runs).

``play`` is the local app, title screen first, on the same home as ``tagteam`` in a terminal (saves,
settings, the autosave, and the lock that keeps one running game per home). Closing the page ends the app
as Ctrl-Q would: the game is autosaved, so a reload's Continue goes on from there. ``join`` is the network
seat's app behind a screen that asks for the host and the join code (``tagteam.remote.join_app``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tagteam.web.pages import ADDRESS_ENV, KINDS, address


class Notice(App[int]):
    """A page that cannot play says why in one line (the process ends when the page closes or on ``q``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "quit", "Quit")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.text, markup=False, id="notice")


def play() -> int:
    from tagteam.store.paths import HomeInUse, lock_home

    try:
        lock_home()
    except HomeInUse:  # the server asks first (home_in_use); this is a game started in that very moment
        from tagteam.web.notices import already_running

        return Notice(already_running()).run() or 0  # no folder, no process id: whoever opened the page reads it
    from tagteam.app import TagTeamApp

    app = TagTeamApp()
    try:
        return app.run() or 0
    finally:
        app.autosave()  # a closed page ends the app without its Ctrl-Q: keep the position it reached


def join() -> int:
    from tagteam.store import settings
    from tagteam.web.joinpage import PageJoinApp
    from tagteam.words.lang import choose, set_language

    set_language(choose(None, settings.load()[0].lang, os.environ))  # serve's --lang, else the saved choice

    said = address(os.environ.get(ADDRESS_ENV))
    app = PageJoinApp() if said is None else PageJoinApp(said)
    try:
        return app.run() or 0
    finally:
        app.leave()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] not in KINDS:
        print(f"usage: python -m tagteam.web.page {'|'.join(KINDS)}", file=sys.stderr)
        return 2
    return play() if args[0] == "play" else join()


if __name__ == "__main__":
    sys.exit(main())
