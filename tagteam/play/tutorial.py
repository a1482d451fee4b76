"""The guided first game, without Textual: a fixed deal, a scripted tutor, and the lessons it shows.

The game is an ordinary first game (the rulebook's teams) on a fixed seed, so the decks are known and
the lessons happen on cue; the tutor (seat 1) follows a fixed script that only reads its own view. The
game goes through the same flow as any other, and its record is the one history: what a lesson says
after a reveal is derived from the events, never written in advance. Lessons come in the order good
tutorials use: the theme, the goal, an overview, the specifics one at a time, and one strategy tip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tagteam.engine import events as ev
from tagteam.engine.actions import Action, BuildChoice
from tagteam.engine.hindsight import MATTERS, Outcome, builds, fight_events, meetings, next_fight, regrets
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView
from tagteam.facts.recap import HpClaim, Line, Turn, moves_only
from tagteam.play.modes import FIRST_GAME, TUTOR
from tagteam.play.recap import turns
from tagteam.play.script import DECIDE as DECIDE
from tagteam.play.script import FIRST as FIRST
from tagteam.play.script import PLAN as PLAN
from tagteam.play.script import SEED as SEED
from tagteam.play.script import TOP_FROM as TOP_FROM
from tagteam.play.script import Tutor as Tutor
from tagteam.play.script import tutor_place as tutor_place
from tagteam.play.script import tutor_slot as tutor_slot
from tagteam.words import tutorial as wt
from tagteam.words.names import player_name


@dataclass(frozen=True, slots=True)
class Lesson:
    """One card of the tutorial: ``target`` is the CSS selector of the part of the screen it talks about
    ("" for none), ``keys`` the keys it asks the player to press next (a test follows them)."""

    key: str
    title: str
    text: str
    target: str = ""
    keys: tuple[str, ...] = ()


def new_session(name: str) -> Session:
    """The tutorial's game: the first-game teams, the fixed deal, the player in seat 0."""
    return Session.new(SEED, teams=FIRST_GAME, players=(name or "You", TUTOR))


def assuming(s: Session, plan: BuildChoice, top: bool) -> Outcome:
    """The next Fight as the engine plays it with the player's suggested Build, had the tutor put its new
    card on top (``top``) or at the bottom, on a copy. Lessons say what a card meets under a stated
    assumption, never from the tutor's hidden choice; the copy moves the card if the tutor has built."""
    c = s.state.clone()
    later: list[tuple[int, Action]] = []
    if c.pending[1] is not None:
        later.append((1, BuildChoice(0, 0 if top else len(c.fight[1]), (1, 2))))
    elif isinstance(c.staged[1], int) and c.staged[1] in c.fight[1]:
        c.fight[1].remove(c.staged[1])
        c.fight[1].insert(0 if top else len(c.fight[1]), c.staged[1])
    return next_fight(c, 0, plan, later, told=True)


def build_keys(view: PlayerView, choice: BuildChoice) -> tuple[str, ...]:
    """The Build screen's keys for ``choice``: the card, the slot (Home then ↓, or End), then lock."""
    slot = ("end",) if choice.position >= len(view.my_fight_deck) else ("home",) + ("down",) * choice.position
    return (str(choice.card + 1), *slot, "c")


def explain(log: Sequence[ev.Event], table: GameTable, rnd: int | None = None) -> list[Line]:
    """What happened in the Turns of round ``rnd`` (every round when None) and why, one line each, from the
    events. Pass the whole log: HP are followed from the start of the game, and each "a → b" is that Turn's."""
    out: list[Line] = []
    for t in turns(log, table):
        if rnd is None or t.round == rnd:
            hp = wt.turn_hp(table, t)
            claims = tuple(
                HpClaim(f, a, b, t.round, t.turn, moves_only(t.steps.get(f, [])))
                for f, (a, b) in sorted(t.hp.items())
                if a != b
            )
            out.extend(wt.explain_turn(t, table, [Line(hp, hp=claims)] if hp else []))
    return out


def _round_turns(log: Sequence[ev.Event], table: GameTable, rnd: int) -> list[Turn]:
    return [t for t in turns(log, table) if t.round == rnd]


def _who_lesson(log: Sequence[ev.Event], table: GameTable, rnd: int) -> list[Lesson]:
    """Which Fighter an Attack hits, told on the first Attack of the game that reached its target: the
    Active Fighters are read from that Turn's reveals, the HP from its events."""
    if any(isinstance(e, ev.AttackDeclared) for t in turns(log, table) if t.round < rnd for e in t.events):
        return []  # told at an earlier pause
    for t in _round_turns(log, table, rnd):
        hit = next((e for e in t.events if isinstance(e, ev.AttackDeclared)), None)
        if hit is None or hit.attacker >> 1 != 0 or len(t.cards) < 2:
            continue
        a, b = t.hp.get(hit.target, (0, 0))
        last = _round_turns(log, table, rnd)[-1]
        text = wt.who_text(
            table,
            t.turn,
            (t.cards[0], t.cards[1]),
            (t.active[0], t.active[1]),
            hit.target,
            max(a - b, 0),
            [last.active[x] for x in sorted(last.active)],
        )
        return [Lesson("who", wt.title("who"), text, "#table")]
    return []


def _token_lesson(log: Sequence[ev.Event], table: GameTable, rnd: int) -> list[Lesson]:
    """Tokens, told at the pause after the first one was put on a board (from that Turn's events), with
    the text of the card that put it there."""
    first: tuple[Turn, ev.TokenMoved] | None = None
    for t in turns(log, table):
        placed = next((e for e in t.events if isinstance(e, ev.TokenMoved) and e.old < 0 <= e.new), None)
        if placed is not None:
            first = (t, placed)
            break
    if first is None or first[0].round != rnd:
        return []
    t, e = first
    seat = 1 - (e.new >> 1)
    text = wt.token_text(table, t.turn, t.active[seat], t.cards[seat], e.token, e.new)
    return [Lesson("tokens", wt.title("tokens"), text, "#table")]


def _moved_lesson(s: Session, table: GameTable, rnd: int) -> list[Lesson]:
    """After the first Fight in which the tutor's new card was not at the bottom: where it went (public
    now: the Fight revealed the deck in order) and what the player's cards met because of it, against the
    same Fight replayed by the engine with that card at the bottom."""
    b = next((x for x in builds(s.record) if x.seat == 1 and x.round == rnd), None)
    if b is None or rnd != TOP_FROM + 1:
        return []
    size = len(b.before.fight[1])
    if b.choice.position >= size:
        return []
    alt = BuildChoice(b.choice.card, size, b.choice.bottom)
    played = meetings(fight_events(b.before.clone(), 1, b.choice, b.later))
    other = b.before.clone()
    instead = meetings(fight_events(other, 1, alt, b.later))
    rows = [
        (i + 1, x[0], x[1], y[1])
        for i, (x, y) in enumerate(zip(played, instead, strict=False))
        if x[0] >= 0 and x[0] == y[0] and x[1] != y[1] and x[1] >= 0 and y[1] >= 0
    ]
    if not rows:
        return []
    hp = [(f, other.hp(f), s.state.hp(f)) for f in range(4) if other.hp(f) != s.state.hp(f)]
    power = [(f, other.power[f], s.state.power[f]) for f in range(4) if other.power[f] != s.state.power[f]]
    new = b.before.drawn[1][b.choice.card]
    text = wt.moved_text(table, new, b.choice.position + 1, rows, hp, power)
    return [Lesson("moved", wt.title("moved"), text, "#log")]


def _verdict(s: Session, table: GameTable) -> str:
    """What the Build the player decided alone cost, found by the engine replaying it with every other card
    and slot (the recap's own words); "" if the game ended before that Build."""
    if not any(b.seat == 0 and b.round == DECIDE + 1 for b in builds(s.record)):
        return ""
    found = [r for r in regrets(s.record, 0, top=len(s.record.decisions)) if r.round == DECIDE + 1]
    return wt.verdict(table, found[0] if found else None, player_name(s.record.players[0]), DECIDE + 1, MATTERS)


@dataclass
class Tutorial:
    """What this terminal has shown of the tutorial (like the flow's acknowledgements: never game state)."""

    shown: set[str] = field(default_factory=set)
    skipped: bool = False

    def due(self, session: Session, where: str) -> list[Lesson]:
        """The lessons to show now, in order, for the screen ``where`` (decision kind, "fight", "pause",
        "over"); each is shown once."""
        if self.skipped:
            return []
        out = [x for x in self._lessons(session, where) if x.key not in self.shown]
        self.shown.update(x.key for x in out)
        return out

    def _lessons(self, s: Session, where: str) -> list[Lesson]:
        st = s.state
        tab = st.table
        if tab is None:
            return []
        you = player_name(s.record.players[0])
        view = s.view(0)
        if where == "order_start":
            first = next(ci.cdef for ci in tab.cards if ci.cdef.starting and ci.cdef.fighter_id == FIRST)
            whose = next(f for f in range(len(tab.fighters)) if tab.fighters[f].id == FIRST)
            return [
                Lesson("theme", wt.title("theme"), wt.theme_text(tab, you, range(4))),
                Lesson("goal", wt.title("goal"), wt.goal_text(), "#boards"),
                Lesson("overview", wt.title("overview"), wt.overview_text()),
                Lesson(
                    "start", wt.title("start"), wt.start_text(tab, whose, first), "#choices", ("down", "enter", "c")
                ),
            ]
        if where == "fight" and st.round == 1 and st.turn <= 1:
            return [Lesson("power", wt.title("power"), wt.power_text(), "#table", ("n",))]
        if where == "pause" and not s.over():
            lines = [x.text for x in explain(s.log, tab, st.round)]
            return [
                *_who_lesson(s.log, tab, st.round),
                *_token_lesson(s.log, tab, st.round),
                *_moved_lesson(s, tab, st.round),
                Lesson(
                    f"after{st.round}",
                    wt.after_title(st.round),
                    "\n".join(lines) or wt.nothing_changed(),
                    "#log",
                    ("enter",),
                ),
            ]
        if where == "build":
            return self._build_lessons(s, view, tab, st.round)
        if where == "over":
            decided = any(b.seat == 0 and b.round == DECIDE + 1 for b in builds(s.record))
            text = wt.over_text(_verdict(s, tab) if decided else wt.ended_early(st.round))
            return [Lesson("over", wt.over_title(st.winner == 0), text, "#recap")]
        return []

    def _shift_lesson(self, s: Session, plan: BuildChoice, tab: GameTable, keep: int, ahead: Outcome) -> list[Lesson]:
        """Their insert moves the player's line-up too: the engine plays the next Fight with the tutor's card
        on top instead of at the bottom (said only when the card comes up both ways)."""
        top = assuming(s, plan, top=True)
        if ahead.met < 0 or top.met < 0:
            return []
        text = wt.shift_text(s.view(0), tab, keep, plan.position + 1, ahead.met, top.met)
        return [Lesson("shift", wt.title("shift"), text, "#lineup")]

    def _build_lessons(self, s: Session, view: PlayerView, tab: GameTable, rnd: int) -> list[Lesson]:
        plan = PLAN.get(rnd)
        if rnd > DECIDE:
            return [Lesson("own", wt.title("own"), wt.own_text(), "#lineup")]
        if rnd == DECIDE:
            return self._decide_lesson(s, view, rnd)
        if plan is None or plan.card >= len(view.drawn):
            return []
        keep = view.drawn[plan.card]
        keys = build_keys(view, plan)
        slot = plan.position + 1
        deck = list(view.my_fight_deck)
        ahead = assuming(s, plan, top=False)  # the engine plays the next Fight out, their card at the bottom
        how = wt.how_keys(plan.card + 1, None if plan.position >= len(deck) else plan.position)
        if rnd == 1:
            shifted = deck[plan.position] if plan.position < len(deck) else None
            text = wt.block_text(view, tab, keep, slot, ahead.met, how, ahead.negated)
            return [
                Lesson("lineup", wt.title("lineup"), wt.lineup_text(tab, slot, shifted), "#lineup"),
                Lesson("block", wt.block_title(ahead.negated), text, "#drawn", keys),
            ]
        if rnd == 2:
            return [
                Lesson("track", wt.title("track"), _track_words(tab), "#team1"),
                *self._shift_lesson(s, plan, tab, keep, ahead),
                Lesson(
                    "build2", wt.title("build2"), wt.build2_text(tab, keep, slot, how), "#drawn", (*keys[:-1], "w", "c")
                ),
            ]
        return []

    def _decide_lesson(self, s: Session, view: PlayerView, rnd: int) -> list[Lesson]:
        """The real decision: no suggestion, the tools to make it, and the recap to see what it cost."""
        tab = s.state.table
        assert tab is not None
        hp = [(fv.index, fv.hp) for fv in view.fighters if fv.index >> 1 == 1]
        last = next((b for b in builds(s.record) if b.seat == 1 and b.round == rnd), None)
        where = "top" if last is not None and last.choice.position == 0 else ""
        if last is not None and last.choice.position >= len(last.before.fight[1]):
            where = "bottom"
        return [Lesson(f"tip{rnd}", wt.title("tip"), wt.decide_text(tab, where, hp), "#lineup", ("w",))]


def _track_words(tab: GameTable) -> str:
    """The Health track lesson, its icon read from the tutor's Active Fighter's board (Bödvar's +P icon)."""
    f = next(i for i in range(2, len(tab.fighters)) if tab.fighters[i].id == "bodvar")
    track = tab.fighters[f].tracks[0]
    space = next(i for i, icons in enumerate(track.icons) if "power_self" in icons)
    return wt.track_text(tab, f, track.hp[space])
