"""The whole map while a dialog waits: at 80 columns a dialog leaves the map a third of the
screen; `1` in the dialog shows all of it, and `1` (or Escape) goes back to the dialog as
it was (the dialog stays open under this screen). The cursor and the detail line work as
on the board; `l` shows the legend."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from engine.quotes import BoardQuote
from engine.state import GameState

from ..widgets.detail import ProvinceDetail
from ..widgets.keybar import KeyBar
from ..widgets.map import MapView
from .base import BaseModal
from .province import ProvinceScreen


class WholeMapScreen(BaseModal):
    """Dismissed with the area under the cursor (the board's cursor follows it)."""

    DEFAULT_CSS = """
    WholeMapScreen { background: $background; }
    WholeMapScreen #whole-head { height: 1; width: 1fr; padding: 0 1; background: $panel; }
    WholeMapScreen #whole-map { height: 20; width: 1fr; }
    WholeMapScreen.-big #whole-map { height: 40; }
    WholeMapScreen #whole-detail { height: 1fr; min-height: 2; }
    """

    BINDINGS = [
        Binding("1", "close", "Dialog", id="whole_map.close"),
        Binding("escape", "close", "Dialog", show=False, id="whole_map.close-escape"),
        Binding("l", "legend", "Legend", priority=True, id="whole_map.legend"),  # over the map's
        Binding("question_mark", "app.help", "Help", id="whole_map.help"),
    ]

    def __init__(self, state: GameState, board: BoardQuote, cursor: str) -> None:
        super().__init__()
        self.state = state
        self.board = board
        self.cursor = cursor

    def compose(self) -> ComposeResult:
        yield Static("[b]The whole map[/] · your decision waits: [b]1[/] goes back to it",
                     id="whole-head")
        yield MapView(self.state, id="whole-map")
        yield ProvinceDetail(id="whole-detail")
        yield KeyBar()

    def on_mount(self) -> None:
        self.map = self.query_one(MapView)
        self.map.set_state(self.state, self.board.at_war)
        self.map.cursor = self.cursor
        self.map.focus()
        self._show_detail()

    def on_resize(self, _event: events.Resize | None = None) -> None:
        w, h = self.size
        self.set_class(w >= 120 and h - 4 >= 40, "-big")

    def _show_detail(self) -> None:
        self.query_one(ProvinceDetail).show(self.state, self.map.cursor, self.board, 2)

    def on_map_view_cursor_moved(self, _event: MapView.CursorMoved) -> None:
        self._show_detail()

    def on_map_view_area_selected(self, _event: MapView.AreaSelected) -> None:
        self.app.push_screen(ProvinceScreen(self.state, self.map.cursor, self.board))

    def action_legend(self) -> None:
        self.map.action_legend()

    def action_close(self) -> None:
        self.dismiss(self.map.cursor)
