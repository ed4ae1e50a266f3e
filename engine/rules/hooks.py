"""The hook points where cards change the rules.

The rules call the functions here (and those of engine/rules/hook_powers.py, active
powers, and engine/rules/hook_costs.py, costs, named here too) and never name a card.
Each card module, `engine/powers/<card>.py`, has `CARD = "<card id>"`, declares the hook
points it takes part in (`HOOKS`; the table of them, each with what it is for, is
engine/rules/hook_points.py) and defines a function of each name; it is attached with
`register(module, place)` (engine/rules/card_registry.py checks the declaration; the
catalog, `engine/powers/__init__.py`, registers every card once, in its explicit order).
This module imports no rule and no card, so the rules and the cards never import each
other in a loop.

Where several cards answer one hook, they are asked in the cards' order. Reductions are
never added up: an item takes the single best one (rulebook, Rules for Construction).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..actions import Item
from ..data.cards import CIV_CREATURE
from ..events import Event
from ..state import Battle, Building, FreePlacement, GameState, Unit
from .card_registry import CARDS as CARDS
from .card_registry import TABLES as TABLES
from .card_registry import CardRegistrationError as CardRegistrationError
from .card_registry import declares as declares
from .hook_costs import MAX_REDUCTION as MAX_REDUCTION
from .hook_costs import _best as _best
from .hook_costs import base_cost as base_cost
from .hook_costs import card_cost as card_cost
from .hook_costs import card_costs as card_costs
from .hook_costs import cards_within as cards_within
from .hook_costs import cost as cost
from .hook_costs import costs as costs
from .hook_costs import price as price
from .hook_costs import reduced_kinds as reduced_kinds
from .hook_costs import reducers as reducers
from .hook_costs import reducing_card as reducing_card
from .hook_costs import reductions as reductions
from .hook_costs import spend_reductions as spend_reductions
from .hook_costs import spend_wild as spend_wild
from .hook_costs import wild_commodity as wild_commodity
from .hook_powers import _ASKED_IN_WINDOWS as _ASKED_IN_WINDOWS
from .hook_powers import _DECISIONS as _DECISIONS
from .hook_powers import _USERS as _USERS
from .hook_powers import _check_fields as _check_fields
from .hook_powers import _each as _each
from .hook_powers import _each_card as _each_card
from .hook_powers import _held
from .hook_powers import _listed as _listed
from .hook_powers import _users as _users
from .hook_powers import active_powers as active_powers
from .hook_powers import card_module as card_module
from .hook_powers import card_name as card_name
from .hook_powers import holds_copy as holds_copy
from .hook_powers import is_active as is_active
from .hook_powers import refuse as refuse
from .hook_powers import use_power as use_power

register = TABLES.register  # attach a card module at its place (card_registry.py)


def _most(hook: str, least: int, *args: Any) -> int:
    """The largest of the cards' answers to a hook, and at least `least` (a loop, not max()
    of a list: some are asked at every step)."""
    most = least
    for f in _each(hook):
        n: int = f(*args)
        if n > most:
            most = n
    return most


def _total(hook: str, *args: Any) -> int:
    """The cards' answers to a hook added up (a loop, not sum() of a generator)."""
    total = 0
    for f in _each(hook):
        total += f(*args)
    return total


def _any_asked(hook: str, state: GameState) -> bool:
    """Ask every card taking part (each may queue a question); True if one did."""
    queued = False
    for f in _each(hook):  # every card asked, in order: not any(), which stops early
        if f(state):
            queued = True
    return queued


# --- roles ----------------------------------------------------------------------------------
def role_bonus(state: GameState, civ: str, role: str) -> int:
    """A role bonus is its card's holder's alone (every `role_bonus` hook answers 0 to
    anyone else, tests/test_engine_shortcuts.py): only the cards and gods civ holds are
    asked."""
    bonus = 0
    for f in _held(state, civ, "role_bonus"):  # a loop, not sum() of a generator
        bonus += f(state, civ, role)
    return bonus


def role_bonuses(state: GameState, civ: str) -> list[Callable[..., int]]:
    """The `role_bonus` hooks `role_bonus` asks for civ: of the cards and gods he holds."""
    return _held(state, civ, "role_bonus")




def before_roles(state: GameState) -> bool:
    """At the start of the turn, before roles are computed. True if a question is queued."""
    return _any_asked("before_roles", state)


# --- offering -------------------------------------------------------------------------------
def gods_returned(state: GameState) -> None:
    """The gods went back to the heavens: choices made with a god's power lapse."""
    for f in _each("gods_returned"):
        f(state)


def after_offering(state: GameState) -> bool:
    """When every player has made his offering. True if a question is queued."""
    return _any_asked("after_offering", state)

# --- acquiring cards and placing pieces -----------------------------------------------------
def offered(state: GameState, civ: str) -> list[str]:
    """Cards on offer to civ besides the display and his civilization's hero."""
    return [c for f in _each("offered") for c in f(state, civ)]


def check_acquire(state: GameState, civ: str, card: str) -> None:
    """Raise if the card may not be acquired now (its own condition)."""
    m = CARDS.get(card)
    if m is not None and declares(m, "check_acquire"):
        m.check_acquire(state, civ)


def on_acquire(state: GameState, civ: str, card: str, ev: list[Event],
               free_setup: bool = False) -> None:
    """When a card is acquired (free placements, a copy to choose...)."""
    m = CARDS.get(card)
    if m is not None and declares(m, "on_acquire"):
        m.on_acquire(state, civ, ev, free_setup)


def wins_by_card(state: GameState, civ: str) -> str:
    """Why civ wins at once by a card he holds ("" if none)."""
    for f in _each("wins_by_card"):
        reason: str = f(state, civ)
        if reason:
            return reason
    return ""


def on_influence(state: GameState, civ: str, province: str, mode: str,
                 ev: list[Event]) -> None:
    """After an influence marker is placed."""
    for f in _each("on_influence"):
        f(state, civ, province, mode, ev)


def placement_bound(state: GameState, fp: FreePlacement) -> bool:
    """May the free piece go only to its named province (lost if it cannot)?"""
    return any(f(state, fp) for f in _each("placement_bound"))


def may_build_new_province(state: GameState, civ: str, province: str) -> bool:
    """May civ build in a province he influenced in this construction phase?"""
    for f in _each("may_build_new_province"):  # a loop, not any(): asked at most decisions
        if f(state, civ, province):
            return True
    return False


def build_site_exempt(state: GameState, civ: str, item: Item, mode: str) -> bool:
    """May the item go where civ has no influence?"""
    for f in _each("build_site_exempt"):  # a loop, not any(): asked for every candidate
        if f(state, civ, item, mode):
            return True
    return False


def site_exemptions(state: GameState, civ: str) -> list[Callable[..., Any]]:
    """The `build_site_exempt` hooks that may answer for civ: those of the cards he holds (a
    card's exemption is its holder's alone, tests/test_engine_shortcuts.py)."""
    return _held(state, civ, "build_site_exempt")


def extra_items(state: GameState, civ: str) -> list[Item]:
    """Items civ may build outside his provinces (offered in his construction turn)."""
    return [it for f in _each("extra_items") for it in f(state, civ)]


def fortress_limit(state: GameState, civ: str) -> int:
    """Fortresses of civ allowed in one province (one, unless a card says more)."""
    return _most("fortress_limit", 1, state, civ)


def influence_anywhere(state: GameState, civ: str) -> bool:
    """May civ's influence markers go anywhere?"""
    for f in _each("influence_anywhere"):  # a loop, not any(): asked at most decisions
        if f(state, civ):
            return True
    return False


def commodities_kept(state: GameState, civ: str) -> int:
    """Commodity cards civ keeps at the end of construction (none, unless a card says)."""
    return _most("commodities_kept", 0, state, civ)


# --- commerce -------------------------------------------------------------------------------
def extra_production(state: GameState, production: dict[str, dict[str, int]]) -> None:
    """Production that comes from cards."""
    for f in _each("extra_production"):
        f(state, production)


def after_production(state: GameState) -> bool:
    """After production. True if a question is queued."""
    return _any_asked("after_production", state)


def trade_announced(state: GameState) -> bool:
    """After the Director announced the trade. True if a question is queued."""
    return _any_asked("trade_announced", state)


def may_stay_out(state: GameState, civ: str, n: int) -> bool:
    """Has civ stayed out of the trade?"""
    for f in _each("may_stay_out"):  # a loop, not any(): asked at most decisions
        if f(state, civ, n):
            return True
    return False


def after_trade(state: GameState) -> bool:
    """After trading. True if a question is queued."""
    return _any_asked("after_trade", state)


# --- movement -------------------------------------------------------------------------------
def _of_owner(hook: str, civ: str) -> tuple[Callable[..., Any], ...]:
    """The functions of a hook about one unit that may answer for a unit of civ's, in
    the cards' order: a card whose module says `OWN_UNITS_ONLY` answers for the units
    of the civilization whose creature it is alone, and is left out for the others'
    (tests/test_powers_shortcuts.py)."""
    try:  # asked for every unit of every ground listing
        return _OF_OWNER[hook][civ]
    except KeyError:
        pass
    mine = CIV_CREATURE.get(civ)
    got = _OF_OWNER.setdefault(hook, {})[civ] = tuple(
        f for card, f in _each_card(hook)
        if card == mine or not getattr(CARDS[card], "OWN_UNITS_ONLY", False))
    return got


def asks_for_units_of(hook: str, civ: str) -> bool:
    """Could a card answer this hook about one unit (`ground_steps`, `sea_landings`, ...)
    for a unit of civ's? When not, a listing of civ's units need not ask it unit by unit."""
    return bool(_of_owner(hook, civ))


# hook -> civ -> `_of_owner`
_OF_OWNER: dict[str, dict[str, tuple[Callable[..., Any], ...]]] = TABLES.table("of_owner")


def crosses_straits(state: GameState, civ: str) -> bool:
    """Do civ's straits count as land steps?"""
    for f in _each("crosses_straits"):  # a loop, not any(): asked at most decisions
        if f(state, civ):
            return True
    return False


def trireme_moves(state: GameState, civ: str) -> int:
    """Sea moves a trireme makes in its owner's turn (one, unless a card says more)."""
    return _most("trireme_moves", 1, state, civ)


def can_be_convoyed(state: GameState, unit: Unit) -> bool:
    for f in _of_owner("cannot_be_convoyed", unit.owner):
        if f(state, unit):
            return False
    return True


def ground_steps(state: GameState, unit: Unit, steps: list[str]) -> list[str]:
    """The provinces a legion or creature reaches by its own move, given its land steps."""
    for f in _of_owner("ground_steps", unit.owner):
        steps = f(state, unit, steps)
    return steps


def piece_kind(state: GameState, unit: Unit) -> str:
    """The piece a unit is, for the supply: a legion a card makes fight as a creature is
    still a legion piece."""
    for f in _each("piece_kind"):
        kind: str = f(state, unit)
        if kind:
            return kind
    return unit.kind


def piece_kinds_told() -> frozenset[str] | None:
    """The unit kinds whose piece a card's `piece_kind` may tell otherwise than their kind
    (their modules' PIECE_KINDS); None if a card with a `piece_kind` does not say (any
    kind, then).
    A unit of another kind is the piece of its kind: counting the supply asks no card."""
    try:
        return _PIECE_KINDS[""]
    except KeyError:
        told: set[str] = set()
        for card, _ in _each_card("piece_kind"):
            kinds = getattr(CARDS[card], "PIECE_KINDS", None)
            if kinds is None:
                _PIECE_KINDS[""] = None
                return None
            told.update(kinds)
        got = _PIECE_KINDS[""] = frozenset(told)
        return got


_PIECE_KINDS: dict[str, frozenset[str] | None] = TABLES.table("piece_kinds")  # "" -> piece_kinds_told()


def sea_landings(state: GameState, unit: Unit) -> list[str]:
    """The provinces a ground unit at sea may land on in the ground step."""
    funcs = _of_owner("sea_landings", unit.owner)
    if not funcs:  # asked of every unit in the ground listing: most owners ask no card
        return []
    return [p for f in funcs for p in f(state, unit)]


def unit_built(state: GameState, unit: Unit) -> None:
    for f in _each("unit_built"):
        f(state, unit)


def convoy_extra_seas(state: GameState, civ: str) -> list[str]:
    """Seas that count as held by civ's triremes for a convoy."""
    seas: list[str] = []  # (a loop: a comprehension is a call; asked at every ground listing)
    for f in _each("convoy_extra_seas"):
        seas += f(state, civ)
    return seas


# --- combat ---------------------------------------------------------------------------------
def battle_forbidden(state: GameState, area: str) -> bool:
    """Is combat in this area forbidden (the battle is not fought)?"""
    return any(f(state, area) for f in _each("battle_forbidden"))


def battle_begins(state: GameState, battle: Battle, ev: list[Event]) -> None:
    """As the dice of a battle are about to be rolled."""
    for f in _each("battle_begins"):
        f(state, battle, ev)


def battle_over(state: GameState) -> None:
    """A battle ends (before its losses are removed)."""
    for f in _each("battle_over"):
        f(state)


def die_bonus(state: GameState, civ: str, naval: bool) -> int:
    """Added to each die this civ rolls."""
    return _total("die_bonus", state, civ, naval)


def battle_bonus(state: GameState, civ: str, area: str, naval: bool) -> int:
    """Added once to a side's total in a battle in `area`."""
    return _total("battle_bonus", state, civ, area, naval)


def die_bonus_by_card(state: GameState, civ: str, naval: bool) -> dict[str, int]:
    """`die_bonus` card by card (the cards adding nothing left out), for the screens."""
    return {card: n for card, f in _each_card("die_bonus") if (n := f(state, civ, naval))}


def battle_bonus_by_card(state: GameState, civ: str, area: str, naval: bool) -> dict[str, int]:
    """`battle_bonus` card by card (the cards adding nothing left out), for the screens."""
    return {card: n for card, f in _each_card("battle_bonus")
            if (n := f(state, civ, area, naval))}


def casualty_divisor(state: GameState, civ: str, naval: bool) -> int:
    """Points of the other side's total that cost civ one unit (5, unless a card says)."""
    return _most("casualty_divisor", 5, state, civ, naval)


def loses_automatic_six(state: GameState, unit: Unit, enemy_units: list[Unit]) -> bool:
    """Does this fortress or creature roll a die instead of its automatic 6?"""
    return any(f(state, unit, enemy_units) for f in _each("loses_automatic_six"))


def lose_unit(state: GameState, unit: Unit, ev: list[Event]) -> bool:
    """A unit is eliminated in battle: True if a card takes it (off the board, not back
    to the supply)."""
    return any(f(state, unit, ev) for f in _each("lose_unit"))


def on_sack(state: GameState, civ: str, province: str, building: Building,
            ev: list[Event]) -> None:
    """After civ sacks a building."""
    for f in _each("on_sack"):
        f(state, civ, province, building, ev)


def extra_sacks(state: GameState, civ: str, province: str) -> int:
    """After civ sacked a building: how many more he may sack there now."""
    sacks: int = sum(f(state, civ, province) for f in _each("extra_sacks"))
    return sacks
