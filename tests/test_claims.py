"""Every sentence the recaps, the warnings and the tutorial's round summaries make is checked against the
engine over random games with all 12 Fighters: each HP "a → b" against the game state before and after
that Turn (or Fight step), "lost"/"healed" against the marker's own moves, each card called an Attack or
a Block against what it did that Turn, and each "would" against the engine resolving it on the real,
full position (the screens ask about the public one).

The check reads the structured claims (``recap.Line``), never the prose. ``python -m tests.test_claims``
prints the counts.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pytest
from hypothesis import settings

from tagteam.content.choices import LANGUAGES, PSEUDO, SOURCE
from tagteam.engine import events as ev
from tagteam.engine.actions import ChooseCharacter, from_dict
from tagteam.engine.hindsight import Regret
from tagteam.engine.randomplay import random_action
from tagteam.engine.session import Session
from tagteam.engine.state import FIGHT
from tagteam.engine.table import library
from tagteam.engine.whatif import unblocked_attack
from tagteam.play import recap, tutorial
from tagteam.words import set_language

pytestmark = pytest.mark.slow  # many seconds each: left out of the quick subset (-m "not slow")

IDS = sorted(library())
NAMES = ("Ada", "Bob")
GAMES = 300 if settings().max_examples > 100 else 100  # the long profile (tests/conftest.py): all 300
REGRET_EVERY = 8  # the Build replays cost more: checked in every 8th game
Key = tuple[int, int]  # (round, turn)


@dataclass
class Truth:
    """What the engine says happened, Turn by Turn, recorded while the game is played."""

    before: dict[Key, list[int]] = field(default_factory=dict)
    after: dict[Key, list[int]] = field(default_factory=dict)
    events: dict[Key, list[ev.Event]] = field(default_factory=dict)
    checked: int = 0
    false: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)

    def turns_of(self, rnd: int) -> list[Key]:
        return sorted(k for k in self.before if k[0] == rnd)


def _hps(s: Session) -> list[int]:
    return [s.state.hp(f) for f in range(4)]


def _moves_only(events: Iterable[ev.Event], f: int) -> tuple[bool, int]:
    """Whether the Fighter's HP changed only by its marker moving, and by how much it moved."""
    moved = 0
    for e in events:
        if isinstance(e, ev.Transformed | ev.Revived | ev.CharacterChosen | ev.BecameSpirit) and e.fighter == f:
            return False, 0
        if isinstance(e, ev.MarkerMoved) and e.fighter == f:
            moved += e.to_hp - e.from_hp
    return True, moved


def check_line(line: recap.Line, s: Session, truth: Truth) -> None:
    tab = s.state.table
    assert tab is not None

    def wrong(why: str) -> None:
        truth.false.append(f"{why}: {line.text}")

    truth.kinds["hp"] += len(line.hp)
    truth.kinds["role"] += len(line.roles)
    truth.kinds["would"] += len(line.would)
    truth.kinds["regret"] += len(line.regrets)
    for c in line.hp:
        truth.checked += 1
        keys = [(c.round, c.turn)] if c.turn else truth.turns_of(c.round)
        if not keys or keys[0] not in truth.before:
            wrong("HP claim about a Turn that was not played")
            continue
        a, b = truth.before[keys[0]][c.fighter], truth.after[keys[-1]][c.fighter]
        if (c.before, c.after) != (a, b):
            wrong(f"HP {c.before} → {c.after}, the engine had {a} → {b}")
        if c.moves_only:
            only, moved = _moves_only((e for k in keys for e in truth.events[k]), c.fighter)
            if not only or moved != b - a:
                wrong("said as lost/healed, but the marker's moves do not account for it")
    for r in line.roles:
        truth.checked += 1
        evs = truth.events.get((r.round, r.turn), [])
        owner = tab.owner[r.inst]
        if not any(isinstance(e, ev.CardRevealed) and e.inst == r.inst for e in evs):
            wrong(f"{tab.cards[r.inst].cdef.name} was not revealed that Turn")
        elif r.role == "Attack" and not any(isinstance(e, ev.AttackDeclared) and e.attacker == owner for e in evs):
            wrong("called an Attack, but it declared none")
        elif r.role == "Block" and not any(
            isinstance(e, ev.AttackBlocked | ev.BlockSucceeded | ev.BlockIdle) and e.blocker == owner for e in evs
        ):
            wrong("called a Block, but it blocked nothing")
    for g in line.regrets:
        truth.checked += 1
        check_regret(g, s, truth, wrong)
    for w in line.would:
        truth.checked += 1
        real = unblocked_attack(s.state, w.attacker, w.target, w.power)
        if real != w:
            wrong(f"the engine on the full position gives {real}")
        if not (w.knocks_out and w.certain):  # a "would" line is said only of a certain knock-out
            wrong("says a knock-out the engine does not give")


def check_regret(g: Regret, s: Session, truth: Truth, wrong: Callable[[str], None]) -> None:
    """The Build as played against the real game; the alternative replayed through a Session."""
    last = truth.turns_of(g.round)[-1]
    if list(g.actual.hp) != truth.after[last] or g.actual.winner != (
        s.state.winner if last == max(truth.after) else None
    ):
        wrong(f"the Build as played gave HP {truth.after[last]}, not {g.actual.hp}")
    alt = Session.new(s.record.seed, teams=s.record.teams, players=NAMES)
    later = [(d.seat, from_dict(d.action)) for d in s.record.decisions]
    for seat, action in later[: g.decision]:
        while alt.needs_advance():
            alt.advance()
        alt.act(seat, action)
    while alt.needs_advance():
        alt.advance()
    alt.act(g.seat, g.better.choice)
    rest = later[g.decision + 1 :]
    events: list[ev.Event] = []
    while alt.state.phase != "over" and not (
        alt.state.round > g.round or any(isinstance(e, ev.FightEnded) for e in events)
    ):
        if alt.needs_advance():
            events += alt.advance()
            continue
        for seat in alt.seats_owing():
            nxt = next((i for i, (t, _a) in enumerate(rest) if t == seat), None)
            act = rest.pop(nxt)[1] if nxt is not None else alt.view(seat).legal[0]
            if act not in alt.view(seat).legal:
                act = alt.view(seat).legal[0]
            events += alt.act(seat, act)
    hp = [alt.state.hp(f) for f in range(4)]
    winner = alt.state.winner if alt.over() else None
    if (tuple(hp), winner) != (g.better.hp, g.better.winner):
        wrong(f"the alternative replayed gives HP {hp}, winner {winner}")
    by_turn: list[dict[int, int]] = []
    for e in events:
        if isinstance(e, ev.TurnStarted):
            by_turn.append({})
        elif isinstance(e, ev.CardRevealed) and by_turn:
            by_turn[-1][e.seat] = e.inst
    met = next((t.get(1 - g.seat, -1) for t in by_turn if t.get(g.seat) == g.better.kept), -1)
    if met != g.better.met:
        wrong(f"the kept card met {met}, not {g.better.met}")
    if g.better.score(g.seat) <= g.actual.score(g.seat):
        wrong("the alternative is no better")


def play_and_check(
    seed: int, teams: tuple[tuple[str, str], tuple[str, str]], seen: list[recap.Line] | None = None
) -> Truth:
    """One random game: the truth recorded Turn by Turn; every recap, warning and summary line checked
    when the screens would show it (the end of each Fight step, and game over)."""
    s = Session.new(seed, teams=teams, players=NAMES)
    r = random.Random(seed)
    truth = Truth()
    checked = check_line if seen is None else _keeping(seen)
    last: Key | None = None
    while not s.over():
        if s.needs_advance():
            key = (s.state.round, s.state.turn + 1)
            truth.before[key] = _hps(s)
            truth.events[key] = s.advance()
            truth.after[key] = _hps(s)
            last = None if any(isinstance(e, ev.FightEnded) for e in truth.events[key]) else key
            if s.state.phase != FIGHT or s.over():  # the Fight step's pause: what the screens say now
                assert s.state.table is not None
                for line in recap.fight_claims(s.log, s.state.table, s.view(0), NAMES):
                    checked(line, s, truth)
                for line in tutorial.explain(s.log, s.state.table, key[0]):
                    checked(line, s, truth)
            continue
        for seat in s.seats_owing():
            action = random_action(s.state, seat, r)
            out = s.act(seat, action)
            if isinstance(action, ChooseCharacter) and last is not None:  # a new Character steps in mid-Fight
                truth.events[last].extend(out)
                truth.after[last] = _hps(s)
    assert s.state.table is not None
    record = s.record if seed % REGRET_EVERY == 0 else None
    for line in recap.game_claims(s.log, s.state.table, NAMES, record=record):
        checked(line, s, truth)
    return truth


def _keeping(seen: list[recap.Line]) -> Callable[[recap.Line, Session, Truth], None]:
    """``check_line`` that also keeps each line checked, in order."""

    def check(line: recap.Line, s: Session, truth: Truth) -> None:
        seen.append(line)
        check_line(line, s, truth)

    return check


def games(n: int = GAMES) -> Iterable[tuple[int, tuple[tuple[str, str], tuple[str, str]]]]:
    """``n`` seeded match-ups; every Fighter plays in each block of 3 games (12 Fighters, 4 per game)."""
    r = random.Random(17)
    for i in range(n):
        if i % 3 == 0:
            order = IDS[:]
            r.shuffle(order)
        a, b, c, d = order[(i % 3) * 4 : (i % 3) * 4 + 4]
        yield i, ((a, b), (c, d))


def run(n: int = GAMES) -> tuple[int, int, list[str], Counter[str]]:
    checked = 0
    false: list[str] = []
    kinds: Counter[str] = Counter()
    for seed, teams in games(n):
        t = play_and_check(seed, teams)
        checked += t.checked
        false += t.false
        kinds += t.kinds
    return n, checked, false, kinds


def test_every_claim_in_random_games_is_true() -> None:
    n, checked, false, kinds = run()
    assert min(kinds["hp"], kinds["role"], kinds["would"], kinds["regret"]) > 0
    assert checked > 20 * n  # the games do make claims
    assert not false, f"{len(false)} false of {checked}:\n" + "\n".join(false[:10])


@pytest.mark.parametrize("lang", [*LANGUAGES, PSEUDO])  # every language of the list, and the pseudo-locale
def test_every_language_makes_the_same_true_claims_and_writes_their_numbers(lang: str) -> None:
    """The claims are data, the same whatever the language (the pseudo-locale ``xx`` included); each line's
    text, in that language, shows the HP change ("a → b") that its claim checks."""
    english: list[recap.Line] = []
    spoken: list[recap.Line] = []
    try:
        for seed, teams in itertools.islice(games(), 0, 24, 2):  # 12 games: every Fighter plays
            set_language("en")
            play_and_check(seed, teams, english)
            set_language(lang)
            truth = play_and_check(seed, teams, spoken)
            assert not truth.false, truth.false[:5]
    finally:
        set_language("en")
    assert len(spoken) > 100
    claims = [(x.hp, x.roles, x.would, x.regrets) for x in spoken]
    assert claims == [(x.hp, x.roles, x.would, x.regrets) for x in english]
    unwritten = [
        (line.text, c)
        for line in spoken
        for c in line.hp
        if f"{c.before} → {c.after}" not in line.text and f"{c.before}→{c.after}" not in line.text
    ]
    assert not unwritten, unwritten[:5]
    if lang != SOURCE:
        assert sum(a.text != b.text for a, b in zip(spoken, english, strict=True)) > len(spoken) // 2


def test_the_check_catches_a_false_claim() -> None:
    """A claim with a wrong number is caught (the checker can fail)."""
    s = Session.new(3, teams=(("joan", "ching_shih"), ("bodvar", "wong_fei_hung")), players=NAMES)
    truth = Truth()
    key = (0, 0)
    while key not in truth.before or truth.before[key] == truth.after[key]:
        while not s.needs_advance():
            for seat in s.seats_owing():
                s.act(seat, s.view(seat).legal[0])
        key = (s.state.round, s.state.turn + 1)
        truth.before[key] = _hps(s)
        truth.events[key] = s.advance()
        truth.after[key] = _hps(s)
    f = next(f for f in range(4) if truth.before[key][f] != truth.after[key][f])
    a, b = truth.before[key][f], truth.after[key][f]
    check_line(recap.Line("ok", hp=(recap.HpClaim(f, a, b, *key, True),)), s, truth)
    assert not truth.false
    check_line(recap.Line("off by one", hp=(recap.HpClaim(f, a, b - 1, *key, True),)), s, truth)
    hit = unblocked_attack(s.state, 2, 0, 1)
    check_line(recap.Line("Joan would knock them out", would=(hit,)), s, truth)
    assert len(truth.false) == 2 and truth.checked == 3


if __name__ == "__main__":
    import time

    t0 = time.perf_counter()
    n, checked, false, kinds = run()
    print(f"{n} games, {checked} claims checked {dict(kinds)}, {len(false)} false, {time.perf_counter() - t0:.1f} s")
    for x in false[:20]:
        print(" ", x)
