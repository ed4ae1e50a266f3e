"""What every screen of the game shares: the too-small-terminal message, and key words
that follow what a key does now."""

from __future__ import annotations

from dataclasses import replace

from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ..sheets import add_sheets
from ..widgets.beneath import Painted, beneath

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


def breakpoint_classes(app, width: int, height: int) -> set[str]:
    """The app's breakpoint classes for a screen of this size (as Textual chooses them)."""
    out = set()
    for dimension, points in ((width, app.HORIZONTAL_BREAKPOINTS or []),
                              (height, app.VERTICAL_BREAKPOINTS or [])):
        for point, name in sorted(points, reverse=True):
            if dimension >= point:
                out.add(name)
                break
    return out


class KeyWords:
    """Mixin for screens: a key's words in the key bar follow what it does now ("Sit",
    "My seat", "Watch"). Whether it shows at all is the screen's `check_action` (False
    hides it, None dims it), asked again by `refresh_bindings`."""

    def describe_key(self, action: str, description: str) -> None:
        keys = self._bindings.key_to_bindings  # type: ignore[attr-defined]
        changed = False
        for key, bindings in keys.items():
            if any(b.action == action and b.description != description for b in bindings):
                keys[key] = [replace(b, description=description) if b.action == action
                             else b for b in bindings]
                changed = True
        if changed:
            self.refresh_bindings()  # type: ignore[attr-defined]


class Thrift:
    """Mixin for screens: skip the work Textual does twice at every dialog.

    - A new dialog's first ScreenResume would restyle its whole tree, styled a moment ago
      when it was mounted.
    - Its first Resize would set the size's breakpoint classes and restyle it again.
    - Its first frame would be drawn before its widgets have answered the first layout,
      and drawn again after; and once mounted, all of it would be laid out and drawn a
      third time.
    - A dialog's first Resize lays out every screen under it again, though their size is
      the same (the board under a dialog is 80 x 24 before and after).
    - The screen under a new dialog, covered (and resumed a moment before, when the last
      dialog left) would be repainted whole, and the new dialog drawn whole again with it.
    """

    _resumed = False

    def _post_register(self, app) -> None:
        # the screen's own sheet before the screen is styled (tui/sheets.py)
        add_sheets(app, self.css_path)  # type: ignore[attr-defined]
        # the size's breakpoint classes before the screen is styled: its first Resize
        # finds them already set, where it would restyle the whole screen for them
        super()._post_register(app)  # type: ignore[misc]
        w, h = app.size
        self._classes = self._classes | breakpoint_classes(app, w, h)  # type: ignore[has-type]

    _first_layout = True
    _holding = False  # the first layout's frame is held back

    def _refresh_layout(self, size=None, scroll: bool = False) -> None:
        # A new screen's widgets answer its first layout (their sizes, scroll bars, the
        # highlighted row scrolled into view) and ask for another: its first frame waits
        # for that one, so that it is the screen's whole picture, drawn once.
        self._holding = self._first_layout and self is self.app.screen
        self._first_layout = False
        try:
            super()._refresh_layout(size, scroll)  # type: ignore[misc]
        finally:
            self._holding = False

    def _compositor_refresh(self) -> None:
        if self._holding:
            self.refresh()  # drawn at the next update, after the widgets' answers
            return
        super()._compositor_refresh()

    def refresh(self, *regions, repaint: bool | None = None, layout: bool = False,
                recompose: bool = False):
        # Textual asks a screen for a layout and a repaint of all of it when something was
        # mounted in it (the screen itself, a moment after its first frame): the layout
        # repaints whatever moved, and the screen's own background (a dialog's: the board
        # beneath) changes only through style changes and the board's own refreshes,
        # which ask for their repaint. A repaint asked for in so many words (the app's,
        # after a suspend) stays.
        if repaint is None:
            repaint = not (layout and not regions)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _on_timer_update(self) -> None:
        if self._repaint_required and \
                self is not self.app.screen:  # type: ignore[has-type, attr-defined]
            # A screen under a dialog: being covered, or resumed a moment before the next
            # dialog covers it, changes nothing of its own picture (its widgets' changes
            # repaint their own regions); repainted whole, it would have the dialog over
            # it drawn whole again just after its first frame.
            self._repaint_required = False
        super()._on_timer_update()  # type: ignore[misc]

    def _on_screen_resume(self, event) -> None:
        # runs before Screen's own handler (handlers are called down the class hierarchy)
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def _screen_resized(self, size) -> None:
        if self is not self.app.screen and \
                size == self._compositor.size:  # type: ignore[attr-defined]
            return  # a screen under a dialog, already laid out at this size
        super()._screen_resized(size)  # type: ignore[misc]


class BaseScreen(Thrift, Painted, SizeCheck, KeyWords, Screen):
    DEFAULT_CSS = """
    BaseScreen { layers: base toosmall; }
    """

    def on_mount(self) -> None:
        self._mount_too_small()


class BaseModal(Thrift, Painted, SizeCheck, KeyWords, ModalScreen):
    DEFAULT_CSS = """
    BaseModal { layers: base toosmall; }
    """

    def on_mount(self) -> None:
        self._mount_too_small()

    def render(self):
        """A see-through dialog draws the screen under it from that screen's own lines
        (tui/widgets/beneath.py): far cheaper than Textual's way, the same picture."""
        return beneath(self) or super().render()
