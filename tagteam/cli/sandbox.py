"""``tagteam sandbox FILE``: resolve a position and print what happened, to settle rules questions.

Reading, checking and resolving live in ``tagteam.engine.position`` (shared with the scenario tests);
this module only prints (the engine loads only when it runs). Bad input is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tagteam.cli import parsing
from tagteam.ground.jsonfile import printable
from tagteam.ground.problems import shown, shown_json
from tagteam.words import commands as wc
from tagteam.words import inputs, tools
from tagteam.words.lang import _
from tagteam.words.lists import clause_list

if TYPE_CHECKING:
    from tagteam.engine.state import GameState


def register(commands: parsing.Commands) -> None:
    """``tagteam sandbox FILE|EXAMPLE [--turns N] [--json]`` and ``tagteam sandbox --examples``."""
    sb = commands.add_parser(
        "sandbox",
        help=_("resolve a position from a JSON file (rules questions)"),
        description=_(
            "Resolve a position written in a JSON file and print what happened, to settle a rules "
            "question (the shipped examples show the file format: tagteam sandbox --examples)."
        ),
        epilog=parsing.example(
            "tagteam sandbox --examples",
            "tagteam sandbox block-bonus-once --turns 2",
        ),
    )
    sb.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help=_("the position: a JSON file, or the name of an example shipped with the game (see --examples)"),
    )
    sb.add_argument(
        "--examples",
        action="store_true",
        help=_("list the example positions shipped with the game instead of resolving one (default: off)"),
    )
    sb.add_argument(
        "--turns",
        type=parsing.at_least_1,
        default=None,
        metavar="N",
        help=_("resolve only N Turns (default: the file's turns, else the whole Fight step)"),
    )
    sb.add_argument("--json", action="store_true", help=_("print the events and final state as JSON (default: text)"))
    sb.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    file: str | None = args.file
    turns: int | None = args.turns
    as_json: bool = args.json
    if args.examples:
        return list_examples()
    if file is None:
        print(f"tagteam sandbox: {wc.sandbox_no_file()}", file=sys.stderr)
        return 2
    return run(_example_or_file(file), turns=turns, as_json=as_json)


def examples_dir() -> Path:
    """The example positions: the installed copy (the wheel force-includes data/examples as tagteam/_data/examples)
    or the repository's."""
    import importlib.resources

    packaged = importlib.resources.files("tagteam") / "_data" / "examples"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "data" / "examples"


def examples() -> dict[str, Path]:
    """Each shipped example by its name (the file name without ``.json``)."""
    return {p.stem: p for p in sorted(examples_dir().glob("*.json"))}


def _example_or_file(given: str) -> str:
    """A name of a shipped example stands for its file unless a file of that name is here."""
    found = examples().get(given.removesuffix(".json"))
    if found is not None and not Path(given).exists():
        return str(found)
    return given


def list_examples() -> int:
    """One line per example: its name and the rule it shows (the file's ``rule``)."""
    found = examples()
    width = max((len(name) for name in found), default=0)
    for name, path in found.items():
        try:
            about = json.loads(path.read_text(encoding="utf-8")).get("rule", "")
        except (OSError, ValueError, AttributeError):
            about = ""
        print(f"{name.ljust(width)}  {printable(str(about), 200)}".rstrip())
    return 0


def run(path: str, turns: int | None = None, as_json: bool = False) -> int:
    """Resolve the file's position; ``turns`` (the --turns flag) overrides the file's ``turns``."""
    from tagteam.engine.position import PositionError, event_json, final_state, load, resolve
    from tagteam.words import log as wl

    try:
        pos, st = load(path)
        res = resolve(st, turns if turns is not None else pos.turns, pos.decisions)
    except PositionError as e:
        print(f"tagteam sandbox: {printable(inputs.line(e), 400)}", file=sys.stderr)
        return 2
    final = final_state(st, res)
    if st.table is None:  # stopped in the Draft: no teams, so no Fighters or cards to name yet
        return _draft(res.events, final, list(st.pending), as_json)
    tab = st.tab()
    if as_json:
        events = [event_json(event, tab) for event in res.events]
        print(shown_json(json.dumps({"events": events, "final": final}, indent=1, default=list, ensure_ascii=False)))
        return 0
    for line in wl.describe_log(res.events, 0, st.table):
        print(shown(line))
    print()
    _summary(st, final)
    return 0


def _draft(events: list[Any], final: dict[str, Any], pending: list[Any], as_json: bool) -> int:
    """A position that stops before the teams are settled: each seat's Draft, then what the file left owed."""
    from tagteam.words import log as wl

    if as_json:
        print(
            shown_json(
                json.dumps({"events": [e.to_dict() for e in events], "final": final}, indent=1, ensure_ascii=False)
            )
        )
        return 0
    told = wl.describe_log(events, 0, None)
    for line in told:
        print(shown(line))
    if told:
        print()
    d = final["draft"]
    for s in (0, 1):
        names = [[wl.fighter_name(f) for f in part[s]] for part in (d["hands"], d["picks"], d["discards"])]
        print(shown(tools.sandbox_draft(s, *names)))
    _owed(pending, final)
    return 0


def _owed(pending: list[Any], final: dict[str, Any]) -> None:
    """Who owes a decision the file does not script, and the decisions it scripted that were not used."""
    for s in (0, 1):
        if pending[s] is not None and final["stopped"] == "decision":
            print(shown(tools.sandbox_stopped(s, str(pending[s]))))
        if final["unused_decisions"][s]:
            print(shown(tools.sandbox_unused(s, final["unused_decisions"][s])))


def _summary(st: GameState, final: dict[str, Any]) -> None:
    from tagteam.words import log as wl

    tab = st.tab()
    for fid, fs in final["fighters"].items():
        f = tab.kinds.index(fid)
        extra = []
        if fs["track"] and fs["track"] != tab.fighters[f].tracks[0].name:
            extra.append(wl.track_words(st.table, f, fs["track"]))
        if fs["aflame"]:
            extra.append(tools.sandbox_aflame(fs["aflame"]))
        if fs["concentration"]:
            extra.append(tools.sandbox_concentration(fs["concentration"]))
        if fs["spirits"]:
            extra.append(tools.sandbox_spirits([wl.track_words(st.table, f, name) for name in fs["spirits"]]))
        line = tools.sandbox_fighter(
            fs["seat"], wl.fighter_name(fid, st.table), fid, fs["hp"], fs["ko"], fs["power"], fs["special"]
        )
        print(shown(f"{line} ({clause_list(extra)})" if extra else line))
    if st.winner is not None:
        print(shown(tools.sandbox_result(st.winner, wl.reason_words(st.over_reason) if st.over_reason else "")))
    _owed(final["pending"], final)
