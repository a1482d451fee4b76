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
from tagteam.engine.actions import Action, BuildChoice, OrderStart
from tagteam.engine.hindsight import MATTERS, Outcome, builds, fight_events, meetings, next_fight, regrets
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView
from tagteam.modes import FIRST_GAME, TUTOR
from tagteam.recap import HpClaim, Line, Role, RoleClaim, Turn, hp_words, no_regret_words, regret_words, turns
from tagteam.words import log as wl

SEED = 6  # with the script below: a token in round 1, a Block in round 2, their top insert costs in round 3
FIRST = "ching_shih"  # the Starting Card the player is asked to put on top
TOP_FROM = 2  # from this Build on the tutor inserts its new card on top (before it: at the bottom)
# the player's suggested Build per round (keep the first drawn card, at this slot): the line that teaches
PLAN: dict[int, BuildChoice] = {
    1: BuildChoice(0, 1, (1, 2)),
    2: BuildChoice(0, 3, (1, 2)),
}
DECIDE = 3  # the Build the player decides alone, with the what-if and the coach: the tutorial's last lesson


@dataclass(frozen=True, slots=True)
class Lesson:
    """One card of the tutorial: ``target`` is the CSS selector of the part of the screen it talks about
    ("" for none), ``keys`` the keys it asks the player to press next (a test follows them)."""

    key: str
    title: str
    text: str
    target: str = ""
    keys: tuple[str, ...] = ()


class Tutor:
    """The scripted opponent: Bödvar's Starting Card on top, then always its first drawn card, at the
    bottom of its Fight deck in the first Build (its cards keep their slots: the line-up lesson reads
    cleanly) and on top from ``TOP_FROM`` on, as a real opponent may: every card of theirs moves down one,
    and the lessons show what that does to the player's line-up."""

    def decide(self, view: PlayerView) -> Action:
        if view.pending == "order_start":
            return OrderStart("bodvar")
        if view.pending == "build":
            return BuildChoice(0, tutor_slot(view.round, len(view.my_fight_deck)), (1, 2))
        return view.legal[0]

    def cancel(self) -> None:
        """Nothing to hurry: the tutor answers at once."""


def tutor_slot(rnd: int, size: int) -> int:
    """Where the tutor inserts its card in the Build of round ``rnd`` (its Fight deck holds ``size``)."""
    return 0 if rnd >= TOP_FROM else size


def new_session(name: str) -> Session:
    """The tutorial's game: the first-game teams, the fixed deal, the player in seat 0."""
    return Session.new(SEED, teams=FIRST_GAME, players=(name or "You", TUTOR))


def _card(table: GameTable, inst: int) -> str:
    return table.cards[inst].cdef.name


def _seen(view: PlayerView, table: GameTable, inst: int) -> str:
    """A card the player's card would meet, named only if the player has seen it in their last Fight: the
    tutor's new card is hidden until it is revealed, so it is "their new card"."""
    if inst < 0:
        return "nothing (the game ends first)"
    if inst in view.last_played[1]:
        return _card(table, inst)
    return "their new card (hidden until it is revealed)"


def _downs(n: int) -> str:
    return "↓ once" if n == 1 else ("↓ twice" if n == 2 else f"↓ {n} times")


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
            out.extend(_explain_turn(t, table))
    return out


def _attack_words(e: ev.AttackDeclared, t: Turn, table: GameTable) -> str:
    """Who was Attacked (the Opponent's Partner is named as such) and where the Power came from."""
    n = table.fighters
    active = (t.active.get(0, -1), t.active.get(1, -1))
    partner = ev.on_partner(e.attacker, e.target, active)
    target = n[e.target].name + (wl.partner_words().rstrip(",") if partner else "")
    whose = e.base_from if e.base_from >= 0 else e.attacker
    base = f"{n[whose].name}'s Power when the Turn began"
    if e.bonus:
        base += f", plus {e.bonus} for {e.bonus_kind or 'a bonus'}"
    return f"  {n[e.attacker].name} Attacked {target} with {e.power} Power: {base}."


def _explain_turn(t: Turn, table: GameTable) -> list[Line]:
    n = table.fighters
    head = f"Turn {t.turn}: " + " vs ".join(
        f"{_card(table, t.cards[s])} ({n[t.active[s]].name})" for s in sorted(t.cards)
    )
    out = [Line(head)]

    def role(f: int, what: Role) -> tuple[RoleClaim, ...]:
        inst = t.cards.get(f >> 1, -1)
        return (RoleClaim(inst, t.round, t.turn, what),) if inst >= 0 and t.active.get(f >> 1) == f else ()

    back: list[Line] = []  # a token taken back is told after the Attack it came with
    borrowed = {e.attacker: e.base_from for e in t.events if isinstance(e, ev.AttackDeclared) and e.base_from >= 0}
    for e in t.events:
        match e:
            case ev.AttackBlocked(attacker=a, power=p, blocker=b):
                whose = f" (with {n[borrowed[a]].name}'s Power)" if a in borrowed else ""
                text = f"  {n[b].name}'s Block negated {n[a].name}'s {p}-Power Attack{whose}: no HP lost to it."
                out.append(Line(text, roles=role(b, "Block") + role(a, "Attack")))
            case ev.TokenMoved(token=tok, old=o, new=w) if o < 0 <= w:
                who = n[t.active[w >> 1 ^ 1]].name if (w >> 1 ^ 1) in t.active else "its owner"
                out.append(Line(f"  {who} put a {tok} token on {n[w].name}."))
            case ev.TokenMoved(token=tok, old=o, new=w) if w < 0 <= o:
                back.append(Line(f"  Then the {tok} token on {n[o].name} went back to its owner."))
            case ev.BlockSucceeded(blocker=b):
                text = f"  The Block negated an Attack, so it succeeded and its bonus fired for {n[b].name}."
                out.append(Line(text, roles=role(b, "Block")))
            case ev.BlockIdle(blocker=b):
                text = f"  {n[b].name} Blocked, but no Attack came: a Block with nothing to negate pays nothing."
                out.append(Line(text, roles=role(b, "Block")))
            case ev.AttackDeclared(attacker=a) if not any(
                isinstance(x, ev.AttackBlocked) and x.attacker == a for x in t.events
            ):
                out.append(Line(_attack_words(e, t, table), roles=role(a, "Attack")))
            case ev.IconFired(fighter=f, icon=i, hp=h):
                what = wl.icon_words(i)
                text = f"  {n[f].name}'s marker passed the icon on the {h} space of its Health track: {what}."
                out.append(Line(text))
            case ev.Damage(fighter=f, direct=d) if d > 0:
                text = f"  {n[f].name} took {d} Direct Damage: it is no Attack, so no Block negates it."
                out.append(Line(text))
            case ev.MarkerMoved(fighter=f, stopped=True):
                text = f"  A Stop on {n[f].name}'s Health track halted the marker: the rest of the loss is lost."
                out.append(Line(text))
            case ev.PowerChanged(fighter=f, old=o, new=w):
                out.append(Line(f"  {n[f].name}'s Power {o} → {w}: it counts from the next Turn, not this one."))
            case ev.KnockedOut(fighter=f):
                out.append(Line(f"  {n[f].name} reached a KO space: the game is over."))
    out.extend(back)
    words = []
    claims = []
    for f, (a, b) in sorted(t.hp.items()):
        if a != b:
            text, moves = hp_words(table, f, a, b, t.steps.get(f, []))
            words.append(text)
            claims.append(HpClaim(f, a, b, t.round, t.turn, moves))
    if words:
        out.append(Line("  HP: " + "; ".join(words) + ".", hp=tuple(claims)))
    return out


def _round_turns(log: Sequence[ev.Event], table: GameTable, rnd: int) -> list[Turn]:
    return [t for t in turns(log, table) if t.round == rnd]


def _who_lesson(log: Sequence[ev.Event], table: GameTable, rnd: int) -> list[Lesson]:
    """Which Fighter an Attack hits, told on the first Attack of the game that reached its target: the
    Active Fighters are read from that Turn's reveals, the HP from its events."""
    if any(isinstance(e, ev.AttackDeclared) for t in turns(log, table) if t.round < rnd for e in t.events):
        return []  # told at an earlier pause
    n = table.fighters
    for t in _round_turns(log, table, rnd):
        hit = next((e for e in t.events if isinstance(e, ev.AttackDeclared)), None)
        if hit is None or hit.attacker >> 1 != 0 or len(t.cards) < 2:
            continue
        mine, theirs = n[t.active[0]].name, n[t.active[1]].name
        a, b = t.hp.get(hit.target, (0, 0))
        lost = f": that is why {n[hit.target].name} lost {a - b} HP" if a > b else ""
        last = _round_turns(log, table, rnd)[-1]
        now = " and ".join(n[last.active[x]].name for x in sorted(last.active))
        return [
            Lesson(
                "who",
                "Who an Attack hits",
                f"Whoever's card is revealed is that team's Active Fighter for the Turn: in Turn {t.turn}, "
                f"{_card(table, t.cards[0])} made {mine} yours and {_card(table, t.cards[1])} made {theirs} "
                f"theirs. An Attack hits the Opponent, the other team's Active Fighter{lost}. A card that hits "
                'someone else says so ("your Opponent\'s Partner"). The Fighters need not take turns. On the '
                f"boards, ▶ ACTIVE marks the last Turn's: {now}.",
                "#table",
            )
        ]
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
    n = table.fighters
    seat = 1 - (e.new >> 1)
    card = table.cards[t.cards[seat]]
    return [
        Lesson(
            "tokens",
            "Tokens",
            f"In Turn {t.turn}, {n[t.active[seat]].name}'s {card.cdef.name} put a {e.token} token on "
            f"{n[e.new].name}: see the Tokens line of the boards. Cards read tokens; this one says: "
            f'"{card.cdef.model.text}" A token stays until a card moves it, so it matters in later rounds '
            "too. k (glossary) explains every token.",
            "#table",
        )
    ]


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
    new = _card(table, b.before.drawn[1][b.choice.card])
    slot = b.choice.position + 1
    where = "on top of its Fight deck" if b.choice.position == 0 else f"in slot {slot} of its Fight deck"
    rows = []
    for i, (x, y) in enumerate(zip(played, instead, strict=False)):
        if x[0] >= 0 and x[0] == y[0] and x[1] != y[1] and x[1] >= 0 and y[1] >= 0:
            rows.append(f"Turn {i + 1}: your {_card(table, x[0])} met {_card(table, x[1])}, not {_card(table, y[1])}.")
    if not rows:
        return []
    n = table.fighters
    now = {f: s.state.hp(f) for f in range(4)}
    then = {f: other.hp(f) for f in range(4)}
    diff = [f"{n[f].name} at {then[f]} HP (not {now[f]})" for f in range(4) if then[f] != now[f]]
    power = [
        f"{n[f].name} at {other.power[f]} Power (not {s.state.power[f]})"
        for f in range(4)
        if other.power[f] != s.state.power[f]
    ]
    ending = ""
    if diff or power:
        told = ", ".join(diff + power)
        ending = f" With their card at the bottom, the engine plays this Fight out leaving {told}."
    return [
        Lesson(
            "moved",
            "Their insert moved your line-up",
            f"This round your tutor put its new card, {new}, {where}: it came up "
            f"{'first' if slot == 1 else f'in Turn {slot}'}, and each of their cards below it came one Turn "
            "later. Your cards stayed where you put them, so they met other cards than they would have with "
            "their card at the bottom, as before:\n"
            + "\n".join(rows)
            + "\n"
            + (ending.strip() + " " if ending else "")
            + "The what-if (w on the Build screen) shows this before you lock a Build.",
            "#log",
        )
    ]


def _verdict(s: Session, table: GameTable) -> str:
    """What the Build the player decided alone cost, found by the engine replaying it with every other card
    and slot (the recap's own words); "" if the game ended before that Build."""
    if not any(b.seat == 0 and b.round == DECIDE + 1 for b in builds(s.record)):
        return ""
    found = [r for r in regrets(s.record, 0, top=len(s.record.decisions)) if r.round == DECIDE + 1]
    if found:
        return (
            "The Build you decided alone, replayed by the engine: "
            + regret_words(found[0], table, s.record.players[0])
            + "\n"
        )
    return no_regret_words(DECIDE + 1, MATTERS) + "\n"


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
        you = s.record.players[0]
        view = s.view(0)
        if where == "order_start":
            return [
                Lesson(
                    "theme",
                    "Welcome to Tag Team",
                    f"{you}, you lead a tag team of two Fighters from history and legend: Joan, the warrior "
                    "saint, and Ching Shih, the pirate queen. Your tutor plays Bödvar, the Norse berserker, "
                    "and Wong Fei-Hung, the kung-fu master.",
                ),
                Lesson(
                    "goal",
                    "The goal",
                    "Knock out either opposing Fighter: a Fighter whose Health marker ends a Turn on a KO "
                    "space loses the game for its team. Guard both of yours: either KO loses. If Fighters of "
                    "both teams are knocked out on the same Turn, or a Build deck cannot give 3 cards, the "
                    "game is a draw.",
                    "#boards",
                ),
                Lesson(
                    "overview",
                    "How a round goes",
                    "Each round has two steps. Fight: both players reveal their top card together, Turn by "
                    "Turn, and the cards resolve themselves. Build: you draw 3 cards, keep 1 and slide it into "
                    "your Fight deck anywhere. Fight decks are never shuffled: next round the whole deck plays "
                    "again from the top, one card longer. That Build decision, taken every round, is the heart "
                    "of the game.",
                ),
                Lesson(
                    "start",
                    "Your first choice",
                    "Each Fighter brings a Starting Card. Choose which goes on top: put Ching Shih's Terror "
                    "of the Seas first (it Attacks). Press ↓ to highlight it, Enter to choose, c to confirm.",
                    "#choices",
                    ("down", "enter", "c"),
                ),
            ]
        if where == "fight" and st.round == 1 and st.turn <= 1:
            return [
                Lesson(
                    "power",
                    "Power, at the start of the Turn",
                    "Each board shows a Fighter's Power. An Attack deals the Power its Fighter had when the "
                    "Turn began; Power gained during a Turn only counts from the next one. Press n to reveal "
                    "one Turn at a time, and read the log.",
                    "#table",
                    ("n",),
                )
            ]
        if where == "pause" and not s.over():
            lines = [x.text for x in explain(s.log, tab, st.round)]
            return [
                *_who_lesson(s.log, tab, st.round),
                *_token_lesson(s.log, tab, st.round),
                *_moved_lesson(s, tab, st.round),
                Lesson(
                    f"after{st.round}",
                    f"What happened in round {st.round}, and why",
                    "\n".join(lines) or "Nothing changed this round.",
                    "#log",
                    ("enter",),
                ),
            ]
        if where == "build":
            return self._build_lessons(s, view, tab, st.round)
        if where == "over":
            won = st.winner == 0
            head = "You won your first game!" if won else "The game is over."
            return [
                Lesson(
                    "over",
                    head,
                    _verdict(s, tab)
                    + "The recap on this screen says how the game was decided and which Turns mattered. Next, practise "
                    "against the computer (p on the title screen); k explains any term, ? has the rules.",
                    "#recap",
                )
            ]
        return []

    def _shift_lesson(self, s: Session, plan: BuildChoice, tab: GameTable, keep: str, ahead: Outcome) -> list[Lesson]:
        """Their insert moves the player's line-up too: the engine plays the next Fight with the tutor's card
        on top instead of at the bottom (said only when the card comes up both ways)."""
        top = assuming(s, plan, top=True)
        if ahead.met < 0 or top.met < 0:
            return []
        view = s.view(0)
        meets = _seen(view, tab, ahead.met)
        if top.met == ahead.met:
            other = f"it still meets {meets}, but each of their cards below it moves down one slot"
        else:
            other = f"it meets {_seen(view, tab, top.met)} instead"
        return [
            Lesson(
                "shift",
                "Their insert moves your line-up too",
                "So far your tutor has added its new card at the bottom, so its cards kept their slots. A "
                "real opponent inserts anywhere, and every card of theirs below that slot moves down one: "
                "your card N may meet their card N-1. Played out by the engine: your "
                f"{keep} in slot {plan.position + 1} meets {meets} if they add at the bottom again; if they "
                f"put their card on top, {other}.",
                "#lineup",
            )
        ]

    def _build_lessons(self, s: Session, view: PlayerView, tab: GameTable, rnd: int) -> list[Lesson]:
        plan = PLAN.get(rnd)
        if rnd > DECIDE:
            return [
                Lesson(
                    "own",
                    "Your own Build",
                    "From here you are on your own: read their last Fight in the line-up, remember that "
                    "their insert can move every card of theirs below it down one slot, and check your "
                    "choice with w before you lock it.",
                    "#lineup",
                )
            ]
        if rnd == DECIDE:
            return self._decide_lesson(s, view, rnd)
        if plan is None or plan.card >= len(view.drawn):
            return []
        keep = _card(tab, view.drawn[plan.card])
        keys = build_keys(view, plan)
        slot = plan.position + 1
        deck = list(view.my_fight_deck)
        ahead = assuming(s, plan, top=False)  # the engine plays the next Fight out, their card at the bottom
        meets = _seen(view, tab, ahead.met)
        how = f"press {plan.card + 1}, then " + (
            "End (the bottom)" if plan.position >= len(deck) else f"Home and {_downs(plan.position)}"
        )
        if rnd == 1:
            shifted = _card(tab, deck[plan.position]) if plan.position < len(deck) else ""
            shift = (
                f" Insert a card at slot {slot} (next lesson) and your {shifted} shifts down to slot {slot + 1}: "
                "an insert moves every card below it."
                if shifted
                else ""
            )
            return [
                Lesson(
                    "lineup",
                    "The line-up: card N meets card N",
                    "The line-up lays out your next Fight slot by slot against what your tutor played last "
                    "round: your card 1 meets their card 1, card 2 meets card 2. This time your tutor adds "
                    "its new card at the bottom, so its cards keep their slots." + shift,
                    "#lineup",
                ),
                Lesson(
                    "block",
                    "A Block, where an Attack will come",
                    f"Keep {keep} and put it in slot {slot}, where it meets {meets}. A Block negates every "
                    "Attack aimed at your team that Turn; only if it negates one does it succeed, and then its "
                    f"bonus fires{' (here it will)' if ahead.negated else ''}. To do it: {how}, and c to lock.",
                    "#drawn",
                    keys,
                ),
            ]
        if rnd == 2:
            return [
                Lesson(
                    "track",
                    "Stops and icons on the Health track",
                    "Each board shows its Fighter's Health track: the marker moves along it space by space, down "
                    "for damage and up for healing. Bödvar's has a +P icon on its 6 space: when the marker "
                    "passes or lands on it, either way, it fires (+1 Power). A Stop is a space marked ‖: a "
                    "moving marker halts on it, up or down, and the rest of that move is lost; the boards say "
                    'where a Stop waits ("no Stop" when none does: every point lands).',
                    "#team1",
                ),
                *self._shift_lesson(s, plan, tab, keep, ahead),
                Lesson(
                    "build2",
                    "Check it with the what-if",
                    f"Suggested: keep {keep} at slot {slot} ({how}). Then press w: for the card and slot you "
                    "have selected, the what-if plays the next Fight out for their insert at the top, in "
                    "the middle and at the bottom, and gives your win chance each way. Change the slot if "
                    "you like what it shows better; c locks.",
                    "#drawn",
                    (*keys[:-1], "w", "c"),
                ),
            ]
        return []

    def _decide_lesson(self, s: Session, view: PlayerView, rnd: int) -> list[Lesson]:
        """The real decision: no suggestion, the tools to make it, and the recap to see what it cost."""
        hp = " and ".join(f"{fv.name} {fv.hp} HP" for fv in view.fighters if fv.index >> 1 == 1)
        last = next((b for b in builds(s.record) if b.seat == 1 and b.round == rnd), None)
        where = "on top" if last is not None and last.choice.position == 0 else "where it liked"
        if last is not None and last.choice.position >= len(last.before.fight[1]):
            where = "at the bottom"
        return [
            Lesson(
                f"tip{rnd}",
                "Your call",
                f"This Build is yours to decide. For the Fight you just saw, your tutor put its new card {where}, "
                f"and a real opponent may insert anywhere. They have {hp}. Select a card and a slot, then press w to "
                "see what it meets wherever they insert, and h if you want the coach: every option played "
                "out by the engine, best first. (t, table memory, hides their last Fight: for later, when "
                "you play from memory as at a real table.) Lock it with c: at the end, the recap says "
                "what a Build cost you, played out by the engine.",
                "#lineup",
                ("w",),
            ),
        ]
