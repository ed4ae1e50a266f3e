"""Costs at the hook points: the chart cost of an item, a card's cost of its own
(`card_cost`), the single best reduction (`reduction`: never added up, rulebook Rules for
Construction), and the wild commodity (`wild_commodity`, `spend_wild`)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Any

from ..actions import Item
from ..data.costs import COSTS
from ..events import Event
from ..state import GameState
from .card_registry import CARDS, TABLES, declares
from .hook_powers import _each, _each_card, holds_copy


# --- costs ----------------------------------------------------------------------------------
def base_cost(state: GameState, item: Item) -> int:
    """The chart cost of an item; a card with a cost of its own says so (`card_cost`)."""
    if item.kind == "card":
        return card_cost(state, item.card)
    return COSTS[item.kind]


def card_cost(state: GameState, card: str) -> int:
    """A hero's or wonder's chart cost (`base_cost` of buying it)."""
    for f in _each("card_cost"):
        c: int | None = f(state, card)
        if c is not None:
            return c
    return COSTS["hero"]


def card_costs(state: GameState, cards: list[str]) -> list[int]:
    """`card_cost` of each card. A card's cost of its own is its own module's to say (every
    `card_cost` hook answers None for any other card, tests/test_floor_shortcuts.py), so
    only that module is asked."""
    own = _own_cost()
    hero = COSTS["hero"]
    out: list[int] = []
    for card in cards:
        f = own.get(card)
        c: int | None = f(state, card) if f is not None else None
        out.append(hero if c is None else c)
    return out


def cards_within(state: GameState, cards: list[str], budget: int) -> list[tuple[str, int]]:
    """(card, `card_cost`) of the cards costing `budget` at most, in their order: below
    the chart's cost only the cards with a cost of their own are asked."""
    if budget >= COSTS["hero"]:
        return [(card, c) for card, c in zip(cards, card_costs(state, cards), strict=True)
                if c <= budget]
    own = _own_cost()
    return [(card, c) for card in cards if card in own
            for c in card_costs(state, [card]) if c <= budget]


def _own_cost() -> dict[str, Callable[..., Any]]:
    got = _OWN_COST.get("card_cost")
    if got is None:
        got = _OWN_COST["card_cost"] = dict(_each_card("card_cost"))
    return got


_OWN_COST: dict[str, dict[str, Callable[..., Any]]] = TABLES.table("own_cost")


# The most a reduction takes off an item (every card's is one card; a test asks each card
# of every item, tests/test_engine_shortcuts.py): construction leaves out the candidates
# dearer than a player's best set by more than this.
MAX_REDUCTION = 1


def _offers(state: GameState, civ: str, item: Item) -> list[tuple[int, str]]:
    """(cards off, limit key) for every reduction of the item; a key ("" for none) names a
    reduction that applies once and is spent when used."""
    return [r for f in _each("reduction") if (r := f(state, civ, item))]


def reducers(state: GameState, civ: str) -> tuple[Callable[..., Any], ...]:
    """The reductions that may apply to civ's items now: those of the cards he holds. A
    card's reduction is its holder's alone (every `reduction` hook answers None to anyone
    else, tests/test_engine_speed.py), so pricing many items asks only these."""
    copies = bool(state.power_choices)  # a copy is a choice on record (`holds_copy`)
    for p in state.players:  # engine.rules.common.holds, which imports this module
        if p.civ == civ:
            cards = p.cards
            held: list[Callable[..., Any]] = []  # (a loop: a generator resumes per card)
            for card, f in _each_card("reduction"):
                if card in cards or (copies and holds_copy(state, civ, card)):
                    held.append(f)
            return tuple(held)
    return ()


def reduced_kinds(reduction: Callable[..., Any]) -> frozenset[str] | None:
    """The kinds of item a card's `reduction` (one of `reducers`) may apply to: its module's
    REDUCES, or None when the module names none (any kind, then)."""
    if reduction not in _REDUCES:  # made once, for every card with a reduction
        _REDUCES.update((f, getattr(CARDS[c], "REDUCES", None))
                        for c, f in _each_card("reduction"))
    return _REDUCES.get(reduction)


_REDUCES: dict[Callable[..., Any], frozenset[str] | None] = TABLES.table("reduces")


def costs(state: GameState, civ: str, items: list[Item],
          funcs: tuple[Callable[..., Any], ...] | None = None,
          charted: dict[str, int] | None = None) -> list[int]:
    """`cost` of each item, the held reductions looked up once for them all. `funcs`:
    civ's `reducers`, if the caller has them; `charted`: the `card_cost` of cards, if
    known."""
    if funcs is None:
        funcs = reducers(state, civ)
    if charted is None:
        charted = {}
    base = [COSTS[it.kind] if it.kind != "card" else
            (charted.get(it.card) or base_cost(state, it)) for it in items]
    if not funcs:  # the chart's costs (base_cost, a card's asked of its hooks)
        return base
    return [c - _best(state, civ, it, _NOTHING_TAKEN, funcs)[0]
            for c, it in zip(base, items, strict=True)]


_NOTHING_TAKEN: frozenset[str] = frozenset()


def _best(state: GameState, civ: str, item: Item,
          taken: AbstractSet[str] = frozenset(),
          funcs: tuple[Callable[..., Any], ...] | None = None) -> tuple[int, str]:
    """The single best reduction still available; unlimited ones first on a tie, so that a
    limited one is kept for another item. `funcs`: the reductions to ask (all by default)."""
    best = (0, "")
    for f in _each("reduction") if funcs is None else funcs:  # _offers without its list
        r = f(state, civ, item)
        if not r:
            continue
        n, key = r
        if key and (key in state.used_powers or key in taken):
            continue
        if n > best[0] or (n == best[0] and best[1] and not key):
            best = (n, key)
    return best


def reducing_card(state: GameState, civ: str, item: Item) -> str:
    """The card whose reduction `cost` applies to the item ("" for none), for the quotes."""
    n, key = _best(state, civ, item)
    if not n:
        return ""
    for card, module in CARDS.items():
        if declares(module, "reduction"):
            r = module.reduction(state, civ, item)
            if r and r == (n, key):
                return card
    return ""


def reductions(state: GameState, civ: str, item: Item) -> list[int]:
    """Every reduction that applies to the item now (each as a number of cards)."""
    return [n for n, key in _offers(state, civ, item) if not key or key not in state.used_powers]


def cost(state: GameState, civ: str, item: Item, free_setup: bool = False) -> int:
    """What an item costs this player: the base cost less the single best reduction.
    In the free setup the heroes' abilities do not apply (rulebook, Free Setup)."""
    c = base_cost(state, item)
    if free_setup:
        return c
    return c - _best(state, civ, item)[0]


def price(state: GameState, civ: str, items: list[Item]) -> tuple[int, list[str]]:
    """The total cost of items bought together, and the once-only reductions it spends
    (one caravan and one legion of several get a once-only -1 once: rulebook Q&A)."""
    taken: set[str] = set()
    keys: list[str] = []
    total = 0
    funcs = reducers(state, civ)  # a reduction is its holder's alone (`reducers`)
    for it in items:
        n, key = _best(state, civ, it, taken, funcs)
        if key:
            taken.add(key)
            keys.append(key)
        total += base_cost(state, it) - n
    return total, keys


def spend_reductions(state: GameState, keys: list[str]) -> None:
    state.used_powers.extend(keys)


def wild_commodity(state: GameState, civ: str) -> bool:
    """May civ count a card as one commodity of his choice in a set now?"""
    for f in _each("wild_commodity"):  # a loop, not any(): asked at most decisions
        if f(state, civ):
            return True
    return False


def spend_wild(state: GameState, civ: str, ev: list[Event]) -> None:
    for f in _each("spend_wild"):
        f(state, civ, ev)
