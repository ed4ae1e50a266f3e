"""Which computer player keeps an absent player's seat (the lobby's key b)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..levels import level_markup
from ..text import esc
from ..widgets.choice import ChoiceList
from ..widgets.keybar import KeyBar
from .base import BaseModal


class BotLevelScreen(BaseModal):
    """Dismissed with the chosen level, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="bot_level.cancel")]
    DEFAULT_CSS = """
    BotLevelScreen { align: center middle; }
    #level-box { width: 60; height: auto; border: round $primary; background: $surface;
                 padding: 0 1; }
    #level-box ChoiceList { height: auto; max-height: 10; }
    #level-note { height: auto; min-height: 2; color: $text-muted; }
    """

    def __init__(self, seat: str) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        from tui.sessions.local import available_bot_levels, default_bot_level
        self.levels = available_bot_levels() or [default_bot_level()]
        with Vertical(id="level-box"):
            yield Static(f"[b]A computer player keeps the seat[/] — {esc(self.seat)}\n"
                         "Its level (the player may come back: b again):", markup=True)
            yield ChoiceList(*[Option(lv, id=lv) for lv in self.levels], id="levels")
            yield Static("", id="level-note")  # what the highlighted level does
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        from tui.sessions.local import default_bot_level
        menu = self.query_one(OptionList)
        best = default_bot_level()
        menu.highlighted = self.levels.index(best) if best in self.levels else 0
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.query_one("#level-note", Static).update(level_markup(event.option.id or ""))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
