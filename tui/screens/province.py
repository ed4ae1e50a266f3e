"""The detail of the selected province or sea, in full."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.quotes import BoardQuote
from engine.state import GameState

from ..widgets.detail import detail_lines
from ..widgets.keybar import KeyBar
from .base import BaseModal


class ProvinceScreen(BaseModal):
    CSS_PATH = Path(__file__).with_name("province.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("enter", "close", "Close", id="province.close"),
        Binding("b", "close", "Back", show=False, id="province.close-b"),
        Binding("escape", "close", "Back", show=False, id="province.close-escape"),
    ]

    def __init__(self, state: GameState, area: str, bq: BoardQuote) -> None:
        super().__init__()
        self.state = state
        self.area = area
        self.bq = bq

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="province-dialog", classes="dialog"):
            yield Static("\n".join(detail_lines(self.state, self.area, self.bq)), id="province-text")
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)
