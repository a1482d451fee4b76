"""The Build screen's footer at 80 columns names every key it shows whole, in every language of the list, with the
app's "? Rules" and the network seat's "^q Quit": the French footer ended "w Et si  ?▏" (solo) and
"? Règle▏" (network seat), cut by its longer words. The heading already says "o order", so o is not in it."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest
from textual.binding import Binding, BindingType

from tagteam.content.choices import LANGUAGES
from tagteam.screens.build import BuildScreen
from tagteam.words import N_, _, set_language

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from buildhost import Host, context, position_at
from uihelp import screen_text

from tests.waiting import until


class SoloHost(Host):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "rules", N_("Rules"))]  # as TagTeamApp


class SeatHost(Host):
    BINDINGS: ClassVar[list[BindingType]] = [  # as the network seat's app
        Binding("question_mark", "rules", N_("Rules")),
        Binding("ctrl+q", "quit", N_("Quit")),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("host", [SoloHost, SeatHost], ids=["solo", "network"])
def test_the_build_footer_keeps_every_key_whole_at_80_columns(lang: str, host: type[Host]) -> None:
    set_language(lang)
    view = position_at("build")
    coach = host is SoloHost  # the coach and the what-if are offered in solo practice only

    async def run() -> None:
        helpers: dict[str, Any] = {"coach": lambda *a, **k: [], "what_if": lambda *a, **k: []} if coach else {}
        app = host(BuildScreen(context(view), **helpers))
        async with app.run_test(size=(80, 24)) as pilot:
            rules = f"? {_('Rules')}"
            # the footer is filled in a refresh after the screen shows: wait for its keys (the deadline only
            # bounds a failure; a footer that cuts "? Rules" is then read as drawn and the assertion says so)
            with contextlib.suppress(AssertionError):
                await until(pilot, lambda: "c " in screen_text(app).split("\n")[-1], "the footer's keys")
            footer = screen_text(app).split("\n")[-1]
            assert rules in footer, footer
            assert (f"h {_('Coach')}" in footer) == coach, footer

    asyncio.run(run())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_history_footer_keeps_every_key_whole_at_80_columns(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The French history footer ended "s Stat▏" ("Effacer les filtres", "Parties plus anciennes"), then
    "? Règl▏" ("Sans filtre")."""
    from tagteam.app import TagTeamApp
    from tagteam.screens.history import HistoryScreen
    from tests.waiting import rounds

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))

    async def run() -> None:
        app = TagTeamApp(lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            stats = f"s {_('Statistics')}"
            for _i in rounds():  # the history is read on a worker, its footer drawn a frame later
                if isinstance(app.screen, HistoryScreen) and stats in screen_text(app).split("\n")[-1]:
                    break
                await pilot.pause(0.05)
            footer = screen_text(app).split("\n")[-1]
            assert stats in footer, footer
            assert f"? {_('Rules')}" in footer, footer  # the French was "? Règl▏"

    asyncio.run(run())


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_game_over_footer_keeps_every_key_whole_at_80_columns(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The French game-over footer ended at "w Enregistrer la rediffusion▏": no Title, Quit or Rules."""
    from uihelp import name, random_finished_session

    from tagteam.app import TagTeamApp

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    rec = random_finished_session(12).record.model_copy(deep=True)
    rec.turns_after = 0

    async def run() -> None:
        app = TagTeamApp(record=rec, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for _i in range(60):
                if name(app) == "GameOverScreen":
                    break
                await pilot.press("s" if not app.screen.finished else "enter")  # type: ignore[attr-defined]
                await pilot.pause()
            assert name(app) == "GameOverScreen"
            footer = screen_text(app).split("\n")[-1]
            keys = (f"t {_('Title')}", f"? {_('Rules')}")
            assert all(k in footer for k in keys), footer

    asyncio.run(run())
