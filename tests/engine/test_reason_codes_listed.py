"""Every game-over reason code the engine writes is worded in the log and listed in docs/sandbox.md (issue 26
item 5: ``all_legends`` was missing there). The codes are read from the engine's source, so a new way to end a
game fails here until it is worded and documented."""

from __future__ import annotations

import re
from pathlib import Path

import tagteam.engine
from tagteam.words.log import REASON_WORDS

ROOT = Path(__file__).resolve().parents[2]
WRITES = re.compile(r'_finish\([^,]+, [^,]+, "([a-z_]+)"|over_reason = "([a-z_]+)"|GameOver\([^,]+, "([a-z_]+)"')


def engine_codes() -> set[str]:
    found: set[str] = set()
    for path in Path(tagteam.engine.__file__).parent.glob("*.py"):
        for groups in WRITES.findall(path.read_text(encoding="utf-8")):
            found.update(g for g in groups if g)
    return found


def documented() -> set[str]:
    """The codes named in the sandbox doc's ``winner``, ``reason`` row of the final state's table."""
    text = (ROOT / "docs" / "sandbox.md").read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith("| `winner`, `reason` |"))
    return set(re.findall(r"`([a-z_]+)` \(", row))


def test_every_reason_code_is_worded_and_documented() -> None:
    codes = engine_codes()
    assert {"ko", "double_ko", "incinerated", "drag_to_hell", "all_legends", "depleted"} <= codes  # the scan works
    assert codes <= set(REASON_WORDS), codes - set(REASON_WORDS)
    assert codes <= documented(), codes - documented()
