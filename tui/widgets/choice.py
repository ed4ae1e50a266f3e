"""An option list whose keys show in the footer (the game is played over SSH: every key
must be visible). The marking list of the same keys is tui/widgets/marks.py (the title
screen, which needs this one, then loads no selection list)."""

from __future__ import annotations

from textual.binding import Binding
from textual.events import Resize
from textual.geometry import Size
from textual.widgets import OptionList

NAV = Binding.Group("Move", compact=True)


class ChoiceList(OptionList):
    BINDINGS = [
        Binding("up", "cursor_up", "Move", group=NAV, key_display="↑", id="choice.cursor-up"),
        Binding("down", "cursor_down", "Move", group=NAV, key_display="↓", id="choice.cursor-down"),
        Binding("enter", "select", "Choose", id="choice.select"),
    ]

    _lines_for: Size | None = None  # the room the options' lines were last laid out in

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Nothing to move to or choose in a list without a choice ("No tables yet"):
        its keys leave the key bar."""
        if action in ("cursor_up", "cursor_down", "select"):
            return any(not o.disabled for o in self.options)
        return True

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        # The options' lines for a new size at once, not when the list is first drawn:
        # its scroll bar and the highlighted row in view then come with the layout that
        # follows, before the dialog's first frame, not in one more after it.
        changed = super()._size_updated(size, virtual_size, container_size, layout)
        laid_out = False
        for _ in range(2):  # twice: a scroll bar that comes or goes narrows the lines
            room = self.scrollable_content_region.size
            if room == self._lines_for:
                break
            self._lines_for = room
            self._clear_caches()
            self._update_lines()
            laid_out = True
        if laid_out:
            self.scroll_to_highlight()
        return changed

    # Textual's OptionList handler asks for no event; its dispatch passes one to a handler that does
    def _on_resize(self, event: Resize) -> None:  # type: ignore[override]
        if self.scrollable_content_region.size == self._lines_for:
            event.prevent_default()  # the lines are laid out for this room already
