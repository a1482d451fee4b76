"""The pseudo-locale sweep: the title, the rules, the glossary, the gallery, a hand-over, Setup, a Fight and a
Build, at every size, under "xx" (every catalogued word comes back accented and longer). A plain-ASCII word
left on screen is a sentence that escaped the catalog, unless the card data prints it (names, card texts)."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from uihelp import make_app, name, screen_text

pytestmark = pytest.mark.slow

SIZES = [(80, 24), (120, 40)]  # the narrowest and the roomy size (tests/ui/test_sizes.py covers 100x30)
DATA_WORDS = {
    w for p in Path(__file__).resolve().parents[2].joinpath("data", "cards").rglob("*.json") for w in
    re.findall(r"[A-Za-z]+", p.read_text(encoding="utf-8"))
}
WORD = re.compile(r"(?<![\w~./-])[A-Za-z]{4,}(?![\w~./-])")  # file names (autosave-….json) are not words


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))


def escaped(text: str) -> list[str]:
    """Plain-ASCII words of ``text`` that no catalog entry or card data accounts for."""
    return [w for w in WORD.findall(text) if w not in DATA_WORDS]


def test_escaped_finds_an_uncatalogued_word() -> None:
    assert escaped("Çhõîçé: — Confirm now~~~") == ["Confirm"]
    assert escaped("Dieu Premier Servi — Jeanne · autosave-2026.json") == []


async def _sweep(sizes: list[tuple[int, int]]) -> dict[str, list[str]]:
    """One game in the pseudo-locale; each screen read at every size of ``sizes`` in turn (the terminal
    resized between them, as a player may), not one game per size."""
    app = make_app(lang="xx", seed=3)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=sizes[0]) as pilot:

        async def grab(where: str = "") -> None:
            for size in sizes:
                if size != (app.size.width, app.size.height):
                    await pilot.resize_terminal(*size)
                await pilot.pause(0.05)  # a screen read half drawn could only miss a word, never invent one
                await pilot.pause()
                for line in screen_text(app).splitlines():
                    for w in escaped(line):
                        at = f"{where or name(app)} at {size[0]}x{size[1]}"
                        found.setdefault(at, []).append(f"{w!r} in {line.strip()[:90]!r}")

        await grab()
        # the glossary and the gallery, from the title (the rules reference is a Markdown file per language,
        # not catalogued messages: tests/words/test_reference_*.py hold the French one to the English)
        for key in ("k", "g"):
            await pilot.press(key)
            await grab()
            await pilot.press("escape")
        await pilot.press("f")
        builds = 0
        for _ in range(60):
            await grab()
            screen = name(app)
            if screen == "HandoffScreen":
                await pilot.press("enter")
            elif screen in ("SetupScreen", "DraftScreen"):
                await pilot.press("enter", "c")
            elif screen == "FightScreen":
                await pilot.press("n")  # one Turn told, then the rest of the Fight step and its pause
                await grab()
                await pilot.press("s")
                await grab()
                await pilot.press("enter")
            elif screen == "BuildScreen":
                builds += 1
                if builds > 4:
                    break
                await pilot.press("c")
            else:
                await pilot.press("enter")
        assert builds > 0, "the sweep never reached a Build"
    return found


def test_no_screen_shows_an_uncatalogued_word() -> None:
    found = asyncio.run(_sweep(SIZES))
    assert not found, "\n".join(f"{screen}: {w}" for screen, words in found.items() for w in words[:8])
