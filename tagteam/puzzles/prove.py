"""The proof: every Build of the player against every reply the puzzle allows, each Fight played out by the
engine, and the goal that exactly one answer reaches.

- The player's options are every card kept x place x order under (3 x (n+1) x 2). Options that make the
  same Fight deck (card ids, turned-over cards by place) are one answer: the order under never reaches the
  Fight, and two copies of a card are the same card.
- The opponent's replies: none for a known line-up (they have built); for "whatever they do", every card of
  theirs the player has not seen (any of them may be among their three drawn) at every place, again one
  reply per distinct deck. Their two unkept cards never reach the Fight.
- Inside the Fight, a Fey Folk Character that falls is replaced: the opponent's by every choice (each is a
  branch the answer must beat), the player's by the sturdiest left (the bots' default), as the puzzle says.
  One that falls on the Fight's last Turn is replaced too before the Fight is scored, by the sturdiest left
  on both sides (``tagteam.engine.standing``: for the opponent that is the worst case, the most HP), so it
  counts as the same fall mid-Fight does, not as 0 HP.
- Randomness: a Fight draws on the RNG only to unleash a Scheme, whose face-down tokens the player cannot
  see either; a position where any line unleashes one is refused (``Uncertain``), so every Fight here is
  exact and no seed is involved.

An outcome is scored for the player: WIN (the game won in this Fight), LOSS (lost or drawn), otherwise the
team's HP minus the opponent's after the Fight (``standing.margin``). An answer's value is its worst outcome
over every reply and branch.
"""

from __future__ import annotations

from dataclasses import dataclass

from tagteam.engine.actions import BuildChoice, ChooseCharacter
from tagteam.engine.fighters.fey_folk import CHOOSE, choices
from tagteam.engine.game import advance_inplace, apply_action_inplace
from tagteam.engine.standing import default_character, margin, step_in
from tagteam.engine.state import FIGHT, OVER, GameState
from tagteam.puzzles.board import Built, card_name
from tagteam.puzzles.model import Choice, Goal, Proof, Setting

WIN = 1000
LOSS = -1000
CLAMP = 100  # how the runner-up's value is written: a win 100, a loss -100


class Uncertain(Exception):
    """A line of the proof unleashed a Scheme: its outcome depends on face-down tokens and the RNG."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One distinct Fight deck of the player's and every option that makes it."""

    key: tuple[str, ...]
    options: tuple[BuildChoice, ...]


@dataclass(frozen=True, slots=True)
class Solved:
    """A proven puzzle: its goal, the one answer that reaches it, and the counts of the proof."""

    goal: Goal
    answer: Answer
    proof: Proof
    values: dict[tuple[str, ...], int]


def _deck_key(st: GameState, seat: int) -> tuple[str, ...]:
    tab = st.tab()
    return tuple(card_name(tab, i).rstrip("*") + ("^" if i in st.flipped else "") for i in st.fight[seat])


def answers(built: Built) -> list[Answer]:
    """The player's options grouped by the Fight deck they make, in the order first met."""
    st = built.state
    me = built.me
    groups: dict[tuple[str, ...], list[BuildChoice]] = {}
    n = len(st.fight[me])
    for card in range(3):
        rest = [i for i in range(3) if i != card]
        for pos in range(n + 1):
            for bottom in ((rest[0], rest[1]), (rest[1], rest[0])):
                c = st.clone()
                c.fight[me].insert(pos, c.drawn[me][card])
                groups.setdefault(_deck_key(c, me), []).append(BuildChoice(card, pos, bottom))
    return [Answer(k, tuple(v)) for k, v in groups.items()]


def replies(built: Built) -> list[tuple[int, int]]:
    """The opponent's distinct replies as (card still unseen, place); [] for a known line-up."""
    if built.setting.their_new is not None:
        return []
    st = built.state
    opp = built.opp
    seen: set[tuple[str, ...]] = set()
    out = []
    for card in built.pool:
        for q in range(len(st.fight[opp]) + 1):
            c = st.clone()
            c.fight[opp].insert(q, card)
            key = _deck_key(c, opp)
            if key not in seen:
                seen.add(key)
                out.append((card, q))
    return out


def leaves(st: GameState, me: int) -> list[GameState]:
    """Play the Fight out; the opponent's Fey Folk choices branch, the player's take the default; a choice
    owed after the last Turn is made (``standing.step_in``), so each end state shows what is scored."""
    out: list[GameState] = []
    stack = [st]
    while stack:
        c = stack.pop()
        while c.phase == FIGHT:
            p = c.pending
            if p[0] is None and p[1] is None:
                gone = len(c.schemes_gone)
                advance_inplace(c)
                if len(c.schemes_gone) != gone:
                    raise Uncertain
                continue
            if p[me] == CHOOSE:
                apply_action_inplace(c, me, default_character(c, me))
                continue
            opp = 1 - me
            f = 2 * opp if c.tab().rules[2 * opp] == "fey_folk" else 2 * opp + 1
            opts = choices(c, f)
            for k in opts[1:]:
                b = c.clone()
                apply_action_inplace(b, opp, ChooseCharacter(k))
                stack.append(b)
            apply_action_inplace(c, opp, ChooseCharacter(opts[0]))
        step_in(c)
        out.append(c)
    return out


def score(st: GameState, me: int) -> int:
    """WIN, LOSS, or the HP margin with an owed Fey Folk Character counted in."""
    if st.phase == OVER:
        return WIN if st.winner == me else LOSS
    return margin(st, me)


def meets(goal: Goal, value: int) -> bool:
    if goal.kind == "win":
        return value >= WIN
    if goal.kind == "survive":
        return value > LOSS
    return value > LOSS and value >= (goal.margin or 0)


def evaluate(built: Built) -> tuple[list[Answer], dict[tuple[str, ...], int], int, int, int]:
    """Every answer's worst outcome; also the reply count, the Fey Folk branches met and the Fights played."""
    me = built.me
    opts = answers(built)
    reps = replies(built)
    values: dict[tuple[str, ...], int] = {}
    fights = branches = 0
    for a in opts:
        worst = WIN
        mine = a.options[0]
        for start, theirs in _starts(built, reps):
            c = start.clone()
            apply_action_inplace(c, me, mine)
            if theirs is not None:
                apply_action_inplace(c, built.opp, theirs)
            ends = leaves(c, me)
            fights += len(ends)
            branches += len(ends) - 1
            worst = min(worst, *(score(e, me) for e in ends))
        values[a.key] = worst
    return opts, values, max(1, len(reps)), branches, fights


def _starts(built: Built, reps: list[tuple[int, int]]) -> list[tuple[GameState, BuildChoice | None]]:
    if not reps:
        return [(built.state, None)]
    return [(built.with_reply(card), BuildChoice(0, q, (1, 2))) for card, q in reps]


def pick_goal(values: dict[tuple[str, ...], int]) -> Goal | None:
    """The strongest goal exactly one answer reaches: a win, else survival, else the best HP margin (>= 1)."""
    vals = list(values.values())
    wins = sum(v >= WIN for v in vals)
    if wins == 1:
        return Goal(kind="win")
    if wins:
        return None
    alive = sum(v > LOSS for v in vals)
    if alive == 1:
        return Goal(kind="survive")
    if alive == 0:
        return None
    best = max(vals)
    if best < 1 or vals.count(best) != 1:
        return None
    return Goal(kind="ahead", margin=min(best, 99))


def solve(setting: Setting, goal: Goal | None = None) -> Solved | None:
    """Prove the setting: with ``goal`` None the goal is chosen (``pick_goal``); None when no goal has
    exactly one answer. Raises Uncertain (a Scheme unleashed) or SettingError (a bad setting)."""
    built = Built(setting)
    opts, values, reps, branches, fights = evaluate(built)
    goal = goal if goal is not None else pick_goal(values)
    if goal is None:
        return None
    hits = [a for a in opts if meets(goal, values[a.key])]
    if len(hits) != 1:
        return None
    others = [v for a in opts if a is not hits[0] for v in (values[a.key],)]
    runner = max(others) if others else LOSS
    proof = Proof(
        options=sum(len(a.options) for a in opts),
        answers=len(opts),
        replies=reps,
        branches=branches,
        fights=fights,
        solutions=len(hits[0].options),
        best_other=max(-CLAMP, min(CLAMP, runner)),
    )
    return Solved(goal, hits[0], proof, values)


def as_choice(b: BuildChoice) -> Choice:
    return Choice(card=b.card, position=b.position, bottom=(b.bottom[0], b.bottom[1]))
