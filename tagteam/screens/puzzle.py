"""A Build puzzle, answered as in a game: the Build screen's boards, drawn cards, card texts and line-up,
with the goal above; ``c`` (or Enter on the line-up) answers, and the engine plays the Fight out; ``h`` gives
a hint (which card to keep), which costs the streak and counts the puzzle as not solved for the rating.

For a known line-up the line-up shows the opponent's deck as they built it; for "whatever they do", their
last Fight as in a game. The answer's Fight, turn by turn in the log's words, is shown on ``PuzzleResult``:
for a wrong answer the opponent's reply that refutes it, and what the right answer meets against that reply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from tagteam.engine.view import view_for
from tagteam.puzzles.board import Built
from tagteam.puzzles.judge import Played, Verdict, judge
from tagteam.puzzles.model import Choice, Puzzle
from tagteam.puzzles.progress import Scored, hint_card
from tagteam.puzzles.prove import WIN
from tagteam.render.board import PALETTES, Palette
from tagteam.screens.base import SeatContext, WordsScreen
from tagteam.screens.build import BuildScreen
from tagteam.words import N_, cells
from tagteam.words import puzzles as wp
from tagteam.words.log import describe_log
from tagteam.words.names import card_name, player_name


def puzzle_context(p: Puzzle, palette: Palette | None = None) -> tuple[Built, SeatContext]:
    """The puzzle's position and the seat's view of it (a known line-up's view shows their built deck)."""
    built = Built(p.setting)
    shown = built.state.clone()
    if p.setting.their_new is not None:
        shown.last_played[built.opp] = list(shown.fight[built.opp])
    view = view_for(shown, built.me)
    names = (player_name("Player 1"), player_name("Player 2"))
    return built, SeatContext(built.me, view, names, palette or PALETTES["default"])


class Keeper(Protocol):
    """Who counts the answers (the puzzles' home screen): ``answered`` counts one and keeps it, and says what
    it did (None when nothing is counted); ``next_puzzle`` opens the next one."""

    def answered(self, puzzle: Puzzle, right: bool, hint: bool, first: bool) -> Scored | None: ...

    def next_puzzle(self) -> None: ...


class PuzzleScreen(BuildScreen):
    """The Build screen for a puzzle: no coach nor what-if (the puzzle is the question), a goal in the head.

    The first answer of an opening (or a hint taken before it) is the one that counts; later answers, after a
    miss, are kept too (the puzzle of the day is done once its answer is found) but never move the rating."""

    FLOW = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "confirm", N_("Answer")),
        Binding("h", "hint", N_("Hint")),
        Binding("q", "leave", N_("Leave")),
    ]

    def __init__(self, puzzle: Puzzle, palette: Palette | None = None, keeper: Keeper | None = None) -> None:
        built, ctx = puzzle_context(puzzle, palette)
        super().__init__(ctx)
        self.puzzle = puzzle
        self.built = built
        self.keeper = keeper
        self.hinted = False  # a hint was given in this opening
        self.answered = False  # an answer (or the hint) of this opening was counted already

    def on_mount(self) -> None:
        super().on_mount()
        g = self.puzzle.goal
        self.query_one("#head", Static).update(wp.head(wp.goal(g.kind, g.margin), self.puzzle.kind))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("coach", "no_coach", "what_if", "memory"):
            return False
        if action == "hint":
            return True
        return super().check_action(action, parameters)

    def _count(self, right: bool) -> Scored | None:
        first = not self.answered
        self.answered = True
        if self.keeper is None:
            return None
        return self.keeper.answered(self.puzzle, right, self.hinted, first)

    def action_hint(self) -> None:
        """Which card to keep, in a notice and then in the status line; the first one counts as a miss."""
        k = hint_card(self.puzzle)
        card = card_name(self.built.tab.cards[self.built.state.drawn[self.built.me][k]].cdef)
        if not self.hinted:
            self.hinted = True
            if not self.answered:
                self._count(False)
        else:  # asked again: the same notice, shown once
            self.app.clear_notifications()
        self.notify(wp.hint(k + 1, card), timeout=12, markup=False)
        self._refresh_side(rerate=False)

    def _status(self) -> str:
        line = super()._status()
        if not self.hinted:
            return line
        hint = wp.hint_short(hint_card(self.puzzle) + 1)
        joined = f"{hint} · {line}"
        return joined if cells(joined) <= self.size.width - 2 else f"{hint}\n{line}"

    def action_confirm(self) -> None:
        given = Choice(card=self.card, position=self.position, bottom=self.bottom)
        verdict = judge(self.puzzle, given)
        if self.hinted:  # the hint's notice would cover the verdict's lines; the status line keeps the hint
            self.app.clear_notifications()
        hinted = self.hinted
        scored = self._count(verdict.right)
        said = ""
        if scored is not None:
            how = "hinted" if hinted else "rated" if scored.rated else "again"
            after = scored.after
            said = wp.progress_line(how, scored.change, after.rating, after.rd, scored.streak)
        on_next = self.keeper.next_puzzle if self.keeper is not None else None
        self.app.push_screen(PuzzleResult(self.puzzle, self.built, verdict, given, said, on_next))

    def action_leave(self) -> None:
        self.app.pop_screen()


class PuzzleResult(WordsScreen):
    """Right or wrong, and the Fight that shows it, Turn by Turn; Esc or q goes back to the puzzle."""

    DEFAULT_CSS = """
    PuzzleResult #verdict { height: auto; padding: 0 1; text-style: bold; background: $panel; }
    PuzzleResult #fight { height: 1fr; padding: 0 1; }
    PuzzleResult #fight Static { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("q", "back", N_("Back"), show=False),
        Binding("n", "next", N_("Next puzzle")),
        Binding("pageup", "scroll(-1)", N_("Scroll"), show=False),
        Binding("pagedown", "scroll(1)", N_("Scroll"), show=False),
    ]

    def __init__(
        self,
        puzzle: Puzzle,
        built: Built,
        verdict: Verdict,
        given: Choice,
        progress: str = "",
        on_next: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.built = built
        self.verdict = verdict
        self.given = given
        self.progress = progress  # what the answer did to the rating and the streak ("" when not counted)
        self.on_next = on_next

    def compose(self) -> ComposeResult:
        v = self.verdict
        g = self.puzzle.goal
        head = wp.right() if v.right else wp.wrong(self.puzzle.kind)
        if not v.right:  # in sight above the Fights: the player's own result, against the goal
            head += "\n" + wp.yours(self._outcome(v.given, wp.outcome), wp.goal(g.kind, g.margin))
        yield Static(f"{head}\n{self.progress}" if self.progress else head, id="verdict", markup=False)
        with VerticalScroll(id="fight"):
            yield Static("\n".join(self.lines()), markup=False)
        yield Footer()

    def _build_words(self, choice: Choice, say: object) -> str:
        st = self.built.state
        card = card_name(st.tab().cards[st.drawn[self.built.me][choice.card]].cdef)
        size = len(st.fight[self.built.me]) + 1
        assert callable(say)
        return str(say(card, choice.position + 1, size))

    def _outcome(self, played: Played, say: object) -> str:
        assert callable(say)
        return str(say(played.value, played.end.winner, self.built.me, WIN))

    def _fight(self, played: Played, say: object = wp.outcome) -> list[str]:
        tab = self.built.tab
        out = []
        if played.reply is None:
            out.append(wp.their_deck())
        else:
            card, q = played.reply
            size = len(self.built.state.fight[self.built.opp]) + 1
            out.append(wp.their_reply(card_name(tab.cards[card].cdef), q + 1, size))
        out += ["  " + line for line in describe_log(list(played.events), 0, tab, self._names()) if line]
        out.append(self._outcome(played, say))
        return out

    def _names(self) -> tuple[str, str]:
        return (player_name("Player 1"), player_name("Player 2"))

    def lines(self) -> list[str]:
        v = self.verdict
        out = [self._build_words(self.given, wp.your_build)]
        if self.puzzle.kind == "any":
            out.append(wp.hardest_reply())
        out += self._fight(v.given)
        if v.answer is not None:
            answer = self._fight(v.answer, wp.answer_outcome)  # its last line says it is the answer's
            out += ["", self._build_words(self.puzzle.answer, wp.the_answer), wp.instead(), *answer]
        out += ["", wp.result_keys() if self.on_next is not None else wp.back_keys()]
        return out

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.on_next is not None if action == "next" else True

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_next(self) -> None:
        if self.on_next is not None:
            self.on_next()

    def action_scroll(self, pages: int) -> None:
        box = self.query_one("#fight", VerticalScroll)
        box.scroll_relative(y=pages * max(1, box.scrollable_content_region.height - 1), animate=False)
