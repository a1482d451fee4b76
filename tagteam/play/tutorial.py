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
from tagteam.facts.recap import HpClaim, Line, Role, RoleClaim, Turn, moves_only
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
from tagteam.words import _, ngettext
from tagteam.words import log as wl
from tagteam.words.lists import and_list as _and
from tagteam.words.lists import clause_list
from tagteam.words.names import ACTIVE_MARK, card_name, card_text, fighter_name, player_name
from tagteam.words.recap import hp_words, no_regret_words, regret_words


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


def _card(table: GameTable, inst: int) -> str:
    return card_name(table.cards[inst].cdef)


def _fighter(table: GameTable, f: int) -> str:
    return fighter_name(table.fighters[f])


def _token(token: str) -> str:
    """A token's name as the log says it (the rule term, catalogued there)."""
    return _(wl.TOKEN_WORDS[token]) if token in wl.TOKEN_WORDS else token


def _seen(view: PlayerView, table: GameTable, inst: int) -> str:
    """A card the player's card would meet, named only if the player has seen it in their last Fight: the
    tutor's new card is hidden until it is revealed, so it is "their new card"."""
    if inst < 0:
        return _("nothing (the game ends first)")
    if inst in view.last_played[1]:
        return _card(table, inst)
    return _("their new card (hidden until it is revealed)")


def _downs(n: int) -> str:
    """How often to press ↓ (the words for one and two are words of their own, not a count)."""
    if n == 1:
        return _("↓ once")
    if n == 2:
        return _("↓ twice")
    return ngettext("↓ {count} time", "↓ {count} times", n).format(count=n)


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
    active = (t.active.get(0, -1), t.active.get(1, -1))
    partner = ev.on_partner(e.attacker, e.target, active)
    target = _fighter(table, e.target) + (wl.partner_words().rstrip(",") if partner else "")
    whose = e.base_from if e.base_from >= 0 else e.attacker
    fields = {
        "attacker": _fighter(table, e.attacker),
        "target": target,
        "power": e.power,
        "fighter": _fighter(table, whose),
    }
    if not e.bonus:
        return "  " + _(
            "{attacker} Attacked {target} with {power} Power: {fighter}'s Power when the Turn began."
        ).format(**fields)
    if not e.bonus_kind:
        return "  " + _(
            "{attacker} Attacked {target} with {power} Power: {fighter}'s Power when the Turn began, "
            "plus {bonus} for a bonus."
        ).format(bonus=e.bonus, **fields)
    return "  " + _(
        "{attacker} Attacked {target} with {power} Power: {fighter}'s Power when the Turn began, "
        "plus {bonus} for {kind}."
    ).format(bonus=e.bonus, kind=_token(e.bonus_kind), **fields)


def _explain_turn(t: Turn, table: GameTable) -> list[Line]:
    def n(f: int) -> str:
        return _fighter(table, f)

    # TRANSLATORS: a card revealed on a Turn and the Fighter it made Active, "Holy Shield (Joan)"
    cards = [
        _("{card} ({fighter})").format(card=_card(table, t.cards[s]), fighter=n(t.active[s])) for s in sorted(t.cards)
    ]
    # TRANSLATORS: the two cards revealed on a Turn, "Joan's Holy Shield vs Bödvar's Enrage"
    played = _("{first} vs {second}").format(first=cards[0], second=cards[1]) if len(cards) == 2 else "".join(cards)
    out = [Line(_("Turn {turn}: {cards}").format(turn=t.turn, cards=played))]

    def role(f: int, what: Role) -> tuple[RoleClaim, ...]:
        inst = t.cards.get(f >> 1, -1)
        return (RoleClaim(inst, t.round, t.turn, what),) if inst >= 0 and t.active.get(f >> 1) == f else ()

    back: list[Line] = []  # a token taken back is told after the Attack it came with
    borrowed = {e.attacker: e.base_from for e in t.events if isinstance(e, ev.AttackDeclared) and e.base_from >= 0}
    for e in t.events:
        match e:
            case ev.AttackBlocked(attacker=a, power=p, blocker=b):
                if a in borrowed:
                    text = _(
                        "{blocker}'s Block negated {attacker}'s {power}-Power Attack (with {fighter}'s Power): "
                        "no HP lost to it."
                    ).format(blocker=n(b), attacker=n(a), power=p, fighter=n(borrowed[a]))
                else:
                    text = _("{blocker}'s Block negated {attacker}'s {power}-Power Attack: no HP lost to it.").format(
                        blocker=n(b), attacker=n(a), power=p
                    )
                out.append(Line("  " + text, roles=role(b, "Block") + role(a, "Attack")))
            case ev.TokenMoved(token=tok, old=o, new=w) if o < 0 <= w:
                if (w >> 1 ^ 1) in t.active:
                    text = _("{fighter} put a {token} token on {target}.").format(
                        fighter=n(t.active[w >> 1 ^ 1]), token=_token(tok), target=n(w)
                    )
                else:
                    text = _("its owner put a {token} token on {target}.").format(token=_token(tok), target=n(w))
                out.append(Line("  " + text))
            case ev.TokenMoved(token=tok, old=o, new=w) if w < 0 <= o:
                text = _("Then the {token} token on {fighter} went back to its owner.").format(
                    token=_token(tok), fighter=n(o)
                )
                back.append(Line("  " + text))
            case ev.BlockSucceeded(blocker=b):
                text = _("The Block negated an Attack, so it succeeded and its bonus fired for {fighter}.").format(
                    fighter=n(b)
                )
                out.append(Line("  " + text, roles=role(b, "Block")))
            case ev.BlockIdle(blocker=b):
                text = _("{fighter} Blocked, but no Attack came: a Block with nothing to negate pays nothing.").format(
                    fighter=n(b)
                )
                out.append(Line("  " + text, roles=role(b, "Block")))
            case ev.AttackDeclared(attacker=a) if not any(
                isinstance(x, ev.AttackBlocked) and x.attacker == a for x in t.events
            ):
                out.append(Line(_attack_words(e, t, table), roles=role(a, "Attack")))
            case ev.IconFired(fighter=f, icon=i, hp=h):
                # TRANSLATORS: {hp} is the number printed on the space, {effect} what the icon does ("+1 Power")
                text = _("{fighter}'s marker passed the icon on the {hp} space of its Health track: {effect}.").format(
                    fighter=n(f), hp=h, effect=wl.icon_words(i)
                )
                out.append(Line("  " + text))
            case ev.Damage(fighter=f, direct=d) if d > 0:
                text = _("{fighter} took {damage} Direct Damage: it is no Attack, so no Block negates it.").format(
                    fighter=n(f), damage=d
                )
                out.append(Line("  " + text))
            case ev.MarkerMoved(fighter=f, stopped=True):
                text = _("A Stop on {fighter}'s Health track halted the marker: the rest of the loss is lost.").format(
                    fighter=n(f)
                )
                out.append(Line("  " + text))
            case ev.PowerChanged(fighter=f, old=o, new=w):
                text = _("{fighter}'s Power {before} → {after}: it counts from the next Turn, not this one.").format(
                    fighter=n(f), before=o, after=w
                )
                out.append(Line("  " + text))
            case ev.KnockedOut(fighter=f):
                out.append(Line("  " + _("{fighter} reached a KO space: the game is over.").format(fighter=n(f))))
    out.extend(back)
    words = []
    claims = []
    for f, (a, b) in sorted(t.hp.items()):
        if a != b:
            words.append(hp_words(table, f, a, b, t.steps.get(f, [])))
            claims.append(HpClaim(f, a, b, t.round, t.turn, moves_only(t.steps.get(f, []))))
    if words:
        # TRANSLATORS: {changes} are the Turn's HP changes, separated by "; "
        out.append(Line("  " + _("HP: {changes}.").format(changes=clause_list(words)), hp=tuple(claims)))
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
        fields = {
            "turn": t.turn,
            "card": _card(table, t.cards[0]),
            "fighter": _fighter(table, t.active[0]),
            "their_card": _card(table, t.cards[1]),
            "opponent": _fighter(table, t.active[1]),
            "target": _fighter(table, hit.target),
            "hp": a - b,
            "active": _and([_fighter(table, last.active[x]) for x in sorted(last.active)]),
        }
        if a > b:
            # TRANSLATORS: {card} made {fighter} the player's Active Fighter, {their_card} made {opponent} the
            # tutor's; {target} lost {hp} HP to the Attack; {active} names the Active Fighters of the last Turn;
            # {mark} is the boards' own mark of them ("▶ ACTIVE")
            text = _(
                "Whoever's card is revealed is that team's Active Fighter for the Turn: in Turn {turn}, "
                "{card} made {fighter} yours and {their_card} made {opponent} theirs. An Attack hits the "
                "Opponent, the other team's Active Fighter: that is why {target} lost {hp} HP. A card that hits "
                'someone else says so ("your Opponent\'s Partner"). The Fighters need not take turns. On the '
                "boards, {mark} marks the last Turn's: {active}."
            )
        else:
            text = _(
                "Whoever's card is revealed is that team's Active Fighter for the Turn: in Turn {turn}, "
                "{card} made {fighter} yours and {their_card} made {opponent} theirs. An Attack hits the "
                "Opponent, the other team's Active Fighter. A card that hits "
                'someone else says so ("your Opponent\'s Partner"). The Fighters need not take turns. On the '
                "boards, {mark} marks the last Turn's: {active}."
            )
        # the boards' own mark, in the player's language (one truth: French boards say "▶ EN JEU")
        return [Lesson("who", _("Who an Attack hits"), text.format(mark=_(ACTIVE_MARK), **fields), "#table")]
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
    card = table.cards[t.cards[seat]]
    # TRANSLATORS: {card} is the card that put the token, {text} that card's own rules text (ends with its stop)
    text = _(
        "In Turn {turn}, {fighter}'s {card} put a {token} token on {target}: see the Tokens line of the boards. "
        'Cards read tokens; this one says: "{text}" A token stays until a card moves it, so it matters in later '
        "rounds too. k (glossary) explains every token."
    ).format(
        turn=t.turn,
        fighter=_fighter(table, t.active[seat]),
        card=card_name(card.cdef),
        token=_token(e.token),
        target=_fighter(table, e.new),
        text=card_text(card.cdef),
    )
    return [Lesson("tokens", _("Tokens"), text, "#table")]


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
    rows = []
    for i, (x, y) in enumerate(zip(played, instead, strict=False)):
        if x[0] >= 0 and x[0] == y[0] and x[1] != y[1] and x[1] >= 0 and y[1] >= 0:
            row = _("Turn {turn}: your {card} met {met}, not {other}.").format(
                turn=i + 1, card=_card(table, x[0]), met=_card(table, x[1]), other=_card(table, y[1])
            )
            rows.append(row)
    if not rows:
        return []
    now = {f: s.state.hp(f) for f in range(4)}
    then = {f: other.hp(f) for f in range(4)}
    diff = [
        _("{fighter} at {hp} HP (not {was})").format(fighter=_fighter(table, f), hp=then[f], was=now[f])
        for f in range(4)
        if then[f] != now[f]
    ]
    power = [
        _("{fighter} at {power} Power (not {was})").format(
            fighter=_fighter(table, f), power=other.power[f], was=s.state.power[f]
        )
        for f in range(4)
        if other.power[f] != s.state.power[f]
    ]
    if slot == 1:
        # TRANSLATORS: {card} is the tutor's new card, now public
        head = _(
            "This round your tutor put its new card, {card}, on top of its Fight deck: it came up first, and each "
            "of their cards below it came one Turn later. Your cards stayed where you put them, so they met other "
            "cards than they would have with their card at the bottom, as before:"
        )
    else:
        head = _(
            "This round your tutor put its new card, {card}, in slot {slot} of its Fight deck: it came up in Turn "
            "{slot}, and each of their cards below it came one Turn later. Your cards stayed where you put them, "
            "so they met other cards than they would have with their card at the bottom, as before:"
        )
    parts = [head.format(card=new, slot=slot), *rows]
    tail = _("The what-if (w on the Build screen) shows this before you lock a Build.")
    if diff or power:
        # TRANSLATORS: {changes} lists the Fighters' HP and Power had the tutor's card gone to the bottom
        ending = _("With their card at the bottom, the engine plays this Fight out leaving {changes}.").format(
            changes=", ".join(diff + power)
        )
        tail = f"{ending} {tail}"
    parts.append(tail)
    return [Lesson("moved", _("Their insert moved your line-up"), "\n".join(parts), "#log")]


def _verdict(s: Session, table: GameTable) -> str:
    """What the Build the player decided alone cost, found by the engine replaying it with every other card
    and slot (the recap's own words); "" if the game ended before that Build."""
    if not any(b.seat == 0 and b.round == DECIDE + 1 for b in builds(s.record)):
        return ""
    found = [r for r in regrets(s.record, 0, top=len(s.record.decisions)) if r.round == DECIDE + 1]
    if found:
        # TRANSLATORS: {regret} is the recap's sentence on what that Build cost
        words = _("The Build you decided alone, replayed by the engine: {regret}").format(
            regret=regret_words(found[0], table, player_name(s.record.players[0]))
        )
        return words + "\n"
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
        you = player_name(s.record.players[0])
        view = s.view(0)
        if where == "order_start":
            first = next(ci.cdef for ci in tab.cards if ci.cdef.starting and ci.cdef.fighter_id == FIRST)
            whose = next(f for f in range(len(tab.fighters)) if tab.fighters[f].id == FIRST)
            names = {k: _fighter(tab, f) for k, f in zip(("joan", "shih", "bodvar", "wong"), range(4), strict=True)}
            return [
                Lesson(
                    "theme",
                    _("Welcome to Tag Team"),
                    # TRANSLATORS: {player} is the player's name; the four fields are the first game's Fighters
                    _(
                        "{player}, you lead a tag team of two Fighters from history and legend: {joan}, the warrior "
                        "saint, and {shih}, the pirate queen. Your tutor plays {bodvar}, the Norse berserker, "
                        "and {wong}, the kung-fu master."
                    ).format(player=you, **names),
                ),
                Lesson(
                    "goal",
                    _("The goal"),
                    _(
                        "Knock out either opposing Fighter: a Fighter whose Health marker ends a Turn on a KO "
                        "space loses the game for its team. Guard both of yours: either KO loses. If Fighters of "
                        "both teams are knocked out on the same Turn, or a Build deck cannot give 3 cards, the "
                        "game is a draw."
                    ),
                    "#boards",
                ),
                Lesson(
                    "overview",
                    _("How a round goes"),
                    _(
                        "Each round has two steps. Fight: both players reveal their top card together, Turn by "
                        "Turn, and the cards resolve themselves. Build: you draw 3 cards, keep 1 and slide it into "
                        "your Fight deck anywhere. Fight decks are never shuffled: next round the whole deck plays "
                        "again from the top, one card longer. That Build decision, taken every round, is the heart "
                        "of the game."
                    ),
                ),
                Lesson(
                    "start",
                    _("Your first choice"),
                    # TRANSLATORS: {card} is {fighter}'s Starting Card (Terror of the Seas)
                    _(
                        "Each Fighter brings a Starting Card. Choose which goes on top: put {fighter}'s {card} "
                        "first (it Attacks). Press ↓ to highlight it, Enter to choose, c to confirm."
                    ).format(fighter=_fighter(tab, whose), card=card_name(first)),
                    "#choices",
                    ("down", "enter", "c"),
                ),
            ]
        if where == "fight" and st.round == 1 and st.turn <= 1:
            return [
                Lesson(
                    "power",
                    _("Power, at the start of the Turn"),
                    _(
                        "Each board shows a Fighter's Power. An Attack deals the Power its Fighter had when the "
                        "Turn began; Power gained during a Turn only counts from the next one. Press n to reveal "
                        "one Turn at a time, and read the log."
                    ),
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
                    _("What happened in round {round}, and why").format(round=st.round),
                    "\n".join(lines) or _("Nothing changed this round."),
                    "#log",
                    ("enter",),
                ),
            ]
        if where == "build":
            return self._build_lessons(s, view, tab, st.round)
        if where == "over":
            won = st.winner == 0
            head = _("You won your first game!") if won else _("The game is over.")
            return [
                Lesson(
                    "over",
                    head,
                    _verdict(s, tab)
                    + _(
                        "The recap on this screen says how the game was decided and which Turns mattered. Next, "
                        "practise against the computer (p on the title screen); k explains any term, ? has the rules."
                    ),
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
            # TRANSLATORS: {card} is the player's kept card, {met} what it meets either way
            text = _(
                "So far your tutor has added its new card at the bottom, so its cards kept their slots. A "
                "real opponent inserts anywhere, and every card of theirs below that slot moves down one: "
                "your card N may meet their card N-1. Played out by the engine: your {card} in slot {slot} "
                "meets {met} if they add at the bottom again; if they put their card on top, it still meets "
                "{met}, but each of their cards below it moves down one slot."
            )
        else:
            # TRANSLATORS: {card} is the player's kept card, {met} what it meets, {other} what it meets instead
            text = _(
                "So far your tutor has added its new card at the bottom, so its cards kept their slots. A "
                "real opponent inserts anywhere, and every card of theirs below that slot moves down one: "
                "your card N may meet their card N-1. Played out by the engine: your {card} in slot {slot} "
                "meets {met} if they add at the bottom again; if they put their card on top, it meets {other} "
                "instead."
            )
        words = text.format(card=keep, slot=plan.position + 1, met=meets, other=_seen(view, tab, top.met))
        return [Lesson("shift", _("Their insert moves your line-up too"), words, "#lineup")]

    def _build_lessons(self, s: Session, view: PlayerView, tab: GameTable, rnd: int) -> list[Lesson]:
        plan = PLAN.get(rnd)
        if rnd > DECIDE:
            return [
                Lesson(
                    "own",
                    _("Your own Build"),
                    _(
                        "From here you are on your own: read their last Fight in the line-up, remember that "
                        "their insert can move every card of theirs below it down one slot, and check your "
                        "choice with w before you lock it."
                    ),
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
        if plan.position >= len(deck):
            # TRANSLATORS: the Build screen's keys: {number} selects the drawn card
            how = _("press {number}, then End (the bottom)").format(number=plan.card + 1)
        else:
            # TRANSLATORS: {downs} is "↓ once", "↓ twice", ...
            how = _("press {number}, then Home and {downs}").format(number=plan.card + 1, downs=_downs(plan.position))
        if rnd == 1:
            lineup = _(
                "The line-up lays out your next Fight slot by slot against what your tutor played last "
                "round: your card 1 meets their card 1, card 2 meets card 2. This time your tutor adds "
                "its new card at the bottom, so its cards keep their slots."
            )
            if plan.position < len(deck):
                shift = _(
                    "Insert a card at slot {slot} (next lesson) and your {card} shifts down to slot {below}: "
                    "an insert moves every card below it."
                ).format(slot=slot, card=_card(tab, deck[plan.position]), below=slot + 1)
                lineup = f"{lineup} {shift}"
            if ahead.negated:
                title = _("A Block, where an Attack will come")
                # TRANSLATORS: {how} says the keys to press; "(here it will)": this Block's bonus will fire
                block = _(
                    "Keep {card} and put it in slot {slot}, where it meets {met}. A Block negates every "
                    "Attack aimed at your team that Turn; only if it negates one does it succeed, and then its "
                    "bonus fires (here it will). To do it: {how}, and c to lock."
                )
            else:  # the line-up differs from the script's (another Starting Card on top): no Attack comes there
                title = _("A Block succeeds only against an Attack")
                # TRANSLATORS: {how} says the keys to press; the engine found no Attack against this Block
                block = _(
                    "Keep {card} and put it in slot {slot}, where it meets {met}. A Block negates every "
                    "Attack aimed at your team that Turn; only if it negates one does it succeed, and then its "
                    "bonus fires. Here no Attack will come in that Turn, so this Block will not succeed: watch "
                    "it fail, or try another slot with w. To do it: {how}, and c to lock."
                )
            aside = _(
                "This Build is suggested to show a Block at work: the coach (h) weighs every option and may rank "
                "another one higher."
            )
            return [
                Lesson("lineup", _("The line-up: card N meets card N"), lineup, "#lineup"),
                Lesson(
                    "block",
                    title,
                    block.format(card=keep, slot=slot, met=meets, how=how) + " " + aside,
                    "#drawn",
                    keys,
                ),
            ]
        if rnd == 2:
            return [
                Lesson("track", _("Stops and icons on the Health track"), _track_words(tab), "#team1"),
                *self._shift_lesson(s, plan, tab, keep, ahead),
                Lesson(
                    "build2",
                    _("Check it with the what-if"),
                    _(
                        "Suggested: keep {card} at slot {slot} ({how}). Then press w: for the card and slot you "
                        "have selected, the what-if plays the next Fight out for their insert at the top, in "
                        "the middle and at the bottom, and gives your win chance each way. This Build is here to "
                        "show the what-if, not as the best one: change the slot if you like what it shows "
                        "better; c locks."
                    ).format(card=keep, slot=slot, how=how),
                    "#drawn",
                    (*keys[:-1], "w", "c"),
                ),
            ]
        return []

    def _decide_lesson(self, s: Session, view: PlayerView, rnd: int) -> list[Lesson]:
        """The real decision: no suggestion, the tools to make it, and the recap to see what it cost."""
        tab = s.state.table
        assert tab is not None
        hp = _and(
            [
                # TRANSLATORS: a Fighter and its HP, "Bödvar 7 HP"
                _("{fighter} {hp} HP").format(fighter=_fighter(tab, fv.index), hp=fv.hp)
                for fv in view.fighters
                if fv.index >> 1 == 1
            ]
        )
        last = next((b for b in builds(s.record) if b.seat == 1 and b.round == rnd), None)
        # TRANSLATORS: where the tutor put its new card: "on top", "at the bottom", "where it liked"
        where = _("on top") if last is not None and last.choice.position == 0 else _("where it liked")
        if last is not None and last.choice.position >= len(last.before.fight[1]):
            where = _("at the bottom")
        text = _(
            "This Build is yours to decide. For the Fight you just saw, your tutor put its new card {where}, "
            "and a real opponent may insert anywhere. They have {hp}. Select a card and a slot, then press w to "
            "see what it meets wherever they insert, and h if you want the coach: every option played "
            "out by the engine, best first. (t, table memory, hides their last Fight: for later, when "
            "you play from memory as at a real table.) Lock it with c: at the end, the recap says "
            "what a Build cost you, played out by the engine."
        ).format(where=where, hp=hp)
        return [Lesson(f"tip{rnd}", _("Your call"), text, "#lineup", ("w",))]


def _track_words(tab: GameTable) -> str:
    """The Health track lesson, its icon read from the tutor's Active Fighter's board: an icon fires when the
    marker lands on it or passes it, whichever way it moves (damage or healing), once every marker has moved
    (``engine.turn``'s icon step). "Passes or lands on it, either way" read as "up too?"."""
    f = next(i for i in range(2, len(tab.fighters)) if tab.fighters[i].id == "bodvar")
    track = tab.fighters[f].tracks[0]
    space = next(i for i, icons in enumerate(track.icons) if "power_self" in icons)
    # TRANSLATORS: {fighter}'s Health track has a +P icon on its {hp} space; ‖ is how the boards draw a Stop
    return _(
        "Each board shows its Fighter's Health track: the marker moves along it space by space, down "
        "for damage and up for healing. {fighter}'s has a +P icon on its {hp} space ({effect}): an icon "
        "fires when the marker lands on it or passes it, moving down or up (healing too), once every marker "
        "has moved. A Stop is a space marked ‖: a moving marker halts on it, up or down, and the rest of that "
        'move is lost; the boards say where a Stop waits ("no Stop" when none does: every point lands).'
    ).format(fighter=_fighter(tab, f), hp=track.hp[space], effect=wl.icon_words("power_self"))
