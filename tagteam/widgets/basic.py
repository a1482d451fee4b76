"""Small shared widgets: the too-small notice, the board, a clickable card tile, the line-up and a marked list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tagteam.words import _


class TooSmall(Static):
    """Shown instead of the screen below 80x24 (app CSS toggles it), so nothing is drawn garbled."""

    def __init__(self) -> None:
        super().__init__(_("The terminal is too small for Tag Team: please make it at least 80 columns by 24 rows."))


class NoticeLine(Static):
    """The notices of a screen whose choices fill its top (Draft, Setup), said in its layout, whole and wrapped
    at words, instead of a toast docked over the very words being chosen (the app hands it the notices)."""

    DEFAULT_CSS = """
    NoticeLine { height: auto; padding: 0 1; background: $warning 20%; display: none; }
    NoticeLine.-shown { display: block; }
    """

    def __init__(self) -> None:
        super().__init__("", id="notices", markup=False)

    def show_notices(self, notices: list[tuple[str, str]]) -> None:
        """``notices``: (title, message) pairs, oldest first; none hides the line."""
        said = (
            _("{title}: {message}").format(title=title, message=message) if title else message
            for title, message in notices
        )
        self.update("\n".join(said))
        self.set_class(bool(notices), "-shown")


class BoardView(Static):
    """Both teams' boards from a public view; the screen passes the view down, nothing is computed here."""

    def show_view(self, view: Any, names: tuple[str, str], palette: Any) -> None:
        from tagteam.render.board import board

        self.update(board(view, names, palette))


class CardTile(Static, can_focus=False):
    """A card the player can click to choose; posts ``CardTile.Selected`` with its index."""

    class Selected(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, renderable: RenderableType, index: int, **kw: Any) -> None:
        super().__init__(renderable, **kw)
        self.index = index
        self.card: Any = None  # the card's model (a content ``Card``) once the screen draws it: its tooltip reads it

    def on_click(self) -> None:
        self.post_message(self.Selected(self.index))


class ConfirmLink(Static, can_focus=False):
    """A one-line clickable label (a button without the three rows a Button takes): posts ``Pressed``."""

    class Pressed(Message):
        pass

    def on_click(self) -> None:
        self.post_message(self.Pressed())


class LineUp(OptionList):
    """The line-up as a list of slots: highlighting slot ``n`` (keys or click) puts the new card there.

    Rows past the last selectable slot (the opponent's longer last Fight) are disabled, so the cursor skips them.
    """

    class SlotChosen(Message):
        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def set_rows(
        self,
        rows: list[RenderableType],
        position: int,
        selectable: int,
        shown: Sequence[int | RenderableType] | None = None,
    ) -> None:
        """Replace the rows without announcing the highlight moves this makes: re-posting them as slot
        choices made the screen redraw the line-up again and again, at full CPU, while the player thought.

        ``shown`` lists the rows to show, by index, with a renderable standing for each run left out (a long
        line-up at 80x24 folds the slots far from the new card, so slot 1 stays in sight): a disabled row
        the cursor skips. The row of ``position`` must be among them."""
        order = list(range(len(rows))) if shown is None else shown
        options = [
            Option(rows[r], id=f"slot-{r}", disabled=r >= selectable)
            if isinstance(r, int)
            else Option(r, id=f"fold-{k}", disabled=True)
            for k, r in enumerate(order)
        ]
        with self.prevent(OptionList.OptionHighlighted):
            self.clear_options()
            self.add_options(options)
            self.highlighted = self.get_option_index(f"slot-{position}")
        self.call_after_refresh(self.scroll_to_highlight)

    def _post(self, option: Option) -> None:
        oid = option.id or ""
        if oid.startswith("slot-"):
            self.post_message(self.SlotChosen(int(oid[5:])))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._post(event.option)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._post(event.option)


MARK_ON = "▶ "
MARK_OFF = "  "


def _with_mark(prompt: Any, on: bool) -> Any:
    """The prompt with its first two cells replaced by the cursor mark (prompts start with ``MARK_OFF``)."""
    mark = MARK_ON if on else MARK_OFF
    if isinstance(prompt, Text):
        return Text(mark, style="bold") + prompt[2:]
    return mark + str(prompt)[2:]


def _unmarked(prompt: Any) -> Text:
    """Prompts become plain Text (a name like "[x] Joan" is never read as markup), behind two blank cells."""
    return Text(MARK_OFF) + (prompt if isinstance(prompt, Text) else Text(str(prompt)))


class MarkedOptionList(OptionList):
    """An OptionList whose highlighted row also carries "▶", so the cursor is never shown by colour alone.

    Every prompt starts with two blank cells (``MARK_OFF``); use ``set_prompt`` to relabel a row."""

    def __init__(self, *content: Option, **kw: Any) -> None:
        self._marked: int | None = None
        self._unread: list[int] = []  # rows chosen (Enter, a click) whose OptionSelected is not handled yet
        opts = [Option(_unmarked(c.prompt), id=c.id, disabled=c.disabled) for c in content]
        super().__init__(*opts, **kw)

    def action_select(self) -> None:
        """As OptionList's, and the row is remembered until a screen takes it (``take``/``take_all``)."""
        index = self.highlighted
        if index is not None and not self.get_option_at_index(index).disabled and len(self._unread) < 64:
            self._unread.append(index)
        super().action_select()

    def take(self, index: int) -> bool:
        """Whether the row ``index`` an OptionSelected names is still to be acted on (False: a key took it)."""
        if index in self._unread:
            self._unread.remove(index)
            return True
        return False

    def take_all(self) -> list[int]:
        """The rows chosen whose OptionSelected has not arrived yet, oldest first, now taken.

        Keys typed in one burst (``Down Enter c``) run their bindings before the message of the Enter reaches
        the screen: a screen's confirm key takes these first, so the keys act in the order they were typed."""
        rows, self._unread = self._unread, []
        return rows

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        old, self._marked = self._marked, highlighted
        if old == highlighted:
            return
        for index, on in ((old, False), (highlighted, True)):
            if index is not None and 0 <= index < self.option_count:
                prompt = self.get_option_at_index(index).prompt
                self.replace_option_prompt_at_index(index, _with_mark(prompt, on))

    def set_prompt(self, option_id: str, prompt: Any) -> None:
        index = self.get_option_index(option_id)
        self.replace_option_prompt_at_index(index, _with_mark(_unmarked(prompt), index == self._marked))
