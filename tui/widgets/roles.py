"""The role cards: the four roles, their holders, and where each player stands for each
(the counts the engine uses to give the roles, card bonuses included)."""

from __future__ import annotations

from engine.data.cards import ROLES
from engine.quotes import Quotes
from engine.render import role as role_name
from engine.state import GameState

from ..text import civ_markup
from .pane import TextPane

ROLE_DUTY = {
    "director_of_commerce": "counts caravans + markets; announces the trade and takes first",
    "high_priest": "counts temples + markets; names the order of the offering",
    "political_leader": "counts cities + temples; names the order of construction",
    "military_leader": "counts military units; names the order of the military phase",
}


def roles_markup(state: GameState, q: Quotes) -> str:
    lines: list[str] = []
    for role in ROLES:
        holder = state.roles.get(role)
        sc = q.role_scores.get(role, {})  # empty: a position the engine cannot count
        lines.append(f"[b]{role_name(role)}[/] — {civ_markup(holder)}")
        lines.append(f"  [dim]{ROLE_DUTY[role]}[/]")
        if sc:
            ranked = sorted(sc.items(), key=lambda kv: (-kv[1], kv[0] != holder))
            lines.append("  " + "  ".join(
                f"{civ_markup(c, bold=(c == holder))} {n}" for c, n in ranked))
        lines.append("")
    if q.three_roles_win:
        lines.append("[i]Option: holding three roles at once wins.[/]")
    return "\n".join(lines).rstrip()


class RolesPane(TextPane):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("Roles", id=id, classes=classes)

    def show(self, state: GameState, q: Quotes) -> None:
        self.set_markup(roles_markup(state, q))
