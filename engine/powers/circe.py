"""Circe: your legions produce like caravans. In a province with your influence marker,
each of your legions not occupying a building stands on a free commodity site (the first
free sites in the board's order) and produces one card of it, two if a market of yours
stands in the province (docs/rules.md, Cards). A legion moved into a province you influenced in
the last construction phase produces at once (rulebook Q&A); a caravan Vulcan destroyed
leaves a free site a legion can work (Q&A)."""

from __future__ import annotations

from ..rules.common import building_controller, free_commodity_sites, has_building, holds, units_in
from ..state import GameState

CARD = "circe"
HOOKS = ("extra_production",)  # the hook points it takes part in
WHEN = "her legions produce in the commerce phase"


def extra_production(state: GameState, production: dict[str, dict[str, int]]) -> None:
    for p in state.players:
        civ = p.civ
        if not holds(state, civ, CARD):
            continue
        for pr, ps in state.provinces.items():
            if ps.influence != civ:
                continue
            legions = [u for u in units_in(state, pr, civ, ("legion",)) if not u.post]
            sites = free_commodity_sites(state, pr)[:len(legions)]
            if not sites:
                continue
            n = 2 if has_building(state, pr, "market") and building_controller(
                state, pr, "market", "") == civ else 1
            mine = production.setdefault(civ, {})
            for site in sites:
                mine[site] = mine.get(site, 0) + n
