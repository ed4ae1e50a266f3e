"""The board seen beside a dialog, drawn cheaply.

A see-through modal screen (a decision beside the map) draws the screen under it through
Textual's `BackgroundScreen`: the whole screen below rendered to Rich segments, every
segment restyled, then cut back into lines, at every layout of the dialog. Here the lines
come straight from the screen below's compositor (its widgets keep their rendered lines
cached), with only their click targets and links removed so that a click lands on the
dialog, not on the board beneath it. The look is the same: the dialog's background is
transparent, so nothing is tinted.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.css.styles import RulesMap
from textual.geometry import Size
from textual.messages import Update
from textual.screen import Screen
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from ..textual_seams import ScreenFrames, screen_lines


def _inert(strip: Strip, base: RichStyle) -> Strip:
    """The line without click targets (meta) or links, over the dialog's own base style
    (as Textual styles a rendered background)."""
    add = base.__add__
    null = RichStyle()
    return Strip([Segment(text, add(style.clear_meta_and_links() if style else null))
                  for text, style, _control in strip], strip.cell_length)


# what the lines drawn beneath depend on: the picture's generation, the size, the base style
BeneathKey = tuple[int | None, Size, RichStyle]


class Painted(ScreenFrames):
    """Mixin for screens: counts the changes of the screen's picture, so that the dialog
    over it draws it again only when it changed (a new dialog over an unchanged board
    reuses the lines of the last one)."""

    paint_generation = 0
    beneath_cache: tuple[BeneathKey, list[Strip]] | None = None

    def picture_changed(self) -> None:
        # dirty regions are how any change of the picture reaches the screen (and, from a
        # screen below, the dialog over it)
        self.paint_generation += 1

    async def on_update(self, message: Update) -> None:
        # a widget of the screen changed: a dialog drawn over it before the screen paints
        # the change (at its own next update) draws it already (then Screen's handler runs)
        self.paint_generation += 1


class Beneath(Visual):
    def __init__(self, below: Screen[object]) -> None:
        self.below = below

    def render_strips(self, width: int, height: int | None, style: Style,
                      options: RenderOptions) -> list[Strip]:
        below = self.below
        size = Size(width, height if height is not None else below.size.height)
        base = style.rich_style
        key: BeneathKey = (getattr(below, "paint_generation", None), size, base)
        cached: tuple[BeneathKey, list[Strip]] | None = getattr(below, "beneath_cache", None)
        if key[0] is not None and cached is not None and cached[0] == key:
            return cached[1]
        lines = [_inert(line, base) for line in screen_lines(below, size)]
        if key[0] is not None:
            below.beneath_cache = (key, lines)  # type: ignore[attr-defined]
        return lines

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.below.size.height


def beneath(screen: Screen[object]) -> Beneath | None:
    """What a see-through screen draws as its background: the screen under it, or
    Textual's own rendering when there is none (or the background is not clear)."""
    stack = screen.app.screen_stack
    if screen not in stack or stack.index(screen) == 0 or \
            not screen.styles.background.is_transparent:
        return None
    below = stack[stack.index(screen) - 1]
    if not below.is_attached:
        return None
    return Beneath(below)
