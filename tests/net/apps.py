"""Two real ``NetApp`` clients under Textual's ``run_test`` against a real server on a loopback port.

The server runs in its own thread (``ServerThread``), as under ``tagteam host``; each client has its own
network thread (``NetClient``), as under ``tagteam join``. A test drives the apps the way players do:
keys on the Fight and game-over screens, and on decision screens the message the screen itself posts.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import random
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from textual.pilot import Pilot

from tagteam.engine.randomplay import finish_session
from tagteam.engine.record import GameRecord
from tagteam.engine.session import Session
from tagteam.net import protocol as p
from tagteam.net.client import NetClient
from tagteam.net.guard import Limits
from tagteam.net.server import GameServer, ServerThread
from tagteam.play.games import new_session
from tagteam.remote.client_app import NetApp
from tagteam.screens import messages as msg
from tests.waiting import settled

CODE = "TEST-CODE"
LOOPBACK = "127.0.0.1"
DECISION_SCREENS = ("DraftScreen", "SetupScreen", "BuildScreen")
_T = TypeVar("_T")


class SeatPilot(Pilot[int]):
    """A seat's pilot whose presses and pauses run with its own app as Textual's active app.

    Both seats' apps run in one event loop, and Textual finds a screen's app through a context variable, which
    the test's task holds for the app whose ``run_test`` it entered last. A screen makes its update timer on
    first use, in the context of whoever uses it: a pause of the other seat (``Pilot.pause`` updates the screen)
    could make a new screen's timer in the test's context, and that screen then never found itself current,
    never laid out again (a Setup screen's footer keys never placed: a blank last row)."""

    def __init__(self, app: NetApp, context: contextvars.Context) -> None:
        super().__init__(app)
        self.context = context  # a copy of the context just inside this app's run_test

    def own(self, work: Coroutine[Any, Any, _T]) -> asyncio.Task[_T]:
        """``work`` run in this seat's context (a copy each time: one context cannot run two tasks at once)."""
        return asyncio.create_task(work, context=self.context.copy())

    async def press(self, *keys: str) -> None:
        await self.own(super().press(*keys))

    async def pause(self, delay: float | None = None) -> None:
        await self.own(super().pause(delay))

    async def resize_terminal(self, width: int, height: int) -> None:
        await self.own(super().resize_terminal(width, height))


@dataclass
class Seat:
    app: NetApp
    pilot: Pilot[int]
    screens: list[str] = field(default_factory=list)  # every flow screen shown, in order

    @property
    def screen(self) -> str:
        return type(self.app.screen).__name__

    @property
    def known(self) -> p.State | None:
        """The latest state the server sent this seat, or None before the first one arrives."""
        return self.app.client.snapshot()[0]

    @property
    def state(self) -> p.State:
        """The latest state, once there is one (``table`` waits for both seats' first state)."""
        state = self.known
        assert state is not None, "no state from the server yet"
        return state


def holds(test: Callable[[Seat], bool], seat: Seat) -> Callable[[], bool]:
    """``test(seat)`` as a condition for ``Table.settle``, bound to this seat now (not to a loop's variable)."""
    return lambda: test(seat)


@dataclass
class Table:
    server: GameServer
    runner: ServerThread
    seats: list[Seat]
    saves: list[int] = field(default_factory=list)  # decisions in each autosaved record

    async def settle(self, until: Callable[[], bool], limit: float = 20.0) -> None:
        """Let both apps process what arrived until ``until()`` holds (bounded; see ``tests.waiting.settled``)."""
        if not await settled([s.pilot for s in self.seats], until, limit):
            raise AssertionError(f"timed out; screens {[s.screen for s in self.seats]}")

    def in_sync(self) -> bool:
        """Both apps show the server's latest version."""
        v = self.server.version
        return all((state := s.known) is not None and state.version == v for s in self.seats)


def make_client(port: int, seat: int | None = None, token: str | None = None) -> NetApp:
    holder: list[NetApp] = []
    client = NetClient(LOOPBACK, port, CODE, lambda item: holder[0].deliver(item) if holder else None,
                       seat=seat, token=token)
    app = NetApp(client)
    holder.append(app)
    client.start()
    return app


def hosted_seat() -> tuple[ServerThread, NetApp, int]:
    """A server on a new first game whose seat 1 is kept for the host's own app (its footer shows the join
    code): the running server, that app, and the port a guest joins on."""
    server = GameServer(new_session("first", 12), CODE, reserved={0: "tok"})
    runner = ServerThread(server)
    port = runner.start(LOOPBACK, 0)
    app = make_client(port, token="tok")
    app.code = CODE
    return runner, app, port


@asynccontextmanager
async def table(session: Session, size: tuple[int, int] = (100, 30)) -> AsyncIterator[Table]:
    """A serve-only host and two joined apps, both running; everything is stopped on the way out."""
    saved: list[int] = []

    def autosave(rec: GameRecord) -> None:
        saved.append(len(rec.decisions))

    server = GameServer(session, CODE, limits=Limits(), autosave=autosave)
    runner = ServerThread(server)
    port = runner.start(LOOPBACK, 0)
    apps = [make_client(port, seat=0), make_client(port, seat=1)]
    try:
        async with apps[0].run_test(size=size):
            p0 = SeatPilot(apps[0], contextvars.copy_context())  # each seat's pilot acts as its own app
            async with apps[1].run_test(size=size):
                p1 = SeatPilot(apps[1], contextvars.copy_context())
                t = Table(server, runner, [Seat(apps[0], p0), Seat(apps[1], p1)], saved)
                await t.settle(lambda: all((state := s.known) is not None and state.opponent_here for s in t.seats))
                await t.settle(t.in_sync)
                yield t
    finally:
        for app in apps:
            app.client.close()
        runner.stop()


def near_the_end(mode: str, seed: int) -> Session:
    """A game of ``mode`` played by random legal choices to its end, then taken back to before its last two
    decisions (the last round's Builds, Turns unplayed): a Fight, a Build, the last Fight and game over are
    left to play, not a whole game."""
    done = finish_session(new_session(mode, seed), random.Random(seed))
    rec = done.record.model_copy(deep=True)
    rec.decisions = rec.decisions[:-2]
    rec.turns_after = 0
    return Session.from_record(rec)


async def play_to_game_over(
    t: Table,
    rng: random.Random,
    fight_keys: Callable[[int], str] | None = None,
    limit: int = 400,
    until: Callable[[], bool] | None = None,
) -> None:
    """Both seats play random legal choices; Fight steps are stepped by keys (``fight_keys(i)`` picks
    n, s or a, from whichever seat ``i`` names) and each seat reads its own pause with Enter. With
    ``until``, play stops as soon as it holds (both seats in step) instead of at game over."""
    for i in range(limit):
        await t.settle(t.in_sync)
        if all(s.screen == "GameOverScreen" for s in t.seats):
            return
        if until is not None and until():
            return
        seat = t.seats[i % 2] if rng.random() < 0.5 else t.seats[(i + 1) % 2]
        for s in (seat, *[x for x in t.seats if x is not seat]):
            if await _move(t, s, rng, functools.partial(fight_keys, i) if fight_keys else (lambda: rng.choice("nsa"))):
                break
        else:
            await t.settle(lambda: any(x.screen != "HandoffScreen" for x in t.seats), 5)
    raise AssertionError("the game did not end")


async def _move(t: Table, s: Seat, rng: random.Random, key: Callable[[], str]) -> bool:
    """One move by seat ``s`` if its screen asks for one: a decision, a Fight key, or Enter at the pause."""
    _note(s)
    state = s.state
    if s.screen in DECISION_SCREENS and state.view.pending is not None:
        s.app.screen.post_message(msg.Decided(state.seat, rng.choice(state.view.legal)))
        await t.settle(lambda: s.state.decisions != state.decisions)
        return True
    if s.screen != "FightScreen":
        return False
    if state.can_step:
        await fight(t, s, key())  # asked only when a Fight key is pressed
    else:
        await s.pilot.press("enter")
        await t.settle(lambda: s.screen != "FightScreen" or s.state.can_step)
    return True


async def fight(t: Table, s: Seat, key: str) -> None:
    """One Fight key from seat ``s``: n (a Turn), s (skip the step) or a (auto-play, then wait for it)."""
    before = t.server.version
    if key == "a":
        await s.pilot.press("plus", "plus", "plus", "a")  # the fastest speed, then auto
        await t.settle(lambda: not s.state.can_step, 30)
        return
    await s.pilot.press(key)
    await t.settle(lambda: t.server.version != before)


def _note(s: Seat) -> None:
    if not s.screens or s.screens[-1] != s.screen:
        s.screens.append(s.screen)
