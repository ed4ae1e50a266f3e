"""An option list whose keys show in the footer (the game is played over SSH: every key
must be visible)."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import OptionList, SelectionList

NAV = Binding.Group("Move", compact=True)


class ChoiceList(OptionList):
    BINDINGS = [
        Binding("up", "cursor_up", "Move", group=NAV, key_display="↑"),
        Binding("down", "cursor_down", "Move", group=NAV, key_display="↓"),
        Binding("enter", "select", "Choose"),
    ]


class MarkList(SelectionList):
    """A selection list: space marks, Enter confirms (the screen's `confirm` action)."""

    BINDINGS = [
        Binding("up", "cursor_up", "Move", group=NAV, key_display="↑"),
        Binding("down", "cursor_down", "Move", group=NAV, key_display="↓"),
        Binding("space", "select", "Mark"),
        Binding("enter", "screen.confirm", "Confirm"),
    ]
