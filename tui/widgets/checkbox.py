"""A checkbox whose state shows as a symbol, not only as a colour: "[x]" marked, "[ ]" not
(Textual's own draws the same X either way and tells on and off apart by colour alone,
which the ansi and high-contrast themes, and many eyes, do not show)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox

from ..textual_seams import ButtonDrawn

MARKED, UNMARKED = "[x]", "[ ]"


def mark(value: bool) -> str:
    return MARKED if value else UNMARKED


class MarkedCheckbox(ButtonDrawn, Checkbox):
    def button(self) -> Content:
        # in the label's own colours (the theme's text), bold when marked
        return Content.styled(mark(self.value), "bold" if self.value else "")
