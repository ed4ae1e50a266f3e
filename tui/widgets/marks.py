"""A list to mark several choices in, with the option list's keys (tui/widgets/choice.py).
A marked choice shows "[x]", an unmarked one "[ ]" (tui/widgets/checkbox.py): the glyph
tells them apart, in every theme, not the colour alone."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.strip import Strip
from textual.widgets import SelectionList
from textual.widgets._toggle_button import ToggleButton
from textual.widgets.option_list import OptionDoesNotExist

from .checkbox import mark
from .choice import NAV

_BOX = ToggleButton.BUTTON_LEFT + ToggleButton.BUTTON_INNER + ToggleButton.BUTTON_RIGHT


class MarkList(SelectionList[int]):
    """A selection list of ids (units): space marks, Enter confirms (the screen's `confirm`
    action)."""

    BINDINGS = [
        Binding("up", "cursor_up", "Move", group=NAV, key_display="↑", id="choice.cursor-up"),
        Binding("down", "cursor_down", "Move", group=NAV, key_display="↓", id="choice.cursor-down"),
        Binding("space", "select", "Mark", id="choice.select"),
        Binding("enter", "screen.confirm", "Confirm", id="choice.screen-confirm"),
    ]

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 4 or "".join(s.text for s in segments[:3]) != _BOX:
            return strip  # not an option's first line: no box drawn on it
        index = self.scroll_offset.y + y
        try:
            selection = self.get_option_at_index(index)
        except OptionDoesNotExist:
            return strip
        marked = selection.value in self.selected
        # the line's own colours (highlighted or not); a click on the box marks the option
        style = (segments[3].style or Style()) + Style(bold=marked, meta={"option": index})
        box = Segment(mark(marked), style)
        return Strip([box, *segments[3:]], strip.cell_length)
