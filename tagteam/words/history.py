"""Every sentence of the game history and its statistics: the list of past games, the notes on the database,
the tables of ``tagteam stats`` and the statistics screen, the rating, the game-over line, a game's review.

The numbers come from ``tagteam.play.stats`` and the rows from ``tagteam.store.history``; this module only
words them, in the player's language (named fields, plurals through ``ngettext``, widths in cells).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tagteam.ai.levels import IDS
from tagteam.facts.stats import START
from tagteam.words import levels, numbers
from tagteam.words.lang import N_, _, language, npgettext, pgettext
from tagteam.words.lists import and_list, comma_list
from tagteam.words.names import player_name, player_names

if TYPE_CHECKING:
    from tagteam.facts.stats import Point, Rating, Score, Stats, Streaks
    from tagteam.store.history import Note, PastGame

KIND_WORDS = {"hotseat": N_("Hot-seat"), "solo": N_("Solo"), "guided": N_("Guided game"), "network": N_("Network")}
RESULT_WORDS = {"win": N_("Won"), "draw": N_("Draw"), "loss": N_("Lost")}
MODE_WORDS = {
    "first": N_("first-game teams"),
    "free": N_("free pick"),
    "standard": N_("Standard Draft"),
    "competitive": N_("Competitive Draft"),
}
NOTE_WORDS = {
    "moved_aside": N_(
        "Game history: the database could not be read ({why}); it was moved aside as {file} and is "
        "rebuilt from your saves."
    ),
    "not_moved": N_(
        "Game history: {file} could not be read nor moved aside ({why}): it is not used this time; "
        "your saves are untouched."
    ),
    "newer": N_(
        "Game history: {file} was written by a newer Tag Team (schema {found}; this one reads {known}): "
        "left as it is and not used."
    ),
    "locked": N_(
        "Game history: {file} is locked by another process: not used this time (tagteam history rebuild "
        "catches up later); your saves are untouched."
    ),
    "read_only": N_(
        "Game history: {file} cannot be written (read-only): not used this time; your saves are untouched."
    ),
    "full": N_(
        "Game history: the disk is full, {file} was not updated (tagteam history rebuild catches up "
        "later); your saves are untouched."
    ),
    "unusable": N_("Game history: {file} cannot be used ({why}): not used this time; your saves are untouched."),
}
SECTION_WORDS = {
    "overall": N_("Overall"),
    "level": N_("By level"),
    "team": N_("By your team"),
    "fighter": N_("By your Fighter"),
    "against": N_("Against each opposing Fighter"),
}
SECTIONS = tuple(SECTION_WORDS)


def _display(text: str) -> str:
    from tagteam.ground.jsonfile import display

    return display(text)


# ------------------------------------------------------------------------------------------------ names

_NAMES: dict[str, dict[str, str]] = {}


def _fighter_names() -> dict[str, str]:
    """Each Fighter's printed name, read from the card data's ``name`` fields (``tagteam.words.names`` picks the
    language): the validated loader is not waited for when it is not loaded yet (pydantic costs 0.4 s), so
    the history opens as quickly as the glossary."""
    import sys
    from types import SimpleNamespace

    from tagteam.words.names import fighter_name

    if "tagteam.content.loader" in sys.modules:
        from tagteam.content.loader import load_all

        return {k: fighter_name(f) for k, f in load_all().items()}
    import importlib.resources
    from pathlib import Path

    from tagteam.ground.jsonfile import InputError, read_json

    packaged = importlib.resources.files("tagteam") / "_data" / "cards"  # where the wheel puts the card data
    folder = Path(str(packaged)) if packaged.is_dir() else Path(__file__).resolve().parents[2] / "data" / "cards"
    out: dict[str, str] = {}
    for p in sorted(folder.glob("*.json")):
        try:
            data = read_json(p)
        except InputError:
            continue
        if isinstance(data, dict) and isinstance(data.get("id"), str) and isinstance(data.get("name"), str):
            out[data["id"]] = fighter_name(SimpleNamespace(name=data["name"]))
    return out


def fighter(fid: str) -> str:
    """A Fighter id as the player reads it (in the language now chosen); the id itself if the data lacks it."""
    lang = language()
    if lang not in _NAMES:
        try:
            _NAMES[lang] = _fighter_names()
        except Exception:  # the history never fails because of the card data
            _NAMES[lang] = {}
    return _NAMES[lang].get(fid, fid)


def team(pair: Sequence[str]) -> str:
    # TRANSLATORS: a team of two Fighters, "Joan + Ching Shih" (joined as in the log and on the title)
    return _("{first} + {second}").format(first=fighter(pair[0]), second=fighter(pair[1]))


def team_of_key(key: str, orders: Mapping[str, tuple[str, str]] | None = None) -> str:
    """A team key's name, its Fighters in the order ``orders`` gives (as you last played it), else the key's."""
    if orders and key in orders:
        return team(orders[key])
    a, _sep, b = key.partition("+")
    return team((a, b))


def kind(code: str) -> str:
    return _(KIND_WORDS[code]) if code in KIND_WORDS else code


def level(code: str) -> str:
    return levels.name(code)


def mode(code: str) -> str:
    return _(MODE_WORDS[code]) if code in MODE_WORDS else code


def level_or_kind(code: str) -> str:
    """A "by level" group: a bot level, or a kind of game without one (hot-seat, the guided game)."""
    return level(code) if code in IDS else kind(code)


def result(code: str) -> str:
    return _(RESULT_WORDS[code]) if code in RESULT_WORDS else code


def when(ended: float) -> str:
    return numbers.when(ended)


# ------------------------------------------------------------------------------------------------ notes


def note_line(n: Note) -> str:
    """One line for what happened to the database."""
    from tagteam.ground.jsonfile import printable
    from tagteam.words import storage

    if n.code == "bad_rows":
        return storage.rows_skipped(int(n.detail) if n.detail.isdigit() else 0, _display(n.file))
    found, _sep, known = n.detail.partition(":")
    text = _(NOTE_WORDS.get(n.code, NOTE_WORDS["unusable"]))
    why = storage.reason(n.reason) if n.reason else printable(n.detail, 120)
    return text.format(file=_display(n.file), why=why, found=found, known=known)


# ------------------------------------------------------------------------------------------------ the list


def game_kind(g: PastGame) -> str:
    """ "Solo, Normal" / "Hot-seat" / "Guided game"."""
    if g.kind == "solo" and g.level and g.assisted:
        # TRANSLATORS: a solo game played with the coach or the what-if opened, "Solo, Normal, assisted"
        return _("{kind}, {level}, assisted").format(kind=kind(g.kind), level=level(g.level))
    if g.kind == "solo" and g.level:
        # TRANSLATORS: a kind of game and the bot's level, "Solo, Normal"
        return _("{kind}, {level}").format(kind=kind(g.kind), level=level(g.level))
    return kind(g.kind)


def entry_head(g: PastGame) -> str:
    """A past game's first line: its result for you, the players, the kind and the rounds."""
    rounds = npgettext("history", "in {count} round", "in {count} rounds", g.rounds).format(count=g.rounds)
    names = list(player_names(g.players))  # "Player 1" as the reader reads it ("Joueur 1"); typed names as typed
    if g.kind == "network":  # either seat may have been yours: the result is that seat's
        # TRANSLATORS: the seat this machine played in a network game, "Player 2 (you)"
        names[g.you] = _("{name} (you)").format(name=names[g.you])
    # TRANSLATORS: a past game, "Won · Ann vs Bot (Normal) · Solo, Normal · in 6 rounds"
    return _("{result} · {first} vs {second} · {kind} · {rounds}").format(
        result=result(g.result), first=names[0], second=names[1], kind=game_kind(g), rounds=rounds
    )


def entry_tail(g: PastGame) -> str:
    """Its second line: the teams (seat order) and the date."""
    # TRANSLATORS: the two teams and the date of a past game
    return _("{first} vs {second} · {date}").format(
        first=team(g.fighters[:2]), second=team(g.fighters[2:]), date=when(g.ended)
    )


def shown(count: int, total: int) -> str:
    if count >= total:
        return npgettext("history", "{count} game, newest first", "{count} games, newest first", total).format(
            count=total
        )
    return npgettext(
        "history",
        "The newest {count} of {total} game (m: older ones; or filter to narrow)",
        "The newest {count} of {total} games (m: older ones; or filter to narrow)",
        total,
    ).format(count=count, total=total)


def no_games() -> str:
    return _("No finished game yet: play one (hot-seat, solo, network or the guided game) and it is listed here.")


def no_match() -> str:
    return _("No game matches these filters (0 clears them).")


def filter_label(what: str, value: str | None, key: int, orders: Mapping[str, tuple[str, str]] | None = None) -> str:
    """A filter button and its key: "Kind (1): any", "Level (2): Normal", "Team (3): Joan & Ching Shih"."""
    label = {"kind": _("Kind"), "level": _("Level"), "team": _("Team"), "fighter": _("Fighter")}[what]
    if value is None:
        shown_value = pgettext("filter", "any")
    elif what == "kind":
        shown_value = kind(value)
    elif what == "level":
        shown_value = level(value)
    elif what == "team":
        shown_value = team_of_key(value, orders)
    else:
        shown_value = fighter(value)
    # TRANSLATORS: a filter, the key that moves it on, and its value, "Level (2): Normal"
    return _("{filter} ({key}): {value}").format(filter=label, key=key, value=shown_value)


def rebuilding(done: int, total: int) -> str:
    return npgettext(
        "history", "Indexing your saves: {done} of {total} file", "Indexing your saves: {done} of {total} files", total
    ).format(done=done, total=total)


# ------------------------------------------------------------------------------------------------ one game


def game_title(g: PastGame) -> str:
    # TRANSLATORS: the heading of one past game, "Solo, Normal · 2026-01-31 20:15"
    return _("{kind} · {date}").format(kind=game_kind(g), date=when(g.ended))


def missing_file(file: str) -> str:
    return _(
        "This game's save ({file}) is no longer there: its summary and replay need it (tagteam history "
        "rebuild drops games whose save is gone)."
    ).format(file=_display(file or "?"))


def reviewing() -> str:
    return _("The engine is replaying every Build against each alternative…")


def review_heading() -> str:
    return _("Every Build, replayed by the engine against the best alternative it found:")


def as_good(player: str, round: int) -> str:
    """A Build the engine found no better answer to (the regrets use the recap's own words)."""
    return _("{player}, your Build in round {round} (for round {fight}'s Fight): as good as the engine found.").format(
        player=player, round=round - 1, fight=round
    )


def no_builds() -> str:
    return _("No Build was decided in this game.")


def draft_heading(code: str) -> str:
    return _("Draft: {mode}").format(mode=mode(code))


def draft_line(player: str, picks: Sequence[str], discards: Sequence[str]) -> str:
    """One seat's Draft: the Fighters kept, and those discarded face down (revealed now the game is over)."""
    kept = and_list([fighter(f) for f in picks])
    if not discards:
        return _("{player} picked {picks}.").format(player=player, picks=kept)
    return _("{player} picked {picks} and discarded {discards}.").format(
        player=player, picks=kept, discards=and_list([fighter(f) for f in discards])
    )


def teams_line(player: str, pair: Sequence[str]) -> str:
    return _("{player} played {team}.").format(player=player, team=team(pair))


# ------------------------------------------------------------------------------------------------ statistics


def headers() -> list[str]:
    return ["", _("Games"), _("W-D-L"), _("Score"), _("95% interval")]


def percent(x: float) -> str:
    return _("{value}%").format(value=f"{100 * x:.0f}")


def wdl(s: Score) -> str:
    return f"{s.wins}-{s.draws}-{s.losses}"


def score_cells(name: str, s: Score) -> list[str]:
    """One row of a statistics table."""
    low, high = s.interval()
    # TRANSLATORS: a 95% interval, "51–74%"
    span = _("{low}–{high}%").format(low=f"{100 * low:.0f}", high=f"{100 * high:.0f}")
    return [name, str(s.games), wdl(s), percent(s.score), span]


def section(key: str) -> str:
    return _(SECTION_WORDS[key])


def section_rows(st: Stats, key: str) -> list[tuple[str, Score]]:
    """The named rows of one section (the names in words)."""
    if key == "overall":
        return [(_("All games"), st.overall)]
    if key == "level":
        return [(level_or_kind(k), s) for k, s in st.by_level]
    if key == "team":
        return [(team_of_key(k, st.team_orders), s) for k, s in st.by_team]
    if key == "fighter":
        return [(fighter(k), s) for k, s in st.by_fighter]
    return [(fighter(k), s) for k, s in st.against]


def streak_lines(s: Streaks) -> list[str]:
    if s.current is None:
        return [_("No streak yet.")]
    now = {
        "win": npgettext("history", "Current streak: {count} game won", "Current streak: {count} games won", s.length),
        "draw": npgettext(
            "history", "Current streak: {count} game drawn", "Current streak: {count} games drawn", s.length
        ),
        "loss": npgettext(
            "history", "Current streak: {count} game lost", "Current streak: {count} games lost", s.length
        ),
    }[s.current].format(count=s.length)
    return [
        now,
        npgettext(
            "history", "Longest winning streak: {count} game", "Longest winning streak: {count} games", s.best_wins
        ).format(count=s.best_wins),
        npgettext(
            "history",
            "Longest run without a loss: {count} game",
            "Longest run without a loss: {count} games",
            s.best_unbeaten,
        ).format(count=s.best_unbeaten),
    ]


def streaks_heading() -> str:
    return _("Streaks")


def rating_heading() -> str:
    return _("Rating against the bots (Glicko-2)")


def rating_value(r: Rating) -> str:
    # TRANSLATORS: a rating and its deviation, "1512 ± 87"
    return _("{rating} ± {rd}").format(rating=f"{r.rating:.0f}", rd=f"{r.rd:.0f}")


def rating_lines(points: Sequence[Point], anchors: dict[str, float], assisted: int = 0) -> list[str]:
    """The rating, the scale it is on (the start and the bots' anchors) and the games it leaves out."""
    return _rating_lines(points, anchors) + ([assisted_line(assisted)] if assisted else [])


def assisted_line(count: int) -> str:
    """How many solo games the coach or the what-if helped: counted in the tables, left out of the rating."""
    return npgettext(
        "history",
        "{count} assisted game (the coach or the what-if opened): counted above, not rated.",
        "{count} assisted games (the coach or the what-if opened): counted above, not rated.",
        count,
    ).format(count=count)


def _rating_lines(points: Sequence[Point], anchors: dict[str, float]) -> list[str]:
    bots = comma_list(
        [
            _("{level} {rating}").format(level=level(k), rating=f"{v:.0f}")
            for k, v in sorted(anchors.items(), key=lambda kv: kv[1])
        ]
    )
    fixed = _(
        "Everyone starts at {start}; the bots are fixed anchors: {bots} (from their results against each other)."
    ).format(start=f"{START:.0f}", bots=bots)
    if not points:
        return [_("No rating yet: it starts with your first solo game against the computer."), fixed]
    last = points[-1].after
    return [
        npgettext(
            "history",
            "Rating {rating} after {count} game against the bots",
            "Rating {rating} after {count} games against the bots",
            len(points),
        ).format(rating=rating_value(last), count=len(points)),
        fixed,
    ]


BARS = "▁▂▃▄▅▆▇█"


def chart(points: Sequence[Point], width: int) -> list[str]:
    """The rating over time as one row of bars (the last ``width`` games), from where it stood before the
    first of them to where it stands now: one game read "from 1262 to 1262", as if it had changed nothing."""
    if not points:
        return []
    shown = points[-width:]
    values = [shown[0].before.rating] + [p.after.rating for p in shown]
    low, high = min(values), max(values)
    span = high - low or 1.0
    bars = "".join(BARS[round((v - low) / span * (len(BARS) - 1))] for v in values[1:])
    return [
        npgettext(
            "history",
            "Rating over the last {count} rated game: {start} before it, {end} now (lowest {low}, highest {high}):",
            "Rating over the last {count} rated games: {start} before them, {end} now (lowest {low}, highest {high}):",
            len(shown),
        ).format(
            count=len(shown), start=f"{values[0]:.0f}", end=f"{values[-1]:.0f}", low=f"{low:.0f}", high=f"{high:.0f}"
        ),
        bars,
    ]


def change(x: float) -> str:
    return f"{x:+.0f}"


def gameover_line(g: PastGame, record: Score, point: Point | None) -> str:
    """The game-over screen's line: your record against this level (or in this kind of game) and the rating
    change this game made."""
    if g.kind == "solo" and g.assisted:
        # TRANSLATORS: a solo game played with the coach or the what-if opened leaves the rating as it was
        return _(
            "Against {level}: {record} (W-D-L) · assisted: not rated (the coach or the what-if was opened)"
        ).format(level=level(g.level), record=wdl(record))
    if g.kind == "solo" and point is not None:
        # TRANSLATORS: "Against Normal: 3-0-2 (W-D-L) · rating 1523 ± 95 (+31) · everyone starts at 1500,
        # Normal is 1500": the scale of the rating, its start and this bot's fixed place on it
        return _(
            "Against {level}: {record} (W-D-L) · rating {rating} ({change}) · everyone starts at {start}, "
            "{level} is {anchor}"
        ).format(
            level=level(g.level),
            record=wdl(record),
            rating=rating_value(point.after),
            change=change(point.change),
            start=f"{START:.0f}",
            anchor=f"{point.anchor:.0f}",
        )
    if g.kind == "solo":
        return _("Against {level}: {record} (W-D-L)").format(level=level(g.level), record=wdl(record))
    if g.kind == "hotseat":
        return _("{player} in hot-seat games: {record} (W-D-L) · the rating counts games against the bots").format(
            player=player_name(g.players[g.you]), record=wdl(record)
        )
    if g.kind == "network":
        return _("You in network games: {record} (W-D-L) · the rating counts games against the bots").format(
            record=wdl(record)
        )
    return _("Guided games: {record} (W-D-L) · the rating counts games against the bots").format(record=wdl(record))


def counting() -> str:
    return _("Counting your games…")


def stats_title(count: int) -> str:
    return npgettext("history", "Statistics over {count} game", "Statistics over {count} games", count).format(
        count=count
    )


def stats_help() -> str:
    return _("Esc goes back · the same tables: tagteam stats (--json, --csv)")


def you_note() -> str:
    return _(
        "You: the human seat in solo and guided games, your own seat in network games, Player 1 at a hot-seat table."
    )


def _table(rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded in cells: the first left-aligned, the numbers right-aligned."""
    from tagteam.words.width import cells

    widths = [max(cells(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        parts = [r[0] + " " * (widths[0] - cells(r[0]))]
        parts += [" " * (w - cells(x)) + x for x, w in zip(r[1:], widths[1:], strict=True)]
        out.append("  ".join(parts).rstrip())
    return out


def stats_lines(st: Stats, anchors: dict[str, float], width: int = 60) -> list[str]:
    """The tables as ``tagteam stats`` prints them and the statistics screen shows them (the same lines)."""
    lines = [stats_title(st.overall.games), you_note(), ""]
    for key in SECTIONS:
        rows = section_rows(st, key)
        if not rows:
            continue
        lines.append(section(key))
        lines += ["  " + x for x in _table([headers(), *(score_cells(n, s) for n, s in rows)])]
        lines.append("")
    lines.append(streaks_heading())
    lines += ["  " + x for x in streak_lines(st.streaks)]
    lines.append("")
    lines.append(rating_heading())
    lines += ["  " + x for x in rating_lines(st.rating, anchors, st.assisted)]
    lines += ["  " + x for x in chart(st.rating, width)]
    return lines


# ------------------------------------------------------------------------------------------------ the commands


def rebuilt_line(indexed: int, unfinished: int, refused: int) -> str:
    games = npgettext("history", "{count} finished game indexed", "{count} finished games indexed", indexed).format(
        count=indexed
    )
    return _("{games} ({unfinished} unfinished skipped, {refused} unusable).").format(
        games=games, unfinished=unfinished, refused=refused
    )


def refused_line(line: str) -> str:
    return _("skipped: {why}").format(why=line)


def cli_line(text: str) -> str:
    """A command's line, named as the command: "tagteam stats: ..."."""
    return _("tagteam: {text}").format(text=text)


# ------------------------------------------------------------------------------------------------ saves set aside


def finished_kept() -> str:
    """Said when a finished game's autosave is moved to the saves folder: no file name (a player never types it,
    and "autosave-20261207-142236.json" read as a fault during the next game's Draft)."""
    return _("Finished game kept in the saves folder: Load lists it.")


def previous_kept() -> str:
    return _("Previous game kept in the saves folder: Load lists it.")


def unusable_kept(problem: str) -> str:
    return _("Unusable autosave ({problem}) set aside, not deleted.").format(problem=problem)


# ------------------------------------------------------------------------------------------------ the pictures


def chart_date(ended: float) -> str:
    """A game's date under the rating chart."""
    return numbers.when(ended, time_of_day=False)


def result_words() -> dict[str, str]:
    """The chart's legend: each result's word beside its mark."""
    return {code: result(code) for code in ("win", "draw", "loss")}


def rating_change(x: float) -> str:
    """A history row's rating change, "rating +31" (rated games only)."""
    # TRANSLATORS: the rating change one game made, "rating +31"
    return _("rating {change}").format(change=change(x))


def stats_sections(st: Stats) -> list[tuple[str, list[tuple[str, Score]]]]:
    """The statistics screen's tables: each section's heading and its named rows (the same as ``stats_lines``)."""
    return [(section(key), rows) for key in SECTIONS if (rows := section_rows(st, key))]


def stats_heads(st: Stats) -> list[str]:
    """The lines above the tables: the title and who "you" is."""
    return [stats_title(st.overall.games), you_note()]
