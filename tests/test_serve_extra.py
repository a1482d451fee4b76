"""``tagteam serve`` is an extra: textual-serve and its web server install with ``tagteam-terminal[web]`` only,
and without them the command says in one line how to get them, status 2, no traceback."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.words.spaces import plain

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = (
    "tagteam serve: error: the browser page needs {module}, which is not installed; "
    "install it with: pip install 'tagteam-terminal[web]'\n"
)


def serve_without(module: str, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    """``tagteam serve`` in a fresh interpreter where importing ``module`` fails, as when it is not installed."""
    code = (
        "import sys\n"
        f"sys.modules[{module!r}] = None\n"
        "from tagteam.__main__ import main\n"
        f"sys.exit(main({[*args, 'serve', '--port', '0']!r}))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={"TAGTEAM_HOME": str(home), "PATH": "", "LANG": "C.UTF-8"},
    )


@pytest.mark.parametrize(("module", "named"), [("textual_serve", "textual-serve"), ("aiohttp", "aiohttp")])
def test_serve_without_the_web_extra_says_how_to_get_it(tmp_path: Path, module: str, named: str) -> None:
    r = serve_without(module, home=tmp_path)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr == ENGLISH.format(module=named)


def test_the_line_is_in_the_players_language(tmp_path: Path) -> None:
    r = serve_without("textual_serve", "--lang", "fr", home=tmp_path)
    assert r.returncode == 2
    assert plain(r.stderr) == (
        "tagteam serve : erreur : la page dans le navigateur a besoin de textual-serve, qui n'est pas installé ; "
        "installez-le avec : pip install 'tagteam-terminal[web]'\n"
    )


def test_a_missing_module_of_the_game_itself_is_not_taken_for_the_extra(tmp_path: Path) -> None:
    r = serve_without("tagteam.web.server", home=tmp_path)
    assert r.returncode != 2
    assert "tagteam-terminal[web]" not in r.stderr and "ModuleNotFoundError" in r.stderr


def test_textual_serve_is_in_the_web_extra_and_the_tests_install_it() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name = project["name"]
    core = [req.split("=")[0].split(">")[0].split("<")[0].strip() for req in project["dependencies"]]
    assert "textual-serve" not in core and "aiohttp" not in core
    extras = project["optional-dependencies"]
    assert any(req.startswith("textual-serve") for req in extras["web"])
    assert f"{name}[web]" in extras["test"]  # CI installs .[test]: the browser tests keep running
