"""An Attack on the Opponent's Partner says so in the log (the Active Fighter is read from the reveals),
and the log told in pieces, as the Fight screen grows it, reads the same as told whole."""

from __future__ import annotations

from tagteam.engine import events as ev
from tagteam.words import log as wl
from tests.engine.helpers import play_session

TEAMS = (("wild_bunch", "joan"), ("mordred", "golem"))


def test_attacks_on_the_partner_are_named_as_such() -> None:
    partner = active_hits = 0
    for seed in range(6):
        s = play_session(seed, teams=TEAMS, decide_seed=seed)
        lines = wl.describe_log(s.log, 0, s.state.table, ("A", "B"))
        revealed: dict[int, int] = {}
        for e, line in zip(s.log, lines, strict=True):
            if isinstance(e, ev.CardRevealed):
                revealed[e.seat] = e.fighter
            if isinstance(e, ev.AttackDeclared) and e.target >> 1 != e.attacker >> 1:
                on_partner = revealed[e.target >> 1] != e.target
                assert ("the Opponent's Partner" in line) == on_partner, line
                partner += on_partner
                active_hits += not on_partner
    assert partner and active_hits


def test_told_in_pieces_reads_as_told_whole() -> None:
    s = play_session(0, teams=TEAMS)
    whole = wl.describe_log(s.log, 0, s.state.table)
    parts: list[str] = []
    for i in range(0, len(s.log), 7):
        parts += wl.describe_log(s.log[: i + 7], i, s.state.table)
    assert parts == whole
    assert [wl.describe(e, s.state.table) for e in s.log] != whole  # the event alone cannot tell
