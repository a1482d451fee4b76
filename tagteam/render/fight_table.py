"""The Fight as a table: each Fight deck as a row of card places, and what each revealed card did, drawn
at the pair, read from the same typed events the log words (nothing here reads the rules again).

Who may see a coming card is decided once, here (``deck_slots``): your own coming cards face up only where
you alone watch (``you`` is the viewer's seat: solo practice, a network seat); every other coming card, and
both rows on a shared hot-seat screen, lie face down, all alike, so not even a new card's place shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rich.text import Text

from tagteam.content.fighters import TOKEN_NAME_OWNER
from tagteam.engine import events as ev
from tagteam.render.board import Palette, deck_counts
from tagteam.words import fight as words
from tagteam.words.names import card_name, fighter_name

if TYPE_CHECKING:
    from tagteam.engine.table import GameTable
    from tagteam.engine.view import PlayerView

Place = Literal["played", "now", "coming"]


@dataclass(frozen=True, slots=True)
class Slot:
    """One place of a Fight deck's row: a card instance face up, or None for a card lying face down."""

    inst: int | None
    place: Place
    flipped: bool = False


def shows_coming(view: PlayerView, seat: int, you: int | None) -> bool:
    """Whether ``seat``'s coming cards may be shown face up: only to their own player, watching alone, and
    only from that player's own view (``you`` None is a shared screen: nobody's are shown)."""
    return you is not None and seat == you == view.seat


def deck_slots(view: PlayerView, seat: int, you: int | None, now: int | None = None) -> list[Slot]:
    """``seat``'s Fight deck in order: the cards played this Fight face up (``now``, the one being revealed
    this Turn, marked so), then the cards to come, face down unless ``shows_coming``."""
    size, done, _build = deck_counts(view, seat)
    left = max(0, size - done)
    # after the last Turn the engine files this Fight's cards as last played: the row still shows them
    played = view.played[seat] or (view.last_played[seat] if not left else ())
    out = [Slot(inst, "now" if inst == now else "played", inst in view.flipped) for inst in played]
    if not left:
        return out
    coming = list(view.my_fight_deck[view.my_cursor :]) if shows_coming(view, seat, you) else []
    if len(coming) == left:
        out.extend(Slot(inst, "coming") for inst in coming)
    else:
        out.extend(Slot(None, "coming") for _ in range(left))
    return out


def turn_events(log: Sequence[ev.Event]) -> list[ev.Event]:
    """The events of the latest Turn (after its ``TurnStarted``), or none once a new round has begun."""
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if isinstance(e, ev.TurnStarted):
            return list(log[i + 1 :])
        if isinstance(e, ev.RoundStarted):
            return []
    return []


def _owner_seat(table: GameTable, token: str) -> int | None:
    kind = TOKEN_NAME_OWNER.get(token)
    if kind in table.rules:
        return table.rules.index(kind) >> 1
    return None


def what_each_did(
    log: Sequence[ev.Event], table: GameTable, pal: Palette, short: bool = False
) -> tuple[list[Text], list[Text]]:
    """What happened this Turn, beside each seat's card: its Attacks and Blocks, the HP its Fighters lost or
    gained, Power and track moves, tokens moving, bonuses. One short line per event, a mark and words;
    ``short`` leaves out where a marker went (the boards say it), for the compact table."""
    out: tuple[list[Text], list[Text]] = ([], [])

    def name(f: int) -> str:
        return fighter_name(table.fighters[f].model)

    def put(seat: int, line: str, style: str = "") -> None:
        if 0 <= seat <= 1:
            out[seat].append(Text(line, style=style))

    for e in turn_events(log):
        match e:
            case ev.CardCancelled(seat=s):
                put(s, words.cancelled(), "bold")
            case ev.AttackDeclared(attacker=a, target=t, power=p):
                put(a >> 1, words.attack(p, name(t), short), "bold")
            case ev.AttackRedirected(target=t, power=p):
                put(1 - (t >> 1), words.attack(p, name(t), short), "bold")
            case ev.AttackBlocked(attacker=a, blocker=b):
                put(a >> 1, words.blocked(name(b)), "italic")
            case ev.BlockSucceeded(blocker=b):
                put(b >> 1, words.block(True), "bold")
            case ev.BlockIdle(blocker=b):
                put(b >> 1, words.block(False), "italic")
            case ev.AttackAbsorbed(target=t, power=p):
                put(t >> 1, words.absorbed(p), "italic")
            case ev.MarkerMoved(fighter=f, from_hp=old, to_hp=new) if old != new:
                if new < old:
                    put(f >> 1, words.hp_lost(old - new, name(f), old, new, short), pal.ko)
                else:
                    put(f >> 1, words.hp_gained(new - old, name(f), old, new, short), pal.active)
            case ev.PowerChanged(fighter=f, old=old, new=new):
                put(f >> 1, words.power(name(f), old, new, short))
            case ev.TrackChanged(fighter=f, track=tr, old=old, new=new):
                put(f >> 1, words.track(name(f), words.track_name(tr), old, new, short))
            case ev.TokenMoved(token=tok, old=old, new=new, count=k):
                seat = _owner_seat(table, tok)
                seat = seat if seat is not None else (new if new >= 0 else old) >> 1
                put(seat, words.token(tok, k, name(new) if new >= 0 else words.supply()))
            case ev.InstantBonus(seat=s, fighter=f, heal=h):
                put(s, words.instant(name(f), h), pal.active)
            case ev.HealCounted(fighter=f, each=each, count=n):
                put(f >> 1, words.heal_counted(name(f), each * n))
            case ev.KnockedOut(fighter=f):
                put(f >> 1, words.knocked_out(name(f)), pal.ko)
            case ev.SchemePlanted(fighter=f):
                put(f >> 1, words.scheme(name(f), True))
            case ev.SchemeUnleashed(fighter=f):
                put(f >> 1, words.scheme(name(f), False))
            case ev.CardRemoved(seat=s, card_id=cid, by_seat=by):
                card = table.cards_by_id.get(cid)
                put(by if by >= 0 else s, words.removed(card_name(card.model) if card is not None else cid))
            case _:
                pass
    return out
