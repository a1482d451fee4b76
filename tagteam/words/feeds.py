"""The Fight screen's words: its heading, the line of its pause and the recap's lead.

``tagteam.play.feeds`` says where the game stands as data (``Heading``, ``Pause``), which the network can carry;
the Fight screen writes it with these functions in its player's language, so a host and a client each read
their own. A replay's decision lines are ``tagteam.words.replay``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tagteam.words.colon import after_colon
from tagteam.words.lang import _

if TYPE_CHECKING:
    from tagteam.facts.feeds import Heading, Pause


def heading(h: Heading) -> str:
    """ "Round 3 · Turn 2", "Round 3 · before Turn 1" or "Draft and setup"; a replay says so first."""
    if h.round == 0:
        text = _("Draft and setup")
    elif h.turn == 0:
        text = _("Round {round} · before Turn 1").format(round=h.round)
    else:
        text = _("Round {round} · Turn {turn}").format(round=h.round, turn=h.turn)
    # TRANSLATORS: the Fight screen's heading while a saved game is played back; {heading} is "Round 3 · Turn 2"
    return _("REPLAY · {heading}").format(heading=text) if h.replay else text


def pause(p: Pause) -> str:
    """Why the Fight screen stopped resolving Turns, and what Enter does next (its status line)."""
    return f"{pause_line(p)} {enter(p)}"


def pause_line(p: Pause) -> str:
    """Why the Fight screen stopped resolving Turns (its log's last line says it without the key)."""
    match p.why:
        case "over":
            # TRANSLATORS: {outcome} is how the game ended, e.g. "Bödvar is Knocked Out."
            return _("GAME OVER. {outcome}").format(outcome=p.outcome)
        case "replay_over":
            return _("End of the replay. GAME OVER. {outcome}").format(outcome=p.outcome)
        case "replay_stop":
            return _("End of the replay: this game is not finished, so it stops here.")
        case "character":
            return _("Play stops: the Fey Folk's Character is out, so {player} chooses who steps in.").format(
                player=p.player
            )
    return _("Next: the Build step.")


def enter(p: Pause) -> str:
    """What Enter does at the pause."""
    match p.why:
        case "over" | "replay_over":
            return _("Press Enter for the summary.")
        case "replay_stop":
            return _("Press Enter for the title screen.")
    return _("Press Enter.")


def recap_lead(line: str) -> str:
    """The recap's first line at a pause, marked as the recap."""
    # TRANSLATORS: the first line of the recap shown at the end of a Fight step; {line} is a sentence
    return _("Recap: {line}").format(line=after_colon(line))  # French: "Bilan : ce qui a compté : ..."
