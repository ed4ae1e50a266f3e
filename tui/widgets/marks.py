"""A list to mark several choices in, with the option list's keys (tui/widgets/choice.py)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import SelectionList

from .choice import NAV


class MarkList(SelectionList):
    """A selection list: space marks, Enter confirms (the screen's `confirm` action)."""

    BINDINGS = [
        Binding("up", "cursor_up", "Move", group=NAV, key_display="↑", id="choice.cursor-up"),
        Binding("down", "cursor_down", "Move", group=NAV, key_display="↓", id="choice.cursor-down"),
        Binding("space", "select", "Mark", id="choice.select"),
        Binding("enter", "screen.confirm", "Confirm", id="choice.screen-confirm"),
    ]
