"""What every screen of the game shares: the too-small-terminal message, and key words
that follow what a key does now."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.errors import NoWidget
from textual.geometry import Region
from textual.message_pump import MessagePump
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

if TYPE_CHECKING:
    from typing import Self

    from textual.app import RenderResult

    from ..textual_seams import ScreenFrames

    # the mixins are typed as the screens they are mixed into (at run time: plain mixins)
    _Screen = Screen[Any]
    _Framed = ScreenFrames  # Thrift goes with the seams' frames (through Painted)
else:
    _Screen = _Framed = object

from ..sheets import add_sheets
from ..textual_seams import key_bindings
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


class SizeCheck(_Screen):
    """Mixin for screens: mounts the too-small message when the terminal is too small
    (only then: a widget mounted after the screen's own costs every dialog a layout)."""

    def _mount_too_small(self) -> None:
        if too_small(*self.app.size) and not self.query(TooSmall):
            self.mount(TooSmall())

    def on_resize(self, _event: events.Resize | None = None) -> None:
        self._mount_too_small()


def running_app(node: MessagePump) -> App[Any] | None:
    """The running app, for a screen made inside one (a screen made before the app runs,
    such as the guided game's first, has none yet: Textual raises NoActiveAppError, a
    RuntimeError)."""
    try:
        return node.app
    except (RuntimeError, AttributeError):  # no app, nor yet a parent to ask
        return None


def breakpoint_classes(app: App[Any], width: int, height: int) -> set[str]:
    """The app's breakpoint classes for a screen of this size (as Textual chooses them)."""
    out: set[str] = set()
    for dimension, points in ((width, app.HORIZONTAL_BREAKPOINTS or []),
                              (height, app.VERTICAL_BREAKPOINTS or [])):
        for point, name in sorted(points, reverse=True):
            if dimension >= point:
                out.add(name)
                break
    return out


class KeyWords(_Screen):
    """Mixin for screens: a key's words in the key bar follow what it does now ("Sit",
    "My seat", "Watch"). Whether it shows at all is the screen's `check_action` (False
    hides it, None dims it), asked again by `refresh_bindings`."""

    def describe_key(self, action: str, description: str) -> None:
        keys = key_bindings(self)
        changed = False
        for key, bindings in keys.items():
            if any(b.action == action and b.description != description for b in bindings):
                keys[key] = [replace(b, description=description) if b.action == action
                             else b for b in bindings]
                changed = True
        if changed:
            self.refresh_bindings()


class Thrift(_Framed):
    """Mixin for screens: skip the work Textual does twice at every dialog, through its
    public API (its handlers, `refresh`) and one seam (tui/textual_seams.py).

    - A new dialog's first ScreenResume would restyle its whole tree, styled a moment ago
      when it was mounted.
    - Its first Resize would set the size's breakpoint classes and restyle it again: they
      are given to the screen when it is made. A later Resize to the size the screen is
      laid out at already lays out nothing again.
    - Its first frame would be drawn before its widgets have answered the first layout, and
      drawn again after: that frame is held, and the screen laid out at its first Resize
      and drawn whole, once; the screens under it are not laid out again at the same size
      (`ScreenFrames`, tui/textual_seams.py).
    - A layout asked for without regions (something mounted) repaints what moved only.
    - Uncovered by a see-through dialog (closed), the screen repaints where the dialog's
      widgets were, not the whole screen: elsewhere the dialog drew this screen's own
      picture (tui/widgets/beneath.py), and what changed in it since is repainted by its
      own widgets' refreshes (`uncovered`); the repaint of all of it Textual asks for when
      a screen is pushed over it is not made (`covered`): the screen over it draws all
      of its own frame, and this screen, uncovered, repaints where it was covered.
    """

    _resumed = False
    # the regions a closed see-through dialog drew its widgets in, while it is not removed
    _drawn_over: tuple[list[Region], Screen[Any]] | None = None
    _covering = False  # a screen is being pushed over this one

    def __init__(self, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        # the size's breakpoint classes before the screen is styled: its first Resize
        # finds them already set, where it would restyle the whole screen for them
        app = running_app(self)
        if app is not None:
            w, h = app.size
            classes = " ".join(sorted(breakpoint_classes(app, w, h) |
                                      set((classes or "").split())))
        super().__init__(name=name, id=id, classes=classes)
        if app is not None:  # the screen's own sheet before it is styled (tui/sheets.py)
            add_sheets(app, self.css_path)

    def refresh(self, *regions: Region, repaint: bool | None = None, layout: bool = False,
                recompose: bool = False) -> Self:
        # Textual asks a screen for a layout and a repaint of all of it when something was
        # mounted in it (the screen itself, a moment after its first frame) or a screen
        # was removed: the layout repaints whatever moved, and the screen's own background
        # (a dialog's: the board beneath) changes only through style changes and the
        # board's own refreshes, which ask for their repaint. A repaint asked for in so
        # many words (the app's, after a suspend) stays.
        whole = repaint is None and not regions and not layout and not recompose
        if whole and self._covering:
            return self
        if whole and self._drawn_over is not None:
            # the whole repaint Textual asks for when a dialog over this screen is closed
            # (its ScreenResume, and the dialog's replacing): where the dialog drew
            uncover, dialog = self._drawn_over
            if dialog.is_attached:  # until it is removed: the dialog's two repaints
                return super().refresh(*uncover, repaint=True)
            self._drawn_over = None
        if repaint is None:
            repaint = not (layout and not regions)
        return super().refresh(*regions, repaint=repaint,
                               layout=layout, recompose=recompose)

    @contextmanager
    def covered(self) -> Iterator[None]:
        """A screen is pushed over this one (App.push_screen, tui/app.py)."""
        self._covering = True
        try:
            yield
        finally:
            self._covering = False

    def uncovered(self, dialog: Screen[Any]) -> None:
        """A see-through dialog over this screen was closed (popped, not yet removed):
        the repaint of all of this screen that follows is made where the dialog's widgets
        were (it drew this screen's picture elsewhere). A dialog that is not see-through
        (tinted, or drawn by Textual over another) leaves the whole repaint as it is."""
        self._drawn_over = None
        if not isinstance(dialog, BaseModal):  # (BaseModal draws the screen under it)
            return
        regions = drawn_regions(dialog)
        if regions is not None:
            self._drawn_over = (regions, dialog)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # runs before Screen's own handler (handlers are called down the class hierarchy)
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

    def on_resize(self, event: events.Resize) -> None:
        # runs before Screen's own handler, which would lay out this screen and every
        # screen under it again and set the breakpoint classes
        app = self.app
        size = self.size
        if not self.first_frame_held() and \
                event.size == size and \
                breakpoint_classes(app, *event.size) <= set(self.classes):
            event.prevent_default()


def drawn_regions(dialog: Screen[Any]) -> list[Region] | None:
    """Where the see-through dialog drew its widgets (its own top widgets' regions,
    clipped to the screen); None if it is not see-through or not laid out."""
    if not dialog.styles.background.is_transparent or not dialog.size:
        return None
    out: list[Region] = []
    for child in dialog.children:
        if not isinstance(child, Widget) or not child.display:
            continue
        try:
            geometry = dialog.find_widget(child)
        except NoWidget:
            continue  # not on screen
        if region := geometry.region.intersection(geometry.clip):
            out.append(region)
    return out


class BaseScreen(SizeCheck, Thrift, Painted, KeyWords, Screen[Any]):
    DEFAULT_CSS = """
    BaseScreen { layers: base toosmall; }
    """

    def on_mount(self) -> None:
        self._mount_too_small()


class BaseModal(SizeCheck, Thrift, Painted, KeyWords, ModalScreen[Any]):
    DEFAULT_CSS = """
    BaseModal { layers: base toosmall; }
    """

    def on_mount(self) -> None:
        self._mount_too_small()

    # a Visual, as any widget's render may return (Screen's own type narrows it to Rich's)
    def render(self) -> RenderResult:  # type: ignore[override]
        """A see-through dialog draws the screen under it from that screen's own lines
        (tui/widgets/beneath.py): far cheaper than Textual's way, the same picture."""
        return beneath(self) or super().render()
