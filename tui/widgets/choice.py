"""An option list whose keys show in the footer (the game is played over SSH: every key
must be visible). The marking list of the same keys is tui/widgets/marks.py (the title
screen, which needs this one, then loads no selection list)."""

from __future__ import annotations

from textual.binding import Binding
from textual.events import Resize

from ..textual_seams import OptionLinesAtLayout

NAV = Binding.Group("Move", compact=True)


class ChoiceList(OptionLinesAtLayout):
    BINDINGS = [
        Binding("up", "cursor_up", "Move", group=NAV, key_display="↑", id="choice.cursor-up"),
        Binding("down", "cursor_down", "Move", group=NAV, key_display="↓", id="choice.cursor-down"),
        Binding("enter", "select", "Choose", id="choice.select"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing to move to or choose in a list without a choice ("No tables yet"):
        its keys leave the key bar."""
        if action in ("cursor_up", "cursor_down", "select"):
            return any(not o.disabled for o in self.options)
        return True

    def on_resize(self, event: Resize) -> None:
        # runs before OptionList's own handler, which would clear the lines again
        if self.lines_laid_out():
            event.prevent_default()  # the lines are laid out for this room already
