"""A Build puzzle, answered as in a game: the Build screen's boards, drawn cards, card texts and line-up,
with the goal above; ``c`` (or Enter on the line-up) answers, and the engine plays the Fight out.

For a known line-up the line-up shows the opponent's deck as they built it; for "whatever they do", their
last Fight as in a game. The answer's Fight, turn by turn in the log's words, is shown on ``PuzzleResult``:
for a wrong answer the opponent's reply that refutes it, and what the right answer meets against that reply.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from tagteam.engine.view import view_for
from tagteam.puzzles.board import Built
from tagteam.puzzles.judge import Played, Verdict, judge
from tagteam.puzzles.model import Choice, Puzzle
from tagteam.puzzles.prove import WIN
from tagteam.render.board import PALETTES, Palette
from tagteam.screens.base import SeatContext, WordsScreen
from tagteam.screens.build import BuildScreen
from tagteam.words import N_
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


class PuzzleScreen(BuildScreen):
    """The Build screen for a puzzle: no coach nor what-if (the puzzle is the question), a goal in the head."""

    FLOW = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "confirm", N_("Answer")),
        Binding("q", "leave", N_("Leave")),
    ]

    def __init__(self, puzzle: Puzzle, palette: Palette | None = None) -> None:
        built, ctx = puzzle_context(puzzle, palette)
        super().__init__(ctx)
        self.puzzle = puzzle
        self.built = built

    def on_mount(self) -> None:
        super().on_mount()
        g = self.puzzle.goal
        self.query_one("#head", Static).update(wp.head(wp.goal(g.kind, g.margin), self.puzzle.kind))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("coach", "no_coach", "what_if", "memory"):
            return False
        return super().check_action(action, parameters)

    def action_confirm(self) -> None:
        given = Choice(card=self.card, position=self.position, bottom=self.bottom)
        self.app.push_screen(PuzzleResult(self.puzzle, self.built, judge(self.puzzle, given), given))

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
        Binding("pageup", "scroll(-1)", N_("Scroll"), show=False),
        Binding("pagedown", "scroll(1)", N_("Scroll"), show=False),
    ]

    def __init__(self, puzzle: Puzzle, built: Built, verdict: Verdict, given: Choice) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.built = built
        self.verdict = verdict
        self.given = given

    def compose(self) -> ComposeResult:
        v = self.verdict
        yield Static(wp.right() if v.right else wp.wrong(), id="verdict", markup=False)
        with VerticalScroll(id="fight"):
            yield Static("\n".join(self.lines()), markup=False)
        yield Footer()

    def _build_words(self, choice: Choice, say: object) -> str:
        st = self.built.state
        card = card_name(st.tab().cards[st.drawn[self.built.me][choice.card]].cdef)
        size = len(st.fight[self.built.me]) + 1
        assert callable(say)
        return str(say(card, choice.position + 1, size))

    def _fight(self, played: Played) -> list[str]:
        tab = self.built.tab
        out = []
        if played.reply is None:
            out.append(wp.their_deck())
        else:
            card, q = played.reply
            size = len(self.built.state.fight[self.built.opp]) + 1
            out.append(wp.their_reply(card_name(tab.cards[card].cdef), q + 1, size))
        out += ["  " + line for line in describe_log(list(played.events), 0, tab, self._names()) if line]
        out.append(wp.outcome(played.value, played.end.winner, self.built.me, WIN))
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
            out += ["", self._build_words(self.puzzle.answer, wp.the_answer), wp.instead(), *self._fight(v.answer)]
        out += ["", wp.back_keys()]
        return out

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_scroll(self, pages: int) -> None:
        box = self.query_one("#fight", VerticalScroll)
        box.scroll_relative(y=pages * max(1, box.scrollable_content_region.height - 1), animate=False)
