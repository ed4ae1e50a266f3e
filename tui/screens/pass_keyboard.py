"""Hot-seat play: between two human seats, a screen that hides everything until the next
player has the keyboard."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Static

from ..text import civ_markup, esc
from ..widgets.keybar import KeyBar
from .base import BaseScreen


class PassKeyboardScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_name("pass_keyboard.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("enter", "ready", "I am ready", id="pass_keyboard.ready"),
        Binding("space", "ready", "I am ready", show=False, id="pass_keyboard.ready-space"),
    ]

    def __init__(self, civ: str, label: str = "") -> None:
        super().__init__()
        self.civ = civ
        self.label = label

    def compose(self) -> ComposeResult:
        who = civ_markup(self.civ)
        name = f" ([b]{esc(self.label)}[/])" if self.label and self.label != "you" else ""
        with Middle():
            with Center():
                yield Static(
                    f"[b]Pass the keyboard[/]\n\n"
                    f"It is the turn of {who}{name}.\n\n"
                    "Everyone else, please look away:\n"
                    "the next screen shows this player's hand.\n\n"
                    "[b]Press Enter when you are ready.[/]",
                    id="pass-text")
        yield KeyBar()

    def action_ready(self) -> None:
        self.dismiss(True)
