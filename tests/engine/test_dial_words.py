"""Joan's Divine Voice is a dial: the log names the spaces the marker moves between (a bare counter going
"4 -> 1" read as a loss to a new player), and every move the engine logs is told that way."""

from __future__ import annotations

from tagteam.engine import events as ev
from tests.engine.helpers import play_session

TEAMS = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))


def test_every_divine_voice_move_names_its_spaces() -> None:
    told = wrapped = 0
    for seed in range(4):
        s = play_session(seed, teams=TEAMS, decide_seed=seed)
        lines = ev.describe_log(s.log, 0, s.state.table, ("A", "B"))
        for e, line in zip(s.log, lines, strict=True):
            if isinstance(e, ev.TrackChanged) and e.track == "Divine Voice":
                assert line == f"Joan's Divine Voice moves from {ev.DIAL_SPACES[e.old]} to {ev.DIAL_SPACES[e.new]}."
                assert "->" not in line
                told += 1
                wrapped += e.new < e.old
    assert told and wrapped  # round the dial at least once: bottom-left back to top-left
