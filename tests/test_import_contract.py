"""The import contract: which modules must stay Textual-free, enforced in a fresh interpreter.

The core (engine, content, bots, the flow and what it reads, saves, the network server, the client's
connection and the protocol) runs without Textual or rich: bots and servers import it headless, and a
screen can never be where a rule or a flow decision hides. The render layer may use rich (it draws
renderables) but not Textual.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import tagteam

CORE_PACKAGES = ("tagteam.engine", "tagteam.content", "tagteam.ai")
CORE_MODULES = (
    "tagteam.flow",
    "tagteam.feeds",
    "tagteam.games",
    "tagteam.kinds",
    "tagteam.summary",
    "tagteam.recap",
    "tagteam.tutorial",
    "tagteam.saves",
    "tagteam.paths",
    "tagteam.settings",
    "tagteam.modes",
    "tagteam.jsonfile",
    "tagteam.net.server",
    "tagteam.net.client",
    "tagteam.net.protocol",
    "tagteam.web.pages",
)
RENDER_PACKAGES = ("tagteam.render",)


def modules_of(packages: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for name in packages:
        pkg = __import__(name, fromlist=["_"])
        out.append(name)
        out.extend(m.name for m in pkgutil.walk_packages(pkg.__path__, prefix=f"{name}."))
    return out


def first_offender(modules: list[str], banned: tuple[str, ...]) -> str:
    """Import ``modules`` one by one in a fresh interpreter; the first one after which a banned package
    is loaded, and what it loaded ("" when none)."""
    code = (
        "import importlib, sys\n"
        f"banned = {banned!r}\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "    bad = sorted({m.split('.')[0] for m in sys.modules} & set(banned))\n"
        "    if bad:\n"
        "        print(name, 'imports', ','.join(bad))\n"
        "        break\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_the_core_imports_neither_textual_nor_rich() -> None:
    modules = modules_of(CORE_PACKAGES) + list(CORE_MODULES)
    assert len(modules) > 40  # the packages were walked, not just named
    assert first_offender(modules, ("textual", "rich")) == ""


def test_the_render_layer_draws_with_rich_but_never_imports_textual() -> None:
    assert first_offender(modules_of(RENDER_PACKAGES), ("textual",)) == ""


def test_the_contract_catches_an_import_of_textual() -> None:
    """The check itself can fail: a module that loads Textual is named."""
    assert first_offender(["tagteam.flow", "tagteam.screens.route"], ("textual",)).startswith("tagteam.screens.route")


def test_every_core_module_named_exists() -> None:
    names = {m.name for m in pkgutil.walk_packages(tagteam.__path__, prefix="tagteam.")}
    assert set(CORE_MODULES) <= names


def test_the_title_screen_loads_no_engine() -> None:
    """Start-up stays quick: the title is painted before the engine, pydantic or the flow is imported
    (a game-kind check at the title once pulled the whole engine in, about 0.9 s)."""
    code = (
        "import asyncio, sys\n"
        "from tagteam.app import TagTeamApp\n"
        "async def main():\n"
        "    app = TagTeamApp()\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert type(app.screen).__name__ == 'TitleScreen', app.screen\n"
        "        print(','.join(sorted(m for m in sys.modules if m.startswith(('tagteam.engine', 'tagteam.flow',"
        " 'tagteam.games', 'pydantic')))))\n"
        "asyncio.run(main())\n"
    )
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "TAGTEAM_HOME": home}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == ""
