"""Where the app reaches into Textual's private parts: the one module that may.

Textual's public API does almost all the app needs (tui/app.py, tui/screens/base.py use it
only); what it cannot do is here, each hook saying what we need, why no public API does it,
and the Textual versions it was checked on. Nothing else in tui/ touches an underscore
name of a Textual object (tests/test_textual_seams.py scans for one), and a test checks
that every Textual attribute named here still exists, so that an upgrade which moves one
fails loudly rather than making the app quietly slower or wrong.

Checked on Textual 8.2.8 (the constraints' pin; the cap is the next major version).
"""

from __future__ import annotations

import os
import selectors
import threading
import time
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING, Any

from textual import constants
from textual._compositor import ChopsUpdate, Compositor
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.binding import Binding
from textual.content import Content
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets._toast import Toast, ToastHolder, ToastRack

if TYPE_CHECKING:
    from textual.binding import BindingsMap
    from textual.dom import DOMNode
    from textual.widgets import RichLog
    from textual.widgets._toggle_button import ToggleButton

    # the mixins are typed as the classes they are mixed into (at run time: plain mixins)
    _Screen = Screen[Any]
    _Widget = Widget
    _ToggleButton = ToggleButton
    _RichLog = RichLog
else:
    _Screen = _Widget = _ToggleButton = _RichLog = object


def relied_on() -> dict[type[Any], tuple[str, ...]]:
    """Every Textual attribute the hooks below rely on, by the class that defines it (or
    sets it on its instances): tests/test_textual_seams.py checks each is still there.
    (RichLog is imported here only: the title screen's first frame does without it.)"""
    # lazy: the title screen's first frame does without these (RichLog and the rest)
    from textual.widgets import RichLog
    from textual.widgets._toggle_button import ToggleButton
    return {
        App: ("_refresh_truecolor_filter", "_notifications", "_disable_tooltips"),
        ToastRack: ("_toast_id",),
        Screen: ("_extend_compose", "_refresh_layout", "_compositor_refresh", "_on_timer_update", "_screen_resized",
                 "_repaint_required", "_compositor"),
        Compositor: ("_dirty_regions", "_regions_to_spans", "_render_chops"),
        Widget: ("_post_register", "_size_updated", "_bindings", "_scroll_update"),
        OptionList: ("_clear_caches", "_update_lines"),
        RichLog: ("_size_known",),
        ToggleButton: ("_button",),
        Stylesheet: ("_parse_rules", "_variables"),
        LinuxDriver: ("_debug", "_run_input_thread"),
    }


# --- the stylesheet ---------------------------------------------------------------------
# (text, where from, defaults, tie breaker, scope, the theme's variables) -> rules
_parsed: dict[tuple[object, ...], list[RuleSet]] = {}
_KEEP = 512  # sheets and themes kept at most (an app has about twenty sheets)


class SharedStylesheet(Stylesheet):
    """Textual's stylesheet, with the sheets parsed once for the process (tui/sheets.py).

    Why: every session forked from the warm parent (tui/net/warm.py) would parse every sheet
    and every widget's defaults again, writing to (so copying) the parent's pages; the
    parsed rules are never changed by Textual (it copies their values into each node's
    styles), so they can be shared. Textual has no public hook for where parsed rules come
    from: `_parse_rules` is the one step to wrap, and `_variables` the theme it parses for."""

    def __init__(self, *, variables: dict[str, str] | None = None) -> None:
        super().__init__(variables=variables)
        self._theme_key = tuple(sorted(self._variables.items()))

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._theme_key = tuple(sorted(variables.items()))

    def _parse_rules(self, css: str, read_from: CSSLocation, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._theme_key)
        rules = _parsed.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            if len(_parsed) >= _KEEP:
                _parsed.clear()
            _parsed[key] = rules
        return rules


# --- the terminal's input ------------------------------------------------------------------
class _WakingEvent(threading.Event):
    """The driver's exit event, which also wakes its input thread when it is set."""

    def __init__(self, wake: int) -> None:
        super().__init__()
        self.wake: int | None = wake  # None once the driver is closed (the fd may be reused)

    def set(self) -> None:
        super().set()
        if self.wake is not None:
            try:
                os.write(self.wake, b"\0")
            except BlockingIOError:  # the pipe is full: the thread wakes anyway
                pass


class QuietInputDriver(LinuxDriver):
    """Textual's Linux driver, with an input thread that sleeps until a key comes.

    Why: Textual's input thread wakes every 0.1 s, to see whether the app is stopping and
    to let a lone Escape go once the escape delay has passed. That is about 2 ms of
    processor a second for a session nobody touches (bench/bench_idle_session.py), paid by
    every session of a game server. This thread waits on the terminal and on a pipe written
    when the app stops it (`exit_event.set()`); it polls only while the parser may hold an
    unfinished escape sequence, for a little longer than the escape delay after the last
    input. No public hook chooses the input loop: `run_input_thread` is Textual 8.2.8's,
    with the same parser, decoder and last read, but for the wait."""

    def __init__(self, app: App[Any], *, debug: bool = False, mouse: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._woken_by, wake = os.pipe()  # (not inherited by a child)
        for fd in (self._woken_by, wake):
            os.set_blocking(fd, False)
        self._waking = self.exit_event = _WakingEvent(wake)

    def run_input_thread(self) -> None:
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        selector.register(self._woken_by, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode
        # after an input, poll as Textual does until a lone Escape has surely gone
        polling = constants.ESCAPE_DELAY + 0.2
        last_input = time.monotonic()

        def take(ready: list[tuple[selectors.SelectorKey, int]], final: bool = False) -> None:
            nonlocal last_input
            for key, _mask in ready:
                if key.fd == self._woken_by:
                    self._drain()
                    continue
                last_input = time.monotonic()
                data = decode(os.read(self.fileno, 1024 * 4), final=final)
                if not data:  # stdin piped and at its end
                    break
                for event in parser.feed(data):
                    self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            self._drain()  # a byte left by the last stop (after a suspend)
            while not self.exit_event.is_set():
                waiting = time.monotonic() - last_input < polling
                take(selector.select(0.1 if waiting else None))
            selector.unregister(self.fileno)
            take(selector.select(0.1), final=True)
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass

    def _drain(self) -> None:
        try:
            while os.read(self._woken_by, 64):
                pass
        except OSError:  # empty (BlockingIOError)
            pass

    def close(self) -> None:
        super().close()
        wake, self._waking.wake = self._waking.wake, None
        if wake is not None:
            os.close(wake)
            os.close(self._woken_by)


# --- the app ------------------------------------------------------------------------------
def set_terminal_colours(app: App[Any]) -> None:
    """The terminal colours' filter for the app's ANSI theme, without setting `theme`.

    Why: the theme chosen at start is set before the stylesheet is first read
    (tui/app.py `_first_theme`); setting `App.theme` would have its watcher read and apply
    the whole stylesheet a second time once the app runs (a tenth of the time to the
    first frame). The watcher's one step we need has no public name."""
    app._refresh_truecolor_filter(app.ansi_theme)


def without_tooltips(app: App[Any]) -> None:
    """The app shows no tooltips: no screen composes Textual's tooltip widget.

    Why: the app gives no widget a tooltip, yet every screen (a dialog at every decision)
    would compose, style and lay out an empty tooltip of its own. Textual leaves tooltips
    out only under its test pilot (`run_test`), which the snapshots are drawn with: the
    players' screens are then drawn as those are."""
    app._disable_tooltips = True


# --- keys ---------------------------------------------------------------------------------
def _key_map(node: DOMNode) -> BindingsMap:
    return node._bindings


def key_bindings(node: DOMNode) -> dict[str, list[Binding]]:
    """The node's own keys, to change a key's words in the key bar in place ("Sit", "My
    seat", "Watch"; "Undo", "No undo").

    Why: Textual's dynamic actions (`check_action`, `refresh_bindings`) show, hide or dim
    a key but keep its words; one binding per wording would list every key several times
    in BINDINGS and in the keys' help."""
    return _key_map(node).key_to_bindings


def bind_key(node: DOMNode, key: str, action: str, description: str) -> None:
    """Bind a key on this node only (a dialog's "u Undo" or "u No undo", decided when the
    dialog is made). Why: `App.bind` binds on the app, for every screen."""
    _key_map(node).bind(key, action, description)


# --- screens ------------------------------------------------------------------------------
class ScreenFrames(_Screen):
    """Mixin for screens (before Textual's Screen in the bases): two hooks into how a
    screen's frame is made.

    `picture_changed()`: called when dirty regions of the screen's picture reach its
    compositor, so that a dialog over it
    draws it again only then (tui/widgets/beneath.py `Painted`).

    The first frame held: a new screen's widgets answer its first layout (their sizes,
    scroll bars, the highlighted row scrolled into view) and ask for another; the frame of
    that first layout is not drawn: the screen's first Resize (which that layout sends it)
    lays it out again with the answers and draws it whole, once (and the repaint asked for
    when the frame was held is then done: not drawn again; tui/screens/base.py
    `Thrift.on_resize` lets that Resize through while `first_frame_held()`).
    Why: `App.batch_update` holds every update of the whole app (the screen's own second
    layout included) until the batch ends, which doubled the time from Enter to the next
    dialog (docs/performance.md); no public API holds one screen's one frame.

    A screen under a dialog is not repainted whole: being resumed when the last dialog
    left asks for a repaint of all of it, and when the next dialog covers it before that
    repaint is made, its own picture has not changed (its widgets' changes repaint their
    own regions), while a whole repaint of it would have the new dialog drawn whole again
    just after its first frame. Why: the repaint is asked for by Textual's own ScreenResume
    handler, and only the screen's update timer knows it is no longer on top.

    The notifications shown now come with the screen's own widgets: a new screen (a
    dialog, at every decision) has a toast rack of its own, which Textual fills once the
    screen is resumed, after its first frame: every toast is mounted, styled and laid out
    then, in two or three more layouts and frames. Here the rack is composed with them, so
    that the first frame has them; the rack's own look at the notifications then finds
    every toast there. Why: Textual composes the rack empty in `_extend_compose` and has no
    public way to reach the app's notifications."""

    _first_layout = True
    _holding = False  # the first layout's frame is being held back
    _held = False  # it was, and the screen is not drawn yet

    def __init__(self, *args: Any, **kw: Any) -> None:  # Screen's own
        super().__init__(*args, **kw)
        self._compositor = BandedCompositor()

    def picture_changed(self) -> None:
        """The screen's picture changed (a hook: nothing by default)."""

    def _extend_compose(self, widgets: list[Widget]) -> None:
        super()._extend_compose(widgets)
        shown = [n for n in self.app._notifications if not n.has_expired]
        if not shown:
            return
        for i, widget in enumerate(widgets):
            if isinstance(widget, ToastRack):
                rack = ToastRack(*(ToastHolder(Toast(n), id=ToastRack._toast_id(n))
                                   for n in shown), id=widget.id)
                rack.display = True
                # as the rack does when it mounts new toasts: the last in sight
                rack.call_later(rack.scroll_end, animate=False, force=True)
                widgets[i] = rack
                break

    def first_frame_held(self) -> bool:
        """Whether the screen's first frame was held and it is not drawn yet: its first
        Resize (which its first layout sends it) lays it out again and draws it at once."""
        return self._held

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        self._holding = self._first_layout and self is self.app.screen
        self._first_layout = False
        try:
            super()._refresh_layout(size, scroll)
        finally:
            self._holding = False

    def _screen_resized(self, size: Size) -> None:
        if self is not self.app.screen and \
                size == self._compositor.size:
            return  # a screen under a dialog, already laid out at this size
        super()._screen_resized(size)

    def _on_timer_update(self) -> None:
        if self._repaint_required and \
                self is not self.app.screen:
            self._repaint_required = False
        super()._on_timer_update()

    def _compositor_refresh(self) -> None:
        if self._holding:
            self._held = True
            self.refresh()  # drawn at the next update
            return
        compositor = self._compositor
        whole = compositor.size.region in compositor._dirty_regions
        if self._held and whole and self is self.app.screen:
            # the held frame's repaint: this frame draws the whole screen (its first
            # Resize's layout), and the repaint asked for when the first frame was held
            # would draw all of it once more at the next update
            self._repaint_required = False
        self._held = False
        if compositor._dirty_regions:
            self.picture_changed()
        super()._compositor_refresh()


class BandedCompositor(Compositor):
    """A screen's compositor that draws the changed parts of a frame band by band.

    Why: Textual's compositor draws every widget under the one rectangle around all the
    changed regions of a frame, and keeps the changed lines: a table update that changes
    the status line (the top line) and the log (beside the map, lower down) has the whole
    map drawn again for nothing. Here the changed regions are grouped in bands of lines
    (regions whose lines touch go together) and each band is drawn under its own
    rectangle: the same lines come out, from fewer widgets' lines."""

    def render_partial_update(self) -> ChopsUpdate | None:
        regions = self._dirty_regions
        if len(regions) < 2:
            return super().render_partial_update()
        update_regions = regions.copy()
        regions.clear()
        screen_region = self.size.region
        spans = list(self._regions_to_spans(update_regions))
        is_rendered_line = {y for y, _, _ in spans}.__contains__
        chops: list[Any] = []
        for band in _bands(update_regions):
            crop = Region.from_union(band).intersection(screen_region)
            if not crop:
                continue
            drawn = self._render_chops(crop, is_rendered_line)
            if not chops:
                chops = list(drawn)
                continue
            for y in crop.line_range:
                chops[y] = drawn[y]
        if not chops:
            return None
        return ChopsUpdate(chops, spans, [cut_set[1:] for cut_set in self.cuts])


def _bands(regions: set[Region]) -> list[list[Region]]:
    """The regions grouped by the lines they cover: regions whose lines overlap or touch
    share a band, and no two bands share a line."""
    bands: list[list[Region]] = []
    bottom = -1  # the line after the last band's
    for region in sorted(regions, key=lambda r: r.y):
        if bands and region.y <= bottom:
            bands[-1].append(region)
            bottom = max(bottom, region.bottom)
        else:
            bands.append([region])
            bottom = region.bottom
    return bands


def screen_lines(screen: Screen[Any], size: Size) -> list[Strip]:
    """The lines of the screen's picture as its compositor last made them.

    Why: a see-through dialog draws the board beneath from these (tui/widgets/beneath.py);
    Textual's public way renders the whole screen below to Rich segments and back, at
    every layout of the dialog."""
    return screen._compositor.render_strips(size)


# --- widgets ------------------------------------------------------------------------------
class Registered(_Widget):
    """Mixin for widgets (before Textual's Widget in the bases): `on_register(app)` is
    called when the widget is registered with the app, before it is first styled.

    Why: the map's colours (a stylesheet of their own, tui/sheets.py) are read with the
    first map; a sheet added once the map is styled would restyle it. Textual calls no
    public handler between a widget's registering and its styling."""

    def on_register(self, app: App[Any]) -> None:
        """Called before the widget is first styled (a hook: nothing by default)."""

    def _post_register(self, app: App[Any]) -> None:
        self.on_register(app)
        super()._post_register(app)


class OptionLinesAtLayout(OptionList):
    """An option list that lays out its options' lines when its size changes, not when it
    is first drawn: its scroll bar and the highlighted row in view then come with the
    layout that follows, before the dialog's first frame, not in one more after it.

    Why: OptionList makes its lines when drawn and has no public way to make them sooner;
    its size is known first in `Widget._size_updated` (the Resize comes later)."""

    _lines_for: Size | None = None  # the room the options' lines were last laid out in

    def lines_laid_out(self) -> bool:
        """Whether the options' lines are laid out for the room the list has now."""
        return self.scrollable_content_region.size == self._lines_for

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
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


class ButtonDrawn(_ToggleButton):
    """Mixin for toggle buttons (before Textual's ToggleButton in the bases): `button()`
    draws the button beside the label ("[x]" or "[ ]", tui/widgets/checkbox.py).

    Why: ToggleButton draws its button in a private property, which its `render` puts
    beside the label with the label's own padding and side; overriding `render` would
    copy all of that."""

    def button(self) -> Content:
        raise NotImplementedError

    @property
    def _button(self) -> Content:
        return self.button()


def size_known(log: RichLog) -> bool:
    """Whether the log has had its first size (until then RichLog defers what is written
    and writes it itself). Why: RichLog keeps this to itself."""
    return log._size_known


class LinesAddedInPlace(_RichLog):
    """Mixin for logs (before Textual's RichLog in the bases): a line written to a log
    that scrolls already repaints the log, not the whole screen.

    Why: RichLog's `write` sets the log's virtual size, a reactive that lays the whole
    screen out again (and then draws all of it): at a large terminal, where the log is in
    sight beside the map, most of a table update's processor time. A log whose vertical
    scroll bar is always there (RichLog's `overflow-y: scroll`) and whose lines still fit
    its width (no horizontal scroll bar comes) changes the size of nothing on the screen:
    its scroll bar is set to the new height in place (what the layout would have done,
    `Widget._scroll_update`) and the log alone is repainted. Anything else (the first
    lines, a line wider than the log, a new size, a style) is laid out as before."""

    _writing = False  # inside `write`: a layout asked for now is the virtual size's
    _in_place = False  # the last line written grew the log in place

    def write(self, content: Any, width: int | None = None, expand: bool = False,
              shrink: bool = True, scroll_end: bool | None = None,
              animate: bool = False) -> Any:  # RichLog's own
        if not self._size_known:  # kept by RichLog until its size is known, as asked
            return super().write(content, width, expand, shrink, scroll_end, animate)
        self._writing, self._in_place = True, False
        try:
            super().write(content, width, expand, shrink, scroll_end=False, animate=animate)
        finally:
            self._writing = False
        if self.auto_scroll if scroll_end is None else scroll_end:
            if self._in_place:  # the end is known now: scrolled in the frame that draws
                # the line (RichLog scrolls after the next frame: the log drawn twice)
                self.scroll_end(animate=animate, immediate=True, x_axis=False)
            # and after the next frame, as RichLog does: a layout on its way (a new size)
            # moves the end
            self.scroll_end(animate=animate, immediate=False, x_axis=False)
        return self

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:  # Widget's own
        if layout and self._writing and not recompose and self._grows_in_place():
            self._scroll_update(self.virtual_size)
            self._in_place = True
            layout = False
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _grows_in_place(self) -> bool:
        room = self.scrollable_content_region
        return bool(self.size) and self.show_vertical_scrollbar and \
            not self.show_horizontal_scrollbar and self.styles.overflow_y == "scroll" and \
            0 < self.virtual_size.width <= room.width
