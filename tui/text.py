"""Styling on top of the game's one vocabulary (engine/render.py): Textual markup for
civilization names and escaping. The words themselves come from `engine.render`.

Text with Textual markup uses the theme variables ``$civ-<civ>-fg`` for civilization names.
"""

from __future__ import annotations

from engine.data.cards import CIV_NAMES
from engine.render import civ as civ_name
from engine.render import plain


def esc(text: str) -> str:
    """Text made inert for Textual markup: square brackets escaped, and no terminal escape
    sequence or control character left."""
    if any(ch < " " or "\x7f" <= ch <= "\x9f" for ch in text):
        text = "\n".join(plain(line, len(line) + 1) for line in text.split("\n"))
    return text.replace("[", r"\[")


def shown(text: str, limit: int = 40) -> str:
    """A name from a file or a player, as markup: cleaned, length-limited, escaped."""
    return esc(plain(text, limit))


def civ_markup(civ: str | None, bold: bool = True) -> str:
    """A civilization's name in its colour."""
    if civ is None or civ not in CIV_NAMES:
        return esc(civ_name(civ))
    b = "b " if bold else ""
    return f"[{b}$civ-{civ}-fg]{CIV_NAMES[civ]}[/]"


__all__ = ["civ_markup", "civ_name", "esc", "plain", "shown"]
