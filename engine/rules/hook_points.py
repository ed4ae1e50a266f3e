"""The table of hook points: every name a card module may take part in, and what it is for.

A card module declares the hook points it takes part in (`HOOKS = ("reduction", ...)`) and
defines one function of that name for each; `engine/rules/card_registry.py` refuses at
registration a name not in this table, a declared hook the module does not define, and a
function named after a hook point that the module did not declare. Every entry is asked
by a rule (tests/test_card_registry.py): a card cannot take part in a hook nobody calls.

Each entry: name -> one line saying when the rules ask it and what the answer does.
"""

from __future__ import annotations

HOOK_POINTS: dict[str, str] = {
    # --- active powers and questions (engine/rules/hook_powers.py, windows.py) --------
    "uses": "(state, civ, window) -> the UsePower actions its holder may take now",
    "use": "(state, civ, action, ev, window) -> validate, then apply a UsePower of the card",
    "ask": "(state, pp, ev) -> the Reaction asking the card's question, or None if settled",
    "legal": "(state, pp) -> the answers to the card's question its player may give",
    "answer": "(state, pp, action, ev) -> apply an answer; True when the question is settled",
    "resolve": "(state, by, action, ev) -> a god's power Ishtar let pass takes effect",
    "cancelled": "(state, by, action, ev) -> a god's power Ishtar cancelled",
    "holds_copy": "(state, civ, card) -> civ holds the card through this one (a copy)",
    # --- roles and the turn ---------------------------------------------------------------
    "role_bonus": "(state, civ, role) -> added to civ's score for a role (holder's alone)",
    "before_roles": "(state) -> before roles are computed; True if a question is queued",
    "gods_returned": "(state) -> the gods went back: choices made with a god lapse",
    "after_offering": "(state) -> every offering made; True if a question is queued",
    # --- costs and construction -----------------------------------------------------------
    "card_cost": "(state, card) -> a hero's or wonder's own chart cost, None for others",
    "reduction": "(state, civ, item) -> (cards off, once-only key) or None (holder's alone)",
    "wild_commodity": "(state, civ) -> civ may count a card as any commodity in a set",
    "spend_wild": "(state, civ, ev) -> the wild commodity was used in a payment",
    "offered": "(state, civ) -> cards on offer to civ besides the display and his hero",
    "check_acquire": "(state, civ) -> raise if the card may not be acquired now",
    "on_acquire": "(state, civ, ev, free_setup) -> the card was just acquired",
    "wins_by_card": "(state, civ) -> why civ wins at once by the card (\"\" if not)",
    "on_influence": "(state, civ, province, mode, ev) -> after an influence marker is placed",
    "placement_bound": "(state, fp) -> the free piece may go only to its named province",
    "may_build_new_province": "(state, civ, province) -> build in a province just influenced",
    "build_site_exempt": "(state, civ, item, mode) -> the item may go where civ has no influence",
    "extra_items": "(state, civ) -> items civ may build outside his provinces",
    "fortress_limit": "(state, civ) -> fortresses allowed in one province (largest answer)",
    "influence_anywhere": "(state, civ) -> civ's influence markers may go anywhere",
    "commodities_kept": "(state, civ) -> commodity cards kept after construction (largest)",
    # --- commerce -------------------------------------------------------------------------
    "extra_production": "(state, production) -> production that comes from the card",
    "after_production": "(state) -> after production; True if a question is queued",
    "trade_announced": "(state) -> the Director announced the trade; True if one is queued",
    "may_stay_out": "(state, civ, n) -> civ has stayed out of the trade",
    "after_trade": "(state) -> after trading; True if a question is queued",
    # --- movement -------------------------------------------------------------------------
    "crosses_straits": "(state, civ) -> civ's straits count as land steps",
    "trireme_moves": "(state, civ) -> sea moves of a trireme in its owner's turn (largest)",
    "cannot_be_convoyed": "(state, unit) -> the unit may not be carried by triremes",
    "ground_steps": "(state, unit, steps) -> the provinces the unit reaches by its own move",
    "sea_landings": "(state, unit) -> provinces a ground unit at sea may land on",
    "piece_kind": "(state, unit) -> the supply piece the unit is (\"\": its own kind)",
    "unit_built": "(state, unit) -> a unit was just built",
    "convoy_extra_seas": "(state, civ) -> seas counting as held by civ's triremes for a convoy",
    # --- combat ---------------------------------------------------------------------------
    "battle_forbidden": "(state, area) -> no battle is fought in the area",
    "battle_begins": "(state, battle, ev) -> as a battle's dice are about to be rolled",
    "battle_over": "(state) -> a battle ends, before its losses are removed",
    "die_bonus": "(state, civ, naval) -> added to each die civ rolls (added up)",
    "battle_bonus": "(state, civ, area, naval) -> added once to a side's total (added up)",
    "casualty_divisor": "(state, civ, naval) -> points costing civ one unit (largest, 5)",
    "loses_automatic_six": "(state, unit, enemy_units) -> the unit rolls instead of its 6",
    "lose_unit": "(state, unit, ev) -> the card takes an eliminated unit off the board",
    "on_sack": "(state, civ, province, building, ev) -> after civ sacks a building",
    "extra_sacks": "(state, civ, province) -> more buildings civ may sack there now",
}
