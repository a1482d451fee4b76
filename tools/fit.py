"""Fit the leaf evaluation to game outcomes: logistic regression on position features from self-play.

Run ``python -m tools.fit GAMES SEED > tagteam/ai/eval_weights.py``. Easy plays Easy (cheap, and the
positions look like the ones the search meets at its leaves: the start of a Build step); every Build step
of every game is one row, labelled with the final score from seat 0 (win 1, draw 1/2, loss 0). The fitted
model is P(win) = sigmoid(w . x), so the evaluation is 2 P - 1 = tanh(w . x / 2). The last tenth of the
games is held out, and the log-loss of the old hand-set evaluation and of the fit are printed as comments.

``python -m tools.fit GAMES SEED --cards > tagteam/ai/eval_cards.py`` fits the card leaf: the same five
features plus one per card, +1 in the seat's Fight deck and -1 in the opponent's, so a card kept now is worth
what it adds to every later Fight, past the rounds a playout sees. The model is the same for either seat.

``--bot LEVEL`` has that level play both seats instead of Easy: ``python -m tools.fit 5000 0 --bot normal
> tagteam/ai/eval_normal.py`` is the leaf of the arena's ``hard+normal_leaf=1`` (positions of better play,
where a lead converts as a stronger player converts it).
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Sequence

from tagteam.ai import NAMES, make_bot
from tagteam.ai.base import Bot
from tagteam.ai.evaluate import FEATURES, features
from tagteam.engine.actions import Action
from tagteam.engine.driver import Chooser, play_out
from tagteam.engine.game import new_game
from tagteam.engine.state import BUILD, GameState
from tagteam.engine.table import library
from tagteam.engine.view import view_for

Row = tuple[list[float], float]
CARD_L2 = 5.0  # the card weights' ridge: 74 of them, each seen in a few thousand positions


def positions(games: int, seed: int, cards: Sequence[str] = (), bot: str = "easy") -> list[list[Row]]:
    """Per game, the features of every Build step (seat 0's side) and the game's final score for seat 0;
    with ``cards``, one more feature per card id (its count in seat 0's Fight deck less its count in seat 1's).
    ``bot`` plays both seats: the leaf predicts how games go on when played that well."""
    ids = sorted(library())
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        f = rng.sample(ids, 4)
        st = new_game(rng.getrandbits(32), teams=((f[0], f[1]), (f[2], f[3])))
        bots = (make_bot(bot, rng.getrandbits(32)), make_bot(bot, rng.getrandbits(32)))
        xs: list[list[float]] = []

        play_out(st, _recorder(bots, xs, cards))
        y = 1.0 if st.winner == 0 else 0.5 if st.winner == -1 else 0.0
        out.append([(x, y) for x in xs])
    return out


def _recorder(bots: tuple[Bot, Bot], xs: list[list[float]], cards: Sequence[str] = ()) -> Chooser:
    """A chooser that writes down seat 0's features once per Build step, then lets the bot decide."""
    rounds: set[int] = set()
    index = {c: i for i, c in enumerate(cards)}

    def choose(state: GameState, s: int) -> Action:
        if state.phase == BUILD and state.round not in rounds:
            rounds.add(state.round)
            x = features(state, 0) + [0.0] * len(cards)
            if cards:
                defs = state.tab().cards
                for seat, sign in ((0, 1.0), (1, -1.0)):
                    for c in state.fight[seat]:
                        x[len(FEATURES) + index[defs[c].cdef.id]] += sign
            xs.append(x)
        return bots[s].decide(view_for(state, s))

    return choose


def _sig(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(rows: list[Row], l2: float = 1e-3, iters: int = 60) -> list[float]:
    """Newton's method on the L2-regularized log-loss. Rows are mostly zeros once the cards are features
    (a dozen of 125), so each row adds only its non-zero terms: linear solves of 125 unknowns stay quick."""
    d = len(rows[0][0])
    w = [0.0] * d
    sparse = [([(i, v) for i, v in enumerate(x) if v != 0.0], y) for x, y in rows]
    for _ in range(iters):
        g = [l2 * wi for wi in w]
        hmat = [[l2 if i == j else 0.0 for j in range(d)] for i in range(d)]
        for nz, y in sparse:
            p = _sig(sum(w[i] * v for i, v in nz))
            r, s = p - y, p * (1 - p)
            for i, vi in nz:
                g[i] += r * vi
                row = hmat[i]
                for j, vj in nz:
                    row[j] += s * vi * vj
        step = solve(hmat, g)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(v) for v in step) < 1e-9:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (also the coach calibration's Newton steps)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0.0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] != 0.0 else 0.0 for i in range(n)]


def logloss(rows: list[Row], prob: list[float]) -> float:
    eps = 1e-9
    pairs = zip(rows, prob, strict=True)
    return -sum(y * math.log(max(eps, p)) + (1 - y) * math.log(max(eps, 1 - p)) for (_, y), p in pairs) / len(rows)


def main(games: int, seed: int, with_cards: bool = False, bot: str = "easy") -> str:
    cards = sorted(c.id for f in library().values() for c in f.cards) if with_cards else []
    per_game = positions(games, seed, cards, bot)
    cut = games - max(1, games // 10)
    train = [r for g in per_game[:cut] for r in g]
    test = [r for g in per_game[cut:] for r in g]
    w = fit(train, l2=CARD_L2 if cards else 1e-3)
    old = [(1 + math.tanh(0.8 * x[0])) / 2 for x, _ in test]  # the hand-set evaluation: tanh(0.8 * hits lead)
    new = [_sig(sum(a * b for a, b in zip(w, x, strict=True))) for x, _ in test]
    flag = (" --cards" if cards else "") + (f" --bot {bot}" if bot != "easy" else "")
    lines = [
        f'"""Generated by ``python -m tools.fit {games} {seed}{flag}``: leaf-evaluation weights fitted to '
        'outcomes."""',
        "",
        f"# {len(train)} training positions, {len(test)} held out;",
        f"# held-out log-loss: hand-set {logloss(test, old):.4f},",
    ]
    if cards:  # the five features alone on the same positions, for comparison
        k = len(FEATURES)
        base = fit([(x[:k], y) for x, y in train])
        alone = [_sig(sum(a * b for a, b in zip(base, x[:k], strict=True))) for x, _ in test]
        lines.append(f"# five features alone {logloss(test, alone):.4f},")
    lines += [
        f"# fitted {logloss(test, new):.4f}, always-1/2 {math.log(2):.4f}",
        "WEIGHTS: dict[str, float] = {",
        *[f'    "{n}": {v:.4f},' for n, v in zip(FEATURES, w[: len(FEATURES)], strict=True)],
        "}",
    ]
    if cards:
        lines += [
            "CARDS: dict[str, float] = {",
            *[f'    "{c}": {v:.4f},' for c, v in zip(cards, w[len(FEATURES) :], strict=True)],
            "}",
        ]
    lines.append("")
    return "\n".join(lines)


class UsageError(ValueError):
    """A command line the fit cannot run: the message names the argument and what it takes."""


USAGE = "python -m tools.fit [GAMES [SEED]] [--cards] [--bot LEVEL]"


def parse(argv: Sequence[str]) -> tuple[int, int, bool, str]:
    """``GAMES SEED [--cards] [--bot LEVEL]`` as (games, seed, with cards, who plays); 600 games, seed 0 and
    Easy by default. Anything else raises ``UsageError`` naming the argument."""
    args = list(argv)
    bot = "easy"
    if "--bot" in args:
        i = args.index("--bot")
        if i + 1 >= len(args) or args[i + 1] not in NAMES:
            got = repr(args[i + 1]) if i + 1 < len(args) else "nothing"
            raise UsageError(f"--bot takes one of {', '.join(NAMES)}, not {got}")
        bot = args[i + 1]
        del args[i : i + 2]
    cards = "--cards" in args
    nums = [a for a in args if a != "--cards"]
    if len(nums) > 2:
        raise UsageError(f"unexpected argument {nums[2]!r}")
    out = []
    for name, text, low in zip(("GAMES", "SEED"), nums, (2, 0), strict=False):
        if not (text.isascii() and text.isdigit()) or int(text) < low:
            raise UsageError(f"{name} takes a whole number of at least {low}, not {text!r}")
        out.append(int(text))
    games, seed = (out + [600, 0][len(out) :])[:2]
    return games, seed, cards, bot


def _cli(argv: Sequence[str]) -> int:
    """Print the fitted module, or one line naming the bad argument and exit status 2."""
    try:
        games, seed, cards, bot = parse(argv)
    except UsageError as e:
        print(f"{USAGE}: error: {e}", file=sys.stderr)
        return 2
    print(main(games, seed, cards, bot), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(_cli(sys.argv[1:]))
