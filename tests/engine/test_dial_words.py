"""Joan's Divine Voice is a dial: the log names the spaces the marker moves between (a bare counter going
"4 -> 1" read as a loss to a new player), and every move the engine logs is told that way. A payout is told
where it fires, on landing: "moves from bottom-left (+1 Power to her Partner) to top-left" read as a gain on
leaving."""

from __future__ import annotations

from tagteam.engine import events as ev
from tagteam.words import log as wl
from tests.engine.helpers import play_session

TEAMS = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))


def test_every_divine_voice_move_names_its_spaces() -> None:
    told = wrapped = paid = 0
    for seed in range(4):
        s = play_session(seed, teams=TEAMS, decide_seed=seed)
        lines = wl.describe_log(s.log, 0, s.state.table, ("A", "B"))
        for e, line in zip(s.log, lines, strict=True):
            if isinstance(e, ev.TrackChanged) and e.track == "Divine Voice":
                moves = f"Joan's Divine Voice moves from {wl.DIAL_SPACES[e.old]} to {wl.DIAL_SPACES[e.new]}"
                payout = wl.DIAL_PAYOUT.get(e.new)
                assert line == (f"{moves}: {payout}." if payout else f"{moves}."), line
                assert "->" not in line
                paid += payout is not None
                told += 1
                wrapped += e.new < e.old
    assert told and wrapped and paid  # round the dial at least once: bottom-left back to top-left


def test_leaving_a_payout_space_names_no_payout() -> None:
    """The line of a move off a payout space names only the spaces: the Power came when the marker landed."""
    e = ev.TrackChanged(0, "Divine Voice", 4, 1)
    s = play_session(0, teams=TEAMS, decide_seed=0)
    line = wl.describe(e, s.state.table)
    assert line == "Joan's Divine Voice moves from bottom-left to top-left.", line
    assert "Power" not in wl.describe(ev.TrackChanged(0, "Divine Voice", 2, 3), s.state.table)
    assert wl.describe(ev.TrackChanged(0, "Divine Voice", 1, 2), s.state.table).endswith(": +1 Power to Joan.")
