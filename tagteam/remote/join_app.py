"""A seat in a hosted game for a page that has no command line: ask for the host and the join code, then
play it as ``tagteam join`` does.

``JoinApp`` is the network seat's app (``NetApp``) with one screen in front: it builds the same
``NetClient`` that ``tagteam join`` builds, so the page receives exactly what ``tagteam join`` would (this
seat's view and the public log), and the browser never talks to the game server itself. Only a host on this
machine can be joined (a page must not make the machine knock on other machines' ports); a game hosted
elsewhere is reached by forwarding its port here. When the host quits or is lost, the reason is shown on
this screen and the seat can be joined again (a reloaded page does the same: the host keeps the seat).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pydantic import ValidationError
from rich.console import RenderableType
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.message import Message
from textual.widgets import Footer, Input, Label, Static

from tagteam.ground.jsonfile import printable
from tagteam.net import protocol as p
from tagteam.net.address import BadTarget, is_loopback, parse_target
from tagteam.net.client import HostGone, NetClient, RemoteFeed
from tagteam.remote.client_app import EXIT_HOST_GONE, NetApp
from tagteam.screens.base import GameScreen
from tagteam.words.lang import N_, _
from tagteam.words.net import bad_target

EXAMPLE_CODE = "K7QF-M2XD"
LABELS = {"address": N_("Host address (this machine)"), "code": N_("Join code")}


@dataclass
class JoinAsked(Message):
    """The player asked to join ``address`` with ``code`` (as typed)."""

    address: str
    code: str


class JoinScreen(GameScreen):
    """The host's address (this machine, the usual port, filled in) and the join code; Enter joins."""

    DEFAULT_CSS = """
    JoinScreen { align: center middle; }
    JoinScreen #card { width: 64; height: auto; border: round $primary; padding: 1 2; }
    JoinScreen #heading { text-style: bold; margin-bottom: 1; }
    JoinScreen #intro { margin-bottom: 1; }
    JoinScreen #hint { color: $text-muted; }
    JoinScreen Input { margin-bottom: 1; }
    JoinScreen #status { color: $warning; height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "app.quit", "Quit")]

    def __init__(self, address: str, code: str = "", note: str = "") -> None:
        super().__init__()
        self.address = address
        self.code = code
        self.note = note

    def body(self) -> ComposeResult:
        with Center(), Vertical(id="card"):
            yield Static(_("Join a hosted game"), id="heading")
            yield Static(
                _("The host ran `tagteam host` on this machine and read out a join code."), id="intro", markup=False
            )
            yield Label(id="address-label")
            yield Input(self.address, id="address")
            yield Label(id="code-label")
            yield Input(self.code, placeholder=EXAMPLE_CODE, id="code")
            yield Static(self.note, id="status", markup=False)
            yield Static(_("Enter joins · Tab moves between the fields"), id="hint")
        yield Footer()

    def on_mount(self) -> None:
        self._mark(None)
        self.query_one("#code", Input).focus()

    @on(events.DescendantFocus)
    def _focused(self, event: events.DescendantFocus) -> None:
        self._mark(event.widget.id)

    def _mark(self, focused: str | None) -> None:
        """The field being typed in is marked with ▶, not by its colour alone."""
        for field, text in LABELS.items():
            mark = "▶ " if field == focused else "  "
            self.query_one(f"#{field}-label", Label).update(mark + _(text))

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "address":
            self.query_one("#code", Input).focus()
            return
        address = self.query_one("#address", Input).value
        self.say(_("Joining…"))
        self.post_message(JoinAsked(address, event.value))

    def say(self, text: str) -> None:
        self.query_one("#status", Static).update(printable(text, 300))


def check(address: str, code: str) -> tuple[str, int, str]:
    """``(host, port, code)`` to join; ValueError with the one line to show."""
    try:
        host, port = parse_target(address, p.DEFAULT_PORT)
    except BadTarget as e:
        raise ValueError(bad_target(e.code, e.text)) from None
    if not is_loopback(host):
        raise ValueError(
            _("{host}: only a game hosted on this machine can be joined here").format(host=repr(printable(host, 60)))
        )
    code = code.strip()
    try:
        p.Hello(type="hello", version=p.PROTOCOL_VERSION, code=code)
    except ValidationError:
        raise ValueError(
            _("expected the join code the host printed (e.g. {example})").format(example=EXAMPLE_CODE)
        ) from None
    return host, port, code


class JoinApp(NetApp):
    """``NetApp`` behind the join screen; a lost host leads back to it with the reason."""

    def __init__(self, address: str = f"localhost:{p.DEFAULT_PORT}") -> None:
        super().__init__(_idle(), code="")
        self.address = address
        self.joined_code = ""

    def on_mount(self) -> None:
        self.show(JoinScreen(self.address))

    @on(JoinAsked)
    def _asked(self, message: JoinAsked) -> None:
        try:
            host, port, code = check(message.address, message.code)
        except ValueError as e:
            self._say(str(e))
            return
        self.address, self.joined_code = message.address.strip(), code
        self._use(NetClient(host, port, code, self.deliver))
        self._connect(self.client)

    @work(thread=True, exclusive=True, group="join")
    def _connect(self, client: NetClient) -> None:
        """Connect and join (blocking for up to a few seconds, so off the UI thread)."""
        try:
            client.start()
        except HostGone as e:
            self.call_from_thread(self._failed, client, str(e))

    def _failed(self, client: NetClient, text: str) -> None:
        if client is self.client:
            self._say(text)

    def _say(self, text: str) -> None:
        if isinstance(self.screen, JoinScreen):
            self.screen.say(text)

    def _use(self, client: NetClient) -> None:
        """Play through ``client`` from now on (the previous one is let go, and what it showed forgotten)."""
        old, self.client = self.client, client
        self.feed = RemoteFeed(client)
        self.flow = None
        self.shown = ()
        self.goodbye = ""
        self.opponent_here, self.rematch_asked = False, None
        _let_go(old)

    def exit(self, result: int | None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """The host quit or was lost: back to the join screen with why, instead of ending the page."""
        if result == EXIT_HOST_GONE:
            why = self.goodbye or _("The connection to the host was lost.")
            self._use(_idle())
            self.show(JoinScreen(self.address, self.joined_code, why))
            return
        super().exit(result, return_code, message)

    def leave(self) -> None:
        """Say bye to the host (it keeps the seat for a rejoin) once the app has ended."""
        _let_go(self.client)


def _idle() -> NetClient:
    """A client that is never started: the app's before anything was joined (it has no state to show)."""
    return NetClient("localhost", p.DEFAULT_PORT, "", lambda item: None)


def _let_go(client: NetClient) -> None:
    client.close()  # closes its loop too, started or not
