"""Keys typed while a screen opens go to that screen (or nowhere), never to the screen beneath.

The keys go in as the terminal driver sends them: one Key message each, with no waiting in between, so
the ones after ``?`` or ``k`` reach the app while the overlay is still being built.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual import events
from textual.widgets import Input, OptionList
from uihelp import make_app, name, screen_text, solo_to_build

from tagteam.app import TagTeamApp

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

CHARS = {"question_mark": "?", "escape": None, "enter": "\r"}


def typed(app: TagTeamApp, *keys: str) -> None:
    """Send keys the way a fast typist's terminal does: all at once, none waiting for the last to land."""
    for key in keys:
        app.post_message(events.Key(key, CHARS.get(key, key)))


async def settled(app: TagTeamApp, pilot: Any) -> None:
    for _ in range(4):
        await app.workers.wait_for_complete()
        await pilot.pause()


def build_state(app: TagTeamApp) -> tuple[object, ...]:
    screen: Any = app.screen
    return screen.table_memory, screen.bottom, screen.card, screen.position


def test_keys_typed_after_rules_key_never_reach_the_build_screen() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await solo_to_build(app, pilot, "easy")
            build = app.screen
            before = build_state(app)
            typed(app, "question_mark", "t", "o", "2", "end")
            await settled(app, pilot)
            assert name(app) == "HelpScreen"
            assert app.screen_stack[-2] is build
            await pilot.press("escape")
            await settled(app, pilot)
            assert app.screen is build
            assert build_state(app) == before  # table memory off, the same two cards under, the same keep and slot
            assert "table memory on" not in screen_text(app)

    asyncio.run(run())


def test_letters_typed_while_the_glossary_opens_fill_its_filter_not_the_build_screen() -> None:
    """Letters typed together with k are dropped (the Build screen never sees them); letters typed once the
    glossary is pushed, before it has drawn anything, go into its filter."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await solo_to_build(app, pilot, "easy")
            build = app.screen
            before = build_state(app)
            typed(app, "k", "t", "o")
            while name(app) != "GlossaryScreen":
                await asyncio.sleep(0)
            opening = app.screen
            typed(app, "s", "t", "o", "p")
            await settled(app, pilot)
            assert app.screen is opening
            assert opening.query_one("#filter", Input).value == "stop"
            assert "A space marked ‖" in screen_text(app)
            await pilot.press("escape")
            await settled(app, pilot)
            assert app.screen is build and build_state(app) == before

    asyncio.run(run())


def test_keys_typed_before_the_rules_key_still_reach_the_build_screen() -> None:
    """Keys keep their order: t typed just before ? switches table memory on, then the rules open."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await solo_to_build(app, pilot, "easy")
            build: Any = app.screen
            typed(app, "t", "question_mark")
            await settled(app, pilot)
            assert name(app) == "HelpScreen" and build.table_memory is True

    asyncio.run(run())


def test_a_key_typed_after_rules_key_goes_to_the_rules_screen() -> None:
    """``g`` on the rules screen opens the gallery, even typed before the rules screen is drawn."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await solo_to_build(app, pilot, "easy")
            typed(app, "question_mark", "g")
            await settled(app, pilot)
            assert [name(app), type(app.screen_stack[-2]).__name__] == ["GalleryScreen", "HelpScreen"]

    asyncio.run(run())


def test_rules_and_glossary_keys_still_type_into_a_name_or_the_filter() -> None:
    """A field that takes text keeps ? and k as text: neither opens a screen over it."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            field = app.screen.query_one("#p1", Input)
            field.value = ""
            field.focus()
            await pilot.pause()
            await pilot.press("k", "question_mark")
            await settled(app, pilot)
            assert name(app) == "TitleScreen" and field.value == "k?"
            await pilot.press("escape")  # leave the field: k now opens the glossary, whose filter takes k and ?
            app.screen.query_one("#menu").focus()
            await pilot.pause()
            await pilot.press("k")
            await settled(app, pilot)
            assert name(app) == "GlossaryScreen"
            await pilot.press("k", "question_mark")
            await settled(app, pilot)
            assert name(app) == "GlossaryScreen" and app.screen.query_one("#filter", Input).value == "k?"

    asyncio.run(run())


def test_keys_typed_after_choosing_from_the_title_menu_go_to_the_chosen_screen() -> None:
    """Enter on "Rules reference", then Down and Enter before the rules are drawn: the title's menu must
    not move on and open the gallery too."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settled(app, pilot)
            menu = app.screen.query_one("#menu", OptionList)
            menu.highlighted = menu.get_option_index("rules")
            await pilot.pause()
            typed(app, "enter", "down", "enter")
            await settled(app, pilot)
            assert [type(s).__name__ for s in app.screen_stack][-2:] == ["TitleScreen", "HelpScreen"]
            assert menu.highlighted == menu.get_option_index("rules")

    asyncio.run(run())


def test_keys_typed_after_a_title_key_go_to_the_screen_it_opens() -> None:
    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settled(app, pilot)
            menu = app.screen.query_one("#menu", OptionList)
            start = menu.highlighted
            typed(app, "g", "down", "enter", "down")
            await settled(app, pilot)
            assert [type(s).__name__ for s in app.screen_stack][-2:] == ["TitleScreen", "GalleryScreen"]
            assert menu.highlighted == start
            assert app.screen.query_one("#fighters", OptionList).highlighted in (0, 2)  # both Downs went there, or none

    asyncio.run(run())


def test_the_first_of_two_choices_typed_together_on_the_title_wins() -> None:
    """Enter on "Rules reference" and then g, typed together: the rules open, the gallery does not."""

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settled(app, pilot)
            menu = app.screen.query_one("#menu", OptionList)
            menu.highlighted = menu.get_option_index("rules")
            await pilot.pause()
            typed(app, "enter", "g")
            await settled(app, pilot)
            assert [type(s).__name__ for s in app.screen_stack][-2:] == ["TitleScreen", "HelpScreen"]

    asyncio.run(run())


def test_letters_the_app_hands_to_the_glossary_before_it_has_a_field_go_into_its_filter() -> None:
    """A key the app dispatches between the push and the glossary's compose has no focused widget to go
    to, so the app gives it to the screen itself: the glossary passes it on to its filter."""
    from tagteam.screens.glossary import GlossaryScreen

    async def run() -> None:
        app = make_app(seed=3)
        async with app.run_test(size=(100, 30)) as pilot:
            await settled(app, pilot)
            screen = GlossaryScreen()
            app.push_screen(screen)
            assert screen.focused is None  # not composed yet: the app would hand keys to the screen
            for letter in "stop":  # as the app hands a key on: marked forwarded, so it is never dispatched again
                screen._forward_event(events.Key(letter, letter))
            await settled(app, pilot)
            assert screen.query_one("#filter", Input).value == "stop"

    asyncio.run(run())
