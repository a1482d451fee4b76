"""The recap reads the event log: Blocks that fired, the biggest swings, what is in reach of a KO, and at
game over the key Turns and how the game was decided, in player words only."""

from __future__ import annotations

import re

from tagteam.engine import events as ev
from tagteam.engine import position
from tagteam.engine.actions import Action, BuildChoice, OrderStart
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable
from tagteam.engine.view import view_for
from tagteam.play import recap, tutorial
from tagteam.play.modes import FIRST_GAME
from tagteam.words import recap as wr

NAMES = ("Ada", "Bot")
# a short first-game line (seat 1 always adds its first drawn card at the bottom): a Block fires in
# round 2, Bödvar's +1 Power icon fires in round 3, and Ching Shih knocks Bödvar out in round 4
PLAN: list[Action] = [
    OrderStart("ching_shih"),
    BuildChoice(0, 1, (1, 2)),
    BuildChoice(0, 3, (1, 2)),
    BuildChoice(0, 1, (1, 2)),
]


def play(rounds: int) -> Session:
    s = Session.new(6, teams=FIRST_GAME, players=NAMES)
    for mine in PLAN[:rounds]:
        theirs = OrderStart("bodvar") if isinstance(mine, OrderStart) else BuildChoice(0, len(s.state.fight[1]), (1, 2))
        s.act(1, theirs)
        s.act(0, mine)
        while s.needs_advance():
            s.advance()
    return s


def no_ids(lines: list[str]) -> None:
    for line in lines:
        assert not re.search(r"[a-z]+_[a-z]+|\b(joan|bodvar|ching_shih)\b", line), line


def test_turns_follow_hp_from_the_markers() -> None:
    s = play(1)
    assert s.state.table is not None
    ts = recap.turns(s.log, s.state.table)
    assert [(t.round, t.turn) for t in ts] == [(1, 1), (1, 2)]
    bodvar = s.state.table.kinds.index("bodvar")
    assert ts[0].hp[bodvar] == (11, 9)  # Ching Shih's 2-Power Attack


def test_fight_recap_names_the_block_that_fired_and_the_power_swing() -> None:
    s = play(2)
    assert s.state.table is not None
    lines = recap.fight_recap(s.log, s.state.table, s.view(0), NAMES)
    assert lines[0] == (
        "Round 2 · Turn 2: Joan's Holy Shield negated Wong Fei-Hung's 1-Power Attack, so its bonus fired."
    )
    assert "Biggest HP swing: Bödvar lost 2 HP (9 → 7) this Fight." in lines
    assert any(line.startswith("Biggest Power swing: Joan's Power 1 → 2") for line in lines)
    no_ids(lines)


def test_fight_recap_only_reads_the_latest_fight_step() -> None:
    s = play(2)
    assert s.state.table is not None
    end = next(i for i, e in enumerate(s.log) if isinstance(e, ev.FightEnded))
    first = recap.fight_recap(s.log[: end + 1], s.state.table)
    assert not any("Holy Shield" in line for line in first)  # the Block fired in round 2, not round 1


def test_in_reach_of_a_ko() -> None:
    s = play(3)
    assert s.state.table is not None
    lines = recap.fight_recap(s.log, s.state.table, s.view(0), NAMES)
    assert any(line.startswith("Bödvar (Bot) has 1 HP: one unblocked Attack from Ching Shih") for line in lines)
    assert not any(line.startswith(("Joan", "Ching Shih (Ada)")) for line in lines)  # healthy Fighters are not listed


def test_game_recap_says_how_it_was_decided_and_the_key_turns() -> None:
    s = play(4)
    assert s.over() and s.state.table is not None
    lines = recap.game_recap(s.log, s.state.table, NAMES)
    assert lines[0].startswith("How it was decided: Ada wins by Knock Out.")
    assert lines[1].startswith("The last blow: Round 4 · Turn 1: Ching Shih's Terror of the Seas")
    assert "Bödvar was Knocked Out" in lines[1]
    key = lines[lines.index("Key Turns:") + 1 :]
    assert any("Round 3 · Turn 4: Joan's Hand of the Righteous" in k and "(5 → 1)" in k for k in key)
    assert not any("Round 4 · Turn 1" in k for k in key)  # the last blow is said once, above
    assert "Bödvar's Power climbed from 3 to 6 over the game." in lines
    assert "Ada's Blocks negated Attacks on 1 Turn." in lines
    no_ids(lines)


def test_one_blow_that_ends_the_game_is_told_once_and_names_both_fighters() -> None:
    """Berserk! in Bear form knocks out Joan and Ching Shih on one Turn while Joan gains Power."""
    pos = position.parse(
        {
            "rule": "recap of a one-Turn ending",
            "teams": [["bodvar", "wong_fei_hung"], ["joan", "ching_shih"]],
            "fighters": {
                "bodvar": {"track": "Berserker Bear", "hp": 12, "power": 11},
                "joan": {"hp": 5, "power": 3, "special": 1},
                "ching_shih": {"hp": 4},
            },
            "fight": [["bodvar.berserk"], ["joan.dieu_premier_servi"]],
        }
    )
    st = position.build(pos)
    log = position.resolve(st).events
    assert st.table is not None
    game = recap.game_recap(log, st.table, NAMES)
    assert game[0] == "How it was decided: Ada wins by Knock Out. Joan and Ching Shih are Knocked Out."
    assert game[1].startswith("The last blow: ") and "Joan was Knocked Out and Ching Shih was Knocked Out" in game[1]
    assert "Joan's Power 3 → 4" in game[1]
    assert "Key Turns:" not in game  # the only Turn is the last blow, said once
    fight = recap.fight_recap(log, st.table, view_for(st, 0), NAMES)
    assert fight and not any(line.startswith("Biggest Power swing") for line in fight)  # no next Turn to count in


def test_empty_log_gives_no_recap() -> None:
    s = Session.new(6, teams=FIRST_GAME, players=NAMES)
    assert s.state.table is not None
    assert recap.fight_recap(s.log, s.state.table) == []


def _resolved(spec: dict[str, object]) -> tuple[list[ev.Event], GameTable, list[int]]:
    """A sandbox position resolved: its events, its table and each Fighter's HP before them."""
    st = position.build(position.parse(spec))
    start = [st.hp(f) for f in range(4)]
    log = position.resolve(st).events
    assert st.table is not None
    return log, st.table, start


def test_the_bears_transformation_is_not_called_a_heal() -> None:
    """Bödvar at 4 HP reaches the top of Rage: he becomes the Bear with 8 HP; that is no heal of 4."""
    log, table, start = _resolved(
        {
            "rule": "recap of a transformation",
            "teams": [["bodvar", "wong_fei_hung"], ["golem", "shango"]],
            "fighters": {"bodvar": {"hp": 4, "power": 5, "special": 6}},
            "fight": [["bodvar.enrage*"], ["golem.fist_of_clay"]],
        }
    )
    [t] = recap.turns(log, table, start)
    line = recap.turn_line(t, table)
    assert "Bödvar became the Berserker Bear (HP 4 → 8)" in line.text and "healed" not in line.text
    [claim] = line.hp
    assert (claim.before, claim.after, claim.moves_only) == (4, 8, False)


def test_tutorial_summary_gives_each_turns_own_hp_change() -> None:
    """Round 2 of the tutorial line: Bödvar goes from 9 to 7 on Turn 1 (not from his starting 11)."""
    s = play(2)
    assert s.state.table is not None
    lines = [x.text for x in tutorial.explain(s.log, s.state.table, 2)]
    assert "  HP: Bödvar lost 2 HP (9 → 7)." in lines
    assert "  Ching Shih Attacked Bödvar with 2 Power: Ching Shih's Power when the Turn began." in lines
    assert not any("11 →" in x for x in lines)


def test_no_warning_when_a_stop_or_a_spirit_saves_the_team() -> None:
    """The Wild Bunch on 2 HP (every space a Stop) and a Fey Folk Character on its last HP (it becomes a
    Spirit) are not 'one unblocked Attack from a knock-out', whatever the Power against them; Joan is."""
    st = position.build(
        position.parse(
            {
                "rule": "no false warning",
                "teams": [["wild_bunch", "fey_folk"], ["bodvar", "golem"]],
                "fighters": {"wild_bunch": {"hp": 2}, "fey_folk": {"track": "Fairy", "hp": 1}, "bodvar": {"power": 9}},
                "fight": [["fey_folk.spirit_storm"], ["golem.self_sacrifice"]],
            }
        )
    )
    assert recap.in_reach(view_for(st, 0), NAMES) == []
    st = position.build(
        position.parse(
            {
                "rule": "a true warning",
                "teams": [["joan", "fey_folk"], ["bodvar", "golem"]],
                "fighters": {"joan": {"hp": 4}, "bodvar": {"power": 9}},
                "fight": [["fey_folk.spirit_storm"], ["golem.self_sacrifice"]],
            }
        )
    )
    [warn] = recap.in_reach(view_for(st, 0), NAMES)
    assert warn.text == "Joan (Ada) has 4 HP: one unblocked Attack from Bödvar (9 Power) would be a knock-out."
    assert warn.would[0].knocks_out and warn.would[0].hp_after == 0


def test_the_recap_of_a_finished_game_names_the_build_that_cost_most() -> None:
    s = play(4)
    assert s.state.table is not None
    lines = recap.game_claims(s.log, s.state.table, NAMES, record=s.record)
    taught = [x for x in lines if x.regrets]
    assert taught and all(x.regrets[0].gain >= 2 for x in taught)
    r = taught[0].regrets[0]
    assert taught[0].text.startswith(
        f"  {NAMES[r.seat]}, your Build in round {r.round - 1} (for round {r.round}'s Fight): you put "
    )
    assert "Knowing where your opponent put their card, had you " in taught[0].text
    assert recap.game_claims(s.log, s.state.table, NAMES) == lines[: lines.index(taught[0]) - 1]


def test_the_review_names_the_round_on_the_build_screen_and_says_it_knows_their_insert() -> None:
    """A player reads "round N" as the round whose Build screen they saw ("Build, round 5", the view's
    round then), not the round of the Fight it prepared; and the review, unlike the coach at the time,
    knows where the opponent put their card."""
    from tagteam.engine.hindsight import builds, regrets

    s = play(4)
    tab = s.state.table
    assert tab is not None
    r = next(g for seat in (0, 1) for g in regrets(s.record, seat, top=1))
    shown = next(b for b in builds(s.record) if b.index == r.decision).before.round  # the Build screen's title
    words = recap.regret_words(r, tab, "Ada")
    assert words.startswith(f"Ada, your Build in round {shown} (for round {shown + 1}'s Fight): you put ")
    assert "Build for round" not in words
    assert " Knowing where your opponent put their card, had you " in words


def test_a_block_of_one_attack_on_both_opponents_names_it_once() -> None:
    """The Bear's Berserk! hits both Opponents: the recap read "negated Bödvar's 13-Power Attack and Bödvar's
    13-Power Attack"; it names the Attack once, with both targets."""
    tab = tutorial.new_session("x").state.table
    assert tab is not None
    both = wr.attacks_words(tab, [ev.AttackBlocked(2, 0, 13, 0), ev.AttackBlocked(2, 1, 13, 0)])
    assert both == ["Bödvar's 13-Power Attack on Joan and Ching Shih"]
    two = wr.attacks_words(tab, [ev.AttackBlocked(2, 0, 13, 0), ev.AttackBlocked(3, 0, 5, 0)])
    assert two == ["Bödvar's 13-Power Attack", "Wong Fei-Hung's 5-Power Attack"]


def _random_game(seed: int) -> Session:
    """A first game played to its end with seeded random decisions."""
    import random

    from tagteam.engine.game import legal_actions

    s = Session.new(seed, teams=FIRST_GAME, players=NAMES)
    rng = random.Random(seed)
    while not s.over():
        if s.needs_advance():
            s.advance()
            continue
        seat = s.seats_owing()[0]
        s.act(seat, rng.choice(legal_actions(s.state, seat)))
    return s


def test_a_knock_out_leads_the_fight_recap() -> None:
    """Seed 9: Wong Fei-Hung is knocked out (2 → 0) on the Turn Ching Shih loses 4 HP (9 → 5). The recap
    read "Biggest HP swing: Ching Shih lost 4 HP (9 → 5) this Fight.": the KO is what mattered, so it leads."""
    s = _random_game(9)
    assert s.state.table is not None
    out = next(e for e in s.log if isinstance(e, ev.KnockedOut))
    wong = s.state.table.kinds.index("wong_fei_hung")
    assert out.fighter == wong
    claims = recap.fight_claims(s.log, s.state.table, s.view(0), NAMES)
    first = claims[0]
    assert first.text.startswith("What mattered most: Round 6 · Turn 2: ")
    assert first.text.endswith("Wong Fei-Hung was Knocked Out.")
    assert any(c.fighter == wong and c.after == 0 for c in first.hp)  # the KO's own HP claim
    assert not any(c.text.startswith("Biggest HP swing") for c in claims)  # no swing elsewhere said instead


def test_the_build_as_good_as_the_engine_found_says_its_threshold() -> None:
    """"no other card or slot would have done 2 HP better" read as a count or a threshold; it says that no
    alternative would have gained 2 HP or more of margin."""
    text = recap.no_regret_words(3, 2)
    assert "2 HP better" not in text
    assert "would have gained you 2 HP or more (your Fighters' HP minus theirs) in that Fight." in text
    assert text.startswith("The Build you decided alone (for round 3) was as good as the engine found: ")


def test_power_swing_gained_earlier_in_the_fight_is_not_said_to_count_later() -> None:
    """The reviewer read "Biggest Power swing: Joan's Power 4 → 6 (it counts from the next Turn)." when the Power
    rose at Turns 1 and 2 and already counted in that Fight: the qualifier follows the Turns of the change."""
    from tests.engine.helpers import play_session

    s = play_session(0, decide_seed=0)  # round 2: Joan's Power 1 → 2 at Turn 2 of 3
    assert s.state.table is not None
    end = [i for i, e in enumerate(s.log) if isinstance(e, ev.FightEnded)][1]
    lines = recap.fight_recap(s.log[: end + 1], s.state.table)
    assert "Biggest Power swing: Joan's Power 1 → 2 this Fight (all of it counted from Turn 3)." in lines, lines
    assert not any("counts from the next Turn" in line for line in lines)


def test_power_swing_on_the_last_turn_counts_from_the_next() -> None:
    """Power gained on the Fight step's last Turn only: it does count from the next Turn, as the line says."""
    t1 = recap.Turn(1, 1, power={0: (1, 1)})
    t2 = recap.Turn(1, 2, power={0: (1, 2)})
    s = play(1)
    assert s.state.table is not None
    assert wr.power_swing_words([t1, t2], s.state.table, 0, 1, 2) == (
        "Biggest Power swing: Joan's Power 1 → 2 (it counts from the next Turn)."
    )
    assert wr.power_swing_words([t2, recap.Turn(1, 3)], s.state.table, 0, 1, 2) == (
        "Biggest Power swing: Joan's Power 1 → 2 this Fight (all of it counted from Turn 3)."
    )


def test_a_bodvar_who_may_turn_into_the_bear_is_not_a_sure_knock_out() -> None:
    """The reviewer read "Bödvar (Player 2) has 1 HP: one unblocked Attack from Joan (3 Power) would knock them
    out." at Rage 6/7: one Rage card turns him into the Bear, whose transformation Turn ignores HP changes. The
    warning says so (from the engine's ``escape``), and never says "them"."""
    spec: dict[str, object] = {
        "teams": [["joan", "ching_shih"], ["bodvar", "wong_fei_hung"]],
        "fighters": {"bodvar": {"hp": 1, "special": 6}, "joan": {"power": 3}},
        "fight": [["joan.dieu_premier_servi*"], ["bodvar.enrage"]],
    }
    st = position.build(position.parse(spec))
    [warn] = recap.in_reach(view_for(st, 0), NAMES)
    assert warn.text == (
        "Bödvar (Bot) has 1 HP: one unblocked Attack from Joan (3 Power) would be a knock-out, unless Bödvar turns "
        "into the Berserker Bear this Turn (Rage 6/7)."
    )
    assert warn.would[0].escape == "bear"
    spec["fighters"] = {"bodvar": {"hp": 1, "special": 5}, "joan": {"power": 3}}
    [warn] = recap.in_reach(view_for(position.build(position.parse(spec)), 0), NAMES)
    assert warn.text == "Bödvar (Bot) has 1 HP: one unblocked Attack from Joan (3 Power) would be a knock-out."


def test_a_network_seat_reads_only_its_own_build_review() -> None:
    """Player 2's screen in a network game said "Player 1, your Build in round 3 … you would have won in that
    Fight": a sentence that says "you" goes to the seat reading it. Each seat's summary holds its own review;
    hot-seat (no viewer) keeps both, each named."""
    from tagteam.play.summary import summarize
    from tests.engine.helpers import play_session

    s = play_session(0, decide_seed=0)  # both seats have a Build the engine's replay would have bettered
    both = [w for w in summarize(s).why if "your Build" in w]
    assert [w.split(",")[0].strip() for w in both] == ["Player 1", "Player 2"]
    for seat in (0, 1):
        mine = [w for w in summarize(s, viewer=seat).why if "your Build" in w]
        assert [w.split(",")[0].strip() for w in mine] == [f"Player {seat + 1}"], mine
