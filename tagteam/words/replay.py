"""A replay's decision lines: who decided what, in the player's words (a finished game), or only who decided
(a game still in progress keeps its secrets). ``tagteam.play.feeds.ReplayFeed`` puts them in its log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.words.lang import _
from tagteam.words.names import player_name

if TYPE_CHECKING:
    from tagteam.engine.actions import Action
    from tagteam.engine.session import Session


def hidden_decision(player: str) -> str:
    """A replayed decision of a game still in progress: who decided, never what."""
    return _("{player} makes a choice (kept secret: this game is not finished).").format(player=player)


def _fighter(fid: str) -> str:
    """A Fighter's printed name from its id (the card library, not the game table: drafts have none yet)."""
    from tagteam.engine.table import library
    from tagteam.words.names import fighter_name

    fd = library().get(fid)
    return fighter_name(fd) if fd is not None else fid


def decision(session: Session, seat: int, action: Action) -> str:
    """A spectator's line for a decision, in player words (replays of finished games only)."""
    from tagteam.engine.actions import BuildChoice, ChooseCharacter, DraftPick, OrderStart, PickTeam
    from tagteam.words.names import board_text, card_name

    who = player_name(session.record.players[seat])
    tab = session.state.table
    match action:
        case PickTeam(fighters=(a, b)):
            return _("{player} picks {first} and {second}.").format(player=who, first=_fighter(a), second=_fighter(b))
        case DraftPick(fighter=f, discard=d):
            if d:
                return _("{player} keeps {fighter}, and discards {discarded} face down.").format(
                    player=who, fighter=_fighter(f), discarded=_fighter(d)
                )
            return _("{player} keeps {fighter}.").format(player=who, fighter=_fighter(f))
        case OrderStart(first=f):
            return _("{player} puts {fighter}'s Starting Card on top of the Fight deck.").format(
                player=who, fighter=_fighter(f)
            )
        case ChooseCharacter(index=i):
            if tab is not None:
                fey = next((fd for fd in tab.fighters if fd.rules == "fey_folk"), None)
                if fey is not None and 0 <= i < len(fey.tracks):
                    return _("{player} chooses {character} as the Fey Folk's Character.").format(
                        player=who, character=board_text(fey.tracks[i], "name")
                    )
            return _("{player} chooses the Fey Folk's Character.").format(player=who)
        case BuildChoice(card=c, position=p, bottom=(x, y)):
            drawn = session.state.drawn[seat]
            if tab is None or not all(0 <= i < len(drawn) for i in (c, x, y)):
                return _("{player} makes a Build choice.").format(player=who)
            kept, first, second = (card_name(tab.cards[drawn[i]].cdef) for i in (c, x, y))
            size = len(session.state.fight[seat])
            if p == 0:
                text = _(
                    "{player} adds {card} on top of their Fight deck, "
                    "and puts {first} then {second} under the Build deck."
                )
            elif p >= size:
                text = _(
                    "{player} adds {card} at the bottom of their Fight deck, "
                    "and puts {first} then {second} under the Build deck."
                )
            else:
                text = _(
                    "{player} adds {card} at position {position} of their Fight deck, "
                    "and puts {first} then {second} under the Build deck."
                )
            return text.format(player=who, card=kept, position=p + 1, first=first, second=second)
    return _("{player} makes a choice.").format(player=who)
