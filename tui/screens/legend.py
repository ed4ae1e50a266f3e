"""The map's legend: every mark the map draws and every label, written from the map's own
table of marks (tui/widgets/map_marks.py), each mark on the colours it is drawn on."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from engine.render import civ as civ_name
from engine.state import GameState

from ..text import esc
from ..widgets.keybar import KeyBar
from ..widgets.map import BoardScreen
from ..widgets.map_marks import GROUPS, OWNERS, LegendRow, area_names, legend_rows
from .base import BaseModal

LABEL_COLUMN = 29  # "CAES Mauretania Caesariensis" and a gap


def _on(where: str, civ: str | None) -> str:
    """The colours (markup) a mark is shown on: those it is drawn on."""
    if where == "player" and civ:
        return f"$civ-{civ}-text on $civ-{civ}"
    return {"sea": "$map-sea-label on $map-sea", "neutral": "$map-neutral-text on $map-neutral",
            "war": "$text on $error"}.get(where, "$map-land-text on $map-land")


_STYLE_MARKUP = {"+b": "b", "+i": "i", "+u": "u", "+r": "reverse b"}


def sample_markup(row: LegendRow, civ: str | None) -> str:
    style = " ".join(_STYLE_MARKUP[s] for s in ("+b", "+i", "+u", "+r") if s in row.style)
    if not row.style and row.group != OWNERS:
        style = "b"
    text = " ".join(esc(g) for g in row.shown)
    return f"[{style} {_on(row.on, civ)}] {text} [/]"


def legend_markup(state: GameState | None, ascii_only: bool, width: int) -> str:
    civs = [p.civ for p in state.players] if state is not None else []
    civ = civs[0] if civs else None
    rows = legend_rows(ascii_only)
    sample_width = max(len(" ".join(r.shown)) for r in rows) + 2
    out: list[str] = []
    for group in GROUPS:
        out.append(f"[b $accent]{group}[/]")
        for row in rows:
            if row.group != group:
                continue
            pad = " " * (sample_width - len(" ".join(row.shown)) - 2)
            out.append(f"  {sample_markup(row, civ)}{pad} {esc(row.meaning)}")
        if group == OWNERS and civs:
            line, used = "  Colours:", 10
            for c in civs:
                name = civ_name(c)
                if used + len(name) + 3 > width:
                    out.append(line)
                    line, used = "          ", 10
                line += f" [b {_on('player', c)}] {esc(name)} [/]"
                used += len(name) + 3
            out.append(line)
    out.append("[b $accent]Labels[/]")
    per_line = max(1, (width - 2) // LABEL_COLUMN)
    names = area_names()
    for i in range(0, len(names), per_line):
        out.append("  " + "".join(_padded(label, name) for label, name in names[i:i + per_line]))
    return "\n".join(out)


def _padded(label: str, name: str) -> str:
    name = name if len(label) + 1 + len(name) < LABEL_COLUMN else \
        name[:LABEL_COLUMN - len(label) - 3] + "…"
    gap = " " * (LABEL_COLUMN - len(label) - 1 - len(name))
    return f"[b]{esc(label)}[/] {esc(name)}{gap}"


def _game_state(screen: BaseModal) -> GameState | None:
    """The position on the board under the help, for the players' colours."""
    try:
        stack = screen.app.screen_stack
    except Exception:  # noqa: BLE001  (no app yet)
        return None
    game = next((s for s in stack if isinstance(s, BoardScreen)), None)
    return game.map._state if game is not None else None


class LegendScreen(BaseModal):
    """What every mark of the map means (the `l` key of the board and of the whole map)."""

    DEFAULT_CSS = """
    LegendScreen { align: center middle; }
    LegendScreen #legend { width: 100%; max-width: 124; height: auto; max-height: 100%; }
    LegendScreen #legend-text { width: 1fr; }
    """

    BINDINGS = [
        Binding("escape", "close", "Back", id="legend.close-escape"),
        Binding("l", "close", "Back", show=False, id="legend.close"),
        Binding("b", "close", "Back", show=False, id="legend.close-b"),
    ]

    def __init__(self, state: GameState | None = None) -> None:
        super().__init__()
        self.state = state if state is not None else _game_state(self)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="legend", classes="dialog") as box:
            box.border_title = "Map legend"
            yield Static(self._markup(), id="legend-text")
        yield KeyBar()

    def _markup(self) -> str:
        width = min(124, self.app.size.width) - 4  # the dialog's border and padding
        return legend_markup(self.state, getattr(self.app, "ascii_map", False), width)

    def on_mount(self) -> None:
        self.query_one("#legend").focus()

    def on_resize(self, _event: events.Resize | None = None) -> None:
        self.query_one("#legend-text", Static).update(self._markup())

    def action_close(self) -> None:
        self.dismiss(None)
