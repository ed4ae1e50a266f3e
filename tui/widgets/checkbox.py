"""A checkbox whose state shows as a symbol, not only as a colour (Textual's own draws the same
X either way and tells on and off apart by colour alone)."""

from __future__ import annotations

from textual.widgets import Checkbox


class MarkedCheckbox(Checkbox):
    @property  # type: ignore[override]  (a class constant in Textual; ours follows the value)
    def BUTTON_INNER(self) -> str:  # noqa: N802  (the name Textual reads)
        return "X" if self.value else " "
