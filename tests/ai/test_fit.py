"""The evaluation fit recovers known weights, and the leaf value stays in [-1, 1] with the right sign."""

from __future__ import annotations

import math
import random

from hypothesis import given
from hypothesis import strategies as hs

from tagteam.ai import evaluate
from tagteam.engine.standing import counted
from tagteam.engine.state import GameState
from tools.fit import fit


def test_fit_recovers_weights() -> None:
    rng = random.Random(1)
    true = [1.5, -0.7]
    rows = []
    for _ in range(4000):
        x = [rng.uniform(-2, 2), rng.uniform(-2, 2)]
        p = 1 / (1 + math.exp(-sum(a * b for a, b in zip(true, x, strict=True))))
        rows.append((x, 1.0 if rng.random() < p else 0.0))
    w = fit(rows, l2=1e-6)
    assert abs(w[0] - 1.5) < 0.2 and abs(w[1] + 0.7) < 0.2


def test_features_flip_with_the_seat(build_state: GameState) -> None:
    a, b = evaluate.features(build_state, 0), evaluate.features(build_state, 1)
    assert all(abs(x + y) < 1e-9 for x, y in zip(a, b, strict=True))
    assert abs(evaluate.value(build_state, 0) + evaluate.value(build_state, 1)) < 1e-9


def test_the_fitted_leaf_is_the_feature_sum_on_every_state_of_random_games() -> None:
    """The one-pass log-odds (``_fitted_z``) adds the same terms in the same order as ``features`` weighted by
    the fitted weights: the same floats, so the faster leaf changes no decision."""
    from tagteam.engine.randomplay import play_random

    states: list[GameState] = []
    for g, teams in enumerate(
        ((("joan", "ching_shih"), ("bodvar", "wong_fei_hung")), (("mordred", "golem"), ("shango", "fey_folk")))
    ):
        play_random(g, teams, random.Random(g), on_turn=lambda st: states.append(st.clone()))
    assert len(states) > 20
    for st in states:
        for seat in (0, 1):
            slow = sum(w * x for w, x in zip(evaluate._W, evaluate.features(st, seat), strict=True))
            assert evaluate._fitted_z(st, seat) == slow
            if st.phase != "over":  # a finished game is worth 1, 0 or -1, whatever the model says
                # the leaf counts an owed Fey Folk Character in first (tagteam.engine.standing)
                end = counted(st)
                slow = sum(w * x for w, x in zip(evaluate._W, evaluate.features(end, seat), strict=True))
                assert evaluate.value(st, seat, fitted=True) == math.tanh(0.5 * slow)


def test_each_bot_chooses_its_leaf_whatever_the_default(build_state: GameState) -> None:
    """A bot's ``fitted`` wins over the module default, so the candidate and today's Hard can meet in one
    process (the arena plays both in each worker)."""
    assert evaluate.value(build_state, 0, fitted=False) == math.tanh(
        evaluate.SCALE * (evaluate.team_hits(build_state, 0) - evaluate.team_hits(build_state, 1))
    )
    if build_state.phase != "over":
        assert evaluate.value(build_state, 0, fitted=True) != evaluate.value(build_state, 0, fitted=False)


def test_the_card_leaf_flips_with_the_seat_and_counts_each_deck(build_state: GameState) -> None:
    """The card leaf is the same model for either seat, and its deck term is the named weights of the cards
    in each Fight deck (looked up per table, so two games in one process never share a list)."""
    from tagteam.ai import eval_cards

    st = build_state
    defs = st.tab().cards
    mine = sum(eval_cards.CARDS[defs[c].cdef.id] for c in st.fight[0])
    theirs = sum(eval_cards.CARDS[defs[c].cdef.id] for c in st.fight[1])
    assert math.isclose(evaluate.card_lead(st, 0), mine - theirs)
    assert math.isclose(evaluate.card_lead(st, 1), theirs - mine)
    a, b = evaluate.value(st, 0, cards=True), evaluate.value(st, 1, cards=True)
    assert math.isclose(a, -b, abs_tol=1e-12)
    assert a != evaluate.value(st, 0, fitted=True)


def test_every_card_has_a_card_leaf_weight() -> None:
    """The card leaf is fitted over every card of the library: a card added later without a refit would
    count for nothing, silently."""
    from tagteam.ai import eval_cards
    from tagteam.engine.table import library

    ids = {c.id for f in library().values() for c in f.cards}
    assert ids == set(eval_cards.CARDS)


def test_the_card_fit_writes_one_weight_per_card() -> None:
    """``python -m tools.fit GAMES SEED --cards`` prints a module with the five features and every card."""
    from tools.fit import main

    text = main(12, 5, with_cards=True)
    space: dict[str, object] = {}
    exec(compile(text, "eval_cards", "exec"), space)
    cards, weights = space["CARDS"], space["WEIGHTS"]
    assert isinstance(cards, dict) and isinstance(weights, dict)
    assert len(cards) == 74 and set(weights) == set(evaluate.FEATURES)
    assert "five features alone" in text


def test_the_card_leaf_looks_up_each_games_own_cards() -> None:
    """Two games with different teams in one process: each deck term is its own table's weights (the lookup
    is cached per table, so a stale list would score one game's cards by the other's)."""
    from tagteam.ai import eval_cards
    from tagteam.engine.driver import play_out
    from tagteam.engine.game import legal_actions, new_game
    from tagteam.engine.state import BUILD

    rng = random.Random(3)
    for teams in ((("joan", "ching_shih"), ("bodvar", "golem")), (("milady", "shango"), ("mordred", "wild_bunch"))):
        st = new_game(3, teams=teams)
        play_out(st, lambda state, s: rng.choice(legal_actions(state, s)), until=lambda state: state.phase == BUILD)
        defs = st.tab().cards
        want = sum(eval_cards.CARDS[defs[c].cdef.id] for c in st.fight[0]) - sum(
            eval_cards.CARDS[defs[c].cdef.id] for c in st.fight[1]
        )
        assert st.fight[0] and math.isclose(evaluate.card_lead(st, 0), want)


def test_the_fit_plays_its_games_with_the_bot_named() -> None:
    """``--bot normal`` fits on Normal's games: the header says so, and the positions differ from Easy's."""
    from tools.fit import main, parse, positions

    assert parse(["6", "3", "--bot", "normal"]) == (6, 3, False, "normal")
    assert parse([]) == (600, 0, False, "easy") and parse(["--cards", "9"]) == (9, 0, True, "easy")
    assert "fit 2 3 --bot normal``" in main(2, 3, bot="normal")  # 2 games: Normal thinks a while over each
    easy, normal = positions(2, 3), positions(2, 3, bot="normal")
    assert [r for g in easy for r in g] != [r for g in normal for r in g]


@given(argv=hs.lists(hs.sampled_from(["--bot", "--cards", "normal", "nobody", "-1", "0", "1", "12", "x", "", "٣"]),
                     max_size=5))
def test_any_command_line_is_parsed_or_refused_in_one_line(argv: list[str]) -> None:
    """Whatever the arguments, the parse gives numbers the fit can run with, or one ``UsageError`` line that
    names what was wrong (never an IndexError or int() traceback)."""
    from tagteam.ai import NAMES
    from tools.fit import UsageError, parse

    try:
        games, seed, _cards, bot = parse(argv)
    except UsageError as e:
        assert "\n" not in str(e) and any(w in str(e) for w in ("--bot", "GAMES", "SEED", "unexpected"))
        return
    assert games >= 2 and seed >= 0 and bot in NAMES


def test_a_bad_command_line_is_one_line_and_status_2() -> None:
    import subprocess
    import sys
    from pathlib import Path

    from tagteam.ai.levels import IDS

    root = Path(__file__).resolve().parents[2]  # tools/ is run from the repository's root, as its docstring says
    r = subprocess.run([sys.executable, "-m", "tools.fit", "5", "--bot"], capture_output=True, text=True,
                       timeout=60, cwd=root)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [
        "python -m tools.fit [GAMES [SEED]] [--cards] [--bot LEVEL]: error: --bot takes one of "
        f"{', '.join(IDS)}, not nothing"  # every level of the table, weakest first
    ]
