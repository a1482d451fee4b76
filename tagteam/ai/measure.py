"""Opponents for measurement only (``tagteam arena``), never offered by the app: habit players and a
best-response player that knows a bot's policy.

Habit players are Normal with one human habit forced on its Build: always insert at the top, always at
the bottom, always keep an Attack when one is drawn, or repeat last round's insert position.

The best response (``br:LEVEL``) is told which level it faces and may query fresh copies of that level as
often as it likes, but it sees only its own PlayerView. What it may see, and why:

- its own view, like every bot: the hidden cards (the target's drawn cards, both Build decks) are sampled
  from what is still possible, exactly as the bots sample them;
- in each sample it builds the target's view of that sampled state and asks a fresh copy of the target
  (a fresh seed each time) what it would play: that is the target's policy for that hand, learned by
  querying, never the target's actual hand or its actual random draw;
- it then plays the option with the best expected value against that mix, each pairing played through
  the coming Fight and one more round with random Builds (as Hard scores its pairings).

Bots whose choice is a softmax (Normal, Hard) hand over the distribution their call would draw from
instead of one draw, which is the same policy with less noise. A target that learns during the game
(Expert) is queried as a fresh copy, without its memory of this game.
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from tagteam.ai import NAMES, make_bot
from tagteam.ai.base import Bot
from tagteam.ai.determinize import Hidden, sample
from tagteam.ai.expert import HYPOTHESES, ExpertBot
from tagteam.ai.hard import Budget, FittedHardBot, HardBot
from tagteam.ai.lookahead import opp_builds, outcome
from tagteam.ai.mirror import Mirror, MirrorHardBot
from tagteam.ai.normal import NormalBot
from tagteam.ai.options import Option, all_options, to_choice
from tagteam.ai.simulate import settle
from tagteam.ai.traits import traits
from tagteam.engine.actions import Action, BuildChoice
from tagteam.engine.view import PlayerView, view_for

HABITS = ("top", "bottom", "attack", "repeat")


class HabitBot(NormalBot):
    """Normal's judgement, restricted by one habit a human might have."""

    def __init__(self, habit: str, seed: int) -> None:
        super().__init__(seed)
        self.habit = habit
        self.level = f"habit-{habit}"
        self.last_p: int | None = None

    def allowed(self, view: PlayerView, opt: Option) -> bool:
        k, p = opt
        n = len(view.my_fight_deck)
        tab = view.table
        assert tab is not None
        if self.habit == "top":
            return p == 0
        if self.habit == "bottom":
            return p == n
        if self.habit == "attack":
            return traits(tab.cards[view.drawn[k]].cdef, view.drawn[k] in view.flipped).attacks
        return self.last_p is None or p == min(self.last_p, n)

    def build(self, view: PlayerView) -> Action:
        tab = view.table
        assert tab is not None
        opts, weights = self.distribution(view)
        ok = [w if self.allowed(view, o) else 0.0 for o, w in zip(opts, weights, strict=True)]
        if sum(ok) <= 0.0:  # no Attack drawn: the habit has nothing to say
            ok = [w + 1e-12 for w in weights]
        pick = self.rng.choices(range(len(opts)), weights=ok)[0]
        self.last_p = opts[pick][1]
        return to_choice(tab, view.drawn, opts[pick])


@runtime_checkable
class Weighs(Protocol):
    """A bot that can give its whole choice distribution for a Build (Normal, Hard, the mirrors), not only a draw."""

    def distribution(self, view: PlayerView) -> tuple[list[Option], list[float]]: ...


def policy(level: str, view: PlayerView, rng: random.Random, queries: int) -> list[tuple[Option, float]]:
    """The target level's choice distribution for this view, from fresh copies with fresh seeds."""
    out: dict[Option, float] = {}
    for _ in range(queries):
        bot = make_bot(level, rng.getrandbits(32))
        if isinstance(bot, Weighs):
            opts, weights = bot.distribution(view)
            total = sum(weights)
            for o, w in zip(opts, weights, strict=True):
                if w > 0.0:
                    out[o] = out.get(o, 0.0) + w / total / queries
            continue
        a = bot.decide(view)
        assert isinstance(a, BuildChoice)
        o = (a.card, a.position)
        out[o] = out.get(o, 0.0) + 1.0 / queries
    return sorted(out.items())


class BestResponseBot(NormalBot):
    """Plays the best reply to a known level's policy (measurement only: it is slow and exploitative)."""

    samples = 8  # sampled hidden states (each with the target's hand), one policy query each
    queries = 1  # policy queries per sample for levels with a distribution; Easy is asked more often

    def __init__(self, target: str, seed: int) -> None:
        super().__init__(seed)
        self.target = target
        self.level = f"br:{target}"
        if target in ("hard", "expert"):
            self.samples = 4  # each query is a whole Hard analysis

    def build(self, view: PlayerView) -> Action:
        tab = view.table
        assert tab is not None
        me = view.seat
        h = Hidden(view)
        mine = all_options(len(view.my_fight_deck))
        totals = [0.0] * len(mine)
        queries = self.queries if self.target in ("normal", "hard", "expert") else 3
        for _ in range(self.samples):
            st = sample(h, self.rng)
            settle(st)
            theirs: list[tuple[Option | None, float]] = [(None, 1.0)]
            if opp_builds(st, me) and st.pending[1 - me] == "build":
                theirs = list(policy(self.target, view_for(st, 1 - me), self.rng, queries))
            then = self.rng.getrandbits(32) | 1
            for i, m in enumerate(mine):
                totals[i] += sum(p * outcome(st, me, m, o, then) for o, p in theirs)
        best = max(range(len(mine)), key=lambda i: totals[i])
        return to_choice(tab, view.drawn, mine[best])


Maker = Callable[[int], Bot]


def _makers() -> dict[str, Maker]:
    out: dict[str, Maker] = {}
    for n in (*NAMES, "expert"):
        out[n] = lambda seed, n=n: make_bot(n, seed)  # type: ignore[misc]
    out["hard-fitted"] = FittedHardBot  # a candidate next Hard (tagteam.ai.hard.FITTED)
    out["hard-mirror"] = MirrorHardBot  # a candidate next Hard (tagteam.ai.mirror)
    for habit in HABITS:
        out[f"habit-{habit}"] = lambda seed, habit=habit: HabitBot(habit, seed)  # type: ignore[misc]
    for habit in HYPOTHESES[1:]:  # Expert told the habit it faces: what knowing it is worth at best
        out[f"told:{habit}"] = lambda seed, habit=habit: ExpertBot(seed, told=habit)  # type: ignore[misc]
    for n in ("easy", "normal", "hard", "expert"):
        out[f"br:{n}"] = lambda seed, n=n: BestResponseBot(n, seed)  # type: ignore[misc]
    return out


def arena_names() -> list[str]:
    """Every name ``tagteam arena --bots`` accepts: the app's levels plus the measurement opponents."""
    return list(dict.fromkeys(_makers()))


def is_arena_bot(name: str) -> bool:
    """True when ``arena_bot`` makes a bot of this name (a named one, or a well-formed Hard variant)."""
    try:
        arena_bot(name, 0)
    except ValueError:
        return False
    return True


def arena_bot(name: str, seed: int) -> Bot:
    """A bot for the arena by name (levels, ``expert``, ``habit-*``, ``told:HABIT``, ``br:LEVEL`` and
    ``br:LEVEL+samples=N`` (1-99 sampled states), and Hard
    with its budget changed, ``hard+FIELD=VALUE+...``, for trying a candidate without a new class)."""
    if name.startswith("hard+"):
        return _hard_variant(name, seed)
    if name.startswith("hard-mirror+"):
        return _mirror_variant(name, seed)
    fewer = re.fullmatch(r"br:(easy|normal|hard|expert)\+samples=([1-9][0-9]?)", name)
    if fewer is not None:  # the best response on fewer (or more) sampled states: its CPU traded for precision
        br = BestResponseBot(fewer[1], seed)
        br.samples = int(fewer[2])
        return br
    try:
        return _makers()[name](seed)
    except KeyError:
        raise ValueError(f"unknown arena bot {name!r}") from None


class VariantError(ValueError):
    """A malformed ``hard+FIELD=VALUE`` name, as data for the words layer (``tagteam.words.tools``): which
    field (``fields`` lists the ones there are), the value typed, and why: ``field`` (no such field, or no
    value), ``value`` (not a value this field takes) or ``level2`` (level2 without a temperature)."""

    def __init__(self, name: str, field: str, raw: str, why: str, fields: Sequence[str]) -> None:
        super().__init__(f"unknown arena bot {name!r}: {field}={raw!r} ({why})")
        self.name, self.field, self.raw, self.why, self.fields = name, field, raw, why, tuple(fields)


def variant_problem(name: str) -> VariantError | None:
    """Why ``arena_bot`` refuses a Hard or mirror variant's name, or None (a good one, or not a variant)."""
    try:
        arena_bot(name, 0)
    except VariantError as e:
        return e
    except ValueError:
        return None
    return None


def _changes(name: str, fields: dict[str, str]) -> dict[str, float | int | bool]:
    """The ``+FIELD=VALUE`` parts of a variant's name, checked against the fields' types (whole numbers of at
    least 1 for the counts, 0 or 1 for a switch, a finite number of at least 0 otherwise)."""
    changes: dict[str, float | int | bool] = {}
    for part in name.split("+")[1:]:
        key, _, raw = part.partition("=")
        if key not in fields or not raw:
            raise VariantError(name, key, raw, "field", sorted(fields))
        kind = fields[key]
        bad = VariantError(name, key, raw, "value", sorted(fields))
        if "bool" in kind:
            if raw not in ("0", "1"):
                raise bad
            changes[key] = raw == "1"
            continue
        try:
            number = int(raw) if kind == "int" else float(raw)
        except ValueError:
            raise bad from None
        if not math.isfinite(number) or number < (1 if kind == "int" else 0):
            raise bad
        changes[key] = number
    return changes


def _hard_variant(name: str, seed: int) -> Bot:
    """``hard+level2=0.5+temperature=0.01``: Hard's search with those Budget fields replaced."""
    changes = _changes(name, {f.name: str(f.type) for f in dataclasses.fields(Budget)})
    budget = dataclasses.replace(Budget(), **changes)  # type: ignore[arg-type]
    if budget.level2 > 0.0 and budget.temperature <= 0.0:
        raise VariantError(name, "level2", str(budget.level2), "level2", [f.name for f in dataclasses.fields(Budget)])

    class Variant(HardBot):
        level = name

    bot = Variant(seed)
    bot.budget = budget
    return bot


def _mirror_variant(name: str, seed: int) -> Bot:
    """``hard-mirror+samples=7+inner_samples=4``: the mirror with those Mirror fields replaced, and those of
    the small Hard it asks when prefixed ``inner_``."""
    fields = {f.name: str(f.type) for f in dataclasses.fields(Mirror) if f.name != "inner"}
    fields |= {f"inner_{f.name}": str(f.type) for f in dataclasses.fields(Budget)}
    changes = _changes(name, fields)
    inner = {k.removeprefix("inner_"): v for k, v in changes.items() if k.startswith("inner_")}
    outer = {k: v for k, v in changes.items() if not k.startswith("inner_")}
    base = Mirror()
    mirror = dataclasses.replace(base, inner=dataclasses.replace(base.inner, **inner), **outer)  # type: ignore[arg-type]

    class Variant(MirrorHardBot):
        level = name

    bot = Variant(seed)
    bot.mirror = mirror
    return bot


__all__ = ["HABITS", "BestResponseBot", "HabitBot", "arena_bot", "arena_names", "is_arena_bot"]
