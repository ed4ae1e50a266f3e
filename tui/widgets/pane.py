"""A scrollable pane of text (the hand, the roles, the gods and cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.css.styles import RulesMap

SCROLL = Binding.Group("Scroll", compact=True)

SCROLL_KEYS: list[BindingType] = [
    Binding("up", "scroll_up", "Scroll", group=SCROLL, key_display="↑", id="pane.scroll-up"),
    Binding("down", "scroll_down", "Scroll", group=SCROLL, key_display="↓", id="pane.scroll-down"),
    Binding("pageup", "page_up", "Page", show=False, id="pane.page-up"),
    Binding("pagedown", "page_down", "Page", show=False, id="pane.page-down"),
]


class TextPane(VerticalScroll, can_focus=True):
    BINDINGS = SCROLL_KEYS

    DEFAULT_CSS = """
    TextPane { height: 1fr; width: 1fr; padding: 0 1; }
    TextPane > Static { width: 1fr; }
    """

    def __init__(self, title: str = "", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._body = Static("", markup=True)
        if title:
            self.border_title = title

    def compose(self) -> ComposeResult:
        yield self._body

    def set_markup(self, markup: str) -> None:
        if markup == getattr(self, "_markup", None):
            return
        self._markup = markup
        content = Content.from_markup(markup)
        # a text as tall as the one shown moves nothing: repainted, not laid out (a layout
        # of the screen costs more than drawing it: most table updates change a pane's
        # numbers, not its number of lines)
        body = self._body
        width = body.size.width
        # the height as the layout measures it (Widget.get_content_height: the styles
        # serve as the rules map)
        rules = cast("RulesMap", body.styles)
        same = bool(width) and content.get_height(rules, width) == body.size.height
        body.update(content, layout=not same)

    @property
    def text(self) -> str:
        return str(self._body.render())
