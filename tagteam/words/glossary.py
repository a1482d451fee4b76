"""The terms a player meets on cards, boards and the log, each explained in a sentence or two.

Plain data (no Textual): the glossary screen lists it, and tests check that every term the log and the
boards print has an entry. The words are this app's own summary of the rules, not quotes.

Each word, meaning and place is an ``N_``-marked message of the gettext catalog (translated where shown), not a
per-language data file: a French term is then the very message the log prints (the glossary's "Aflame!" is the
log's "Aflame!", so both read "Flamme"), a new or changed English entry shows up untranslated in the catalogs'
``check``, and a translator edits one kind of file (the ``.po``) for the whole game. ``lookup`` finds a term by
its English word or by the word in the player's language.

What a language adds to find its words is data, ``locale/<lang>/glossary.json`` (``GlossaryData``): the words a
printed name carries before the term ("jeton Golem" is found as "Golem") and other words players use for a term
("Présence" finds the Presence token's entry).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tagteam.ground.problems import Problem, ProblemError, from_pydantic
from tagteam.words import N_, _, language


@dataclass(frozen=True, slots=True)
class Term:
    """One entry: the word as printed, what it means, and where it shows up (``fighter`` for a board's own).

    ``word``, ``meaning`` and ``where`` are English catalog keys; ``fighter`` is the Fighter's English name
    (from the card data). The ``shown_*`` properties give them in the player's language."""

    word: str
    meaning: str
    where: str = N_("everywhere")
    fighter: str = ""

    @property
    def shown_word(self) -> str:
        return _(self.word)

    @property
    def shown_meaning(self) -> str:
        return _(self.meaning)

    @property
    def shown_where(self) -> str:
        return _(self.where)

    @property
    def shown_fighter(self) -> str:
        """The Fighter's name as the card data gives it in the player's language."""
        return fighter_names().get(self.fighter, self.fighter) if self.fighter else ""


TERMS: tuple[Term, ...] = (
    # ------------------------------------------------------------------ the round and the decks
    Term(
        N_("Fight deck"),
        N_(
            "Your cards in the order they will be revealed, one a Turn. The order never changes, except that "
            "each Build step slides one new card in."
        ),
        N_("Build, Fight"),
    ),
    Term(
        N_("Build deck"),
        N_(
            "The cards you have not added yet. Each Build step you draw 3, keep 1 and put the other 2 "
            "underneath, in the order you choose. If you cannot draw 3, the game is a draw."
        ),
        N_("Build"),
    ),
    Term(
        N_("Starting Card"),
        N_(
            "The card (marked with a star) each Fighter begins in the Fight deck. You choose which of your "
            "two goes on top."
        ),
        N_("Setup, cards"),
    ),
    Term(
        N_("Turn"),
        N_(
            "Both players reveal the top card of their Fight deck together; both cards resolve at once. A "
            "Fight step is as many Turns as there are cards in the decks."
        ),
        N_("Fight, log"),
    ),
    Term(
        N_("Active Fighter"),
        N_(
            "The Fighter whose card was revealed this Turn. Attacks, Blocks and most effects on the card are "
            "that Fighter's."
        ),
        N_("Fight, boards (▶ ACTIVE)"),
    ),
    Term(
        N_("Partner"),
        N_("The other Fighter of the same team: the one whose card was not revealed this Turn."),
        N_("cards, boards"),
    ),
    Term(
        N_("Opponent"),
        N_("On a card, the opposing team's Active Fighter this Turn."),
        N_("cards"),
    ),
    Term(
        N_("Line-up"),
        N_(
            "Your card N meets their card N: the first cards meet on Turn 1, the second on Turn 2, and so on."
            " A card slid in shifts every card below it one Turn later."
        ),
        N_("Build"),
    ),
    Term(
        N_("Build decision"),
        N_(
            "Which of the 3 drawn cards to keep, which slot it goes into, and the order the other two go back"
            " under the Build deck (so you know what comes up again)."
        ),
        N_("Build"),
    ),
    Term(
        N_("Instant Bonus"),
        N_(
            "Some cards heal as soon as they are added to the Fight deck. The heal is announced once both "
            "players have built, without saying which card or where."
        ),
        N_("Build, log"),
    ),
    # ------------------------------------------------------------------ actions
    Term(
        N_("Power"),
        N_(
            "How hard a Fighter hits. An Attack deals the Power its Fighter had when the Turn began: Power "
            "gained during a Turn only counts from the next Turn."
        ),
        N_("boards, cards, log"),
    ),
    Term(
        N_("Attack"),
        N_(
            "The opposing Active Fighter loses HP equal to your Power (from the start of the Turn), unless a "
            "Block negates it."
        ),
        N_("cards, log"),
    ),
    Term(
        N_("Block"),
        N_("Negates every Attack aimed at your team this Turn. Direct Damage is not an Attack and still gets through."),
        N_("cards, log"),
    ),
    Term(
        N_("successful Block"),
        N_(
            'A Block that actually negated an Attack this Turn. Only then does its bonus ("on Success") '
            "happen, once; a Block that meets no Attack does nothing."
        ),
        N_("cards, log"),
    ),
    Term(
        N_("Direct Damage"),
        N_("HP loss that is not an Attack: it cannot be Blocked and adds to any Attack on the same Fighter that Turn."),
        N_("cards, log"),
    ),
    Term(
        N_("Heal"),
        N_(
            "Moves the Health marker up. All the damage and healing of a Turn is added up first; then the "
            "marker moves once by the net amount."
        ),
        N_("cards, log"),
    ),
    Term(
        N_("Cancel"),
        N_("The cancelled card has no effect at all this Turn, as if it had not been played."),
        N_("cards, log"),
    ),
    Term(
        N_("on Success"),
        N_("The part of a card that happens only if its Block negated an Attack, or its Attack was not Blocked."),
        N_("cards"),
    ),
    # ------------------------------------------------------------------ boards
    Term(
        N_("HP"),
        N_("Health points: where the Fighter's marker stands on its Health track."),
        N_("boards, log"),
    ),
    Term(
        N_("Health track"),
        N_(
            "The row of spaces on a Fighter's board. The marker moves down when it loses HP and up when it "
            "heals, space by space."
        ),
        N_("boards"),
    ),
    Term(
        N_("KO"),
        N_(
            "A Knock-Out space at the end of a Health track. A Fighter that ends a Turn there loses the game "
            "for its team; if both teams lose a Fighter on the same Turn, it is a draw."
        ),
        N_("boards, log"),
    ),
    Term(
        N_("Stop"),
        N_(
            "A space marked ‖. A moving marker halts there, whatever is left of the movement; the rest is "
            "lost. It protects a Fighter from being pushed further that Turn."
        ),
        N_("boards, log"),
    ),
    Term(
        N_("Icon"),
        N_(
            "A mark on a Health space (+P, ✶, ⇅ ...). It fires when the marker lands on it or passes it, "
            "moving down or up, once every marker has moved."
        ),
        N_("boards, log"),
    ),
    Term(
        N_("+P"),
        N_("Health-track icon: this Fighter gains 1 Power. +P→ gives it to the Partner."),
        N_("boards"),
    ),
    # ------------------------------------------------------------------ Fighters' own words
    Term(
        N_("Divine Voice"),
        N_(
            "Joan's dial. Her cards turn its marker clockwise; landing on a +1 Power space gives Joan (or her"
            " Partner) 1 Power."
        ),
        N_("Joan's board, log"),
        "Joan",
    ),
    Term(
        N_("Fleet"),
        N_(
            "Ching Shih's track, counted in Ships. Her Terror of the Seas does different things with 0-7, "
            "8-15 or exactly 20 Ships."
        ),
        N_("Ching Shih's board, log"),
        "Ching Shih",
    ),
    Term(
        N_("Ships"),
        N_("The count on Ching Shih's Fleet track."),
        N_("Ching Shih's board, cards"),
        "Ching Shih",
    ),
    Term(
        N_("Rage"),
        N_(
            "Bödvar's track. When it reaches the top he turns into the Berserker Bear: +3 Power and a new Health track."
        ),
        N_("Bödvar's board, log"),
        "Bödvar",
    ),
    Term(
        N_("Berserker Bear"),
        N_(
            "Bödvar's other side. The Turn he transforms he ignores all HP changes; then his cards read their"
            " Bear half (Enrage, for one, Attacks only as the Bear)."
        ),
        N_("Bödvar's board, log"),
        "Bödvar",
    ),
    Term(
        N_("Concentration"),
        N_(
            "Wong Fei-Hung's tokens. Some of his cards put one on the Opponent; with a token already there, "
            "they Attack using that Opponent's own Power, and the token comes back."
        ),
        N_("boards, log"),
        "Wong Fei-Hung",
    ),
    Term(
        N_("Sheriff"),
        N_(
            "The Wild Bunch's token, held by one Fighter and passed between the teams by their cards. It decides "
            "what some of their cards do: while they hold it, one card Attacks (handing it over) and another "
            "Attacks both Opponents; while an Opponent holds it, the first instead gives that Opponent 1 Power, "
            "then takes it back and gains 1 Power. Whoever holds it can also gain Power from their cards."
        ),
        N_("boards, log"),
        "The Wild Bunch",
    ),
    Term(
        N_("Aflame!"),
        N_(
            "Shango's tokens, put on one opposing Fighter at a time. Each one adds 1 to Shango's Attacks on "
            "that Fighter. When he puts one on the other Opponent, the tokens on the first go back to Shango."
        ),
        N_("boards, log"),
        "Shango",
    ),
    Term(
        N_("Flamepower"),
        N_("Shango's Attack value: his Power plus the Aflame! tokens on the target."),
        N_("cards"),
        "Shango",
    ),
    Term(
        N_("Incinerated"),
        N_("A Fighter carrying a 5th Aflame! token: its team loses at once, even over a double KO."),
        N_("log"),
        "Shango",
    ),
    Term(
        N_("Serpent"),
        N_(
            "Mephisto's two-faced token, white or black. His Serpent cards do one thing or the other "
            "depending on the face up; some flip it."
        ),
        N_("boards, log"),
        "Mephisto",
    ),
    Term(
        N_("Spirit"),
        N_(
            "The Fey Folk's fallen Characters. When the Character in play reaches its bottom space it becomes"
            " a Spirit (the Spirit track goes up) and another steps in; some cards grow with each Spirit."
        ),
        N_("boards, log"),
        "The Fey Folk",
    ),
    Term(
        N_("Spirit track"),
        N_("The Fey Folk's count of Spirits, from 1 to 4. It rises each time a Character falls."),
        N_("boards, log"),
        "The Fey Folk",
    ),
    Term(
        N_("Character"),
        N_(
            "One of the Fey Folk's three (Fairy, Gnome, Elf). Only one is in play at a time; their owner "
            "chooses who steps in next."
        ),
        N_("boards, log"),
        "The Fey Folk",
    ),
    Term(
        N_("All Legends Must Pass"),
        N_("The only way the Fey Folk are knocked out: all three Characters are Spirits when that card is played."),
        N_("cards, log"),
        "The Fey Folk",
    ),
    Term(
        N_("Scheme"),
        N_(
            "Milady's secret tokens. Plant puts one face down on her board; Unleash reveals a planted one at "
            "random and applies it, then it leaves the game."
        ),
        N_("boards, log"),
        "Milady",
    ),
    Term(
        N_("Poison"),
        N_("A Scheme: Direct Damage equal to half the Opponent's HP, rounded down."),
        N_("log"),
        "Milady",
    ),
    Term(
        N_("Presence"),
        N_(
            "The Golem's token, given to his Partner. From the next Turn on, the next unblocked Attack on "
            "that Partner does 0 HP (still a successful Attack), then the token returns to the Golem. It "
            "never protects the Golem himself, nor against Direct Damage. A Block acts first."
        ),
        N_("boards, log"),
        "The Golem",
    ),
    Term(
        N_("Reanimation"),
        N_("The Golem's card: the card revealed on his team's next Turn takes effect twice."),
        N_("cards, log"),
        "The Golem",
    ),
    Term(
        N_("Revive"),
        N_("Maman Brijit's bottom space: pushed past her KO spaces onto it, she comes back with +1 Power at 4 HP."),
        N_("boards, log"),
        "Maman Brijit",
    ),
    Term(
        N_("Drag You to Hell"),
        N_("Mephisto's card: if his team would lose this Turn in any way, it wins instead."),
        N_("cards, log"),
        "Mephisto",
    ),
    Term(
        N_("Execution"),
        N_("Mordred's card: after the Opponent's card resolves, a Fighter with few HP left loses them all."),
        N_("cards, log"),
        "Mordred",
    ),
    # ------------------------------------------------------------------ the app
    Term(
        N_("Table memory"),
        N_(
            "A Build-screen option that hides the opponent's last Fight, for players who play it from memory "
            "as at a real table."
        ),
        N_("Build"),
    ),
    Term(
        N_("Coach"),
        N_(
            "Solo practice and the guided game (h on the Build screen): the best options for this Build, each "
            "played out by the engine against the opponent's likely replies, with its chance to win and why; "
            "your own selection is rated too. The chance is measured: from such positions, players who kept "
            "following the coach against this opponent won about that share of practice games."
        ),
        N_("Build"),
    ),
    Term(
        N_("What if"),
        N_(
            "Solo practice and the guided game (w on the Build screen): your selected card and slot, played out "
            "by the engine for each place the opponent may insert their new card (top, middle, bottom): what "
            "your card would then meet, and your chance to win in each case."
        ),
        N_("Build"),
    ),
    Term(
        N_("Log scroll-back"),
        N_(
            "On the Fight screen, Tab moves to the log; PageUp and PageDown scroll it, Home and End jump to "
            "the start or the latest line."
        ),
        N_("Fight"),
    ),
)


def fighter_names() -> dict[str, str]:
    """English Fighter name -> the name in the player's language (none where it is the English name)."""
    from tagteam.words.names import words

    said = words()
    if not said.words:
        return {}
    from tagteam.content.loader import load_all

    return {f.name: local for f in load_all().values() if (local := said.say("name", f.name)) != f.name}


GLOSSARY_FILE = "glossary.json"
_SOURCE_LEADS = ("the ",)  # the source language's: "The Golem" is found as "Golem"


@dataclass(frozen=True)
class GlossaryData:
    """A language's ``glossary.json``: how its players may name a term besides the entry's word (checked by
    pydantic when read, loaded only then)."""

    __pydantic_config__ = {"extra": "forbid", "strict": True}  # noqa: RUF012 - pydantic reads it as a class value

    leads: tuple[str, ...] = ()
    """Words a printed name carries before the term, lower case with their space ("jeton ", "piste ")."""
    aliases: Mapping[str, str] = field(default_factory=dict)
    """Another word for a term, lower case -> the entry's English word ("présence": "Presence")."""


def glossary_path(lang: str) -> Path:
    from tagteam.words.lang import LOCALE_DIR

    return LOCALE_DIR / lang / GLOSSARY_FILE


def check_glossary(path: Path) -> tuple[GlossaryData, list[Problem]]:
    """A glossary file read and checked: what it says (nothing on a fault) and its problems, naming the field."""
    from pydantic import TypeAdapter, ValidationError

    from tagteam.ground.jsonfile import InputError, display, read_json

    try:
        raw = read_json(path, max_bytes=256_000, max_depth=4)  # bounded, then checked as JSON
        data = TypeAdapter(GlossaryData).validate_json(json.dumps(raw))
    except InputError as exc:
        return GlossaryData(), [Problem(display(path), exc.problem.field, exc.problem.code, exc.problem.values)]
    except ValidationError as exc:
        return GlossaryData(), [from_pydantic(e, file=display(path)) for e in exc.errors(include_url=False)]
    from tagteam.ground.problems import Code

    english = {t.word for t in TERMS}  # an alias names an entry by its English word
    return data, [
        Problem(display(path), f"aliases.{k}", Code.INVALID) for k, v in data.aliases.items() if v not in english
    ]


@cache
def _data(lang: str) -> GlossaryData:
    path = glossary_path(lang)
    if not path.is_file():
        return GlossaryData()
    data, problems = check_glossary(path)
    if problems:
        raise ProblemError(problems)
    return data


def _leads() -> tuple[str, ...]:
    return (*_data(language()).leads, *_SOURCE_LEADS)


def _keys(word: str) -> set[str]:
    low = word.lower()
    return {low} | {low[len(lead) :] for lead in _leads() if low.startswith(lead)}


def lookup(word: str) -> Term | None:
    """The entry for ``word`` (case and surrounding punctuation ignored), by its English word or its word in
    the player's language, or None."""
    key = word.strip().strip(".:,").lower()
    alias = _data(language()).aliases.get(key)
    if alias is not None:
        return next((t for t in TERMS if t.word == alias), None)
    for k in (key, key[:-1] if key.endswith("s") else key):  # a plural as printed ("Esprits") finds "Esprit"
        hit = next((t for t in TERMS if k in _keys(t.word) | _keys(t.shown_word)), None)
        if hit is not None:
            return hit
    return None


def matching(text: str) -> list[Term]:
    """Entries whose word, meaning or Fighter mentions ``text`` (the glossary screen's filter), in the player's
    language (and the English word, which the cards may print)."""
    q = text.strip().lower()
    if not q:
        return list(TERMS)
    return [
        t
        for t in TERMS
        if any(q in field.lower() for field in (t.word, t.shown_word, t.shown_meaning, t.fighter, t.shown_fighter))
    ]
