"""``tagteam sandbox FILE``: resolve a position and print what happened, to settle rules questions.

Reading, checking and resolving live in ``tagteam.engine.position`` (shared with the scenario tests);
this module only prints. Bad input is one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tagteam.engine.position import PositionError, event_json, final_state, load, resolve
from tagteam.engine.state import GameState
from tagteam.store.jsonfile import printable
from tagteam.words import inputs
from tagteam.words import log as wl


def run(path: str, turns: int | None = None, as_json: bool = False) -> int:
    """Resolve the file's position; ``turns`` (the --turns flag) overrides the file's ``turns``."""
    try:
        pos, st = load(path)
        res = resolve(st, turns if turns is not None else pos.turns, pos.decisions)
    except PositionError as e:
        print(f"tagteam sandbox: {printable(inputs.line(e), 400)}", file=sys.stderr)
        return 2
    final = final_state(st, res)
    tab = st.tab()
    if as_json:
        events = [event_json(event, tab) for event in res.events]
        print(json.dumps({"events": events, "final": final}, indent=1, default=list, ensure_ascii=False))
        return 0
    for line in wl.describe_log(res.events, 0, st.table):
        print(line)
    print()
    _summary(st, final)
    return 0


def _summary(st: GameState, final: dict[str, Any]) -> None:
    tab = st.tab()
    for fid, fs in final["fighters"].items():
        extra = []
        if fs["track"] and fs["track"] != tab.fighters[tab.kinds.index(fid)].tracks[0].name:
            extra.append(fs["track"])
        for key in ("aflame", "concentration"):
            if fs[key]:
                extra.append(f"{key} {fs[key]}")
        if fs["spirits"]:
            extra.append("Spirits: " + ", ".join(fs["spirits"]))
        tail = f" ({'; '.join(extra)})" if extra else ""
        ko = " KO" if fs["ko"] else ""
        print(f"Player {fs['seat'] + 1} {fid}: {fs['hp']} HP{ko}, Power {fs['power']}, special {fs['special']}{tail}")
    if st.winner is not None:
        print("Result:", "draw" if st.winner < 0 else f"Player {st.winner + 1} wins", f"({st.over_reason})")
    for s in (0, 1):
        if final["pending"][s] is not None and final["stopped"] == "decision":
            print(f"Stopped: Player {s + 1} owes a decision ({final['pending'][s]}) that the file does not script.")
        if final["unused_decisions"][s]:
            print(f"Note: {final['unused_decisions'][s]} scripted decision(s) of Player {s + 1} were never owed.")
