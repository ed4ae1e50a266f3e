"""What each computer level does, in the words of the engine's bots (engine.bots.DESCRIPTIONS),
for the screens where a level is chosen: the new game, a new table, a seat handed over."""

from __future__ import annotations

from engine.bots import DESCRIPTIONS

from .text import esc


def description(level: str) -> str:
    return DESCRIPTIONS.get(level, "")


def level_markup(level: str) -> str:
    """'normal: Builds, trades …' (the level in bold), or '' for a person's seat."""
    text = description(level)
    return f"[b]{esc(level)}[/]: {esc(text)}" if text else ""


def levels_markup(levels: list[str]) -> str:
    """One line per level with what it does."""
    return "\n".join(line for line in map(level_markup, levels) if line)
