"""A reloaded page meets no lock of the page it replaces: the orders a loaded machine can produce, forced.

The browser test reloads a real page, which catches these only when the machine happens to be slow; here
the slow side is made slow on purpose: the new page's socket read before the old one's close (``Slots``),
and an old page's process that closes its output well before it exits (``_end``).
"""

from __future__ import annotations

import asyncio
import sys

import pytest
from textual_serve.download_manager import DownloadManager

from tagteam.web.pages import Slots
from tagteam.web.server import PageService, _end


async def _nothing(*_: object) -> None:
    return None


def test_a_play_page_waits_for_an_open_play_page_that_closes_and_for_its_process_to_end() -> None:
    async def go() -> None:
        slots = Slots(4)
        old = await slots.take("play")
        assert old is not None
        new = asyncio.ensure_future(slots.take("play", settle=30))  # the reload's socket, read first
        join = await slots.take("join", settle=30)  # a join page holds no home: it never waits
        assert join is not None
        for _ in range(20):
            await asyncio.sleep(0)
        assert not new.done()  # the old page is still open: no process may start yet
        await slots.closing(old)
        for _ in range(20):
            await asyncio.sleep(0)
        assert not new.done()  # closed, but its process still runs (and holds the home)
        await slots.release(old)
        assert await asyncio.wait_for(new, 5) not in (None, old)

    asyncio.run(go())


def test_a_second_tab_is_let_in_after_the_settle_time_to_be_told_the_game_is_running() -> None:
    async def go() -> None:
        slots = Slots(4)
        first = await slots.take("play")
        second = await asyncio.wait_for(slots.take("play", settle=0.05), 5)
        assert first is not None and second is not None and second != first

    asyncio.run(go())


@pytest.mark.slow
def test_a_closed_pages_process_has_exited_when_its_end_returns() -> None:
    """The process closes its output and only then exits (as an app autosaving and shutting down does)."""

    async def go() -> int | None:
        service = PageService(
            "play", write_bytes=_nothing, write_str=_nothing, close=_nothing, download_manager=DownloadManager()
        )
        service.argv = (sys.executable, "-c", "import os, time; os.close(1); os.close(2); time.sleep(1.5)")
        await service.start(80, 24)
        await _end(service)
        assert service._process is not None
        return service._process.returncode

    assert asyncio.run(go()) is not None
