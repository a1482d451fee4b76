"""The words of a file we cannot use: a ``Problem`` (``tagteam.ground.problems``) as one line in the player's language.

The reader, the record and position parsers, the puzzles and the card data raise problems as data (a file, a field,
a code and its values); every line a player reads about them is written here, so a French player who loads a
damaged save reads it all in French. Pydantic's own English messages are never shown: its error types are codes too.
"""

from __future__ import annotations

from collections.abc import Mapping

from tagteam.ground.problems import Code, JsonFault, Problem, ProblemError, Value, visible_spaces
from tagteam.words.lang import N_, _, ngettext

# One sentence per code; {names} are the problem's values. The codes with a count are worded in ``_counted``.
SENTENCES: dict[Code, str] = {
    Code.NO_FILE_NAMED: N_("no file named"),
    Code.LINK_LOOP: N_("a link loop, not a file"),
    # TRANSLATORS: {why} is the system's reason, e.g. "no such file"
    Code.CANNOT_READ: N_("cannot read ({why})"),
    Code.FOLDER: N_("a folder"),
    Code.NOT_REGULAR: N_("not a regular file"),
    Code.TOO_LARGE: N_("too large ({size} bytes; the limit is {limit})"),
    Code.TOO_LARGE_STREAM: N_("too large (over {limit} bytes)"),
    Code.NOT_UTF8: N_("byte {byte}: not UTF-8 text"),
    Code.TOO_DEEP: N_("character {at}: nested deeper than {depth} levels"),
    # TRANSLATORS: {why} says what the JSON reader expected, e.g. "a value was expected"
    Code.NOT_JSON_AT: N_("line {line} column {column}: not valid JSON ({why})"),
    Code.NOT_JSON: N_("not valid JSON"),
    Code.LONG_NUMBER: N_("a number of {count} characters (at most {limit})"),
    Code.NUMBER_RANGE: N_("the number {number} is out of range"),
    Code.NOT_JSON_NUMBER: N_("{value} is not a JSON number"),
    Code.MISSING: N_("missing required field"),
    Code.EXTRA: N_("unknown field (not allowed here)"),
    Code.NOT_INT: N_("should be a whole number"),
    Code.NOT_NUMBER: N_("should be a number"),
    Code.NOT_STRING: N_("should be text in quotes"),
    Code.NOT_BOOL: N_("should be true or false"),
    Code.NOT_LIST: N_("should be a list"),
    Code.NOT_OBJECT: N_("should be an object (fields in braces)"),
    Code.AT_LEAST: N_("should be at least {limit}"),
    Code.ABOVE: N_("should be more than {limit}"),
    Code.AT_MOST: N_("should be at most {limit}"),
    Code.BELOW: N_("should be less than {limit}"),
    Code.BAD_CHARACTERS: N_("holds characters that are not allowed here"),
    # TRANSLATORS: {choices} lists the allowed values as written in the file, e.g. 'free', 'standard'
    Code.NOT_ONE_OF: N_("should be one of: {choices}"),
    # TRANSLATORS: {tag} is the kind given in the file; {choices} lists the known kinds
    Code.UNKNOWN_KIND: N_("unknown kind {tag} (expected one of: {choices})"),
    Code.INVALID: N_("invalid value"),
    Code.NOT_RECORD: N_("not a Tag Team game record"),
    Code.DIGEST_MISSING: N_("missing (every version-{version} record has one)"),
    Code.EDITED: N_("was edited by hand: digest does not match"),
    Code.DIGEST_IN_V1: N_("not part of a version-1 record"),
    # TRANSLATORS: {name} is a Fighter's id as written in the file, e.g. joan
    Code.UNKNOWN_FIGHTER: N_("unknown Fighter {name}"),
    Code.SAME_FIGHTER: N_("the four Fighters must all be different"),
    Code.BAD_TEAMS: N_("these teams cannot play"),
    Code.ILLEGAL_DECISION: N_("this decision is not legal at that point of the game"),
    Code.NO_TEAMS: N_("give the two teams, or `draft` to start from the Draft"),
    Code.HANDS_NOT_DRAFT: N_("only a position that starts from the Draft (`draft`) has Draft hands"),
    # TRANSLATORS: {name} is given in the file; {fighters} lists the game's Fighter ids
    Code.NOT_IN_GAME: N_("{name} is not in this game (teams: {fighters})"),
    Code.FIGHT_DECKS_UNEQUAL: N_("both Fight decks must hold the same number of cards"),
    Code.TEAMS_AT_DRAFT: N_("a position that starts from the Draft has no teams yet (the picks make them)"),
    Code.NOTHING_YET_AT_DRAFT: N_("nothing has happened yet at the Draft"),
    Code.ROUND_ONE_AT_DRAFT: N_("a position at the Draft is round 1"),
    Code.NO_HANDS_FREE_PICK: N_("a free pick deals no Draft hands"),
    Code.NOT_A_FIGHTER: N_("{name} is not a Fighter"),
    Code.DEALT_TWICE: N_("{name} is dealt twice (each Fighter has one Draft card)"),
    # TRANSLATORS: {choices} lists the Fighter's Character tracks
    Code.NOT_A_TRACK: N_("{name} is not one of {choices}"),
    Code.ONLY_FEY_SPIRITS: N_("only the Fey Folk have Spirits"),
    Code.NOT_FEY_CHARACTER: N_("{name} is not a Fey Folk Character ({choices})"),
    Code.SPIRIT_TWICE: N_("{name} is listed twice (each Character becomes a Spirit once)"),
    Code.SPIRIT_IN_PLAY: N_("{name} is a Spirit, so it cannot be the Character in play"),
    Code.NO_CHARACTER: N_("no Character is in play"),
    Code.HP_ABOVE_MAX: N_("{hp} is above the track's max of {max}"),
    Code.HP_KO: N_("{hp} is a KO space: the game would already be over"),
    Code.SPECIAL_RANGE: N_("out of range for {fighter}"),
    Code.SPIRIT_TRACK: N_("the Spirit track is 1 + the number of Spirits ({count}); list `spirits`"),
    Code.AFLAME_NEEDS_SHANGO: N_("Aflame! tokens need Shango in the game"),
    Code.AFLAME_TOO_MANY: N_("more than 4 Aflame! tokens in play (5 Incinerate: the game would be over)"),
    Code.AFLAME_BOTH: N_("Aflame! tokens on both {one} and {other} (a team's tokens always sit on one Fighter)"),
    Code.CONCENTRATION_NEEDS_WONG: N_("Concentration tokens need Wong Fei-Hung in the game"),
    Code.CONCENTRATION_TOO_MANY: N_("more than the 2 Concentration tokens in play"),
    Code.SHERIFF_NEEDS_WILD_BUNCH: N_("the Sheriff token needs the Wild Bunch in the game"),
    Code.SERPENT_NEEDS_MEPHISTO: N_("the Serpent token needs Mephisto in the game"),
    Code.PRESENCE_NEEDS_GOLEM: N_("the Presence token needs the Golem in the game"),
    Code.PRESENCE_ON_PARTNER: N_("the Presence token only ever sits on the Golem's Partner"),
    # TRANSLATORS: {seat} is the seat's number, 1 or 2
    Code.REANIMATE_NO_GOLEM: N_("Reanimation is the Golem's card, and seat {seat} has no Golem"),
    Code.REANIMATE_NEEDS_FIGHT: N_("a Reanimation is pending only during a Fight step (give `fight`)"),
    # TRANSLATORS: {card} is a card's id as written in the file, e.g. joan.holy_shield
    Code.NOT_IN_FIGHT_DECK: N_("{card} is not in a Fight deck"),
    Code.NO_BACK: N_("{card} has no back to turn over (only Summoning cards do)"),
    Code.FLIPPED_NEEDS_FIGHT: N_("only a position with Fight decks (`fight`) can have turned-over cards"),
    Code.NOTHING_YET_AT_SETUP: N_("nothing has happened yet at Setup (give `fight`)"),
    Code.ROUND_ONE_AT_SETUP: N_("a position at Setup (no `fight`) is round 1"),
    Code.UNKNOWN_CARD: N_("unknown card {card} for these teams"),
    Code.STARRED_IN_BUILD: N_("a starred Starting Card is never in a Build deck"),
    Code.NO_COPY_LEFT: N_("no copy of {card} left for seat {seat}"),
    Code.NO_STARRED_COPY: N_("{card} has no starred copy left"),
    Code.NO_MILADY: N_("Milady is not in this game"),
    Code.NO_SCHEME_LEFT: N_("no {name} Scheme token left (ids: {choices})"),
    # TRANSLATORS: {expected} is a Fighter's id; the boards are listed in the teams' order
    Code.BOARD_ORDER: N_("expected {expected} (the teams' order)"),
    Code.NOT_SEATS_FIGHTER: N_("not a Fighter of seat {seat}"),
    Code.SHERIFF_EXACTLY: N_("the Sheriff is in play exactly when the Wild Bunch are"),
    Code.SERPENT_EXACTLY: N_("the Serpent is in play exactly when Mephisto is"),
    Code.STARRED_NEVER_DRAWN: N_("a starred Starting Card is never drawn"),
    Code.PAST_THEIR_DECK: N_("past the end of their deck"),
    Code.BUILD_DECKS_UNEQUAL: N_("both Fight decks hold the same number of cards before the Build"),
    Code.PAST_DECK: N_("past the end of the deck"),
    Code.STARRED_MISSING: N_("a starred Starting Card is missing from the decks (not removed)"),
    Code.TOO_FEW_TO_BUILD: N_("the opponent has too few cards left to have built"),
    Code.TRACK_SPACES: N_("the track has {count} spaces"),
    Code.SPACE_KO: N_("a KO space (the game would be over)"),
    Code.SCHEMES_ELEVEN: N_("the pile, the planted and the gone tokens must make all 11"),
    # TRANSLATORS: {choices} lists the kinds this field may name
    Code.MISSING_KIND: N_("missing required field (expected one of: {choices})"),
    # TRANSLATORS: {hint} is the known field closest to the unknown one, as written in the file
    Code.EXTRA_HINT: N_("unknown field {name} (did you mean {hint}?)"),
    Code.FIGHTER_ID_FILE: N_("fighter id {id} does not match the file name"),
    Code.COPIES_TOTAL: N_("copies add up to {count}, expected {expected}"),
    # TRANSLATORS: {listed} is empty or the card ids in brackets, with a space before: " (joan.a, joan.b)"
    Code.STARTING_COUNT: N_("{count} starting cards{listed}, expected exactly 1"),
    Code.CARD_ID_PREFIX: N_("card id must start with {prefix}"),
    Code.DUPLICATE_CARD_ID: N_("duplicate card id in this file"),
    # TRANSLATORS: {other} is another card data file
    Code.CARD_ID_ELSEWHERE: N_("card id also used in {other}"),
    # TRANSLATORS: a language's card texts name an id or a field the English card data does not have
    Code.NOT_IN_CARD_DATA: N_("not in the English card data"),
    # TRANSLATORS: {english} is the English words, translated differently elsewhere in the same file
    Code.TOLD_TWICE: N_("{english} is translated differently elsewhere in this file"),
    Code.EMPTY_SHIPS: N_("empty ships range: {lo} > {hi}"),
    Code.SCHEME_COPIES: N_("token copies add up to {total}, but tokens.scheme is {expected}"),
    Code.START_OUTSIDE: N_("outside the track"),
    Code.REVIVE_NO_SPACE: N_("no space of {hp} HP on the track"),
    Code.SPECIAL_START_OUTSIDE: N_("outside a track of size {size}"),
    Code.NOT_A_SPACE: N_("not a space of the track"),
    # TRANSLATORS: {what} is an effect's op as written in the data; {owner} and {fighter} are Fighter ids
    Code.MECHANIC_OP: N_("{what} belongs to {owner}'s mechanics, not {fighter}'s"),
    Code.MECHANIC_VALUE: N_("{what} belongs to {owner}'s mechanics, not {fighter}'s"),
    Code.MECHANIC_CONDITION: N_("condition {what} belongs to {owner}'s mechanics, not {fighter}'s"),
    Code.MECHANIC_ICON: N_("icon {what} belongs to {owner}'s mechanics, not {fighter}'s"),
    Code.MECHANIC_TOKEN: N_("the {what} token belongs to {owner}'s mechanics, not {fighter}'s"),
    Code.MECHANIC_TRACK: N_("the {what} track belongs to {owner}'s mechanics, not {fighter}'s"),
    Code.MECHANIC_SCHEMES: N_("Scheme tokens belong to {owner}'s mechanics, not {fighter}'s"),
    Code.NEEDS_TRACK: N_("{fighter} needs its {track} track"),
    Code.FLIP_MISSING: N_("missing: the card turns over (flip_card)"),
    # TRANSLATORS: {why} is the system's reason
    Code.CANNOT_LIST: N_("cannot list ({why})"),
    Code.NO_FIGHTER_FILES: N_("no fighter files (*.json) found"),
    Code.FIGHTER_COUNT: N_("{count} fighters found, expected {expected}"),
    # TRANSLATORS: {seat} is the seat as it was given (only 1 and 2 exist)
    Code.SEAT_OUT_OF_RANGE: N_("there is no seat {seat} (only 1 and 2)"),
    # TRANSLATORS: {seat} is the seat's number, 1 or 2
    Code.OWES_NOTHING: N_("seat {seat} owes no decision now"),
    # TRANSLATORS: {action} is the decision as the program writes it, e.g. Build(card=3, position=0)
    Code.WRONG_FIELD_TYPE: N_("{action}: a field has the wrong type"),
    Code.NOT_LEGAL_NOW: N_("{action} is not legal for seat {seat} now"),
    Code.NOTHING_TO_ADVANCE: N_("no Turn to resolve: a decision is owed or the game is over"),
    # TRANSLATORS: {why} is the bot's technical failure, not translated
    Code.NO_DECISION: N_("it gave no decision ({why})"),
    # TRANSLATORS: {size} and {limit} are numbers of bytes
    Code.MESSAGE_TOO_LONG: N_("message too long ({size} bytes; the limit is {limit})"),
    Code.NOT_A_MESSAGE: N_("not a message (a JSON object was expected)"),
    # TRANSLATORS: {name} is a Fighter's id the other machine sent: its card data differs from ours
    Code.OTHER_CARD_DATA: N_("unknown Fighter {name} (different card data?)"),
    Code.CARD_OUTSIDE_TABLE: N_("a card number outside this table"),
    # TRANSLATORS: the host's events start at {got}, but this player has seen {known}
    Code.EVENTS_GAP: N_("the events start at {got}, but {known} are known"),
}

# The codes whose sentence depends on a count (the language's plural rule picks the form).
COUNTED = (Code.TEXT_TOO_LONG, Code.TEXT_TOO_SHORT, Code.TOO_MANY, Code.TOO_FEW, Code.TURNS_AFTER, Code.HAND_SIZE)

JSON_FAULTS: dict[str, str] = {
    JsonFault.VALUE: N_("a value was expected"),
    JsonFault.NAME: N_("a field name in double quotes was expected"),
    JsonFault.COMMA: N_("a comma was expected"),
    JsonFault.COLON: N_("a colon was expected"),
    JsonFault.STRING: N_("a text is not closed"),
    JsonFault.CONTROL: N_("a control character inside a text"),
    JsonFault.ESCAPE: N_("a bad backslash escape"),
    JsonFault.EXTRA: N_("more data after the end"),
    JsonFault.OTHER: N_("the text stops making sense here"),
}

# The system's reasons a file cannot be read, by errno name (others are said as the system says them).
SYSTEM_REASONS: dict[str, str] = {
    "ENOENT": N_("no such file"),
    "EACCES": N_("permission denied"),
    "EPERM": N_("permission denied"),
    "ENOTDIR": N_("a part of the path is not a folder"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EIO": N_("the disk could not be read"),
}


def os_reason(e: OSError) -> str:
    """Why the system refused a file, in the player's words where we have them (else as the system says it)."""
    import errno

    reason = SYSTEM_REASONS.get(errno.errorcode.get(e.errno or 0, ""))
    return _(reason) if reason is not None else str(e.strerror or e)


def _counted(code: Code, n: int) -> str:
    """The sentence of a code with a count, by the language's plural rule."""
    match code:
        case Code.TEXT_TOO_LONG:
            return ngettext("should be at most {limit} character", "should be at most {limit} characters", n)
        case Code.TEXT_TOO_SHORT:
            if n == 1:
                return _("should not be empty")
            return ngettext("should be at least {limit} character", "should be at least {limit} characters", n)
        case Code.TOO_MANY:
            return ngettext("should hold at most {limit} item", "should hold at most {limit} items", n)
        case Code.TOO_FEW:
            return ngettext("should hold at least {limit} item", "should hold at least {limit} items", n)
        case Code.TURNS_AFTER:
            # TRANSLATORS: a saved game says more Turns followed its last decision than the game allows
            return ngettext(
                "only {count} Turn can follow the last decision", "only {count} Turns can follow the last decision", n
            )
        case _:  # Code.HAND_SIZE
            return ngettext(
                "a Draft hand holds {size} Fighters, not {count}", "a Draft hand holds {size} Fighters, not {count}", n
            )


_COUNT_OF = {Code.TURNS_AFTER: "count", Code.HAND_SIZE: "count"}


class _Blank(dict[str, object]):
    """A value the problem does not carry is left empty rather than failing the whole line."""

    def __missing__(self, key: str) -> str:
        return ""


def _values(p: Problem) -> Mapping[str, object]:
    out: dict[str, object] = dict(p.values)
    if p.code is Code.NOT_JSON_AT:
        out["why"] = _(JSON_FAULTS.get(str(p.values.get("why", "")), JSON_FAULTS[JsonFault.OTHER]))
    elif p.code is Code.CANNOT_READ:
        reason = SYSTEM_REASONS.get(str(p.values.get("errno", "")))
        if reason is not None:
            out["why"] = _(reason)
    return _Blank(out)


def sentence(p: Problem) -> str:
    """What is wrong, without the file and the field: ``should be at most 99``."""
    if p.code in COUNTED:
        raw: Value = p.values.get(_COUNT_OF.get(p.code, "limit"), 0)
        template = _counted(p.code, raw if isinstance(raw, int) else 0)
    else:
        template = _(SENTENCES.get(p.code, SENTENCES[Code.INVALID]))
    said = template.format_map(_values(p))
    if "got" in p.values:
        # TRANSLATORS: what is wrong with a value, then the value as the file holds it
        said = _("{what} (got {got})").format(what=said, got=p.values["got"])
    return said


def line(p: Problem | ProblemError, named: bool = True) -> str:
    """One line naming the file and the field: ``save.json: hp: should be at most 99`` (``fichier : champ : ...``);
    without the file when not ``named`` (a notice that names it once already)."""
    if isinstance(p, ProblemError):
        p = p.problem
    what = sentence(p)
    if p.field:  # names read from the file: a no-break space in one is shown escaped, not as nothing
        # TRANSLATORS: a field of a file and what is wrong with it
        what = _("{field}: {what}").format(field=visible_spaces(p.field), what=what)
    if p.card:
        # TRANSLATORS: a card of the card data, by its id: "card joan.holy_shield"
        card = _("card {card}").format(card=visible_spaces(p.card))
        what = _("{field}: {what}").format(field=card, what=what)
    if p.file and named:
        # TRANSLATORS: a file and what is wrong with it
        what = _("{file}: {what}").format(file=visible_spaces(p.file), what=what)
    return what


def lines(e: ProblemError) -> list[str]:
    """Every problem an error carries, one line each (the card data reports them all)."""
    return [line(p) for p in e.problems]
