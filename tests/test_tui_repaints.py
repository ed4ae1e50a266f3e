"""What a player's terminal shows is the screen's whole picture, though the frames written to
it repaint only parts: a dialog closed repaints the board where the dialog was, the board
covered by a dialog is not repainted (tui/screens/base.py `Thrift`). The frames the app
writes are played on a grid of cells as a terminal would, and after each decision the grid
is compared with the screen drawn whole (the snapshots compare pictures drawn whole only).
"""

from __future__ import annotations

import asyncio

import pytest
from rich.console import Console
from rich.control import ControlType
from rich.segment import Segment
from rich.style import Style

from tests.test_tui_fixtures import KeyPlayer, _ready, settle
from tests.waiting import settled
from tui.app import MareNostrumApp
from tui.decisions.base import DecisionScreen
from tui.screens.game import GameScreen
from tui.widgets.beneath import Painted

Cell = tuple[str, str]  # the character and how it looks (its style without click targets)


class Terminal:
    """The cells of a terminal that the app's frames are written to."""

    def __init__(self, width: int, height: int) -> None:
        self.console = Console(width=width, height=height, color_system="truecolor",
                               force_terminal=True, legacy_windows=False)
        self.width, self.height = width, height
        self.cells: list[list[Cell]] = [[(" ", "")] * width for _ in range(height)]

    def write(self, update: object) -> None:
        """Play a frame (Textual's LayoutUpdate or ChopsUpdate) on the cells."""
        x = y = 0
        render = update.__rich_console__(self.console, self.console.options)  # type: ignore[attr-defined]
        for segment in render:
            assert isinstance(segment, Segment)
            if segment.control:
                for control in segment.control:
                    if control[0] == ControlType.CURSOR_MOVE_TO:
                        x, y = control[1], control[2]  # type: ignore[misc]
                continue
            if segment.text == "\n":
                continue
            look, blank = _look(segment.style), _look(segment.style, blank=True)
            for ch in segment.text:
                if 0 <= y < self.height and 0 <= x < self.width:
                    self.cells[y][x] = (ch, blank if ch == " " else look)
                x += 1

    def lines(self) -> list[str]:
        return ["".join(ch for ch, _ in row) for row in self.cells]


def _look(style: Style | None, blank: bool = False) -> str:
    """How a cell looks; a blank's colour and weight do not show (the board beside a
    dialog gives its blanks the dialog's colour, tui/widgets/beneath.py)."""
    if style is None:
        return ""
    if blank and not (style.reverse or style.underline or style.strike):
        return repr(style.bgcolor)
    return repr((style.color, style.bgcolor, style.bold, style.dim, style.italic,
                 style.underline, style.reverse, style.strike))


def whole(app: MareNostrumApp, width: int, height: int) -> Terminal:
    """The screen on top drawn whole, on a blank terminal: the board beside a dialog
    drawn anew, not from the lines kept for it (kept again after)."""
    kept = [(screen, screen.beneath_cache) for screen in app.screen_stack
            if isinstance(screen, Painted)]
    for screen, _ in kept:
        screen.beneath_cache = None
    top = app.screen
    top._styles_cache.clear()
    top._dirty_regions.add(top.size.region)
    t = Terminal(width, height)
    t.write(top._compositor.render_update(full=True))
    for screen, cache in kept:
        screen.beneath_cache = cache
    top._styles_cache.clear()  # drawn again from them
    top._dirty_regions.add(top.size.region)
    return t


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_the_terminal_shows_the_whole_picture_after_every_decision(size):
    from engine.data.board import CIVS
    from engine.state import Config
    from tui.sessions.local import LocalSession

    async def run():
        s = LocalSession.new(Config(civs=list(CIVS[:3]), seed=16),
                            ["human", "greedy", "greedy"], autosave=False)
        app = MareNostrumApp(session=s, bot_delay=0, autosave=False)
        term = Terminal(*size)
        display = app._display

        def drawn(screen, update) -> None:
            display(screen, update)
            if update is not None and not app._batch_count:  # held back: not written
                term.write(update)

        app._display = drawn  # type: ignore[method-assign]
        async def check(what: str) -> None:
            await settled(pilot)
            seen, truth = term.cells, whole(app, *size).cells
            wrong = [y for y in range(size[1]) if seen[y] != truth[y]]
            assert not wrong, (what, type(app.screen).__name__, wrong,
                               [term.lines()[y] for y in wrong])

        async with app.run_test(size=size, notifications=True) as pilot:
            kp = KeyPlayer()
            assert await settle(pilot, lambda: _ready(app), 30)
            closed = 0
            for _ in range(10):
                if isinstance(app.screen, DecisionScreen):
                    # the dialog closed to look at the board, and opened again
                    await pilot.press("escape")
                    assert await settle(pilot, lambda: isinstance(app.screen, GameScreen))
                    await check("the dialog closed")
                    closed += 1
                    await pilot.press("d")
                    assert await settle(pilot, lambda: _ready(app), 30)
                    await check("the dialog opened again")
                    # another choice: its area shown on the board beside the dialog
                    await pilot.press("down")
                    await check("another choice highlighted")
                    # the board changes beside the dialog (another area pointed at: the
                    # map's cursor and the area's detail)
                    board = next(s for s in app.screen_stack if isinstance(s, GameScreen))
                    board.point_at("carthago" if board.map.cursor != "carthago" else "roma")
                    await check("the board changed beside the dialog")
                await kp.step(pilot)
                assert await settle(pilot, lambda: _ready(app), 30)
                await check("a decision made")
            assert closed >= 6
    asyncio.run(run())
