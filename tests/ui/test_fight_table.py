"""What each revealed card did, drawn at the pair from the Turn's typed events (never from the log's words):
an Attack with its Power and target beside the attacker's card, the HP it cost beside the loser's."""

from __future__ import annotations

from tagteam.engine import events as ev
from tagteam.play.games import new_session
from tagteam.render.board import PALETTES
from tagteam.render.fight_table import turn_events, what_each_did
from tagteam.words.names import fighter_name


def test_each_attack_and_each_hp_lost_is_drawn_beside_its_card() -> None:
    s = new_session("first", 4, level="normal")
    while s.seats_owing():
        seat = s.seats_owing()[0]
        s.act(seat, s.view(seat).legal[0])
    checked = 0
    while s.needs_advance() and checked < 6:
        s.advance()
        table = s.state.table
        assert table is not None
        turn = turn_events(s.log)
        assert not any(isinstance(e, ev.TurnStarted) for e in turn)  # this Turn's only
        did = what_each_did(s.log, table, PALETTES["plain"])
        lines = [[line.plain for line in did[seat]] for seat in (0, 1)]
        for e in turn:
            if isinstance(e, ev.AttackDeclared):
                target = fighter_name(table.fighters[e.target].model)
                want = f"Attack {e.power} → {target}"
                assert any(want in line for line in lines[e.attacker >> 1]), (want, lines)
                checked += 1
            if isinstance(e, ev.MarkerMoved) and e.to_hp < e.from_hp:
                who = fighter_name(table.fighters[e.fighter].model)
                want = f"−{e.from_hp - e.to_hp} HP {who}"
                assert any(want in line for line in lines[e.fighter >> 1]), (want, lines)
                checked += 1
    assert checked  # the game above has Attacks and HP lost in its first Fights


def test_a_new_round_clears_the_pair() -> None:
    assert turn_events([ev.TurnStarted(1, 1), ev.KnockedOut(0), ev.RoundStarted(2, 3)]) == []
    assert turn_events([ev.TurnStarted(1, 1), ev.KnockedOut(0)]) == [ev.KnockedOut(0)]
