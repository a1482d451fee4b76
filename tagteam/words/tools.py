"""The lines of the command-line tools in the player's language: ``cards check|show``, ``bench``, ``arena`` and
the end of ``sandbox``'s text. Bot names, Fighter ids and card ids stay as typed (they are what the flags and files
take); the sentences around them are ours."""

from __future__ import annotations

from collections.abc import Sequence

from tagteam.words.lang import _, ngettext
from tagteam.words.lists import comma_list, error_line
from tagteam.words.numbers import decimal, grouped


def cards_ok(fighters: int, cards: int) -> str:
    """``tagteam cards check`` when the data holds: how many Fighters and cards it read."""
    # TRANSLATORS: part of "12 fighters, 120 cards OK"
    said_f = ngettext("{count} fighter", "{count} fighters", fighters).format(count=fighters)
    # TRANSLATORS: part of "12 fighters, 120 cards OK"
    said_c = ngettext("{count} card", "{count} cards", cards).format(count=cards)
    # TRANSLATORS: the line of 'tagteam cards check' when the card data has no problem
    return _("{fighters}, {cards} OK").format(fighters=said_f, cards=said_c)


def unknown_fighter(fighter_id: str, valid: Sequence[str]) -> str:
    """``cards show`` or ``bench --fighters`` got a Fighter id the card data does not have."""
    # TRANSLATORS: {fighter} is the id typed, {valid} the ids there are, comma-separated
    return _("unknown fighter {fighter} (valid: {valid})").format(fighter=repr(fighter_id), valid=", ".join(valid))


def home_in_use(folder: str, holder: int | None) -> str:
    """Another Tag Team already plays from this home (its saves and settings): which process, and what to do."""
    if holder is None:
        # TRANSLATORS: {folder} is TAGTEAM_HOME's folder; TAGTEAM_HOME is an environment variable, kept as it is
        return _(
            "Tag Team is already running on {folder} (another process): quit it first, or set TAGTEAM_HOME to "
            "another folder"
        ).format(folder=folder)
    # TRANSLATORS: {process} is the process id of the running game
    return _(
        "Tag Team is already running on {folder} (process {process}): quit it first, or set TAGTEAM_HOME to "
        "another folder"
    ).format(folder=folder, process=holder)


def bench_error(message: str) -> str:
    return error_line(message, prog="tagteam bench")


def too_few_fighters() -> str:
    # TRANSLATORS: 'tagteam bench --fighters' needs four Fighters to make two teams; --fighters is a flag
    return _("--fighters: at least 4 different Fighters are needed")


def bench_lines(
    games: int,
    fighters: int,
    repeat: int,
    per_s: tuple[float, float],
    turns_s: tuple[float, float],
    rounds: float,
    turns: float,
    wins: Sequence[int],
) -> list[str]:
    """``tagteam bench``'s report: games and Turns per second (median and best), the games' length and winners."""
    return [
        # TRANSLATORS: tagteam bench's first line; {runs} is how many times the same games are played
        ngettext(
            "{games} random games over {fighters} Fighters, {runs} run, one core",
            "{games} random games over {fighters} Fighters, {runs} runs, one core",
            repeat,
        ).format(games=games, fighters=fighters, runs=repeat),
        # TRANSLATORS: full games played per second; {median} and {best} are numbers
        _("games/s: {median} median, {best} best").format(median=_number(per_s[0]), best=_number(per_s[1])),
        # TRANSLATORS: Turns played per second
        _("Turns/s: {median} median, {best} best").format(median=_number(turns_s[0]), best=_number(turns_s[1])),
        _("average: {rounds} rounds, {turns} Turns per game").format(
            rounds=_decimal(rounds, 2), turns=_decimal(turns, 1)
        ),
        # TRANSLATORS: seat 1 is Player 1's place at the table
        _("seat 1 wins {first}, seat 2 wins {second}, draws {draws}").format(
            first=wins[0], second=wins[1], draws=wins[2]
        ),
    ]


def _number(x: float) -> str:
    """A whole number grouped by thousands, as the reader's language writes it (``tagteam.words.numbers``)."""
    return grouped(x)


def _decimal(x: float, places: int) -> str:
    """A number with ``places`` decimals, as the reader's language writes it: 6.80, 6,80."""
    return decimal(x, places)


def arena_error(message: str) -> str:
    return error_line(message, prog="tagteam arena")


def unknown_bot(name: str, known: Sequence[str]) -> str:
    # TRANSLATORS: {bot} is the bot name typed, {known} the names 'tagteam arena --bots' takes
    return _("unknown bot {bot} (expected one of: {known})").format(bot=repr(name), known=", ".join(known))


def bad_variant(name: str, field: str, raw: str, why: str, fields: Sequence[str]) -> str:
    """Why a ``hard+FIELD=VALUE`` name is refused (``tagteam.ai.measure.VariantError``), naming the field."""
    if why == "field":
        # TRANSLATORS: {bot} is the name typed, {field} the part before "=", {known} the field names
        return _("{bot}: no field {field} with a value (fields: {known})").format(
            bot=repr(name), field=repr(field), known=", ".join(fields)
        )
    if why == "level2":
        # TRANSLATORS: level2 and temperature are field names, kept as typed
        return _("{bot}: level2 needs a temperature above 0").format(bot=repr(name))
    # TRANSLATORS: {field} is a field name, {value} the value typed after "="
    return _(
        "{bot}: {field} cannot be {value} (a switch takes 0 or 1, a count a whole number of at least 1, "
        "any other field a number of at least 0)"
    ).format(bot=repr(name), field=field, value=repr(raw))


def two_bots_needed() -> str:
    # TRANSLATORS: --bots is a flag; the examples are bot names, kept as typed
    return _("--bots needs at least two bots, e.g. easy,random (or rows/columns: hard,expert/habit-top)")


def arena_head(deals: int, seed: int, jobs: int) -> list[str]:
    """The two lines above the arena's win-rate matrix."""
    return [
        ngettext(
            "Arena: {games} games per pair ({deals} deal, seats swapped, random teams), seed {seed}, jobs {jobs}",
            "Arena: {games} games per pair ({deals} deals, seats swapped, random teams), seed {seed}, jobs {jobs}",
            deals,
        ).format(games=2 * deals, deals=deals, seed=seed, jobs=jobs),
        _("Cell: row bot's score against the column bot (win 1, draw 1/2), 95% Wilson interval; W-D-L below."),
    ]


def arena_score(mean: float, low: float, high: float) -> str:
    """One cell of the matrix: the score and its 95 % interval, in percent."""
    return _("{score}% ({low}-{high})").format(
        score=_decimal(100 * mean, 1).rjust(5), low=_decimal(100 * low, 1), high=_decimal(100 * high, 1)
    )


def arena_think(cpu: bool) -> str:
    """The heading of the think-time table (wall clock, then CPU time)."""
    if cpu:
        return _("The same in CPU time (ms):  Build p50 / p95 / max (n)   every decision p95 / max")
    return _("Think time per decision, wall clock (ms):  Build p50 / p95 / max (n)   every decision p95 / max")


def sandbox_fighter(seat: int, name: str, fighter_id: str, hp: int, ko: bool, power: int, special: int) -> str:
    """A Fighter after the position is resolved: its printed name and id (as the file names it), HP and Power."""
    ko_said = _(" KO") if ko else ""
    # TRANSLATORS: sandbox summary; {ko} is empty or " KO"; {special} is the Fighter's special counter
    return _("Player {seat} {name} ({id}): {hp} HP{ko}, Power {power}, special {special}").format(
        seat=seat + 1, name=name, id=fighter_id, hp=hp, ko=ko_said, power=power, special=special
    )


def sandbox_aflame(count: int) -> str:
    return _("Aflame {count}").format(count=count)


def sandbox_concentration(count: int) -> str:
    return _("Concentration {count}").format(count=count)


def sandbox_spirits(names: Sequence[str]) -> str:
    return _("Spirits: {names}").format(names=comma_list(names))


def sandbox_result(winner: int, reason: str) -> str:
    """How the game ended in the sandbox: a draw or the winner, and why (in words)."""
    if winner < 0:
        return _("Result: draw ({reason})").format(reason=reason)
    return _("Result: Player {seat} wins ({reason})").format(seat=winner + 1, reason=reason)


def sandbox_draft(seat: int, hand: Sequence[str], picks: Sequence[str], discards: Sequence[str]) -> str:
    """A seat's Draft as the position stopped it (no teams yet): what it holds, has picked, has discarded."""

    def some(names: Sequence[str]) -> str:
        return ", ".join(names) if names else _("none")

    # TRANSLATORS: {hand}, {picks} and {discards} are Fighter names separated by commas, or "none"
    return _("Player {seat} in the Draft holds {hand}; picked: {picks}; discarded: {discards}.").format(
        seat=seat + 1, hand=some(hand), picks=some(picks), discards=some(discards)
    )


def sandbox_stopped(seat: int, decision: str) -> str:
    # TRANSLATORS: {decision} is the decision's code as the position file writes it (build, draft, ...)
    return _("Stopped: Player {seat} owes a decision ({decision}) that the file does not script.").format(
        seat=seat + 1, decision=decision
    )


def sandbox_unused(seat: int, count: int) -> str:
    return ngettext(
        "Note: {count} scripted decision of Player {seat} was never owed.",
        "Note: {count} scripted decisions of Player {seat} were never owed.",
        count,
    ).format(count=count, seat=seat + 1)
