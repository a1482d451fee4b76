"""The screens in French: footers, the title, the Build line-up's removed cards, notices that cover no choice,
the language command; each at 80x24 and 120x40 where the screen has a layout to break."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))

from uihelp import make_app, name, screen_text

from tagteam.words import set_language

SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test saves into its own folder and reads no language from the environment."""
    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TAGTEAM_REDUCED_MOTION", raising=False)
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


async def _shown(app: Any, pilot: Any, *words: str, tries: int = 40) -> str:
    """The screen's text once it shows every one of ``words`` (the footer and toasts come a frame or two late)."""
    text = ""
    for _ in range(tries):
        await pilot.pause(0.05)
        text = screen_text(app)
        if all(w in text for w in words):
            break
    return text


async def _to(app: Any, pilot: Any, screen: str, tries: int = 60) -> None:
    for _ in range(tries):
        await pilot.pause()
        if name(app) == screen:
            return
        if name(app) == "HandoffScreen":
            await pilot.press("enter")
        elif name(app) in ("SetupScreen", "DraftScreen"):
            await pilot.press("enter", "c")
    raise AssertionError(f"no {screen} (on {name(app)})")


@pytest.mark.parametrize("size", SIZES)
def test_the_title_and_its_footer_speak_french(size: tuple[int, int]) -> None:
    """The footer's key descriptions are BINDINGS, read by Textual when it draws: they follow the language."""

    async def run() -> None:
        app = make_app(lang="fr")
        async with app.run_test(size=size) as pilot:
            text = await _shown(app, pilot, "^p")
            footer = next(row for row in text.splitlines() if "^p" in row)
            assert "Quitter" in footer and "Règles" in footer, footer
            assert "Quit" not in footer.replace("Quitter", "")
            assert "Première partie" in text and "Jeanne" in text

    asyncio.run(run())


@pytest.mark.slow
def test_the_first_title_entry_fits_on_one_line_at_120_columns() -> None:
    """It wrapped at 120 columns (the menu was 90 wide): the menu is as wide as its longest entry."""
    for lang in ("en", "fr"):

        async def run(lang: str = lang) -> None:
            app = make_app(lang=lang)
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause(0.2)
                rows = [r for r in screen_text(app).splitlines() if "Bödvar" in r]
                assert rows and all("[f]" in r for r in rows), rows

        asyncio.run(run())


def _removed_position() -> Any:
    from test_lineup_render import _after_crippling_touch

    _s, v = _after_crippling_touch()
    return v


@pytest.mark.parametrize("size", SIZES)
def test_the_build_screen_names_both_sides_removed_cards_after_a_space(size: tuple[int, int]) -> None:
    """Crippling Touch removes itself and the card it meets (here the player's own Gunpowder Wine): the
    line-up named only the opponent's, right against the box's border ("│Removed from the game...")."""
    from buildhost import Host, context
    from rich.console import Console
    from rich.table import Table

    from tagteam.screens.build import BuildScreen
    from tagteam.widgets.basic import LineUp

    view = _removed_position()

    async def run() -> None:
        app = Host(BuildScreen(context(view)))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            lineup = app.screen.query_one(LineUp)
            width = lineup.scrollable_content_region.width
            console = Console(width=width, color_system=None, file=None)
            texts = []
            for i in range(lineup.option_count):
                prompt = lineup.get_option_at_index(i).prompt
                assert isinstance(prompt, Table)  # each line-up slot is a grid row
                lines = console.render_lines(prompt, console.options, pad=False)
                texts.append("".join(seg.text for seg in lines[0]))
            mine = [t for t in texts if "Removed from the game, not in your next Fight" in t]
            theirs = [t for t in texts if "Removed from the game, not in their next Fight" in t]
            assert mine and "Gunpowder Wine" in mine[0] and mine[0].startswith(" Removed"), texts
            assert theirs and "Crippling Touch" in theirs[0] and theirs[0].startswith(" Removed"), texts

    asyncio.run(run())


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("where", ["DraftScreen", "SetupScreen"])
def test_a_notice_over_the_draft_or_setup_covers_no_choice(where: str, size: tuple[int, int]) -> None:
    """A toast docked over these choices cut them mid-word ("Base Po▌", "...then Mordred▌"): the notice is
    said whole in the screen's own layout, and no toast is drawn there."""

    message = "Joan reveals her Draft card: this notice is long enough to cover the words of a choice."

    async def run() -> None:
        app = make_app(seed=4)
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.pause()
            app.new_game("standard" if where == "DraftScreen" else "first")
            await _to(app, pilot, where)
            app.notify(message, title="Announced")
            await pilot.pause(0.3)
            text = " ".join(screen_text(app).split())
            assert message in text, text
            assert all(t.region.height == 0 for t in app.screen.query("Toast"))

    asyncio.run(run())


def test_a_path_in_a_notice_breaks_after_a_slash_only() -> None:
    """The replay notice broke its path mid-word: its lines now end at a '/' and each fits the notice."""
    from tagteam.app import broken_path
    from tagteam.words import cells

    path = "/home/someone/.local/share/tagteam/saves/replay-2025-06-01-101500.json"
    lines = broken_path(path, 30).split("\n")
    assert "".join(lines) == path and len(lines) > 1
    assert all(line.endswith("/") for line in lines[:-1])
    assert all(cells(line) <= 30 for line in lines[:-1])


def test_the_replay_notice_shows_every_part_of_its_path_whole() -> None:
    async def run() -> None:
        from tagteam.app import broken_path

        app = make_app(seed=4)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            app.new_game("first")
            await pilot.pause()
            shown: list[str] = []
            original = app.notify

            def notify(message: str, *args: Any, **kw: Any) -> None:
                shown.append(str(message))
                original(message, *args, **kw)

            app.notify = notify  # type: ignore[method-assign]
            app.action_save_replay()
            said = next(s for s in shown if s.startswith("Replay saved"))
            path = said.split("\n", 1)[1].replace("\n", "")
            parts = broken_path(path).split("\n")
            text = await _shown(app, pilot, *parts)
            for line in parts:
                assert line in text, (line, text)

    asyncio.run(run())


@pytest.mark.slow
def test_the_language_command_switches_saves_and_redraws() -> None:
    """The palette's language command: the screen is built again in French, and the choice is kept."""
    from tagteam.store import settings

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.2)
            assert "First game" in screen_text(app)
            app.action_next_language()
            await pilot.pause(0.2)
            assert "Première partie" in screen_text(app)
            assert settings.load()[0].lang == "fr"

    asyncio.run(run())
    set_language("en")

    async def again() -> None:  # the next run starts in the saved language
        app = make_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.2)
            assert "Première partie" in screen_text(app)

    asyncio.run(again())


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_no_plain_english_on_the_game_screens_in_the_pseudo_locale(size: tuple[int, int]) -> None:
    """Under the pseudo-locale every word of these screens' own comes from the catalog (accented): the
    heading of the Draft and of the hand-over carry no plain English sentence."""

    async def run() -> None:
        app = make_app(seed=4, lang="xx")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            app.new_game("standard")
            await pilot.pause()
            hand = screen_text(app)
            assert "Pass the keyboard" not in hand and "look away" not in hand
            await _to(app, pilot, "DraftScreen")
            text = screen_text(app)
            for english in ("Standard Draft", "Confirm choice", "has: ", "Keep: "):
                assert english not in text, (english, text)

    asyncio.run(run())
