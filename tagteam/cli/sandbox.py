"""``tagteam sandbox FILE``: resolve a position and print what happened, to settle rules questions."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tagteam.engine import events as ev
from tagteam.engine.game import advance_inplace, needs_advance
from tagteam.engine.position import PositionError, build, parse
from tagteam.engine.state import GameState


def load_position(path: str) -> GameState:
    """Read, validate and build; raises PositionError with 'file: field: message'."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise PositionError(f"{p}: cannot read ({e.strerror or e})") from None
    except UnicodeDecodeError as e:
        raise PositionError(f"{p}: byte {e.start}: not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise PositionError(f"{p}: line {e.lineno} column {e.colno}: not valid JSON ({e.msg})") from None
    try:
        return build(parse(data))
    except PositionError as e:
        raise PositionError(f"{p}: {e}") from None


def resolve(st: GameState, turns: int | None) -> list[ev.Event]:
    """Resolve ``turns`` Turns, or the whole Fight step; stops early when a decision is owed or it ends."""
    log: list[ev.Event] = []
    start_round = st.round
    done = 0
    while needs_advance(st) and st.round == start_round and (turns is None or done < turns):
        advance_inplace(st, log)
        done += 1
    return log


def final_state(st: GameState) -> dict[str, Any]:
    """The position after resolution, by Fighter id: what a player checks against the table."""
    tab = st.tab()
    out: dict[str, Any] = {"phase": st.phase, "round": st.round, "winner": st.winner, "reason": st.over_reason}
    fighters = {}
    for f, fd in enumerate(tab.fighters):
        t = st.track[f]
        fighters[fd.id] = {
            "seat": f >> 1,
            "hp": st.hp(f),
            "ko": st.is_ko_space(f),
            "power": st.power[f],
            "track": fd.tracks[t].name if t >= 0 else None,
            "special": st.special[f],
            "aflame": st.aflame[f],
            "concentration": st.conc[f],
            "spirits": [fd.tracks[i].name for i in range(len(fd.tracks)) if st.spirit_mask[f] >> i & 1],
        }
    out["fighters"] = fighters
    out["sheriff"] = tab.kinds[st.sheriff] if st.sheriff >= 0 else None
    out["presence"] = tab.kinds[st.presence] if st.presence >= 0 else None
    out["serpent"] = ("white", "black")[st.serpent] if "mephisto" in tab.kinds else None
    out["schemes"] = {"pile": len(st.scheme_pile), "planted": len(st.planted), "gone": len(st.schemes_gone)}
    out["removed"] = sorted(st.card(i).cdef.id for i in st.removed)
    out["flipped"] = sorted(st.card(i).cdef.id for i in st.flipped)
    out["reanimate"] = list(st.reanimate)
    return out


def run(path: str, turns: int | None = None, as_json: bool = False) -> int:
    try:
        st = load_position(path)
    except PositionError as e:
        print(f"tagteam sandbox: {e}", file=sys.stderr)
        return 2
    log = resolve(st, turns)
    final = final_state(st)
    if as_json:
        print(json.dumps({"events": [e.to_dict() for e in log], "final": final}, indent=1, default=list))
        return 0
    for e in log:
        print(ev.describe(e, st.table))
    print()
    for fid, fs in final["fighters"].items():
        extra = []
        if fs["track"] and fs["track"] != st.tab().fighters[st.tab().kinds.index(fid)].tracks[0].name:
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
    return 0
