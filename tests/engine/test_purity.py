"""The engine, the content layer and the bots must run without textual or rich (enforced, not hoped)."""

from __future__ import annotations

import subprocess
import sys


def test_engine_imports_neither_textual_nor_rich() -> None:
    code = (
        "import sys\n"
        "import tagteam.engine, tagteam.engine.session, tagteam.engine.record, tagteam.engine.position\n"
        "import tagteam.engine.randomplay, tagteam.content.loader\n"
        "from tagteam.engine.table import library\n"
        "library()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"engine pulled in: {out.stdout.strip()}"
