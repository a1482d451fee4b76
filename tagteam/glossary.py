"""The terms a player meets on cards, boards and the log, each explained in a sentence or two.

Plain data (no Textual): the glossary screen lists it, and tests check that every term the log and the
boards print has an entry. The words are this app's own summary of the rules, not quotes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Term:
    """One entry: the word as printed, what it means, and where it shows up (``fighter`` for a board's own)."""

    word: str
    meaning: str
    where: str = "everywhere"
    fighter: str = ""


TERMS: tuple[Term, ...] = (
    # ------------------------------------------------------------------ the round and the decks
    Term(
        "Fight deck",
        "Your cards in the order they will be revealed, one a Turn. The order never changes, "
        "except that each Build step slides one new card in.",
        "Build, Fight",
    ),
    Term(
        "Build deck",
        "The cards you have not added yet. Each Build step you draw 3, keep 1 and put the "
        "other 2 underneath, in the order you choose. If you cannot draw 3, the game is a draw.",
        "Build",
    ),
    Term(
        "Starting Card",
        "The card (marked with a star) each Fighter begins in the Fight deck. You choose "
        "which of your two goes on top.",
        "Setup, cards",
    ),
    Term(
        "Turn",
        "Both players reveal the top card of their Fight deck together; both cards resolve at "
        "once. A Fight step is as many Turns as there are cards in the decks.",
        "Fight, log",
    ),
    Term(
        "Active Fighter",
        "The Fighter whose card was revealed this Turn. Attacks, Blocks and most "
        "effects on the card are that Fighter's.",
        "Fight, boards (▶ ACTIVE)",
    ),
    Term(
        "Partner", "The other Fighter of the same team: the one whose card was not revealed this Turn.", "cards, boards"
    ),
    Term("Opponent", "On a card, the opposing team's Active Fighter this Turn.", "cards"),
    Term(
        "Line-up",
        "Your card N meets their card N: the first cards meet on Turn 1, the second on Turn 2, "
        "and so on. A card slid in shifts every card below it one Turn later.",
        "Build",
    ),
    Term(
        "Build decision",
        "Which of the 3 drawn cards to keep, which slot it goes into, and the order the "
        "other two go back under the Build deck (so you know what comes up again).",
        "Build",
    ),
    Term(
        "Instant Bonus",
        "Some cards heal as soon as they are added to the Fight deck. The heal is "
        "announced once both players have built, without saying which card or where.",
        "Build, log",
    ),
    # ------------------------------------------------------------------ actions
    Term(
        "Power",
        "How hard a Fighter hits. An Attack deals the Power its Fighter had when the Turn began: "
        "Power gained during a Turn only counts from the next Turn.",
        "boards, cards, log",
    ),
    Term(
        "Attack",
        "The opposing Active Fighter loses HP equal to your Power (from the start of the Turn), "
        "unless a Block negates it.",
        "cards, log",
    ),
    Term(
        "Block",
        "Negates every Attack aimed at your team this Turn. Direct Damage is not an Attack and still gets through.",
        "cards, log",
    ),
    Term(
        "successful Block",
        "A Block that actually negated an Attack this Turn. Only then does its bonus "
        '("on Success") happen, once; a Block that meets no Attack does nothing.',
        "cards, log",
    ),
    Term(
        "Direct Damage",
        "HP loss that is not an Attack: it cannot be Blocked and adds to any Attack on the same Fighter that Turn.",
        "cards, log",
    ),
    Term(
        "Heal",
        "Moves the Health marker up. All the damage and healing of a Turn is added up first; "
        "then the marker moves once by the net amount.",
        "cards, log",
    ),
    Term("Cancel", "The cancelled card has no effect at all this Turn, as if it had not been played.", "cards, log"),
    Term(
        "on Success",
        "The part of a card that happens only if its Block negated an Attack, or its Attack was not Blocked.",
        "cards",
    ),
    # ------------------------------------------------------------------ boards
    Term("HP", "Health points: where the Fighter's marker stands on its Health track.", "boards, log"),
    Term(
        "Health track",
        "The row of spaces on a Fighter's board. The marker moves down when it loses HP "
        "and up when it heals, space by space.",
        "boards",
    ),
    Term(
        "KO",
        "A Knock-Out space at the end of a Health track. A Fighter that ends a Turn there loses the "
        "game for its team; if both teams lose a Fighter on the same Turn, it is a draw.",
        "boards, log",
    ),
    Term(
        "Stop",
        "A space marked ‖. A moving marker halts there, whatever is left of the movement; the rest "
        "is lost. It protects a Fighter from being pushed further that Turn.",
        "boards, log",
    ),
    Term(
        "Icon",
        "A mark on a Health space (+P, ✶, ⇅ ...). It fires when the marker passes or lands on it, "
        "once all markers have moved.",
        "boards, log",
    ),
    Term("+P", "Health-track icon: this Fighter gains 1 Power. +P→ gives it to the Partner.", "boards"),
    # ------------------------------------------------------------------ Fighters' own words
    Term(
        "Divine Voice",
        "Joan's dial. Her cards turn its marker clockwise; landing on a +1 Power space "
        "gives Joan (or her Partner) 1 Power.",
        "Joan's board, log",
        "Joan",
    ),
    Term(
        "Fleet",
        "Ching Shih's track, counted in Ships. Her Terror of the Seas does different things with "
        "0-7, 8-15 or exactly 20 Ships.",
        "Ching Shih's board, log",
        "Ching Shih",
    ),
    Term("Ships", "The count on Ching Shih's Fleet track.", "Ching Shih's board, cards", "Ching Shih"),
    Term(
        "Rage",
        "Bödvar's track. When it reaches the top he turns into the Berserker Bear: +3 Power and a new Health track.",
        "Bödvar's board, log",
        "Bödvar",
    ),
    Term(
        "Berserker Bear",
        "Bödvar's other side. The Turn he transforms he ignores all HP changes; then his "
        "cards read their Bear half (Enrage, for one, Attacks only as the Bear).",
        "Bödvar's board, log",
        "Bödvar",
    ),
    Term(
        "Concentration",
        "Wong Fei-Hung's tokens. Some of his cards put one on the Opponent; with a token "
        "already there, they Attack using that Opponent's own Power, and the token comes back.",
        "boards, log",
        "Wong Fei-Hung",
    ),
    Term(
        "Sheriff",
        "The Wild Bunch's token. Whoever holds it changes what their cards do; it passes between the teams.",
        "boards, log",
        "The Wild Bunch",
    ),
    Term(
        "Aflame!",
        "Shango's tokens, put on opposing Fighters. Each one adds 1 to Shango's Attacks on that "
        "Fighter; tokens never leave.",
        "boards, log",
        "Shango",
    ),
    Term("Flamepower", "Shango's Attack value: his Power plus the Aflame! tokens on the target.", "cards", "Shango"),
    Term(
        "Incinerated",
        "A Fighter carrying a 5th Aflame! token: its team loses at once, even over a double KO.",
        "log",
        "Shango",
    ),
    Term(
        "Serpent",
        "Mephisto's two-faced token, white or black. His Serpent cards do one thing or the "
        "other depending on the face up; some flip it.",
        "boards, log",
        "Mephisto",
    ),
    Term(
        "Spirit",
        "The Fey Folk's fallen Characters. When the Character in play reaches its bottom space "
        "it becomes a Spirit (the Spirit track goes up) and another steps in; some cards grow with each "
        "Spirit.",
        "boards, log",
        "The Fey Folk",
    ),
    Term(
        "Spirit track",
        "The Fey Folk's count of Spirits, from 1 to 4. It rises each time a Character falls.",
        "boards, log",
        "The Fey Folk",
    ),
    Term(
        "Character",
        "One of the Fey Folk's three (Fairy, Gnome, Elf). Only one is in play at a time; "
        "their owner chooses who steps in next.",
        "boards, log",
        "The Fey Folk",
    ),
    Term(
        "All Legends Must Pass",
        "The only way the Fey Folk are knocked out: all three Characters are Spirits when that card is played.",
        "cards, log",
        "The Fey Folk",
    ),
    Term(
        "Scheme",
        "Milady's secret tokens. Plant puts one face down on her board; Unleash reveals a "
        "planted one at random and applies it, then it leaves the game.",
        "boards, log",
        "Milady",
    ),
    Term("Poison", "A Scheme: Direct Damage equal to half the Opponent's HP, rounded down.", "log", "Milady"),
    Term(
        "Presence",
        "The Golem's token, given to his Partner. From the next Turn on, the next unblocked Attack "
        "on that Partner does 0 HP (still a successful Attack), then the token returns to the Golem. "
        "It never protects the Golem himself, nor against Direct Damage. A Block acts first.",
        "boards, log",
        "The Golem",
    ),
    Term(
        "Reanimation",
        "The Golem's card: the card revealed on his team's next Turn takes effect twice.",
        "cards, log",
        "The Golem",
    ),
    Term(
        "Revive",
        "Maman Brijit's bottom space: pushed past her KO spaces onto it, she comes back with +1 Power at 4 HP.",
        "boards, log",
        "Maman Brijit",
    ),
    Term(
        "Drag You to Hell",
        "Maman Brijit's card: if her team would lose this Turn, it wins instead.",
        "cards, log",
        "Maman Brijit",
    ),
    Term(
        "Execution",
        "Mordred's card: after the Opponent's card resolves, a Fighter with few HP left loses them all.",
        "cards, log",
        "Mordred",
    ),
    # ------------------------------------------------------------------ the app
    Term(
        "Table memory",
        "A Build-screen option that hides the opponent's last Fight, for players who play "
        "it from memory as at a real table.",
        "Build",
    ),
    Term(
        "Coach",
        "Solo practice only: what the Hard bot would do at this Build step, each option with a "
        "reason, and your own selection rated.",
        "Build",
    ),
    Term(
        "Log scroll-back",
        "On the Fight screen, Tab moves to the log; PageUp and PageDown scroll it, "
        "Home and End jump to the start or the latest line.",
        "Fight",
    ),
)


def lookup(word: str) -> Term | None:
    """The entry for ``word`` (case and surrounding punctuation ignored), or None."""
    key = word.strip().strip(".:,").lower()
    return next((t for t in TERMS if t.word.lower() == key), None)


def matching(text: str) -> list[Term]:
    """Entries whose word or meaning mentions ``text`` (the glossary screen's filter)."""
    q = text.strip().lower()
    if not q:
        return list(TERMS)
    return [t for t in TERMS if q in t.word.lower() or q in t.meaning.lower() or q in t.fighter.lower()]
