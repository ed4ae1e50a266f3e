"""The hand: one player's resource cards grouped by kind, and the sets they can form."""

from __future__ import annotations

from engine.data.cards import COMMODITIES, TAX
from engine.quotes import Quotes
from engine.render import card as card_name
from engine.render import card_text
from engine.render import resource as resource_name
from engine.view import View

from ..text import civ_markup, esc
from .pane import TextPane

# what the engine says the best set pays for (base costs; the construction dialog shows
# the costs after your reductions)
PAYS_WORDS = {
    "god": "a god",
    "influence": "influence, city, caravan, legion, trireme, fortress",
    "temple": "temple, market, creature",
    "hero": "a hero or a wonder",
    "pyramids": "the Pyramids",
}


def hand_markup(v: View, q: Quotes, *, compact: bool = False) -> str:
    state = v.state
    if v.civ is None:
        lines = ["[b]Spectator[/]: the hands are hidden.", "", "[b]Cards in hand[/]"]
        for p in state.players:
            lines.append(f"  {civ_markup(p.civ)}: {v.hand_sizes.get(p.civ, 0)}")
        return "\n".join(lines)
    me = next(p for p in state.players if p.civ == v.civ)
    hand = me.hand
    total = sum(hand.values())
    lines = [f"{civ_markup(v.civ)} — your hand: [b]{total}[/] card{'' if total == 1 else 's'}"]
    tax = hand.get(TAX, 0)
    lines.append(f"[b]Tax[/]  {tax}")
    comm = [(c, hand[c]) for c in COMMODITIES if hand.get(c)]
    if comm:
        lines.append("[b]Commodities[/]")
        row = []
        for c, n in comm:
            row.append(f"{resource_name(c)} {n}")
        # two per line keeps the narrow side pane readable
        step = 2 if compact else 3
        for i in range(0, len(row), step):
            lines.append("  " + " · ".join(row[i:i + step]))
    else:
        lines.append("[b]Commodities[/]  none")
    h = q.hand
    lines.append("")
    lines.append("[b]Sets you can form[/] (one set pays for one purchase)")
    if h is not None:
        lines.append(f"  tax cards: [b]{h.tax}[/]")
        lines.append(f"  different commodities: [b]{h.commodities}[/]")
        lines.append(f"  best set: [b]{h.best}[/]")
        if h.best_in_construction > h.best:
            lines.append(f"  [dim]in construction, with the Temple of Artemis: "
                         f"{h.best_in_construction}[/]")
        pays = [PAYS_WORDS.get(what, what) for what in h.pays_for]
        if pays:
            lines.append("  pays for: " + "; ".join(pays))
        else:
            lines.append(f"  [dim]not enough for any purchase yet ({q.god_cost} cards)[/]")
    held = [c for c in me.cards]
    lines.append("")
    lines.append("[b]Your heroes and wonders[/]:" + ("" if held else " none"))
    for c in held:
        lines.append(f"  {esc(card_name(c))} [dim]{esc(card_text(c))}[/]")
    gods = [g for g, h in state.gods.items() if h == v.civ]
    if gods:
        lines.append("[b]Your gods[/]:")
        for g in gods:
            used = " (used)" if g in state.gods_used else ""
            lines.append(f"  {esc(card_name(g))}{used} [dim]{esc(card_text(g))}[/]")
    others = [p for p in state.players if p.civ != v.civ]
    if others:
        lines.append("")
        lines.append("[b]Other hands[/]: " + " · ".join(
            f"{civ_markup(p.civ, bold=False)} {v.hand_sizes.get(p.civ, 0)}" for p in others))
    return "\n".join(lines)


class HandPane(TextPane):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("Hand", id=id, classes=classes)

    def show(self, v: View, q: Quotes) -> None:
        self.set_markup(hand_markup(v, q, compact=True))
