"""A widget that shows one piece of Textual markup in a box of fixed size.

Unlike Static, changing its text repaints it without a new layout of the screen (the box
does not depend on the text), which keeps redraws after each key press cheap."""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widget import Widget


class MarkupView(Widget):
    DEFAULT_CSS = """
    MarkupView { height: 1; width: 1fr; }
    """

    def __init__(self, markup: str = "", **kw: Any) -> None:  # Widget's own
        super().__init__(**kw)
        self._markup = markup
        self._content: Content | None = None

    def set(self, markup: str, content: Content | None = None) -> None:
        """Show `markup` (`content`: the same already parsed, when the caller has it)."""
        if markup != self._markup:
            self._markup = markup
            self._content = content
            self.refresh()

    @property
    def markup(self) -> str:
        return self._markup

    def render(self) -> Content:
        if self._content is None:
            self._content = Content.from_markup(self._markup)
        return self._content
