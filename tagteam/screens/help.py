"""Rules reference written for this app (a summary in our own words), with the keys of every screen.

The text is parsed once per process and drawn as one widget (not one widget per paragraph and table
cell), so ``?`` opens as quickly as the glossary, every time.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from rich.console import Console
from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.strip import Strip
from textual.widgets import Footer

from tagteam.screens.overlay import LinesView, OverlayScreen, laid_out

RULES = """\
# Tag Team in a nutshell

The command palette (`ctrl+p`) has new game, save, load, quit, toggle animations, colour-blind theme and theme.

**Aim.** You run a team of two Fighters. A Fight is lost when one of your Fighters ends a Turn on a
**KO** space. If both teams have a Fighter knocked out on the same Turn it is a draw, unless a Fighter's
own rule says otherwise (the board or the card always wins over the general rules).

**Rounds.** Each round has two steps:

1. **Fight.** Both players reveal the top card of their Fight deck at the same time. That card's Fighter is
   your *Active Fighter* for this Turn. Both cards resolve together, then the next pair is revealed, until
   both decks are played out. This app resolves each Turn for you: you watch, step, or skip.
2. **Build.** Each player draws 3 cards from their Build deck, keeps one and slides it into their Fight
   deck *anywhere* (top, bottom, or between two cards), then puts the other two under the Build deck in
   the order they choose. The Fight deck order never changes otherwise, so each round is the last one plus
   one card: remember what your opponent played, slot by slot.

**Actions.**
- *Attack*: the opposing Active Fighter loses HP equal to your Power as it was when the Turn began.
- *Block*: cancels every Attack aimed at your team this Turn; a successful Block pays its bonus once.
- *Direct Damage* is not an Attack: it cannot be Blocked and adds to any Attack on the same target.
- *Heal* moves the marker up. Damage and healing of a Turn are added up first, then the marker moves.
- *Power* gained this Turn only counts from the next Turn.

**Health tracks.** The marker moves space by space. A **Stop** space (‖) ends the movement there. Icons
passed or landed on (for example +P, +1 Power) fire once all markers have moved.

**End of the game.** A KO ends it at once. If Fighters of both teams are knocked out on the same Turn,
it is a draw. If a player cannot draw 3 cards at the Build step, the game is a draw.

**Fighters that bend these rules** (the board or the card always wins over the general rules):
- *Incineration (Shango).* A Fighter carrying 5 Aflame! tokens is Incinerated and loses at once. It is
  not a loss of HP (no Health-track icon fires) and it is not a KO, so it is never part of a draw: the
  Incinerated team loses even if a Fighter of the other team is knocked out on the same Turn.
- *Drag You to Hell (Mephisto).* On the Turn this card is revealed, if Mephisto's team would lose in any
  way (a KO of either Fighter, Incineration, anything), it wins instead.
- *The Fey Folk.* Three Characters, one in play at a time; their tracks have no KO space. A Character
  who loses its last HP becomes a Spirit (it can still act through cards, but never gains or loses HP
  again); before the next card is revealed the Spirit track moves up one space and its player chooses the
  next Character, who starts at the top of its track. Losing all three does not knock the Fey Folk out:
  they lose only when *All Legends Must Pass* is revealed while all three are already Spirits.
- *Maman Brijit.* Two KO spaces: she is knocked out only if her marker ends the Turn on one. A marker
  pushed past them reaches the back-to-life space (↺): she gains 1 Power and comes back at 4 HP at the
  end of the Turn. On the bottom space she stops losing HP.
- *Bödvar.* When his Rage track fills he gains 3 Power and turns into the Berserker Bear: the board
  flips, the Bear starts with HP equal to his Power, his tokens follow him, and HP changes are ignored on
  the Turn he transforms.
- *Summonings (Mordred and others).* A card turned over keeps its new face for the rest of the game;
  the new face acts from the next time it is played.

**Table memory.** At a real table played cards are covered by the next ones, so you play from memory.
The Build screen shows the opponent's last Fight slot by slot beside your next one, as a reminder. Press
`t` on the Build screen to hide it and play from memory as at the table; the choice is kept for the
rest of the session, for both players.

**Instant bonus.** Some cards heal when added to the deck: the heal is announced once both players have
built, without saying which card or where it went.

# Keys

| Where | Keys |
|---|---|
| Everywhere | `?` this page · `k` glossary · `ctrl+p` commands · `ctrl+s` save · `ctrl+q` quit (autosaves) |
| Everywhere | a click on a key in the footer presses it |
| Title | `f` first-game teams · `↑↓ Enter` or click: menu · `Tab` player names |
| Hand-over | `Enter` or a click on the card, when the right player is at the keyboard |
| Draft / Setup | `Enter` (or space) or click: choose · `c` confirm (the Draft's Confirm button too) |
| Build | `1` `2` `3` or click: the card to keep · `↑↓` `Home` `End` or click: its slot in the line-up |
| Build | `o` swap the two cards going under the Build deck · `t` table memory · `c` lock |
| Line-up | `A` Attack `B` Block `D` Direct Damage `H` Heal `P` Power `T` Transfer `C` Cancel |
| Line-up | "you block": your Block meets their Attack · "they block": your Attack meets their Block |
| Fight | `n`/space next Turn · `a` auto · `+`/`-` speed · `s` skip the Fight step · `r` next round |
| Fight | `l` legend of the marks · `Enter` go on |
| Game over | `r` rematch with the same teams · `d` new draft · `w` save the replay · `t` title |

Marks used on the boards: `[n]` the Health marker · `‖` Stop · `KO` knock-out space · `+P` +1 Power ·
`+P→` +1 Power to the Partner · `⇅` flip the Serpent · `✶` Unleash a Scheme · `↺` back to life ·
`✧` becomes a Spirit · `▶ ACTIVE` the Active Fighter. Colour only repeats these marks.
"""


@cache
def rules_text() -> Markdown:
    """The rules parsed once per process."""
    return Markdown(RULES, hyperlinks=False)


@cache
def rules_lines(width: int, console: Console) -> tuple[Strip, ...]:
    """The rules laid out at ``width`` once per process: opening the screen again costs nothing."""
    return laid_out(rules_text(), width, console)


class HelpScreen(OverlayScreen):
    """Pushed over any screen and popped with Escape; it shows no game state, so it is safe at any moment."""

    CSS_PATH = "help.tcss"
    AUTO_FOCUS = "#text"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back"),
        Binding("g", "app.gallery", "Card gallery"),
    ]

    def body(self) -> ComposeResult:
        yield LinesView(lambda width: rules_lines(width, self.app.console), id="text")
        yield Footer()
