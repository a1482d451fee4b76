"""Static checks as tests, with the pinned tools of the test extra: ruff over the repository, and mypy --strict
over tagteam, tests and tools (pyproject's [tool.mypy] ``files``), so CI fails on a type error in any of them."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    """The tool installed beside this interpreter (the pinned one), not whichever is first on PATH."""
    pytest.importorskip(tool)
    return subprocess.run([sys.executable, "-m", tool, *args], capture_output=True, text=True, cwd=ROOT)


def test_ruff_clean() -> None:
    out = _run("ruff", "check", "--quiet", str(ROOT))
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_checks_the_tests_too() -> None:
    files = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    assert {"tagteam", "tests", "tools"} <= set(files), files


def test_mypy_strict_everywhere() -> None:
    out = _run("mypy", "--no-error-summary")
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_offline_tools_stay_out_of_the_wheel() -> None:
    """The fitters that generate the AI's tables live in ``tools/``, beside the package: the wheel ships only
    ``tagteam`` (pyproject), so nothing in it may import them."""
    build = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]
    assert build["wheel"]["packages"] == ["tagteam"]
    assert "tools" in build["sdist"]["include"]
    importing = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tagteam").rglob("*.py"))
        if re.search(r"^\s*(from|import) tools\b", path.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    assert importing == []
    shipped = [name for name in ("fit", "tune", "calibration_fit") if (ROOT / "tagteam" / "ai" / f"{name}.py").exists()]
    assert shipped == []


def test_pre_commit_runs_the_pinned_tools_and_the_commit_message_check() -> None:
    """.pre-commit-config.yaml runs ruff and mypy from the project's environment (the versions the test extra
    pins, which these tests run too), never a hook repository with a version of its own, and checks commit
    messages with tools/check_commit_msg.py."""
    config = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    repos = re.findall(r"^\s*-\s*repo:\s*(\S+)", config, re.MULTILINE)
    assert repos == ["local"], repos
    entries = re.findall(r"^\s*entry:\s*(.+)$", config, re.MULTILINE)
    py = ".venv/bin/python"  # the README's environment
    assert entries == [f"{py} -m ruff check --force-exclude", f"{py} -m mypy", f"{py} tools/check_commit_msg.py"]
    assert "stages: [commit-msg]" in config and "commit-msg" in config.split("default_install_hook_types:")[1]
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    assert {"ruff", "mypy"} <= {r.split("==")[0] for r in extra if "==" in r}, "ruff and mypy are pinned"
