"""The hand: one player's resource cards grouped by kind, and the sets they can form."""

from __future__ import annotations

from engine.data.cards import COMMODITIES, TAX
from engine.data.costs import COSTS, GOD_COST, PYRAMIDS_COST, PYRAMIDS_COST_LONG
from engine.rules.payment import max_set_value
from engine.view import View

from ..text import card_name, civ_markup, resource_name
from .pane import TextPane

# what a set of each value pays for (base costs; the construction dialog shows the costs
# after your reductions)
_PAYS = (
    (GOD_COST, "a god"),
    (COSTS["influence"], "influence, city, caravan, legion, trireme, fortress"),
    (COSTS["temple"], "temple, market, creature"),
    (COSTS["hero"], "a hero or a wonder"),
)


def hand_markup(v: View, *, compact: bool = False) -> str:
    state = v.state
    if v.civ is None:
        lines = ["[b]Spectator[/]: the hands are hidden.", "", "[b]Cards in hand[/]"]
        for p in state.players:
            lines.append(f"  {civ_markup(p.civ)}: {v.hand_sizes.get(p.civ, 0)}")
        return "\n".join(lines)
    me = next(p for p in state.players if p.civ == v.civ)
    hand = me.hand
    total = sum(hand.values())
    lines = [f"{civ_markup(v.civ)} — your hand: [b]{total}[/] cards"]
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
    best = max_set_value(me)
    lines.append("")
    lines.append("[b]Sets you can form[/] (one set pays for one purchase)")
    lines.append(f"  tax cards: [b]{tax}[/]")
    lines.append(f"  different commodities: [b]{len(comm)}[/]")
    lines.append(f"  best set: [b]{best}[/]")
    pays = [what for cost, what in _PAYS if best >= cost]
    pyr = PYRAMIDS_COST_LONG if state.config.long_game else PYRAMIDS_COST
    if best >= pyr:
        pays.append("the Pyramids")
    if pays:
        lines.append("  pays for: " + "; ".join(pays))
    else:
        lines.append("  [dim]not enough for any purchase yet (3 cards)[/]")
    held = [c for c in me.cards]
    lines.append("")
    lines.append("[b]Your heroes and wonders[/]: " +
                 (", ".join(card_name(c) for c in held) if held else "none"))
    gods = [g for g, h in state.gods.items() if h == v.civ]
    if gods:
        lines.append("[b]Your gods[/]: " + ", ".join(
            card_name(g) + (" (used)" if g in state.gods_used else "") for g in gods))
    others = [p for p in state.players if p.civ != v.civ]
    if others:
        lines.append("")
        lines.append("[b]Other hands[/]: " + " · ".join(
            f"{civ_markup(p.civ, bold=False)} {v.hand_sizes.get(p.civ, 0)}" for p in others))
    return "\n".join(lines)


class HandPane(TextPane):
    def __init__(self, **kw) -> None:
        super().__init__("Hand", **kw)

    def show(self, v: View) -> None:
        self.set_markup(hand_markup(v, compact=True))
