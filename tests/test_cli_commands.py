"""A command per module: each ``tagteam`` command is registered, with its handler, by its own module under
``tagteam/cli/``, and ``tagteam.__main__`` only assembles the parsers and calls the handler it was given."""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

import pytest

import tagteam
import tagteam.cli
from tagteam.__main__ import build_parser, main
from tagteam.cli import COMMANDS

MAIN = Path(tagteam.__file__).parent / "__main__.py"
CLI = Path(tagteam.cli.__file__).parent


def _leaves(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """The parsers that run something: a command with no sub-commands of its own (``cards check``, ``stats``)."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [parser]
    return [leaf for sub in subs for child in sub.choices.values() for leaf in _leaves(child)]


def test_every_command_has_its_handler_in_a_module_under_cli() -> None:
    modules = {f"tagteam.cli.{name}" for name in COMMANDS}
    assert all((CLI / f"{name}.py").is_file() for name in COMMANDS)
    leaves = _leaves(build_parser())
    assert len(leaves) >= 13  # cards check/show, sandbox, bench, arena, replay, history rebuild, stats, ...
    registered = set()
    for leaf in leaves:
        run = leaf._defaults.get("run")
        assert callable(run), leaf.prog
        assert run.__module__ in modules, (leaf.prog, run.__module__)
        registered.add(run.__module__)
    assert registered == modules  # and every listed module registers a command


def test_every_module_that_registers_a_command_is_assembled() -> None:
    """A command module left out of ``COMMANDS`` would be a command ``tagteam`` never offers."""
    registering = {
        path.stem
        for path in CLI.glob("*.py")
        if any(
            isinstance(node, ast.FunctionDef) and node.name == "register"
            for node in ast.parse(path.read_text(encoding="utf-8")).body
        )
    }
    assert registering == set(COMMANDS)


def test_the_game_is_what_runs_without_a_command() -> None:
    from tagteam.cli import play

    assert build_parser().parse_args([]).run.__module__ == play.__name__
    assert build_parser().parse_args(["cards", "check"]).run.__module__ == "tagteam.cli.cards"


def branches(source: str) -> list[str]:
    """What in a module's source picks a command by its name: a comparison with a word, a match statement."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Match):
            found.append(f"line {node.lineno}: match")
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Name) and s.id == "__name__" for s in sides):
                continue  # if __name__ == "__main__"
            if any(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in sides):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
            if any(isinstance(s, ast.Tuple | ast.List | ast.Set) for s in sides):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        if isinstance(node, ast.Attribute) and node.attr.endswith("command"):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_main_holds_no_command_specific_branch() -> None:
    assert branches(MAIN.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "planted",
    [
        'if cmd == "cards":\n    pass\n',
        'if args.command in ("host", "replay"):\n    pass\n',
        "match args.command:\n    case _:\n        pass\n",
        "x = args.cards_command\n",
    ],
)
def test_the_branch_check_finds_a_planted_branch(planted: str) -> None:
    assert branches(MAIN.read_text(encoding="utf-8") + "\n" + planted)


def test_a_handler_gets_the_parsed_line_and_its_status_is_the_exit_status(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tagteam.cli import sandbox

    monkeypatch.setenv("TAGTEAM_HOME", str(tmp_path))
    seen: list[tuple[str, int | None, bool]] = []

    def fake(path: str, turns: int | None = None, as_json: bool = False) -> int:
        seen.append((path, turns, as_json))
        return 7

    monkeypatch.setattr(sandbox, "run", fake)
    assert main(["sandbox", "x.json", "--turns", "3", "--json"]) == 7
    assert seen == [("x.json", 3, True)]
