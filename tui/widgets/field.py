"""A form's text field: focusing it keeps its value (Textual's Input selects it all on focus,
so the first key typed would replace a default: the civilizations of a new table, a seed).
Typing adds at the cursor; selecting (shift+arrows, shift+home) replaces only what is
selected."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input


class Field(Input):
    def __init__(self, *args: Any, **kw: Any) -> None:  # Input's own
        kw.setdefault("select_on_focus", False)
        super().__init__(*args, **kw)
