"""An option list whose keys show in the footer (the game is played over SSH: every key
must be visible)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList, SelectionList

NAV = Binding.Group("Move", compact=True)


class ChoiceList(OptionList):
    BINDINGS = [
        Binding("up", "cursor_up", "Move", group=NAV, key_display="↑", id="choice.cursor-up"),
        Binding("down", "cursor_down", "Move", group=NAV, key_display="↓", id="choice.cursor-down"),
        Binding("enter", "select", "Choose", id="choice.select"),
    ]


class MarkList(SelectionList):
    """A selection list: space marks, Enter confirms (the screen's `confirm` action)."""

    BINDINGS = [
        Binding("up", "cursor_up", "Move", group=NAV, key_display="↑", id="choice.cursor-up"),
        Binding("down", "cursor_down", "Move", group=NAV, key_display="↓", id="choice.cursor-down"),
        Binding("space", "select", "Mark", id="choice.select"),
        Binding("enter", "screen.confirm", "Confirm", id="choice.screen-confirm"),
    ]
