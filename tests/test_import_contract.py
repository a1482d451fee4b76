"""The import contract, by package: the layers' order, and what each layer may not load.

**The floors, bottom to top** (``ORDER``): a module may import its own package and the packages below it, never
one above. Every import counts, at the top of a file, inside a function or under ``if TYPE_CHECKING:`` (a type
read from above is still an arrow up: the data a layer reads belong below it). There is no exception list.

1. ``ground`` (and the ``tagteam`` package itself): problems as data, the bounded JSON reader, the atomic write.
2. ``content``: the card data and its schema.
3. ``engine``: the rules; no file I/O, no sentence.
4. ``ai``: the bots and the coach's study, which read only the engine's views.
5. ``store``: persistence (saves, settings, the history index, the puzzle journal): it reads and writes records
   the engine parses (``engine.record``) and returns codes and typed data, worded above it.
6. ``facts``: what the game around the engine found, as typed data (where a Fight stands, a hand-over's note, the
   history's statistics): ``play`` fills them and ``words`` says them, so the words never read ``play``.
7. ``words``: every sentence; it words the engine's events, the bots' advice and the stores' codes.
8. ``play``: the game around the engine (the flow, feeds, recaps, the history rows derived from records); it
   writes its lines with the words.
9. ``puzzles``: Build puzzles made, proven and rated with the engine and the bots; their progress reads the
   play statistics.
10. ``render``: rich renderables of boards and cards.
11. ``net``: the network protocol, server and client, headless.
12. ``widgets``: Textual widgets drawing the renderables.
13. ``screens``: the Textual screens.
14. ``appearance``: themes and motion for the app.
15. ``base_app``: what the local app and a network seat's app share (the look, the rules and glossary keys).
16. ``app``: the local app.
17. ``remote``: the network client's apps (on ``base_app``, beside the local app, never borrowing from it).
18. ``web``: ``tagteam serve`` pages running the apps.
19. ``cli``: the commands.
20. ``__main__``: assembles the commands.

Why this order: the words sit below ``play`` because the flow, the feeds and the recap write their lines with
them (and the words read no ``play`` module); the stores sit below the words, so the words can name a store's
codes and the stores never write a sentence; ``puzzles`` is above ``play`` because a puzzle's progress counts
like the play statistics; ``remote`` is above ``app``.

**What a layer may not load** (``BANS``), checked in a fresh interpreter: the core (the engine, the card data,
the bots, the game around the engine in ``tagteam.play``, the files in ``tagteam.store`` and the network below
its apps) runs without Textual or rich: bots and servers import it headless, and a screen can never be where
a rule or a flow decision hides. The words layer may measure widths with rich's cell table but never loads
Textual; the render layer draws rich renderables, no Textual. The interface packages may load anything. A new
package or root module fails ``test_every_module_is_in_a_layer`` until it is given a place here.
"""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import tagteam

ORDER = (  # bottom to top: a module imports only its own floor and those below (the docstring says why)
    "ground",
    "content",
    "engine",
    "ai",
    "store",
    "facts",
    "words",
    "play",
    "puzzles",
    "render",
    "net",
    "widgets",
    "screens",
    "appearance",
    "base_app",
    "app",
    "remote",
    "web",
    "cli",
    "__main__",
)
FLOOR_OF_ROOT = "ground"  # the ``tagteam`` package itself: its version only

HEADLESS = ("textual", "rich")
LAYERS: dict[str, tuple[str, ...]] = {  # a package -> what none of its modules may load
    "tagteam.ground": HEADLESS,
    "tagteam.engine": HEADLESS,
    "tagteam.content": HEADLESS,
    "tagteam.ai": HEADLESS,
    "tagteam.play": HEADLESS,
    "tagteam.store": HEADLESS,
    "tagteam.facts": HEADLESS,
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

# No import loop at all. Every import counts, at the top, in a function or under TYPE_CHECKING: a loop that only a
# late import hides is still a loop (play.feeds <-> words.feeds, play.flow <-> words.flow, engine.table <->
# engine.effects, words.lang <-> words.french and ai.base <-> ai.teams were, until what both ends read moved below).


def every_module() -> set[str]:
    return {m.name for m in pkgutil.walk_packages(tagteam.__path__, prefix="tagteam.")} | {"tagteam"}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_in(source: str, name: str, is_package: bool, every: set[str]) -> list[tuple[str, int, bool]]:
    """The modules of ``every`` that module ``name``'s ``source`` imports, anywhere in the file: (module, line,
    whether the import sits under ``if TYPE_CHECKING:``, so is never run)."""
    package = name if is_package else name.rpartition(".")[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, typing_only: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((a.name, node.lineno, typing_only) for a in node.names if a.name in every)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            for a in node.names:
                if f"{base}.{a.name}" in every:
                    found.append((f"{base}.{a.name}", node.lineno, typing_only))
                elif base in every:
                    found.append((base, node.lineno, typing_only))
        if isinstance(node, ast.If) and _type_checking(node):
            for stmt in node.body:
                visit(stmt, True)
            for stmt in node.orelse:
                visit(stmt, typing_only)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, typing_only)

    visit(ast.parse(source), False)
    return [(module, line, typing_only) for module, line, typing_only in found if module != name]


def all_imports() -> dict[str, list[tuple[str, int, bool]]]:
    """Each module of ``tagteam`` -> what it imports (``imports_in``)."""
    every = every_module()
    out: dict[str, list[tuple[str, int, bool]]] = {}
    for name in every:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        source = Path(spec.origin).read_text(encoding="utf-8")
        out[name] = imports_in(source, name, spec.origin.endswith("__init__.py"), every)
    return out


def import_graph() -> dict[str, set[str]]:
    """Each module of ``tagteam`` -> the modules of ``tagteam`` it imports anywhere in its file, type-checking
    imports included (for loops)."""
    return {name: {module for module, _line, _tc in found} for name, found in all_imports().items()}


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


def test_no_import_loop() -> None:
    """No module is in an import loop: each part hands typed data up, and what two modules both read sits below
    them (the table's types under the effects, the catalog's seat names under the French grammar)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    assert loops(import_graph()) == []


def test_the_loop_finder_finds_a_late_import_loop() -> None:
    """The check itself can fail: a loop closed by an import inside a function or under TYPE_CHECKING (as
    play.flow and words.flow once were) is a loop."""
    graph = import_graph()
    assert "tagteam.words.flow" in graph["tagteam.screens.route"]  # the screens word the flow's data
    assert "tagteam.facts.flow" in graph["tagteam.words.flow"]  # the words read the flow's typed notes
    graph["tagteam.words.flow"].add("tagteam.play.flow")  # the words reading the flow's types, as they once did
    graph["tagteam.play.flow"].add("tagteam.words.flow")  # and the flow wording its own steps again
    assert ["tagteam.play.flow", "tagteam.words.flow"] in loops(graph)
    assert loops({"a": {"b"}, "b": {"c"}, "c": set()}) == []


# ---------------------------------------------------------------------- the floors' order


def floor(module: str) -> int:
    """The floor of a module of ``tagteam`` (its package's place in ``ORDER``); ValueError when it has none."""
    parts = module.split(".")
    return ORDER.index(parts[1] if len(parts) > 1 else FLOOR_OF_ROOT)


def upward(imports: dict[str, list[tuple[str, int, bool]]]) -> list[str]:
    """Every import that runs up the floors, as ``module:line imports module (floor < floor)``; imports under
    ``if TYPE_CHECKING:`` count too (``typing only`` is said after them)."""
    out: dict[str, None] = {}  # one line per import statement (``from x import a, b`` is one)
    for name in sorted(imports):
        for module, line, typing_only in imports[name]:
            if floor(module) > floor(name):
                how = ", typing only" if typing_only else ""
                out[f"{name}:{line} imports {module} ({ORDER[floor(name)]} < {ORDER[floor(module)]}{how})"] = None
    return list(out)


def test_every_module_is_on_a_floor() -> None:
    for name in every_module():
        assert floor(name) >= 0, name  # a package missing from ORDER raises here: give it its floor


@pytest.mark.xfail(
    (Path(tagteam.__file__).parent / "net" / "cli.py").exists(),
    reason="net/cli.py imports the Textual client (tagteam.remote): the network commands move to cli/ on another "
    "branch of issue 39; this marker goes with that file",
    raises=AssertionError,
    strict=True,
)
def test_no_import_runs_up_the_floors() -> None:
    """No module imports a package above its own, at the top, in a function or for typing: no exception list."""
    assert upward(all_imports()) == []


def test_the_floor_check_finds_a_planted_upward_import() -> None:
    """The check itself can fail: an upward import planted in the real graph is named, one in a function
    counts, and so does one under TYPE_CHECKING."""
    imports = all_imports()
    imports["tagteam.engine.game"].append(("tagteam.store.saves", 7, False))  # the engine writing files again
    planted = "tagteam.engine.game:7 imports tagteam.store.saves (engine < store)"
    assert planted in upward(imports)
    assert planted not in upward(all_imports())
    source = (
        "from typing import TYPE_CHECKING\n"
        "from tagteam.engine import game\n"  # down: allowed
        "if TYPE_CHECKING:\n"
        "    from tagteam.play.flow import Flow\n"  # never run, but an arrow up all the same: counts
        "def late():\n"
        "    from tagteam.words import lang\n"  # up, inside a function: counts
        "    return lang\n"
    )
    every = {"tagteam.engine.game", "tagteam.play.flow", "tagteam.words.lang", "tagteam.store.fake"}
    found = imports_in(source, "tagteam.store.fake", False, every)
    assert found == [
        ("tagteam.engine.game", 2, False),
        ("tagteam.play.flow", 4, True),
        ("tagteam.words.lang", 6, False),
    ]
    assert upward({"tagteam.store.fake": found}) == [
        "tagteam.store.fake:4 imports tagteam.play.flow (store < play, typing only)",
        "tagteam.store.fake:6 imports tagteam.words.lang (store < words)",
    ]
    typed = all_imports()  # the words reading the flow's types again, for typing only (as they once did)
    typed["tagteam.words.flow"].append(("tagteam.play.flow", 15, True))
    assert "tagteam.words.flow:15 imports tagteam.play.flow (words < play, typing only)" in upward(typed)
    assert upward({"tagteam.play.x": [("tagteam.store.y", 1, False), ("tagteam.play.z", 2, False)]}) == []
