"""What every screen of the game shares: the too-small-terminal message."""

from __future__ import annotations

from textual.screen import ModalScreen, Screen
from textual.widgets import Static

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


class SizeCheck:
    """Mixin for screens: mounts the too-small message."""

    def _mount_too_small(self) -> None:
        if not self.query(TooSmall):  # type: ignore[attr-defined]
            self.mount(TooSmall())  # type: ignore[attr-defined]


class BaseScreen(SizeCheck, Screen):
    DEFAULT_CSS = """
    BaseScreen { layers: base toosmall; }
    """

    def on_mount(self) -> None:
        self._mount_too_small()


class BaseModal(SizeCheck, ModalScreen):
    DEFAULT_CSS = """
    BaseModal { layers: base toosmall; }
    """

    def on_mount(self) -> None:
        self._mount_too_small()
