"""What a page is told instead of a game, in the player's language (its French in parts/web25.po).

Nothing here names the home folder or a process: a page is read by whoever opened it, and the browser
server's home and processes are the machine owner's business."""

from __future__ import annotations

from tagteam.words import _, ngettext


def all_pages_open(cap: int) -> str:
    """Every page slot is taken (``--max-pages``)."""
    return ngettext(
        "The {count} page this server allows is open: close it, then reload.",
        "All {count} pages this server allows are open: close one, then reload.",
        cap,
    ).format(count=cap)


def already_running() -> str:
    """Another page or a terminal runs the game on this server's home (one game per home)."""
    return _(
        "Tag Team is already running here, in another page or in a terminal.\n"
        "Close it, then reload this page."
    )


def page_ended() -> tuple[str, str]:
    """The page's own line once its game has ended (its socket closed), and the link that starts again."""
    return _("This page's game has ended."), _("Start again")


def bad_host() -> str:
    """A request whose ``Host`` header is not one name and a port (the answer is a 400)."""
    return _("Bad Host header.")


def localhost_only() -> str:
    """A page asked for by another name on a server that serves this machine only (a 403)."""
    return _("This server answers pages opened as localhost only.")
