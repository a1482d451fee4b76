"""Candidate positions from real play: bot-against-bot games, every Build step of both seats, as "whatever
they do" (the opponent has not built) and as a known line-up (their bot's Build applied and shown).

A game is a deal: its seed fixes the teams (two random pairs of the 12 Fighters), the bot levels and the
bots' seeds, so any candidate can be replayed from its provenance alone.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tagteam.ai import make_bot
from tagteam.engine.actions import Action, BuildChoice
from tagteam.engine.driver import play_out
from tagteam.engine.game import BUILD_DECISION, new_game
from tagteam.engine.state import BUILD, GameState
from tagteam.engine.table import library
from tagteam.engine.view import view_for
from tagteam.puzzles.board import card_name, read_setting
from tagteam.puzzles.model import Provenance, Setting

PLAY_LEVELS = ("easy", "normal")  # the games' bots (Hard thinks ~1 s a Build: it only rates the puzzles)


@dataclass(frozen=True, slots=True)
class Candidate:
    kind: str  # "known" or "any"
    setting: Setting
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Deal:
    seed: int
    teams: tuple[tuple[str, str], tuple[str, str]]
    bots: tuple[str, str]
    bot_seeds: tuple[int, int]


def deal(seed: int) -> Deal:
    """The game of ``seed``: teams, bot levels and bot seeds, all from the seed alone."""
    r = random.Random(seed * 7919 + 17)
    ids = sorted(library())
    four = r.sample(ids, 4)
    bots = (r.choice(PLAY_LEVELS), r.choice(PLAY_LEVELS))
    return Deal(seed, ((four[0], four[1]), (four[2], four[3])), bots, (r.getrandbits(32), r.getrandbits(32)))


def candidates(seed: int) -> list[Candidate]:
    """Play the deal's game out; every Build step gives up to four candidates (two seats x two kinds)."""
    d = deal(seed)
    st = new_game(seed, teams=d.teams)
    bots = (make_bot(d.bots[0], d.bot_seeds[0]), make_bot(d.bots[1], d.bot_seeds[1]))
    out: list[Candidate] = []
    first: list[Action] = []

    def choose(state: GameState, seat: int) -> Action:
        a = bots[seat].decide(view_for(state, seat))
        both = state.phase == BUILD and state.pending == [BUILD_DECISION, BUILD_DECISION]
        if both and seat == 0:
            first[:] = [a]
        elif both and seat == 1 and first:
            prov = Provenance(seed=seed, round=state.round, bots=d.bots, bot_seeds=d.bot_seeds)
            acts = (first[0], a)
            for s in (0, 1):
                setting = read_setting(state, s)
                if setting is None:
                    continue
                out.append(Candidate("any", setting, prov))
                theirs = acts[1 - s]
                if isinstance(theirs, BuildChoice):
                    out.append(Candidate("known", known(state, setting, 1 - s, theirs), prov))
        return a

    play_out(st, choose)
    return out


def known(st: GameState, setting: Setting, opp: int, theirs: BuildChoice) -> Setting:
    """The same position with the opponent's Build done and their deck shown."""
    tab = st.tab()
    deck = list(st.fight[opp])
    deck.insert(theirs.position, st.drawn[opp][theirs.card])
    names = [card_name(tab, i) for i in deck]
    flips = [
        f.model_copy(update={"index": f.index + (1 if f.index >= theirs.position else 0)}) if f.side == "theirs" else f
        for f in setting.flipped
    ]
    return setting.model_copy(update={"theirs": names, "their_new": theirs.position, "flipped": flips})
