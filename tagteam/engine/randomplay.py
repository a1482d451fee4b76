"""Random legal play, for the benchmark, the soak tests and the Random bot's cheapest path."""

from __future__ import annotations

import random
from collections.abc import Callable

from tagteam.engine.actions import Action, BuildChoice
from tagteam.engine.driver import Chooser, play_out
from tagteam.engine.game import BUILD_DECISION, Teams, legal_actions, new_game
from tagteam.engine.session import Session
from tagteam.engine.state import GameState


def random_action(st: GameState, seat: int, r: random.Random) -> Action:
    """A uniformly random legal action; Build choices are sampled without listing all of them."""
    if st.pending[seat] == BUILD_DECISION:
        c = r.randrange(3)
        rest = [i for i in range(3) if i != c]
        if r.random() < 0.5:
            rest.reverse()
        return BuildChoice(c, r.randrange(len(st.fight[seat]) + 1), (rest[0], rest[1]))
    return r.choice(legal_actions(st, seat))


def random_chooser(r: random.Random) -> Chooser:
    """A ``play_out`` chooser that decides at random with ``r``."""
    return lambda st, seat: random_action(st, seat, r)


def play_random(
    seed: int,
    teams: Teams,
    r: random.Random,
    on_turn: Callable[[GameState], None] | None = None,
) -> tuple[GameState, int]:
    """Play a whole game with random decisions; returns the final state and the number of Turns."""
    st = new_game(seed, teams=teams)
    turns = play_out(st, random_chooser(r), on_turn=on_turn)
    return st, turns


def finish_session(s: Session, r: random.Random) -> Session:
    """Play a Session on to its end, each owed decision drawn uniformly from that seat's own view: a
    recorded finished game for replays, saves and benchmarks (returns ``s``)."""
    while not s.over():
        if s.needs_advance():
            s.advance()
        else:
            for seat in s.seats_owing():
                s.act(seat, r.choice(s.view(seat).legal))
    return s
