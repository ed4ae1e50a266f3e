"""The dice of a battle in a decision's dialog: the engine's battle quote in the words of
engine/render_battle.py, the dice in their colour."""

from __future__ import annotations

import re

from engine.battle_quotes import BattleQuote
from engine.render_battle import battle_lines

from ..text import esc

_DIE = re.compile(r"\\\[(\d)\]")  # an escaped "[n]"


def battle_panel(q: BattleQuote, viewer: str | None) -> str:
    """Markup: the heading dimmed, one line a side with its dice bold."""
    head, *sides = battle_lines(q, viewer)
    lines = [f"[dim]{esc(head)}[/]"]
    lines += [_DIE.sub(r"[b $dice]\\[\1][/]", esc(line)) for line in sides]
    return "\n".join(lines)
