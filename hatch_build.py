"""The wheel's build hook: compile the translation catalogs (.po -> .mo) so the wheel ships them.

The .mo files are build products (ignored by git); the game reads them with the standard library's gettext.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "catalogs"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        path = Path(self.root) / "tagteam" / "words" / "catalogs.py"
        spec = importlib.util.spec_from_file_location("_tagteam_catalogs", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for mo in module.compile_all():
            build_data["artifacts"].append(str(Path(mo).relative_to(self.root)))
