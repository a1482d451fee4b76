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
from tagteam.engine.hindsight import Outcome, next_fight
from tagteam.engine.session import Session
from tagteam.engine.table import GameTable
from tagteam.engine.view import PlayerView
from tagteam.modes import FIRST_GAME, TUTOR
from tagteam.recap import HpClaim, Line, Role, RoleClaim, Turn, hp_words, turns

SEED = 6  # with the script below: a Block fires in round 2, an icon in round 3, a KO early in round 4
FIRST = "ching_shih"  # the Starting Card the player is asked to put on top
# the player's suggested Build per round (keep the first drawn card, at this slot): the line that teaches
PLAN: dict[int, BuildChoice] = {
    1: BuildChoice(0, 1, (1, 2)),
    2: BuildChoice(0, 3, (1, 2)),
    3: BuildChoice(0, 1, (1, 2)),
}


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
    """The scripted opponent: Bödvar's Starting Card on top, then always its first drawn card at the bottom
    of its Fight deck, so its cards keep their slots and the line-up lesson reads cleanly."""

    def decide(self, view: PlayerView) -> Action:
        if view.pending == "order_start":
            return OrderStart("bodvar")
        if view.pending == "build":
            return BuildChoice(0, len(view.my_fight_deck), (1, 2))
        return view.legal[0]

    def cancel(self) -> None:
        """Nothing to hurry: the tutor answers at once."""


def new_session(name: str) -> Session:
    """The tutorial's game: the first-game teams, the fixed deal, the player in seat 0."""
    return Session.new(SEED, teams=FIRST_GAME, players=(name or "You", TUTOR))


def _card(table: GameTable, inst: int) -> str:
    return table.cards[inst].cdef.name


def _downs(n: int) -> str:
    return "↓ once" if n == 1 else ("↓ twice" if n == 2 else f"↓ {n} times")


def planned(s: Session, plan: BuildChoice) -> Outcome:
    """The next Fight as the engine plays it with the player's suggested Build and the tutor's own (its
    script reads only its view), on a copy: what a lesson says the card meets is this, never a guess."""
    later: list[tuple[int, Action]] = []
    if s.state.pending[1] is not None:
        later.append((1, Tutor().decide(s.view(1))))
    return next_fight(s.state.clone(), 0, plan, later, told=True)


def if_they_insert_at_top(s: Session, plan: BuildChoice) -> Outcome:
    """The next Fight with the player's suggested Build had the tutor put its new card on top instead of at
    the bottom (on a copy: the card moves if the tutor has already built)."""
    c = s.state.clone()
    later: list[tuple[int, Action]] = []
    if c.pending[1] is not None:
        later.append((1, BuildChoice(0, 0, (1, 2))))
    elif isinstance(c.staged[1], int) and c.staged[1] in c.fight[1]:
        c.fight[1].remove(c.staged[1])
        c.fight[1].insert(0, c.staged[1])
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
    target = n[e.target].name + (ev.PARTNER_WORDS.rstrip(",") if ev.on_partner(e.attacker, e.target, active) else "")
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

    for e in t.events:
        match e:
            case ev.AttackBlocked(attacker=a, power=p, blocker=b):
                text = f"  {n[b].name}'s Block negated {n[a].name}'s {p}-Power Attack: no HP lost to it."
                out.append(Line(text, roles=role(b, "Block") + role(a, "Attack")))
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
                what = ev.ICON_TEXT.get(i, i.replace("_", " "))
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
                    "again from the top, one card longer. That Build decision is the whole game.",
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
                Lesson(
                    f"after{st.round}",
                    f"What happened in round {st.round}, and why",
                    "\n".join(lines) or "Nothing changed this round.",
                    "#log",
                    ("enter",),
                )
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
                    "The recap below says how it was decided, which Turns mattered and, if one of your "
                    "Builds cost you, what the engine found better. Next, practise "
                    "against the computer (p on the title screen); k explains any term, ? has the rules.",
                    "#recap",
                )
            ]
        return []

    def _shift_lesson(self, s: Session, plan: BuildChoice, tab: GameTable, keep: str, ahead: Outcome) -> list[Lesson]:
        """Their insert moves the player's line-up too: shown by the engine playing the next Fight with the
        tutor's card on top instead of at the bottom (said only when the card comes up both ways)."""
        top = if_they_insert_at_top(s, plan)
        if ahead.met < 0 or top.met < 0:
            return []
        meets = _card(tab, ahead.met)
        if top.met == ahead.met:
            other = f"it would still meet {meets}, but each of their cards below it would move down one slot"
        else:
            other = f"it would meet {_card(tab, top.met)} instead"
        return [
            Lesson(
                "shift",
                "Their insert moves your line-up too",
                "Your tutor always adds its new card at the bottom, so its cards keep their slots. A real "
                "opponent inserts anywhere, and every card of theirs below that slot moves down one, so "
                f"your card N may meet their card N-1. Played out by the engine: your {keep} in slot "
                f"{plan.position + 1} meets {meets} with the tutor's card at the bottom; had it gone on top, "
                f"{other}. Against the computer, w (what-if) on the Build screen shows your line-up for their "
                "top, middle and bottom insert, and h (coach) rates your choices.",
                "#lineup",
            )
        ]

    def _build_lessons(self, s: Session, view: PlayerView, tab: GameTable, rnd: int) -> list[Lesson]:
        plan = PLAN.get(rnd)
        if plan is None or plan.card >= len(view.drawn):
            return [
                Lesson(
                    f"build{rnd}",
                    "Your own Build",
                    "From here you are on your own: read their last Fight in the line-up, and remember that "
                    "their own insert can move every card of theirs below it down one slot.",
                    "#lineup",
                )
            ]
        keep = _card(tab, view.drawn[plan.card])
        keys = build_keys(view, plan)
        slot = plan.position + 1
        deck = list(view.my_fight_deck)
        ahead = planned(s, plan)  # the engine plays the next Fight out with this Build and the tutor's
        meets = _card(tab, ahead.met) if ahead.met >= 0 else "nothing (the game ends first)"
        how = f"press {plan.card + 1}, then " + (
            "End (the bottom)" if plan.position >= len(deck) else f"Home and {_downs(plan.position)}"
        )
        if rnd == 1:
            shifted = _card(tab, deck[plan.position]) if plan.position < len(deck) else ""
            shift = (
                f" Your {shifted} shifts down to slot {slot + 1}: an insert moves every card below it."
                if shifted
                else ""
            )
            return [
                Lesson(
                    "lineup",
                    "The line-up: card N meets card N",
                    "Below, your next Fight is laid out slot by slot against what your tutor played last "
                    "round: your card 1 meets their card 1, card 2 meets card 2. The tutor adds its new card "
                    "at the bottom, so its cards keep their slots." + shift,
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
                    "Look at Bödvar's board: the marker moves down his Health track space by space. The +P "
                    "on his 6 space is an icon: when the marker passes or lands on it, it fires (+1 Power). "
                    "A Stop (‖, on other Fighters' tracks) halts the marker wherever it is. Your tutor's "
                    "Fighters have no Stops: every point of damage lands.",
                    "#team1",
                ),
                *self._shift_lesson(s, plan, tab, keep, ahead),
                Lesson(
                    "build2",
                    "Keep pressing",
                    f"Keep {keep} and put it at slot {slot}, where it meets {meets}. To do it: {how}, and c.",
                    "#drawn",
                    keys,
                ),
            ]
        bodvar_hp = next(fv.hp for fv in view.fighters if fv.id == "bodvar")
        return [
            Lesson(
                f"tip{rnd}",
                "Your call: read their last Fight",
                "Their deck is last round's plus one card, so slot by slot you know what is coming. Put "
                "Attacks where they meet no Block and Blocks where an Attack will come. "
                f"Bödvar has {bodvar_hp} HP. Choose the card and the slot yourself: at the end, the recap "
                "shows what a Build cost you, played out by the engine. The engine's pick, if you want it: "
                f"keep {keep} at slot {slot} and let Ching Shih's Terror of the Seas open the Fight"
                f"{': played out, that Fight knocks Bödvar out' if ahead.winner == 0 else ''}. "
                f"To do it: {how}, and c.",
                "#lineup",
                keys,
            ),
        ]
