"""``tagteam serve`` in a real headless Chromium: a hot-seat game from the title screen by keys, a reload
that continues it, and a seat in a ``tagteam host --serve-only`` game joined from the page.

What the page shows is read from the page's own xterm.js terminal (``tests/web/browser.py``).
"""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path

import pytest

from tagteam.engine.actions import to_dict
from tagteam.net import protocol as p
from tagteam.net.client import Connection, HostGone, Told
from tagteam.remote.join_app import EXAMPLE_CODE
from tests.net.helpers import LOOPBACK
from tests.net.test_guard_signals import start_host
from tests.web.browser import Page, browser, children, serve, skip_reason, wait_until

pytestmark = [pytest.mark.skipif(skip_reason() is not None, reason=skip_reason() or ""), pytest.mark.slow]

CHOSEN = r"Choice: (?!—)"  # a Setup choice is selected (before it, the line reads "Choice: —")
EMPTY = r"{}[^\n]*\n[^\n]*\n[^▊\n]*▊ +(?:" + EXAMPLE_CODE + r" +)?▎"  # the field under this label is empty


def order_starting_cards(page: Page, seat: int) -> None:
    page.wait_for(f"Player {seat}: which Starting Card goes on top")
    page.press("Enter")
    page.wait_for(CHOSEN)
    page.press("c")


def test_a_hot_seat_game_from_the_title_through_a_fight_and_a_build_then_a_reload_continues_it(
    tmp_path: Path,
) -> None:
    with serve(tmp_path) as (proc, port), browser(100, 30) as ctx:
        url = f"http://localhost:{port}/"
        page = Page(ctx.new_page())
        page.open(url, "First game, hot-seat")
        title = page.text()
        assert "Continue: no autosaved game yet" in title
        page.shot("title")
        assert len(children(proc.pid)) == 1  # this page's own process

        page.press("l")  # the Load screen: in a page, the saves folder only, no path typed in
        loads = page.wait_for("Saved games: Enter or a click loads one")
        assert "type a path" not in loads and "path/to/game.json" not in loads
        page.press("Escape")
        page.wait_for("First game, hot-seat")

        page.press("f")
        page.wait_for("Pass the keyboard to Player 1")
        page.press("Enter")
        order_starting_cards(page, 1)
        page.wait_for("Pass the keyboard to Player 2")
        page.press("Enter")
        order_starting_cards(page, 2)

        fight = page.wait_for(r"Round 1 · before Turn 1[\s\S]*Build deck")
        assert "Joan" in fight and "Bödvar" in fight and "HP ██████████ 18/18" in fight
        page.press("n")
        fight = page.wait_for(r"Round 1 · Turn 1[\s\S]*Bödvar's Rage")
        assert "Player 1 reveals Dieu Premier Servi" in fight and "Player 2 reveals Enrage" in fight
        assert "Bödvar's Rage: 0 → 1." in fight
        page.shot("fight")
        page.press("s")
        page.wait_for("End of the Fight step of round 1")
        page.press("Enter")
        page.wait_for("Next: the Build step of round 1")
        page.press("Enter")

        build = page.wait_for(r"Player 1: Build, round 1[\s\S]*\[1\] ▶ KEEP")
        page.press("2")
        build = page.wait_for(r"\[2\] ▶ KEEP[\s\S]*NEW ▶")
        row = next(line for line in build.splitlines() if "[2] ▶ KEEP" in line)
        # "[2] ▶ KEEP  TAGS  Card name — Fighter": the tag column may itself be "—" (a card with no Action)
        kept = re.split(r"\s{2,}", row.rsplit(" — ", 1)[0].strip())[-1].split()[-1]
        new_slot = next(line for line in build.splitlines() if "NEW ▶" in line)
        assert kept in new_slot  # the kept card is the one the line-up shows as NEW
        page.shot("build")
        page.press("c")
        page.wait_for("Player 1's Build choice is locked")
        page.press("Enter")
        page.wait_for(r"Player 2: Build, round 1")
        page.press("c")
        page.wait_for(r"Round 2 · before Turn 1")

        # A second page on the same home is told why it cannot play, instead of fighting over the autosave.
        other = Page(ctx.new_page())
        other.open(url, "already running")
        other.page.close()

        # Reload: the closed page's process autosaves and ends, the new page's title offers to continue.
        page.page.reload()
        page.wait_for("First game, hot-seat")
        assert "Continue: no autosaved game yet" not in page.text()
        page.page.focus(".xterm-helper-textarea")
        page.press("c")
        # Continue replays the whole record in a process that has only just started (the engine's first
        # import included): on a machine busy with the rest of the suite, this wait once ran out at 15 s in CI.
        page.wait_for(r"Round 2 · before Turn 1", timeout=45)
        assert (tmp_path / "autosave.json").exists()

        page.page.close()
        wait_until(lambda: not children(proc.pid), "a closed page's process to end")


async def _scripted_seat(port: int, code: str, reached: dict[str, int], stop: threading.Event) -> None:
    """The other seat, by protocol: each decision its first legal option; connected until ``stop``."""
    conn = await Connection.open(LOOPBACK, port)
    await conn.join(code)
    told = Told()
    try:
        while not stop.is_set():
            try:
                msg = await conn.recv(0.5)
            except HostGone as e:
                if "stopped answering" in str(e):  # only this short read's silence: look at ``stop`` again
                    continue
                raise
            if not isinstance(msg, p.State):
                continue
            told.apply(msg)
            view = told.view
            assert view is not None
            reached["round"] = view.round
            if view.pending is not None and view.legal and view.round < 2:
                await conn.send(p.Act(type="act", action=to_dict(view.legal[0])))
    finally:
        await conn.close()


def join_from_the_page(page: Page, host_port: int, code: str) -> None:
    """On the join screen: this machine and the host's port, then the code."""
    page.wait_for("▶ Join code")
    page.press("Shift+Tab")
    page.wait_for("▶ Host address")
    page.press("Home", "Control+k")
    # Textual runs a binding (Home, ctrl+k) after the letters already queued: type only once it has run.
    page.wait_for(EMPTY.format("Host address"))
    page.type(f"localhost:{host_port}")
    page.press("Enter")  # on to the code (empty on a fresh join screen)
    page.wait_for("▶ Join code")
    page.type(code)
    page.press("Enter")


def test_a_seat_in_a_hosted_game_joined_from_the_page_reaches_round_two_on_both_sides(tmp_path: Path) -> None:
    host, host_port, code = start_host(tmp_path / "host", serve_only=True)
    reached: dict[str, int] = {}
    stop = threading.Event()
    try:
        with serve(tmp_path / "page") as (proc, port), browser(100, 30) as ctx:
            page = Page(ctx.new_page())
            page.open(f"http://localhost:{port}/join", "Join a hosted game")
            page.shot("join")
            join_from_the_page(page, host_port, "NOT-THE-CODE")
            page.wait_for("refused")  # the host's own word, in one line on the join screen
            # The page keeps the address it joined in its URL, so a reload offers it again (not the code).
            page.page.wait_for_url(f"**/join?address=localhost%3A{host_port}", timeout=10_000)
            page.press("Home", "Control+k")
            page.wait_for(EMPTY.format("Join code"))
            page.type(code)
            page.press("Enter")

            other = threading.Thread(
                target=lambda: asyncio.run(_scripted_seat(host_port, code, reached, stop)),
                name="scripted-seat", daemon=True,
            )
            other.start()
            seat = int(page.wait_for(r"Player [12]: which Starting Card").split("Player ")[1][0])
            order_starting_cards(page, seat)
            page.wait_for(r"Round 1 · before Turn 1")
            page.press("s")
            shown = page.wait_for(rf"End of the Fight step of round 1|Player {seat}: Build, round 1")
            if "Build, round 1" not in shown:  # the pause is read here unless the other seat moved on first
                page.press("Enter")
            page.wait_for(rf"Player {seat}: Build, round 1[\s\S]*KEEP")
            page.press("c")
            fight = page.wait_for(r"Round 2 · before Turn 1", timeout=20)
            assert "Fight 0/3 played" in fight
            wait_until(lambda: reached.get("round") == 2, "the scripted seat to be told round 2")

            # Reload: the old page's process says bye, the host keeps the seat, the code takes it back.
            page.page.reload()
            kept = page.wait_for(rf"Join a hosted game[\s\S]*▊  localhost:{host_port} ")  # the address kept
            assert code not in kept  # (the code is not)
            page.page.focus(".xterm-helper-textarea")
            join_from_the_page(page, host_port, code)
            assert "Fight 0/3 played" in page.wait_for(r"Round 2 · before Turn 1[\s\S]*Fight 0/3", timeout=20)
            page.page.close()
            wait_until(lambda: not children(proc.pid), "a closed page's process to end")
    finally:
        stop.set()
        other_seat = [t for t in threading.enumerate() if t.name == "scripted-seat"]
        for t in other_seat:
            t.join(10)
        host.kill()
