"""The import contract, by package: every module of ``tagteam`` sits in a layer, and a layer may not load what
it bans, checked in a fresh interpreter.

The core (the engine, the card data, the bots, the game around the engine in ``tagteam.play``, the files in
``tagteam.store`` and the network below its apps) runs without Textual or rich: bots and servers import it
headless, and a screen can never be where a rule or a flow decision hides. The words layer may measure
widths with rich's cell table but never loads Textual; the render layer draws rich renderables, no Textual.
The interface packages may load anything. A new package or root module fails
``test_every_module_is_in_a_layer`` until it is given a layer here.
"""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
import subprocess
import sys
from pathlib import Path

import tagteam

HEADLESS = ("textual", "rich")
LAYERS: dict[str, tuple[str, ...]] = {  # a package -> what none of its modules may load
    "tagteam.ground": HEADLESS,
    "tagteam.engine": HEADLESS,
    "tagteam.content": HEADLESS,
    "tagteam.ai": HEADLESS,
    "tagteam.play": HEADLESS,
    "tagteam.store": HEADLESS,
    "tagteam.net": HEADLESS,
    "tagteam.puzzles": HEADLESS,  # Build puzzles: made, proven and rated by the engine (issue 28)
    "tagteam.words": ("textual",),
    "tagteam.render": ("textual",),
    "tagteam.cli": ("textual",),  # the commands that are not the app (cards, arena, bench...) stay light
    "tagteam.screens": (),
    "tagteam.widgets": (),
    "tagteam.remote": (),
    "tagteam.web": (),
}
ROOT_MODULES = (  # the app itself: the interface layer
    "tagteam.__main__",
    "tagteam.app",
    "tagteam.appearance",
    "tagteam.base_app",
)


def modules_of(package: str) -> list[str]:
    pkg = __import__(package, fromlist=["_"])
    return [package, *(m.name for m in pkgutil.walk_packages(pkg.__path__, prefix=f"{package}."))]


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


def test_every_module_is_in_a_layer() -> None:
    every = {m.name for m in pkgutil.walk_packages(tagteam.__path__, prefix="tagteam.")}
    placed = {m for package in LAYERS for m in modules_of(package)} | set(ROOT_MODULES)
    assert every - placed == set(), "give these a layer in LAYERS (or ROOT_MODULES)"
    assert len(placed) > 120  # the packages were walked, not just named


def test_the_core_imports_neither_textual_nor_rich() -> None:
    modules = [m for package, banned in LAYERS.items() if banned == HEADLESS for m in modules_of(package)]
    assert first_offender(modules, HEADLESS) == ""


def test_the_words_render_and_command_layers_never_import_textual() -> None:
    for package, banned in LAYERS.items():
        if banned == ("textual",):
            assert first_offender(modules_of(package), banned) == "", package


def test_the_contract_catches_an_import_of_textual() -> None:
    """The check itself can fail: a module that loads Textual is named."""
    found = first_offender(["tagteam.play.flow", "tagteam.screens.route"], ("textual",))
    assert found.startswith("tagteam.screens.route")


def test_the_title_screen_loads_no_engine() -> None:
    """Start-up stays quick: the title is painted before the engine, pydantic or the flow is imported
    (a game-kind check at the title once pulled the whole engine in, about 0.9 s). Measured at the first
    frame, not after a pause: the title then reads the rules ahead, which loads them, and on a busy machine
    a pause lasted long enough for that to count against the title."""
    code = (
        "import asyncio, sys\n"
        "from tagteam.app import TagTeamApp\n"
        "from tagteam.screens.title import TitleScreen\n"
        "seen = []\n"
        "mount = TitleScreen.on_mount\n"
        "def painted(self):\n"  # what is loaded once the title's first frame is drawn (the read-ahead comes later)
        "    mount(self)\n"
        "    self.call_after_refresh(lambda: seen.append(sorted(m for m in sys.modules if m.startswith(("
        "'tagteam.engine', 'tagteam.play.flow', 'tagteam.play.games', 'pydantic')))))\n"
        "TitleScreen.on_mount = painted\n"
        "async def main():\n"
        "    app = TagTeamApp()\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert type(app.screen).__name__ == 'TitleScreen', app.screen\n"
        "        print(','.join(seen[0]))\n"
        "asyncio.run(main())\n"
    )
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "TAGTEAM_HOME": home}
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == ""


# ---------------------------------------------------------------------- no import loops between the layers

# The loops the house still has, each inside one part (the rules and the card data read each other; the bots'
# registry names its bots): any other module in a loop fails. Every import counts, at the top, in a function or
# under TYPE_CHECKING: a loop that only a late import hides is still a loop (play.feeds <-> words.feeds,
# play.flow <-> words.flow and play.recap <-> play.tutorial were, until the data moved below the words).
KNOWN_LOOPS = (
    "tagteam.engine",
    "tagteam.content",
    # the catalog's French contracts "de Le ..." as a sentence is filled in, with the seats' words: a loop inside
    # the words layer (no longer through the engine: the file reader raises data, tagteam.ground.problems)
    "tagteam.words.lang",
    "tagteam.words.french",
    "tagteam.words.names",
    "tagteam.ai",
)


def import_graph() -> dict[str, set[str]]:
    """Each module of ``tagteam`` -> the modules of ``tagteam`` it imports anywhere in its file."""
    every = {m.name for m in pkgutil.walk_packages(tagteam.__path__, prefix="tagteam.")} | {"tagteam"}
    graph: dict[str, set[str]] = {}
    for name in every:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        package = name if spec.origin.endswith("__init__.py") else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name in every}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, *([node.module] if node.module else [])])
                for a in node.names:
                    if f"{base}.{a.name}" in every:
                        found.add(f"{base}.{a.name}")
                    elif base in every:
                        found.add(base)
        graph[name] = found - {name}
    return graph


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """The graph's import loops: its strongly connected parts of two modules or more (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def _known(module: str) -> bool:
    return any(module == k or module.startswith(k + ".") for k in KNOWN_LOOPS)


def test_no_import_loop_outside_the_known_ones() -> None:
    """The play layer, the words it reads and everything above are in no import loop: the flow, the feeds and
    the recap hand typed data up, and the words layer and the screens word it."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    found = [[m for m in part if not _known(m)] for part in loops(import_graph())]
    assert [part for part in found if part] == []


def test_the_loop_finder_finds_a_late_import_loop() -> None:
    """The check itself can fail: a loop closed by an import inside a function or under TYPE_CHECKING (as
    play.flow and words.flow once were) is a loop."""
    graph = import_graph()
    assert "tagteam.words.flow" in graph["tagteam.screens.route"]  # the screens word the flow's data
    assert "tagteam.play.flow" in graph["tagteam.words.flow"]  # the words read the flow's typed steps
    graph["tagteam.play.flow"].add("tagteam.words.flow")  # the flow wording its own steps again
    assert ["tagteam.play.flow", "tagteam.words.flow"] in loops(graph)
    assert loops({"a": {"b"}, "b": {"c"}, "c": set()}) == []
