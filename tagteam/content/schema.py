"""JSON Schema of the fighter files, generated from the models (`python -m tagteam.content.schema`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tagteam.content.loader import SCHEMA_FILE
from tagteam.content.models import Fighter


def fighter_schema() -> dict[str, Any]:
    """The schema as a dict: editors use it to complete and check the card files as they are typed."""
    schema = Fighter.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return schema


def render_schema() -> str:
    """Stable text (sorted keys, two-space indent, final newline) so a diff shows only real changes."""
    return json.dumps(fighter_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def repo_schema_path() -> Path:
    """The committed copy in the source tree (never the installed one, which is read-only data)."""
    return Path(__file__).resolve().parents[2] / "data" / "cards" / SCHEMA_FILE


def main(argv: list[str] | None = None) -> int:
    """Write the schema; with --check, only report (exit 1) when the committed file has drifted."""
    args = sys.argv[1:] if argv is None else argv
    path = repo_schema_path()
    text = render_schema()
    if "--check" in args:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            print(f"{path}: out of date, run: python -m tagteam.content.schema", file=sys.stderr)
            return 1
        print(f"{path}: up to date")
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
