"""Whole games between two real ``NetApp`` clients over a real socket (``tests/net/apps.py``).

These drive the client half the way players do (the network client's screens, the Fight keys, the
game-over keys), in every draft mode: the first two-machine games crashed at the end of round 1's
Fight, where the remote feed had no recap, and no test had played a Fight through ``NetApp``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.widgets import RichLog, Static

from tagteam.engine.session import Session
from tagteam.play.feeds import pause_recap
from tagteam.play.games import new_session
from tagteam.remote.client_app import EXIT_HOST_GONE, NetApp
from tagteam.screens.fight import FightScreen
from tests.net.apps import Table, fight, holds, near_the_end, play_to_game_over, table
from tests.waiting import until

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")


def run(coro: Awaitable[None]) -> None:
    asyncio.run(asyncio.wait_for(coro, 120))


def log_text(t: Table, seat: int) -> str:
    log = t.seats[seat].app.screen.query_one(RichLog)
    return "\n".join(line.text for line in log.lines)


def fight_keys() -> Callable[[int], str]:
    """Auto-play for the first Fight key (it waits a quarter second a Turn), then a Turn and a skip in
    turn; the seat that presses alternates (``play_to_game_over``)."""
    pressed: list[int] = []

    def pick(i: int) -> str:
        pressed.append(i)
        return "a" if len(pressed) == 1 else "ns"[len(pressed) % 2]

    return pick


@pytest.mark.parametrize(("mode", "seed"), [("free", 5), ("standard", 6)])
def test_each_other_draft_then_a_fight_and_a_build_on_both_sides(mode: str, seed: int) -> None:
    """The modes differ only before the first Fight: their Drafts, a Fight and both Builds over the wire
    (whole games, game over and the rematch are played in the two modes below)."""

    async def go() -> None:
        async with table(new_session(mode, seed), size=(80, 24)) as t:
            session = t.server.session
            in_round_2 = lambda: session.state.round >= 2  # noqa: E731
            await play_to_game_over(t, random.Random(seed), fight_keys=fight_keys(), until=in_round_2)
            assert session.state.round == 2 and not session.over()
            for s in t.seats:
                assert s.app.return_code is None  # nobody crashed or was dropped
                assert {"DraftScreen", "SetupScreen", "FightScreen", "BuildScreen"} <= set(s.screens)

    run(go())


@pytest.mark.parametrize(("mode", "seed"), [("first", 4), ("competitive", 7)])
def test_the_last_round_in_each_mode_then_a_rematch(mode: str, seed: int) -> None:
    """The last round of a game (its Drafts are played in ``test_each_other_draft_then_a_fight_and_a_build``):
    Fight steps are stepped, skipped and auto-played, each from either side (``play_to_game_over`` alternates
    the seat); then `r` on one game-over screen asks the other, and the same key there accepts: the next game
    starts on both."""

    async def go() -> None:
        async with table(near_the_end(mode, seed), size=(80, 24)) as t:
            await play_to_game_over(t, random.Random(seed), fight_keys=fight_keys())
            assert t.server.session.over()
            for s in t.seats:
                assert s.app.return_code is None  # nobody crashed or was dropped
                assert "FightScreen" in s.screens and "BuildScreen" in s.screens
                summary = s.app.screen.summary  # type: ignore[attr-defined]
                assert summary.result.endswith(("wins.", "Draw."))
                assert summary.fighters and summary.why
            old = t.server.session.record.seed
            key = "r" if mode != "first" else "d"
            asker, other = t.seats[seed % 2], t.seats[1 - seed % 2]
            await asker.pilot.press(key)
            await t.settle(lambda: all((st := s.known) is not None and st.rematch_asked is not None for s in t.seats))
            assert t.server.session.record.seed == old and all(s.screen == "GameOverScreen" for s in t.seats)
            said = [str(n.message) for n in other.app._notifications]
            assert any("asks for a rematch" in line and f"press {key} to accept" in line for line in said), said
            await other.pilot.press(key)  # accepted
            await t.settle(lambda: t.server.session.record.seed != old and t.in_sync())
            nxt = "DraftScreen" if mode == "first" else "SetupScreen"  # after the first game: a Standard Draft
            await t.settle(lambda: all(s.screen == nxt for s in t.seats))
            assert t.server.session.record.decisions == []
            for s in t.seats:  # the rematch's notices leave with the game they were about
                assert not any("rematch" in str(n.message) for n in s.app._notifications)

    run(go())


def test_skip_from_either_side_ends_round_one_with_the_same_recap_as_a_local_game() -> None:
    """The crash: ``s`` at round 1's Fight. Both screens reach the pause, show the host's recap (the same
    function a local game calls) and go on to the Build step."""

    async def go() -> None:
        async with table(new_session("first", 4)) as t:
            # setup: both order their Starting Cards
            for s in t.seats:
                await t.settle(holds(lambda x: x.screen == "SetupScreen", s))
                from tagteam.screens import messages as msg

                state = s.state
                s.app.screen.post_message(msg.Decided(state.seat, state.view.legal[0]))
            await t.settle(lambda: all(s.screen == "FightScreen" for s in t.seats) and t.in_sync())
            await fight(t, t.seats[1], "s")  # the joining side skips
            await t.settle(lambda: t.in_sync() and not t.seats[0].state.can_step)
            server = t.server.session
            for seat, s in enumerate(t.seats):
                await t.settle(holds(lambda x: isinstance(x.app.screen, FightScreen) and x.app.screen.finished, s))
                expected = pause_recap(server, server.view(seat))
                assert expected and s.app.feed.recap() == expected  # worded by the client, from the events and its view
                text = log_text(t, seat)
                for line in expected:
                    assert line in text
                assert "Next: the Build step" in text
                await s.pilot.press("enter")
            await t.settle(lambda: all(s.screen == "BuildScreen" for s in t.seats))

    run(go())


def test_a_client_dropped_mid_build_rejoins_to_the_same_screen() -> None:
    async def go() -> None:
        async with table(new_session("first", 10)) as t:
            rng = random.Random(5)
            # play until seat 1 is on its first Build screen
            await play_until_build(t, rng)
            s = t.seats[1]
            before = (s.state.view.drawn, s.state.view.round, len(t.server.session.record.decisions))
            screen = s.app.screen
            client = s.app.client
            assert client.conn is not None
            old = client.conn
            client.loop.call_soon_threadsafe(old.writer.transport.abort)  # the line drops
            await t.settle(lambda: client.conn is not old and 1 in t.server.seats and t.in_sync(), 15)
            assert s.app.return_code is None
            assert s.app.screen is screen  # the same Build screen: a half-made choice survives
            after = (s.state.view.drawn, s.state.view.round, len(t.server.session.record.decisions))
            assert after == before

    run(go())


async def play_until_build(t: Table, rng: random.Random) -> None:
    from tagteam.screens import messages as msg

    for _ in range(60):
        await t.settle(t.in_sync)
        s = t.seats[1]
        if s.screen == "BuildScreen":
            return
        for x in t.seats:
            if x.screen in ("SetupScreen", "DraftScreen", "BuildScreen") and x.state.view.pending and x is not s:
                x.app.screen.post_message(msg.Decided(x.state.seat, rng.choice(x.state.view.legal)))
                await t.settle(holds(lambda y: y.state.view.pending is None, x))
                break
            if x is s and x.screen == "SetupScreen":
                x.app.screen.post_message(msg.Decided(x.state.seat, x.state.view.legal[0]))
                await t.settle(holds(lambda y: y.state.view.pending is None, x))
                break
            if x.screen == "FightScreen":
                await x.pilot.press("s" if x.state.can_step else "enter")
                await t.settle(holds(lambda y: y.screen != "FightScreen" or not y.state.can_step, x))
                break
        else:
            await t.settle(lambda: True)
    raise AssertionError("never reached a Build screen")


def test_the_host_quitting_tells_the_other_side_in_one_line() -> None:
    async def go() -> None:
        async with table(new_session("first", 11)) as t:
            await t.settle(lambda: all(s.screen == "SetupScreen" for s in t.seats))
            await asyncio.to_thread(t.runner.stop)
            await t.settle(lambda: all(s.app.return_code is not None for s in t.seats), 10)
            for s in t.seats:
                assert s.app.return_code == EXIT_HOST_GONE
                assert s.app.goodbye == "The host has quit the game."

    run(go())


def test_the_host_seat_sees_the_join_code_until_the_other_player_is_in_and_one_status_while_away() -> None:
    """``tagteam host`` without --serve-only: the host's own app holds seat 1 by a token; the join code is in the
    footer of every screen until the other player is in (not a notice over the Starting Card choices), and
    while the other seat is away the waiting screen says only that, not also "Player 2 is thinking…"."""
    from tagteam.screens import messages as msg
    from tests.net.apps import CODE, hosted_seat, make_client

    def footer(app: NetApp) -> str:
        keys: list[Any] = list(app.screen.query("FooterKey"))  # by name: Textual's class is in a private module
        return " ".join(f"{k.key_display} {k.description}" for k in keys)

    async def go() -> None:
        runner, app, port = hosted_seat()
        guest: NetApp | None = None
        try:
            async with app.run_test(size=(80, 24)) as pilot:
                await until(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
                await until(pilot, lambda: footer(app) != "")  # a new screen's footer keys are mounted just after it
                # seat 1 owes its Starting Card order, so it decides even before the other player is here
                assert f"Join code {CODE}" in footer(app)
                assert not app._notifications  # nothing laid over the choices
                state = app.client.snapshot()[0]
                assert state is not None
                app.screen.post_message(msg.Decided(state.seat, state.view.legal[0]))
                await until(pilot, lambda: type(app.screen).__name__ == "AwayScreen")
                text = " ".join(str(w.render()) for w in app.screen.query(Static))
                assert f"Waiting for Player 2 to join: join code {CODE}" in text
                assert "thinking" not in text  # one status: not connected is not thinking
                await until(pilot, lambda: footer(app) != "")
                assert f"Join code {CODE}" in footer(app)
                guest = make_client(port)  # the other player arrives: now they are thinking
                await until(pilot, lambda: type(app.screen).__name__ == "HandoffScreen")
                text = " ".join(str(w.render()) for w in app.screen.query(Static))
                assert "Player 2 is thinking…" in text and "join code" not in text
                await until(pilot, lambda: footer(app) != "" and "Join code" not in footer(app))
                guest.client.close()  # and when they drop: one status again
                await until(pilot, lambda: type(app.screen).__name__ == "AwayScreen")
                text = " ".join(str(w.render()) for w in app.screen.query(Static))
                assert "Waiting for Player 2" in text and "thinking" not in text
        finally:
            if guest is not None:
                guest.client.close()
            app.client.close()
            runner.stop()

    run(go())


def test_a_session_made_for_each_mode_is_the_one_games_rule() -> None:
    """The first game is the rulebook's teams with a free draft; other modes draft (one rule, in games)."""
    first = new_session("first", 1)
    assert first.record.teams is not None and first.record.draft == "free"
    std = new_session("standard", 1)
    assert std.record.teams is None and std.record.draft == "standard"
    assert isinstance(first, Session)
