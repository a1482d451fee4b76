"""The game log speaks player words only: names, never ids or Python reprs; every event has its own line.

Many seeded random games (every draft mode, every Fighter) are described event by event, the way the app
describes them (the table as it is after each step, so draft reveals have none yet).
"""

from __future__ import annotations

import dataclasses
import inspect
import random
import re
import typing

import pytest

from tagteam.engine import events as ev
from tagteam.engine.game import advance_inplace, needs_advance
from tagteam.engine.position import build, parse
from tagteam.engine.randomplay import play_random, random_action
from tagteam.engine.session import Session
from tagteam.engine.table import build_table, library
from tagteam.words import log as wl

LIB = library()
FIGHTER_IDS = sorted(LIB)
CARD_IDS = sorted({cd.id for fd in LIB.values() for cd in fd.cards})
SCHEME_IDS = sorted({sd.id for fd in LIB.values() for sd in fd.schemes})
FIRST_GAME = (("joan", "ching_shih"), ("bodvar", "wong_fei_hung"))

ID_RE = re.compile(r"\b(" + "|".join(re.escape(i) for i in FIGHTER_IDS) + r")\b")
REPR_RE = re.compile(r"\b[A-Z][A-Za-z]+\(|\b(None|True|False)\b|[{}\[\]]|\w+=")
EVENT_CLASSES = [
    c for _n, c in inspect.getmembers(ev, inspect.isclass) if issubclass(c, ev.Event) and c is not ev.Event
]


def _bad(line: str) -> list[str]:
    """What in a log line is not a player's word."""
    out = [f"Fighter id {m.group(0)!r}" for m in ID_RE.finditer(line)]
    out += [f"card id {c!r}" for c in CARD_IDS if c in line]
    out += [f"repr-like {m.group(0)!r}" for m in REPR_RE.finditer(line)]
    return out


def _fallback(e: ev.Event) -> str:
    return e.kind.replace("_", " ").capitalize() + "."


def _random_teams(r: random.Random) -> tuple[tuple[str, str], tuple[str, str]]:
    four = r.sample(FIGHTER_IDS, 4)
    return ((four[0], four[1]), (four[2], four[3]))


def _game_lines(
    seed: int, draft: str, teams: tuple[tuple[str, str], tuple[str, str]] | None
) -> list[tuple[ev.Event, str]]:
    """Play a random game through a Session; describe each step's events with the table of that moment."""
    s = Session.new(seed, teams=teams, draft=draft, players=("Ann", "Bo"))
    r = random.Random(seed)
    out: list[tuple[ev.Event, str]] = [(e, wl.describe(e, s.state.table, ("Ann", "Bo"))) for e in s.log]
    while not s.over():
        if s.needs_advance():
            events = s.advance()
        else:
            seat = s.seats_owing()[0]
            events = s.act(seat, random_action(s.state, seat, r))
        out.extend((e, wl.describe(e, s.state.table, ("Ann", "Bo"))) for e in events)
    return out


GAMES = [(seed, "free", True) for seed in range(40)] + [
    (100 + seed, mode, False) for seed in range(10) for mode in ("standard", "competitive")
]


def _all_games() -> list[tuple[ev.Event, str]]:
    lines: list[tuple[ev.Event, str]] = []
    for seed, draft, fixed in GAMES:
        teams = _random_teams(random.Random(seed)) if fixed else None
        lines.extend(_game_lines(seed, draft, teams))
    return lines


@pytest.fixture(scope="module")
def described() -> list[tuple[ev.Event, str]]:
    return _all_games()


def test_no_ids_reprs_or_none_in_any_line(described: list[tuple[ev.Event, str]]) -> None:
    problems = [f"{e.kind}: {line!r}: {', '.join(_bad(line))}" for e, line in described if _bad(line)]
    assert not problems, "\n".join(problems[:20])


def test_every_event_seen_has_its_own_words(described: list[tuple[ev.Event, str]]) -> None:
    kinds = {e.kind for e, _line in described}
    assert {"turn_started", "round_started", "marker_moved", "game_over", "draft_revealed"} <= kinds
    generic = [line for e, line in described if line == _fallback(e)]
    assert not generic, generic[:5]


def test_the_checker_catches_ids_and_reprs() -> None:
    """The filter itself must be able to fail."""
    assert _bad("Draft pick 1 revealed: Player 1 takes joan, Player 2 takes fey_folk.")
    assert _bad("Alice decides: OrderStart(first='ching_shih').")
    assert _bad("Player 1 reveals joan.dieu_premier_servi: Joan is Active.")
    assert _bad("The Sheriff token moves from None to Joan.")
    assert not _bad("Joan Attacks The Fey Folk with 4 Power (Power 2 + 2 Aflame! = 4).")


def _sample(cls: type[ev.Event]) -> ev.Event:
    """An instance with plausible values, for events random games rarely produce."""
    values: dict[str, object] = {}
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        t = hints[f.name]
        if f.name == "teams":
            values[f.name] = FIRST_GAME
        elif f.name == "picks":
            values[f.name] = ("joan", "fey_folk")
        elif f.name == "card_id":
            values[f.name] = "joan.dieu_premier_servi"
        elif f.name == "fighters":
            values[f.name] = (1,)
        elif t is int:
            values[f.name] = 1
        elif t is bool:
            values[f.name] = False
        elif t is str:
            values[f.name] = {"reason": "ko", "token": "Concentration", "track": "", "face": "white"}.get(f.name, "x")
        else:
            raise AssertionError(f"no sample for {cls.__name__}.{f.name}: {t}")
    return cls(**values)


@pytest.mark.parametrize("cls", EVENT_CLASSES, ids=[c.__name__ for c in EVENT_CLASSES])
def test_every_event_class_has_words(cls: type[ev.Event]) -> None:
    e = _sample(cls)
    table = build_table(FIRST_GAME, LIB)
    for tab in (table, None):
        line = wl.describe(e, tab)
        assert line != _fallback(e), f"{cls.__name__} has no line of its own"
        assert not _bad(line), (line, _bad(line))


def test_draft_reveal_names_fighters_before_any_table() -> None:
    line = wl.describe(ev.DraftRevealed(0, ("joan", "fey_folk")), None, ("Ann", "Bo"))
    assert line == "Draft pick 1 revealed: Ann takes Joan, Bo takes The Fey Folk."


def test_turn_separators_count_each_round_from_one() -> None:
    s = Session.new(1, teams=FIRST_GAME)
    r = random.Random(1)
    while not s.over():
        if s.needs_advance():
            s.advance()
        else:
            seat = s.seats_owing()[0]
            s.act(seat, random_action(s.state, seat, r))
    round_no, turn_no = 0, 0
    for i, e in enumerate(s.log):
        if isinstance(e, ev.RoundStarted):
            round_no, turn_no = e.round, 0
            assert wl.describe(e).startswith(f"══ Round {e.round} ══")
        elif isinstance(e, ev.TurnStarted):
            turn_no += 1
            assert (e.round, e.turn) == (round_no, turn_no)
            assert wl.describe(e) == f"── Round {round_no} · Turn {turn_no} ──"
        elif isinstance(e, ev.CardRevealed):
            prev = s.log[i - 1]
            assert isinstance(prev, ev.TurnStarted | ev.CardRevealed), "a Turn opens with its separator"
    assert turn_no > 0


def test_every_game_over_reason_has_words(described: list[tuple[ev.Event, str]]) -> None:
    for e, line in described:
        if isinstance(e, ev.GameOver):
            assert e.reason in wl.REASON_WORDS
            assert line.startswith(f"Game over ({wl.REASON_WORDS[e.reason]}): ")
    depleted = ev.GameOver(-1, "depleted")
    said = wl.describe(depleted)
    assert said == "Game over (Build deck out): Draw. A Build deck cannot give 3 cards: the game is a draw.", said


def _position(data: dict[str, object]) -> tuple[list[ev.Event], list[str]]:
    st = build(parse(data))
    log: list[ev.Event] = []
    while needs_advance(st):
        advance_inplace(st, log)
    return log, [wl.describe(e, st.table) for e in log]


def test_crippling_touch_with_no_opposing_card_gets_a_line() -> None:
    data: dict[str, object] = {
        "teams": [["wong_fei_hung", "mordred"], ["joan", "ching_shih"]],
        "fight": [["wong_fei_hung.crippling_touch"], ["joan.dieu_premier_servi*"]],
    }
    st = build(parse(data))
    st.fight[1].clear()  # the opposing Fight deck has run out (decks of different lengths)
    log: list[ev.Event] = []
    advance_inplace(st, log)
    lines = [wl.describe(e, st.table) for e in log]
    assert "Crippling Touch: Player 2 revealed no card, so there is nothing of theirs to remove." in lines
    assert "Player 1's Crippling Touch leaves the game, as its text says." in lines


def test_marker_lines_name_stops() -> None:
    """The Wild Bunch: every space is a Stop; landing on one says so, being halted says how far it went."""
    _log, lines = _position(
        {
            "teams": [["wild_bunch", "joan"], ["golem", "mordred"]],
            "fighters": {"golem": {"power": 3}},
            "fight": [["wild_bunch.we_aint_here_to_talk"], ["golem.fist_of_clay"]],
        }
    )
    assert any("the Health marker moves from" in ln and "a Stop halted it after 1 of 3" in ln for ln in lines), lines


def test_no_event_is_built_without_a_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path (log is None) must not pay for the log: building any event at all fails the test."""

    def boom(*_a: object, **_k: object) -> None:
        raise AssertionError("an event was built with no log requested")

    for cls in EVENT_CLASSES:
        monkeypatch.setattr(ev, cls.__name__, boom)
    r = random.Random(5)
    for seed in range(30):
        play_random(seed, _random_teams(random.Random(seed)), r)


def test_cancelled_card_is_named() -> None:
    _log, lines = _position(
        {
            "teams": [["maman_brijit", "joan"], ["mordred", "golem"]],
            "fight": [["maman_brijit.the_black_rooster"], ["mordred.dark_power*"]],
        }
    )
    assert "Player 2's Dark Power is cancelled and has no effect." in lines, lines
