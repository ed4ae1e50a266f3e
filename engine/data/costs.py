"""The construction cost chart and the supplies (rulebook: Construction Cost Chart,
Number of Building Tokens; docs/rules.md, The pieces and the supply)."""

from __future__ import annotations

COSTS: dict[str, int] = {
    "influence": 3, "city": 3, "caravan": 3, "legion": 3, "trireme": 3, "fortress": 3,
    "temple": 6, "market": 6, "creature": 6, "hero": 9, "wonder": 9,
}
PYRAMIDS_COST = 12
PYRAMIDS_COST_LONG = 13
GOD_COST = 3
PHOENIX_RETURN_COST = 3

BUILDINGS: tuple[str, ...] = ("city", "caravan", "temple", "market")
MILITARY: tuple[str, ...] = ("legion", "trireme", "fortress", "creature")
GROUND_UNITS: tuple[str, ...] = ("legion", "fortress", "creature")
MOBILE_GROUND: tuple[str, ...] = ("legion", "creature")

# Pieces of one civilization (docs/rules.md, The pieces and the supply).
PIECES_PER_CIV: dict[str, int] = {
    "influence": 12, "legion": 8, "trireme": 5, "fortress": 8, "creature": 3,
}

# Building tokens by number of players (rulebook table).
BUILDING_TOKENS: dict[int, dict[str, int]] = {
    3: {"caravan": 18, "city": 8, "market": 8, "temple": 4},
    4: {"caravan": 23, "city": 10, "market": 10, "temple": 5},
    5: {"caravan": 28, "city": 12, "market": 12, "temple": 6},
    6: {"caravan": 33, "city": 14, "market": 14, "temple": 7},
}

FREE_SETUP_POINTS = 45
FREE_SETUP_ROUND_POINTS = 9
FREE_SETUP_ROUNDS = 5
