"""Recaps that say why, read from the event log: a few lines after each Fight step, and at game over.

Nothing here imports Textual or re-applies a rule. A line about what did happen is derived from the
events the engine logged (reveals, Blocks, HP movements, Power changes); a line about what would happen
("one unblocked Attack would be a knock-out") is the engine's own resolution on a copy of the position
(``tagteam.engine.whatif``), or it is not said. Each line is a ``Line``: its text and the claims it
makes, with their numbers, so a test checks the numbers against the engine instead of reading prose.
This module finds what a line is about (which Turn mattered, a swing, a regret) from the data; every
sentence is ``tagteam.words.recap``'s, in the player's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from tagteam.engine import events as ev
from tagteam.engine.hindsight import Regret, regrets
from tagteam.engine.whatif import public_state, unblocked_attack
from tagteam.facts.recap import HpChange, HpClaim, Line, Role, RoleClaim, Turn, moves_only
from tagteam.play.script import PLAN  # the guided game's script: a lesson's suggested Builds
from tagteam.words import recap as wr
from tagteam.words.names import player_name
from tagteam.words.recap import hp_words, no_regret_words, regret_words

if TYPE_CHECKING:
    from tagteam.engine.record import GameRecord
    from tagteam.engine.table import GameTable
    from tagteam.engine.view import PlayerView

__all__ = [  # the data are ``tagteam.facts.recap``'s and the words ``tagteam.words.recap``'s: named here too
    "HpChange",
    "HpClaim",
    "Line",
    "Role",
    "RoleClaim",
    "Turn",
    "block_lines",
    "decision_claims",
    "fight_claims",
    "fight_recap",
    "game_claims",
    "game_recap",
    "hp_words",
    "in_reach",
    "no_regret_words",
    "regret_words",
    "turn_line",
    "turns",
]


def _start_hp(table: GameTable) -> list[int]:
    return [fd.tracks[0].hp[fd.tracks[0].start] for fd in table.fighters]


def _hp_event(e: ev.Event, table: GameTable, hp: list[int]) -> tuple[int, int, int, HpChange] | None:
    """(fighter, HP before, HP after, how) for an event that sets a Fighter's HP, else None."""
    match e:
        case ev.MarkerMoved(fighter=f, from_hp=a, to_hp=b):
            return f, a, b, ("move", b - a, "")
        case ev.Transformed(fighter=f, hp=h):
            return f, hp[f], h, ("transformed", h, table.fighters[f].tracks[-1].name)
        case ev.Revived(fighter=f, hp=h):
            return f, hp[f], h, ("revived", h, "")
        case ev.CharacterChosen(fighter=f, character=c):
            td = next((t for t in table.fighters[f].tracks if t.name == c), None)
            if td is not None:
                return f, hp[f], td.hp[td.start], ("stepped_in", td.hp[td.start], c)
        case ev.BecameSpirit(fighter=f, character=c):
            return f, hp[f], 0, ("spirit", 0, c)
    return None


def turns(log: Sequence[ev.Event], table: GameTable, start: Sequence[int] | None = None) -> list[Turn]:
    """The log cut into Turns (events before the first Turn, such as Setup, are left out). HP are followed
    from the start of the game, so pass the whole log and pick the Turns you want; a log that starts
    later (a sandbox position) passes each Fighter's HP at its ``start``."""
    hp = list(start) if start is not None else _start_hp(table)
    out: list[Turn] = []
    cur: Turn | None = None
    for e in log:
        if isinstance(e, ev.TurnStarted):
            cur = Turn(e.round, e.turn)
            out.append(cur)
            continue
        if isinstance(e, ev.FightEnded | ev.RoundStarted | ev.BuildLocked):
            cur = None
        if isinstance(e, ev.PowerChanged) and cur is not None:
            cur.power[e.fighter] = (cur.power.get(e.fighter, (e.old, e.old))[0], e.new)
        got = _hp_event(e, table, hp)
        if got is not None:
            f, a, b, step = got
            if cur is not None:
                cur.hp[f] = (cur.hp.get(f, (a, a))[0], b)
                steps = cur.steps.setdefault(f, [])
                if step[0] == "move" and steps and steps[-1][0] == "move":
                    steps[-1] = ("move", steps[-1][1] + step[1], "")
                elif step != ("move", 0, ""):
                    steps.append(step)
            hp[f] = b
        if cur is None:
            continue
        cur.events.append(e)
        if isinstance(e, ev.CardRevealed):
            cur.cards[e.seat] = e.inst
            cur.active[e.seat] = e.fighter
    return out


def block_lines(t: Turn, table: GameTable) -> list[Line]:
    """What each Block did this Turn: the Attack it negated and whether its bonus fired."""
    out = []
    blocked: dict[int, list[ev.AttackBlocked]] = {}
    for e in t.events:
        if isinstance(e, ev.AttackBlocked):
            blocked.setdefault(e.blocker, []).append(e)
    for e in t.events:
        if not isinstance(e, ev.BlockSucceeded):
            continue
        inst = t.cards.get(e.blocker >> 1, -1)
        roles = (RoleClaim(inst, t.round, t.turn, "Block"),) if inst >= 0 else ()
        out.append(Line(wr.block_words(t, table, e.blocker, blocked.get(e.blocker, [])), roles=roles))
    return out


def hp_claims(t: Turn) -> tuple[HpClaim, ...]:
    """The Turn's HP changes as the claims its line makes."""
    return tuple(
        HpClaim(f, a, b, t.round, t.turn, moves_only(t.steps.get(f, [])))
        for f, (a, b) in sorted(t.hp.items())
        if a != b
    )


def turn_line(t: Turn, table: GameTable) -> Line:
    """One line for a Turn that mattered: the cards played and what they did to HP and Power."""
    return Line(wr.turn_words(t, table), hp=hp_claims(t))


def _net(moves: Iterable[dict[int, tuple[int, int]]]) -> dict[int, tuple[int, int]]:
    """First value before and last value after, per Fighter, over several Turns' moves (their HP or Power)."""
    out: dict[int, tuple[int, int]] = {}
    for moved in moves:
        for f, (a, b) in moved.items():
            out[f] = (out.get(f, (a, a))[0], b)
    return out


def in_reach(view: PlayerView, names: tuple[str, str]) -> list[Line]:
    """Fighters one unblocked Attack from losing the game: for each opposing Fighter, an Attack of its Power
    now is resolved by the engine on a copy of the public position (Stops, Spirits, the Presence, revive
    spaces all count); only an outcome that is certain and ends the game is said."""
    if view.table is None:
        return []
    st = public_state(view)
    out = []
    for fv in view.fighters:
        if fv.ko or fv.track < 0:
            continue
        seat = fv.index >> 1
        hits = [
            unblocked_attack(st, g.index, fv.index, g.power)
            for g in view.fighters
            if g.index >> 1 != seat and not g.ko and g.power > 0
        ]
        kos = [h for h in hits if h.certain and h.knocks_out]
        if not kos:
            continue
        best = max(kos, key=lambda h: (h.power, -h.attacker))
        rage = None
        if best.escape == "bear":  # the engine's data: one card could fill his Rage, and that Turn ignores HP
            rage = (fv.special, view.table.fighters[fv.index].special_size - 1)
        text = wr.in_reach_words(view.table, fv.index, names[seat], fv.hp, best.attacker, best.power, rage)
        out.append(Line(text, would=(best,)))
    return out


def fight_claims(
    log: Sequence[ev.Event], table: GameTable, view: PlayerView | None = None, names: tuple[str, str] = ("", "")
) -> list[Line]:
    """A few lines about the latest Fight step: a knock-out first (the Turn it happened on: that is what
    mattered, whatever swung elsewhere), the Blocks that fired, the biggest HP swing when nobody was
    knocked out, the biggest Power swing, and what is now in reach of a KO; each with its claims."""
    ts = turns(log, table)
    if not ts:
        return []
    last_round = ts[-1].round
    step = [t for t in ts if t.round == last_round]
    out: list[Line] = []
    knocked = [t for t in step if t.knocked_out()]
    for t in knocked:
        line = turn_line(t, table)
        out.append(Line(wr.what_mattered(line.text), hp=line.hp))
    for t in step:
        out.extend(block_lines(t, table))
    hp = {f: ab for f, ab in _net(t.hp for t in step).items() if ab[0] != ab[1]}
    if hp and not knocked:
        f, (a, b) = max(hp.items(), key=lambda kv: (abs(kv[1][1] - kv[1][0]), -kv[0]))
        how = [s for t in step for s in t.steps.get(f, [])]
        text = wr.biggest_hp_swing(hp_words(table, f, a, b, how))
        out.append(Line(text, hp=(HpClaim(f, a, b, last_round, 0, moves_only(how)),)))
    pw = {f: ab for f, ab in _net(t.power for t in step).items() if ab[0] != ab[1]}
    over = view is not None and view.phase == "over"
    if pw and not over:  # at game over a Power change no longer matters
        f, (a, b) = max(pw.items(), key=lambda kv: (abs(kv[1][1] - kv[1][0]), -kv[0]))
        out.append(Line(wr.power_swing_words(step, table, f, a, b)))
    if not out:
        out.append(Line(wr.quiet_round(last_round)))
    if view is not None and view.phase != "over":
        out.extend(in_reach(view, names))
    return out


def fight_recap(
    log: Sequence[ev.Event], table: GameTable, view: PlayerView | None = None, names: tuple[str, str] = ("", "")
) -> list[str]:
    """``fight_claims`` as plain lines, for the Fight screen's log."""
    return [x.text for x in fight_claims(log, table, view, names)]


def game_claims(
    log: Sequence[ev.Event],
    table: GameTable,
    names: tuple[str, str],
    key: int = 3,
    record: GameRecord | None = None,
    viewer: int | None = None,
) -> list[Line]:
    """At game over: how the game was decided (the last Turn), the key Turns (the biggest swings), the
    trends that built up over the whole game (Power climbs, Blocks, Presence), and, given the ``record``,
    the Build that cost each player most (a solo game: the human's only; a network seat, ``viewer``: that
    seat's own, since that sentence says "you" to the player reading it); each with its claims."""
    ts = turns(log, table)
    over = next((e for e in reversed(log) if isinstance(e, ev.GameOver)), None)
    out: list[Line] = []
    if over is not None:
        out.append(Line(wr.decided_words(over, table, names)))
    decisive = None  # the last blow is said once, not again among the key Turns
    if over is not None:
        decisive = next((t for t in reversed(ts) if t.hp or t.knocked_out()), None)
        if decisive is not None:
            last = turn_line(decisive, table)
            out.append(Line(wr.last_blow(last.text), hp=last.hp))
    others = [t for t in ts if t.swing() and t is not decisive]
    ranked = sorted(others, key=lambda t: (-t.swing(), t.round, t.turn))[:key]
    if ranked:
        out.append(Line(wr.key_turns()))
        for t in sorted(ranked, key=lambda t: (t.round, t.turn)):
            line = turn_line(t, table)
            out.append(Line(f"  {line.text}", hp=line.hp))
    pw = _net(t.power for t in ts)
    climbs = sorted(((b - a, f, a, b) for f, (a, b) in pw.items() if b - a >= 2), reverse=True)
    for _d, f, a, b in climbs[:2]:
        out.append(Line(wr.power_climbed(table, f, a, b)))
    fired = [0, 0]
    for t in ts:
        for e in t.events:
            if isinstance(e, ev.BlockSucceeded):
                fired[e.blocker >> 1] += 1
    for seat in (0, 1):
        if fired[seat]:
            out.append(Line(wr.blocks_fired(names[seat], fired[seat])))
    absorbed = sum(1 for t in ts for e in t.events if isinstance(e, ev.AttackAbsorbed))
    if absorbed:
        out.append(Line(wr.presence_absorbed(absorbed)))
    if record is not None and over is not None:
        from tagteam.play.modes import TUTOR

        seats = tuple(
            s
            for s in ((1 - record.solo.seat,) if record.solo is not None else (0, 1))
            if record.players[s] != TUTOR and viewer in (None, s)
        )
        taught = decision_claims(record, table, seats)
        if taught:
            out.append(Line(wr.build_review_head()))
            out.extend(Line(f"  {x.text}", regrets=x.regrets) for x in taught)
    return out


def game_recap(
    log: Sequence[ev.Event],
    table: GameTable,
    names: tuple[str, str],
    key: int = 3,
    record: GameRecord | None = None,
    viewer: int | None = None,
) -> list[str]:
    """``game_claims`` as plain lines, for the game-over screen (``viewer``: the seat reading it, if only one)."""
    return [x.text for x in game_claims(log, table, names, key, record, viewer)]


def decision_claims(rec: GameRecord, table: GameTable, seats: Sequence[int] = (0, 1), top: int = 1) -> list[Line]:
    """For a finished game: each listed player's Build(s) that cost the most in the next Fight step, with
    the best alternative the engine found by replaying it (``tagteam.engine.hindsight``)."""
    out = []
    for seat in seats:
        for r in regrets(rec, seat, top):
            text = regret_words(r, table, player_name(rec.players[seat]))
            if _suggested(rec, r):
                text += " " + wr.suggested_note()
            out.append(Line(text, regrets=(r,)))
    return out


def _suggested(rec: GameRecord, r: Regret) -> bool:
    """Whether the regretted Build is the one a lesson of the guided game told the player to make."""
    from tagteam.play.modes import TUTOR

    if rec.players[1] != TUTOR or r.seat != 0:
        return False
    plan = PLAN.get(r.round - 1)  # the Build before round N's Fight is made in round N - 1
    return plan is not None and (plan.card, plan.position) == (r.actual.choice.card, r.actual.choice.position)
