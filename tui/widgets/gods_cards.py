"""Gods (held, used, available) and heroes and wonders (held per player, on offer, the
number set aside unseen)."""

from __future__ import annotations

from engine.actions import Item
from engine.data.cards import CIV_CREATURE, GODS, is_hero_or_wonder
from engine.quotes import Quotes
from engine.render import card as card_name
from engine.render import card_kind, card_text
from engine.view import View

from ..text import civ_markup, esc
from .pane import TextPane


def gods_cards_markup(v: View, q: Quotes) -> str:
    state = v.state
    lines = ["[b]Gods[/]"]
    for g in GODS:
        holder = state.gods.get(g)
        if holder is None:
            where = "[dim]available[/]"
        else:
            where = civ_markup(holder, bold=False)
            if g in state.gods_used:
                where += " [dim](used)[/]"
        lines.append(f"  {card_name(g):<8} {where}")
        lines.append(f"    [dim]{esc(card_text(g))}[/]")
    need = q.victory_cards
    lines.append("")
    lines.append(f"[b]Heroes and wonders[/] [dim](first to {need} wins)[/]")
    count = {pr.civ: pr.heroes_wonders for pr in q.progress}
    for p in state.players:
        cards = [c for c in p.cards if is_hero_or_wonder(c)]
        names = ", ".join(card_name(c) for c in cards) or "none"
        lines.append(f"  {civ_markup(p.civ)} {count.get(p.civ, len(cards))}: {names}")
        off = sum(1 for u in state.units if u.owner == p.civ and not u.area)
        if off:  # a dived Kraken, a Phoenix waiting to return
            creature = CIV_CREATURE.get(p.civ, "")
            where = "under the sea" if creature == "kraken" else "on its card"
            lines.append(f"    [dim]{off} {card_name(creature)} {where}[/]")
    lines.append("")
    lines.append(f"[b]On offer[/] [dim](cost {q.hero_cost}; c: every card)[/]")
    if state.display:
        for c in state.display:
            iq = q.item(Item(kind="card", card=c))
            cost = f" [b]{iq.cost}[/]" if iq is not None and iq.cost != q.hero_cost else ""
            lines.append(f"  {card_name(c)} [dim]{card_kind(c).lower()}[/]{cost}")
            lines.append(f"    [dim]{esc(card_text(c))}[/]")
    else:
        lines.append("  none")
    pyr = q.pyramids_cost
    lines.append(f"  Pyramids [dim]wonder, a set of {pyr} wins at once[/]")
    lines.append(f"[b]Set aside[/]: {v.set_aside} unseen")
    return "\n".join(lines)


class GodsCardsPane(TextPane):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("Gods, heroes, wonders", id=id, classes=classes)

    def show(self, v: View, q: Quotes) -> None:
        self.set_markup(gods_cards_markup(v, q))
