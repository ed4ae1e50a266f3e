"""The province map: the Mediterranean drawn from the board's layout grid.

Each cell of `engine.data.board.LAYOUT_GRID` (40 x 20) becomes a block of `sx` x `sy`
characters: 2 x 1 gives an 80 x 20 map (fits 80 x 24 with the status line and the footer),
3 x 2 gives the full 120 x 40 sketch of `engine.data.board.MAP_SKETCH` (its borders and sea texture
included). Land is coloured by its influence owner, seas are blue; every area's label sits
where the sketch puts it, with a marker line for its buildings and units next to it. Every
glyph and label style comes from the table of marks (tui/widgets/map_marks.py), which the
legend is written from.

A cursor moves between areas with the arrow keys (to the nearest area in that direction);
Enter or a click selects the area.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby
from typing import Any, Protocol, runtime_checkable

import msgspec
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.theme import Theme
from textual.widget import Widget

from engine.data import board
from engine.state import GameState
from themes import palette as themes

from ..sheets import add_sheets
from ..textual_seams import Registered
from .map_marks import LABEL_STYLE, area_marks, ascii_table, fit_marks, glyph, sketch_glyph

GRID_W, GRID_H = 40, 20
MAP_WIDTH = GRID_W * 2  # the small drawing's width
CIVS = board.CIVS
AREAS: tuple[str, ...] = (*board.PROVINCES, *board.SEAS)

CURSOR_STYLE = LABEL_STYLE["cursor"]


def _grid_area(r: int, c: int) -> str | None:
    return board.GRID_CODES.get(board.LAYOUT_GRID[r][c])


@lru_cache(maxsize=1)
def sketch_labels() -> dict[str, tuple[int, int]]:
    """Area -> (row, col) of its label in the 120 x 40 sketch."""
    lines = board.MAP_SKETCH.split("\n")
    out: dict[str, tuple[int, int]] = {}
    for area in AREAS:
        pat = re.compile(r"(?<![A-Za-z])" + re.escape(board.area_label(area)) + r"(?![A-Za-z])")
        for r, line in enumerate(lines):
            m = pat.search(line)
            if m:
                out[area] = (r, m.start())
                break
    return out


@lru_cache(maxsize=1)
def area_centres() -> dict[str, tuple[float, float]]:
    """Area -> (x, y) in grid cells: the centre of its label on the sketch (or of its
    cells when the sketch has no label for it)."""
    labels = sketch_labels()
    out: dict[str, tuple[float, float]] = {}
    cells: dict[str, list[tuple[int, int]]] = {}
    for r in range(GRID_H):
        for c in range(GRID_W):
            a = _grid_area(r, c)
            if a:
                cells.setdefault(a, []).append((c, r))
    for area in AREAS:
        if area in labels:
            row, col = labels[area]
            out[area] = ((col + len(board.area_label(area)) / 2) / 3, (row + 0.5) / 2)
        elif area in cells:
            xs, ys = zip(*cells[area], strict=True)
            out[area] = (sum(xs) / len(xs) + 0.5, sum(ys) / len(ys) + 0.5)
    return out


def nearest_area(current: str, direction: str) -> str:
    """The area the cursor goes to from `current` with an arrow key."""
    centres = area_centres()
    if current not in centres:
        return current
    cx, cy = centres[current]
    best: tuple[float, str] | None = None
    fallback: tuple[float, str] | None = None
    for area, (x, y) in centres.items():
        if area == current:
            continue
        dx, dy = x - cx, y - cy
        along, across = {"right": (dx, dy), "left": (-dx, dy),
                         "down": (dy, dx), "up": (-dy, dx)}[direction]
        if along <= 0.05:
            continue
        score = along + 2.0 * abs(across)
        if abs(across) <= 2.0 * along:
            if best is None or score < best[0]:
                best = (score, area)
        elif fallback is None or score < fallback[0]:
            fallback = (score, area)
    chosen = best or fallback
    return chosen[1] if chosen else current


@dataclass(frozen=True)
class Layout:
    """The fixed part of the map at one scale."""

    sx: int
    sy: int
    width: int
    height: int
    areas: tuple[tuple[str | None, ...], ...]  # area under each character
    chars: tuple[str, ...]  # the background characters
    under: tuple[tuple[bool, ...], ...]  # underline (a border below this character)
    labels: dict[str, tuple[int, int]]  # area -> (x, y) where its label starts
    markers: dict[str, tuple[int, int, int]]  # area -> (x, y, room) for its marker line


@lru_cache(maxsize=8)
def layout(sx: int, sy: int) -> Layout:
    w, h = GRID_W * sx, GRID_H * sy
    areas = [[_grid_area(y // sy, x // sx) for x in range(w)] for y in range(h)]
    sketch = sx == 3 and sy == 2
    if sketch:
        lines = board.MAP_SKETCH.split("\n")
        chars = [list(line.ljust(w)[:w]) for line in lines]
        for y in range(h):  # labels are drawn over, in their own style
            for x in range(w):
                if chars[y][x].isalpha():
                    chars[y][x] = " " if board.is_land(areas[y][x] or "") else glyph("sea")
                else:
                    chars[y][x] = sketch_glyph(chars[y][x])
    else:
        chars = [[" "] * w for _ in range(h)]
        for y in range(h):
            for x in range(w):
                a = areas[y][x]
                if a is not None and board.is_sea(a) and (x + 3 * y) % 5 == 0:
                    chars[y][x] = glyph("sea")  # off the board (Sinus Arabicus too): blank
        # vertical borders: a mark in the last character of a cell whose right
        # neighbour is another area
        for y in range(h):
            for x in range(sx - 1, w - 1, sx):
                a, b = areas[y][x], areas[y][x + 1]
                if a and b and a != b:
                    if board.is_land(a) and board.is_land(b):
                        chars[y][x] = glyph("land_border")
                    elif board.is_sea(a) and board.is_sea(b):
                        chars[y][x] = glyph("sea_border")
    under = [[False] * w for _ in range(h)]
    if not sketch:
        for y in range(h - 1):
            if (y + 1) % sy:
                continue
            for x in range(w):
                a, b = areas[y][x], areas[y + 1][x]
                if a and b and a != b and board.is_land(a) == board.is_land(b):
                    under[y][x] = True
    labels: dict[str, tuple[int, int]] = {}
    markers: dict[str, tuple[int, int, int]] = {}
    for area, (row, col) in sketch_labels().items():
        lab = board.area_label(area)
        ly = min(h - 1, row * sy // 2)
        centre = (col + len(lab) / 2) * sx / 3
        lx = max(0, min(w - len(lab), round(centre - len(lab) / 2)))
        labels[area] = (lx, ly)
        # marker line: the row below the label if it is still this area, else above
        for my in (ly + 1, ly - 1, ly + 2):
            if not 0 <= my < h:
                continue
            cx = max(0, min(w - 1, int(centre)))
            if areas[my][cx] != area:
                continue
            left = cx
            while left > 0 and areas[my][left - 1] == area:
                left -= 1
            right = cx
            while right < w - 1 and areas[my][right + 1] == area:
                right += 1
            markers[area] = (left, my, right - left + 1)
            break
    return Layout(sx, sy, w, h, tuple(tuple(r) for r in areas), tuple("".join(r) for r in chars),
                  tuple(tuple(r) for r in under), labels, markers)


def _same(a: object, b: object) -> bool:
    """The same part of a position (views share the unchanged parts; equal will do)."""
    return a is b or a == b


class MapDrawing(msgspec.Struct):
    """The map's characters and style keys, row by row, and where the labels are."""

    chars: list[list[str]]
    keys: list[list[str]]
    label_cells: set[tuple[int, int]]  # (x, y) of every character of a label


@lru_cache(maxsize=8)
def _underlined(sx: int, sy: int) -> tuple[tuple[int, int], ...]:
    """The (y, x) of every underlined character at a scale (found once, not per drawing)."""
    under = layout(sx, sy).under
    return tuple((y, x) for y, row in enumerate(under) for x, u in enumerate(row) if u)


def draw_map(lay: Layout, state: GameState | None, key_of: dict[str | None, str],
             at_war: frozenset[str] = frozenset(), ascii_only: bool = False) -> MapDrawing:
    """Draw the map at one scale: the background, the labels (styled by their owner: not
    by colour alone), and each area's marker line. `key_of` gives each area's style key."""
    to_ascii = ascii_table()
    rows_chars = [list(r.translate(to_ascii) if ascii_only else r) for r in lay.chars]
    rows_keys = [[key_of[a] for a in row] for row in lay.areas]
    for y, x in _underlined(lay.sx, lay.sy):
        rows_keys[y][x] += "+u"
    converting = {c.province for c in state.conversions} if state is not None else set()
    label_cells: set[tuple[int, int]] = set()
    for area, (lx, ly) in lay.labels.items():
        lab = board.area_label(area)
        k = key_of[area]
        cursor = k.endswith(CURSOR_STYLE)
        k = k.removesuffix(CURSOR_STYLE)
        k = "sea-label" + k[3:] if k.startswith("sea") else k
        # not by colour alone: a neutral's label is in italics, an unclaimed one plain,
        # a player's in bold; a province being converted is underlined
        mark = LABEL_STYLE["neutral"] if k.startswith("neutral") else \
            LABEL_STYLE["unclaimed"] if k.startswith("land") else \
            LABEL_STYLE["sea_label"] if k.startswith("sea") else LABEL_STYLE["player"]
        if area in converting:
            mark += LABEL_STYLE["converting"]
        if cursor:
            mark += CURSOR_STYLE
        for i, ch in enumerate(lab):
            if lx + i < lay.width:
                rows_chars[ly][lx + i] = ch
                rows_keys[ly][lx + i] = k + mark
                label_cells.add((lx + i, ly))
    if state is not None:
        for area, (mx, my, room) in lay.markers.items():
            marks = fit_marks(area_marks(state, area, area in at_war), max(room, 2))
            if not marks:
                continue
            total = sum(len(m.text) for m in marks) + len(marks) - 1
            centre = mx + room / 2
            x = round(centre - total / 2)
            x = max(mx, min(x, mx + room - total)) if total <= room else x
            x = max(0, min(lay.width - total, x))
            area_key = key_of[area]
            for j, m in enumerate(marks):
                if j:
                    rows_chars[my][x] = " "
                    rows_keys[my][x] = area_key
                    x += 1
                key = (area_key + "+b") if m.key in ("build", "more") else m.key
                for ch in m.text:
                    rows_chars[my][x] = ch
                    rows_keys[my][x] = key
                    label_cells.discard((x, my))  # a mark drawn over a label
                    x += 1
    return MapDrawing(rows_chars, rows_keys, label_cells)


_NAV = Binding.Group("Map", compact=True)


class MapView(Registered, Widget, can_focus=True):
    """The map of the board (see the module docstring)."""

    DEFAULT_CSS = """
    MapView { width: 1fr; height: 1fr; min-height: 10; }
    """

    COMPONENT_CLASSES = {
        "map--void", "map--sea", "map--sea-label", "map--land", "map--neutral",
        "map--cursor", "map--build", "map--war",
        *(f"map--civ-{c}" for c in CIVS),
    }

    BINDINGS = [
        Binding("up", "move('up')", "Cursor", group=_NAV, key_display="↑", id="map.move-up"),
        Binding("down", "move('down')", "Cursor", group=_NAV, key_display="↓", id="map.move-down"),
        Binding("left", "move('left')", "Cursor", group=_NAV, key_display="←", id="map.move-left"),
        Binding("right", "move('right')", "Cursor", group=_NAV, key_display="→", id="map.move-right"),
        # the detail of the province under the cursor shows under the map; Enter opens it
        # whole (the help says so: the key bar keeps its room for the game's keys)
        Binding("enter", "select", "Detail", show=False, id="map.select"),
        # what every mark means (written from the map's own table of marks); the help
        # names the key: the board's key bar has no room left for it at a server's table
        Binding("l", "legend", "Legend", show=False, id="map.legend"),
    ]

    cursor: reactive[str] = reactive("roma")

    class CursorMoved(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    class AreaSelected(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    class LegendAsked(Message):
        """The legend's key: the app opens the legend (a widget pushes no screen)."""

        def __init__(self, state: GameState | None) -> None:
            super().__init__()
            self.state = state

    def __init__(self, state: GameState | None = None, *, name: str | None = None,
                 id: str | None = None, classes: str | None = None,
                 focusable: bool = True) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.can_focus = focusable
        self._state = state
        self._lines: list[Strip] | None = None
        self._built_for = Size(0, 0)  # the size the lines were built for
        self._styles: dict[str, Style] = {}
        self.players: set[str] = set()
        self.at_war: frozenset[str] = frozenset()  # provinces at war (the engine's quote)
        if state is not None:
            self.players = {p.civ for p in state.players}
        self.show_cursor = True

    def on_register(self, app: App[Any]) -> None:
        # the theme's colours of the map, read with the first map (tui/sheets.py)
        add_sheets(app, themes.TCSS_PATHS)

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, _theme: Theme) -> None:
        self._styles.clear()
        self._lines = None
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._styles.clear()
        self._lines = None

    # --- data -----------------------------------------------------------------------------
    def set_state(self, state: GameState,
                  at_war: list[str] | frozenset[str] = frozenset()) -> None:
        """Show a new position (and the provinces the engine says are at war); the map is
        drawn again only when what it shows changed (most decisions move no unit and
        change no province)."""
        old = self._state
        players = {p.civ for p in state.players}
        war = frozenset(at_war)
        self._state = state
        if old is not None and players == self.players and war == self.at_war and \
                _same(old.provinces, state.provinces) and _same(old.units, state.units) and \
                _same(old.conversions, state.conversions):
            return
        self.players = players
        self.at_war = war
        self._redraw()

    def watch_cursor(self, old: str, new: str) -> None:
        self._redraw()
        self.post_message(self.CursorMoved(new))

    def _redraw(self) -> None:
        """Draw the map again and repaint only the rows that changed: a decision or a
        cursor's move changes a few areas, and the screen then draws those rows alone."""
        before = self._lines
        if before is None or not self.size or self._built_for != self.size:
            self._lines = None  # built when drawn, at the size it has then
            self.refresh()
            return
        lines = self._lines = self._build()
        if len(lines) != len(before):
            self.refresh()
            return
        width = self.size.width
        changed = [y for y, (was, now) in enumerate(zip(before, lines, strict=True))
                   if was != now]
        runs: list[Region] = []  # the changed rows, next ones together
        for y in changed:
            if runs and runs[-1].bottom == y:
                runs[-1] = Region(0, runs[-1].y, width, runs[-1].height + 1)
            else:
                runs.append(Region(0, y, width, 1))
        if runs:
            self.refresh(*runs)

    @property
    def scale(self) -> tuple[int, int]:
        w, h = self.size
        return max(1, min(3, w // GRID_W)), max(1, min(2, h // GRID_H))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return GRID_W * 2

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return GRID_H

    # --- keys and mouse -------------------------------------------------------------------
    def action_move(self, direction: str) -> None:
        self.cursor = nearest_area(self.cursor, direction)

    def action_legend(self) -> None:
        self.post_message(self.LegendAsked(self._state))

    def action_select(self) -> None:
        self.post_message(self.AreaSelected(self.cursor))

    def area_at(self, x: int, y: int) -> str | None:
        lay = layout(*self.scale)
        ox, oy = self._offset(lay)
        x, y = x - ox, y - oy
        if 0 <= y < lay.height and 0 <= x < lay.width:
            return lay.areas[y][x]
        return None

    def on_click(self, event: Click) -> None:
        area = self.area_at(event.x, event.y)
        if area:
            self.cursor = area
            if event.chain >= 2:
                self.post_message(self.AreaSelected(area))

    def select(self, area: str) -> None:
        if area in board.PROVINCES or area in board.SEAS:
            self.cursor = area

    # --- drawing --------------------------------------------------------------------------
    def _style(self, key: str) -> Style:
        st = self._styles.get(key)
        if st is None:
            if key.startswith("unit:"):
                civ = key[5:]
                base = self.get_component_rich_style(
                    f"map--civ-{civ}" if civ in CIVS else "map--neutral", partial=True)
                st = base + Style(bold=True)
            elif key.endswith("+u"):
                st = self._style(key[:-2]) + Style(underline=True)
            elif key.endswith("+r"):
                st = self._style(key[:-2]) + Style(reverse=True, bold=True)
            elif key.endswith("+b"):
                st = self._style(key[:-2]) + Style(bold=True)
            elif key.endswith("+i"):
                st = self._style(key[:-2]) + Style(italic=True)
            else:
                st = self.get_component_rich_style(f"map--{key}", partial=True)
            self._styles[key] = st
        return st

    def _area_key(self, area: str | None) -> str:
        key = self._owner_key(area)
        if area is not None and self.show_cursor and area == self.cursor:
            return key + "+r"
        return key

    def _owner_key(self, area: str | None) -> str:
        if area is None:
            return "void"
        if board.is_sea(area):
            return "sea"
        st = self._state
        owner = st.provinces[area].influence if st is not None else None
        if owner is None:
            return "land"
        if owner in self.players:
            return f"civ-{owner}"
        return "neutral"

    def _offset(self, lay: Layout) -> tuple[int, int]:
        w, h = self.size
        return max(0, (w - lay.width) // 2), max(0, (h - lay.height) // 2)

    def _build(self) -> list[Strip]:
        lay = layout(*self.scale)
        ascii_only = getattr(self.app, "ascii_map", False)  # a key's setting (server play)
        drawing = draw_map(lay, self._state, {a: self._area_key(a) for a in (*AREAS, None)},
                           self.at_war, ascii_only)
        rows_chars, rows_keys = drawing.chars, drawing.keys
        w, _h = self.size
        ox, oy = self._offset(lay)
        void = self._style("void")
        lines: list[Strip] = []
        for _ in range(oy):
            lines.append(Strip([Segment(" " * w, void)], w))
        for y in range(lay.height):
            segs: list[Segment] = []
            if ox:
                segs.append(Segment(" " * ox, void))
            chars = rows_chars[y]
            start = 0
            for key, run in groupby(rows_keys[y]):  # the runs of one style, found in C
                end = start + len(list(run))
                segs.append(Segment("".join(chars[start:end]), self._style(key)))
                start = end
            rest = w - ox - lay.width
            if rest > 0:
                segs.append(Segment(" " * rest, void))
            lines.append(Strip(segs).crop(0, w) if ox + lay.width > w else Strip(segs, w))
        return lines

    def render_line(self, y: int) -> Strip:
        # built again for another size too: the map may be drawn at its new size before
        # its Resize arrives (the scale depends on the height as well as the width)
        if self._lines is None or self._built_for != self.size:
            self._lines = self._build()
            self._built_for = self.size
        if 0 <= y < len(self._lines):
            return self._lines[y]
        return Strip([Segment(" " * self.size.width, self._style("void"))], self.size.width)

    def on_resize(self) -> None:
        self._lines = None


@runtime_checkable
class BoardScreen(Protocol):
    """The screen showing the game's board (tui/screens/game.py): the dialogs above it move
    its map's cursor to what they preview, and the legend shows its players' colours."""

    map: MapView

    def point_at(self, area: str) -> None: ...
