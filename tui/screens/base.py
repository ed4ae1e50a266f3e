"""What every screen of the game shares: the too-small-terminal message."""

from __future__ import annotations

from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ..widgets.beneath import Painted

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    """Covers the screen when the terminal is smaller than 80 x 24."""

    DEFAULT_CSS = """
    TooSmall {
        layer: toosmall; dock: top; display: none; width: 100%; height: 100%;
        background: $error 40%; color: $foreground; content-align: center middle;
        text-align: center; text-style: bold; padding: 1 2;
    }
    .-tiny-w TooSmall, .-tiny-h TooSmall { display: block; }
    """

    def on_resize(self) -> None:
        self.refresh_message()

    def on_mount(self) -> None:
        self.refresh_message()

    def refresh_message(self) -> None:
        w, h = self.app.size
        self.update(
            f"This terminal is {w} x {h}.\n"
            f"Mare Nostrum needs at least {MIN_WIDTH} x {MIN_HEIGHT}.\n\n"
            "Make the window larger (or the font smaller).\n"
            "ctrl+q quits.")


def too_small(w: int, h: int) -> bool:
    return w < MIN_WIDTH or h < MIN_HEIGHT


class SizeCheck:
    """Mixin for screens: mounts the too-small message when the terminal is too small
    (only then: a widget mounted after the screen's own costs every dialog a layout)."""

    def _mount_too_small(self) -> None:
        if too_small(*self.app.size) and not self.query(TooSmall):  # type: ignore[attr-defined]
            self.mount(TooSmall())  # type: ignore[attr-defined]

    def on_resize(self) -> None:
        self._mount_too_small()


class BaseScreen(Painted, SizeCheck, Screen):
    DEFAULT_CSS = """
    BaseScreen { layers: base toosmall; }
    """

    def on_mount(self) -> None:
        self._mount_too_small()


class BaseModal(Painted, SizeCheck, ModalScreen):
    DEFAULT_CSS = """
    BaseModal { layers: base toosmall; }
    """

    def on_mount(self) -> None:
        self._mount_too_small()

    def render(self):
        """A see-through dialog draws the screen under it from that screen's own lines
        (tui/widgets/beneath.py): far cheaper than Textual's way, the same picture."""
        from ..widgets.beneath import beneath
        return beneath(self) or super().render()
