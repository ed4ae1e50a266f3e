"""The players' boards: for each civilization what a board-game site shows beside the map
(heroes and wonders against the number that wins, roles, cards in hand, units on the board
and in reserve, buildings, provinces, gods, conversions under way), and the building supply.

Everything comes from the view (public pieces, hand sizes) and the engine's quotes (the
victory race, who profits from each building, the supply left)."""

from __future__ import annotations

from engine.data.cards import CIV_CREATURE, ROLES, is_hero_or_wonder
from engine.quotes import Quotes
from engine.render import area as area_name
from engine.render import card as card_name
from engine.render import count
from engine.render import role as role_name
from engine.view import View

from ..text import civ_markup, esc
from .pane import TextPane

UNIT_KINDS = ("legion", "trireme", "fortress", "creature")
BUILDING_KINDS = ("city", "caravan", "temple", "market")


def _units(v: View, civ: str) -> str:
    n = {k: 0 for k in UNIT_KINDS}
    away = 0  # a dived Kraken, a Phoenix on its card
    for u in v.state.units:
        if u.owner == civ:
            if u.area:
                n[u.kind] = n.get(u.kind, 0) + 1
            else:
                away += 1
    text = ", ".join(count(n[k], k) for k in UNIT_KINDS if n[k]) or "none"
    if away:
        text += f" [dim]({away} {card_name(CIV_CREATURE.get(civ, ''))} off the board)[/]"
    return text


def _buildings(v: View, q: Quotes, civ: str) -> str:
    """The buildings that profit this player (the engine says whose each one is)."""
    n = {k: 0 for k in BUILDING_KINDS}
    for pid, holders in q.board.holders.items():
        for b, holder in zip(v.state.provinces[pid].buildings, holders, strict=False):
            if holder == civ:
                n[b.kind] = n.get(b.kind, 0) + 1
    return ", ".join(count(n[k], k) for k in BUILDING_KINDS if n[k]) or "none"


def player_markup(v: View, q: Quotes, civ: str, clock: str = "") -> list[str]:
    state = v.state
    p = next(p for p in state.players if p.civ == civ)
    pr = next((x for x in q.progress if x.civ == civ), None)
    held = [c for c in p.cards if is_hero_or_wonder(c)]
    have = pr.heroes_wonders if pr is not None else len(held)
    need = pr.needed if pr is not None else q.victory_cards
    pips = "●" * have + "○" * max(need - have, 0)
    close = " [b $warning]one short of victory[/]" if have == need - 1 else ""
    you = " [dim](you)[/]" if civ == v.civ else ""
    lines = [f"{civ_markup(civ)}{you}  {pips} {have}/{need}{close}"]
    if clock:  # a table with a clock: this player's time for the pending decision
        lines[0] += f" [b $warning]⏱ {esc(clock)}[/]"
    lines.append("  heroes & wonders: " + (esc(", ".join(card_name(c) for c in held))
                                          or "none"))
    roles = [role_name(r) for r in ROLES if state.roles.get(r) == civ]
    lines.append(f"  roles: {', '.join(roles) or 'none'}"
                 + (f" [dim]({len(roles)}/3 wins)[/]" if q.three_roles_win else ""))
    hand = v.hand_sizes.get(civ, 0)
    provinces = sum(1 for ps in state.provinces.values() if ps.influence == civ)
    lines.append(f"  hand: {count(hand, 'card')} · provinces: {provinces}")
    lines.append(f"  units: {_units(v, civ)}")
    lines.append(f"  buildings: {_buildings(v, q, civ)}")
    gods = [g for g, h in state.gods.items() if h == civ]
    if gods:
        lines.append("  gods: " + ", ".join(
            card_name(g) + (" (used)" if g in state.gods_used else "") for g in gods))
    conv = [c.province for c in state.conversions if c.civ == civ]
    if conv:
        lines.append("  converting: " + ", ".join(area_name(a) for a in conv))
    return lines


def supply_markup(q: Quotes) -> list[str]:
    left = [f"{count(q.supply.get(k, 0), k)}" for k in BUILDING_KINDS]
    return ["[b]Building supply[/] [dim](left for everybody)[/]", "  " + ", ".join(left)]


def players_markup(v: View, q: Quotes, clocks: dict[str, str] | None = None) -> str:
    civs = [p.civ for p in v.state.players]
    if v.civ in civs:  # your own board first
        civs.remove(v.civ)
        civs.insert(0, v.civ)
    lines: list[str] = []
    for civ in civs:
        lines += player_markup(v, q, civ, (clocks or {}).get(civ, ""))
        lines.append("")
    lines += supply_markup(q)
    return "\n".join(lines)


class PlayersPane(TextPane):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("Players", id=id, classes=classes)

    def show(self, v: View, q: Quotes, clocks: dict[str, str] | None = None) -> None:
        self.set_markup(players_markup(v, q, clocks))
