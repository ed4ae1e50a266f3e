"""The construction phase (rulebook, Construction Phase; docs/rules.md, Construction: paying;
docs/rules.md, Construction: where things go)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import Any

from ..actions import Action, Buy, EndConstruction, Item, Keep, UsePower
from ..data import board
from ..data.cards import ALL_CARDS, CIV_HERO, COMMODITIES, TAX, WILD
from ..data.costs import COSTS
from ..errors import IllegalAction
from ..events import Discarded, Event, Paid, Passed
from ..prompts import ConstructionTurn, KeepCommodities
from ..state import GameState
from .common import (
    clean,
    controlled,
    controlled_by_each,
    free_commodity_sites,
    pieces_out,
    player,
    return_to_bank,
)
from .empty import EMPTY_HAND, empty_hand
from .flow import start_phase
from .geography import influence_reach
from .hooks import (
    MAX_REDUCTION,
    cards_within,
    commodities_kept,
    cost,
    costs,
    extra_items,
    influence_anywhere,
    is_active,
    offered,
    price,
    reduced_kinds,
    reducers,
    spend_reductions,
    spend_wild,
    use_power,
    wild_commodity,
)
from .listing_facts import Reductions
from .offered import Offered
from .order import finish_turn, pick_next
from .payment import check_payment, max_set_value, payment_options, ranked_commodities
from .placement import CONSTRUCTION, check, place, place_legal
from .registry import decision, phase
from .victory import check_acquisition
from .yard import Yard

R_PAY = "Construction: paying: one set pays for items whose costs add up to its value"


def item_cost(state: GameState, civ: str, item: Item, free_setup: bool = False) -> int:
    """What an item costs civ now, after the single best reduction."""
    return cost(state, civ, item, free_setup)


@phase("construction")
def run(state: GameState, ev: list[Event]) -> None:
    cs = state.construction
    if state.step == "":
        cs.controlled_at_start = controlled_by_each(state)
        # A conversion may be completed only in the construction phase right after it.
        state.conversions = [c for c in state.conversions if c.turn >= state.turn - 1]
        state.step = "turns"
    if state.step == "turns":
        if not pick_next(state, "political_leader", ev):
            state.step = "discard"
        elif state.prompt is None:
            civ = state.order.active
            assert civ is not None
            if cs.turn_civ != civ:
                cs.turn_civ = civ
                cs.turn_start = controlled(state, civ)
            state.prompt = ConstructionTurn(civ=civ)
        return
    if state.step == "discard":
        for p in state.players:
            if p.civ in cs.discarded:
                continue
            if not _given_back(p.hand, {}):  # as usual: nothing to keep or give back
                cs.discarded.append(p.civ)
                continue
            keep = commodities_kept(state, p.civ)
            kept: dict[str, int] = {}  # as usual: nothing kept
            if keep:
                commodities = {c: p.hand[c] for c in COMMODITIES if p.hand.get(c)}
                if sum(commodities.values()) > keep and len(commodities) > 1:
                    state.prompt = KeepCommodities(civ=p.civ, keep=keep)
                    return
                kept = _keep_first(commodities, keep)
            _discard(state, p.civ, kept, ev)
        start_phase(state, "military", ev)


def _keep_first(commodities: dict[str, int], keep: int) -> dict[str, int]:
    kept: dict[str, int] = {}
    for c, n in commodities.items():
        take = min(n, keep - sum(kept.values()))
        if take > 0:
            kept[c] = take
    return kept


def _given_back(hand: dict[str, int], kept: dict[str, int]) -> dict[str, int]:
    """What a hand gives back at the end of construction: all commodities but those kept,
    all tax cards but 2."""
    out: dict[str, int] = {}  # (a loop: a comprehension is a call; every player's turn)
    for c, n in hand.items():
        if n and c in _COMMODITY:
            out[c] = n - kept.get(c, 0)
    if hand.get(TAX, 0) > 2:
        out[TAX] = hand[TAX] - 2
    return clean(out)


_COMMODITY = frozenset(COMMODITIES)


def _discard(state: GameState, civ: str, kept: dict[str, int], ev: list[Event]) -> None:
    """End of construction: civ gives back `_given_back` of his hand."""
    out = _given_back(player(state, civ).hand, kept)
    if out:
        return_to_bank(state, civ, out)
        ev.append(Discarded(civ=civ, cards=out))
    state.construction.discarded.append(civ)


_OFFERED: Offered[Reductions] = Offered()


def _buy(state: GameState, civ: str, action: Buy, ev: list[Event],
         listed: Reductions | None = None) -> None:
    """Pay for the items and place them. `listed`: what the listing this very buy was
    offered by knew (`engine.rules.offered`): it is legal, so neither its payment nor its
    items are checked."""
    if listed is None:
        if not action.items:
            raise IllegalAction("Name at least one item to buy", R_PAY)
        total, reductions_spent = price(state, civ, action.items)
        check_payment(player(state, civ), action.payment, total,
                      wild=wild_commodity(state, civ))
    else:  # a listing without reductions to spend (the most) prices nothing
        reductions_spent = price(state, civ, action.items)[1] if listed.spendable else []
    cards = {c: n for c, n in clean(action.payment).items() if c != WILD}
    return_to_bank(state, civ, cards)
    ev.append(Paid(civ=civ, cards=cards))
    if action.payment.get(WILD):
        spend_wild(state, civ, ev)
    spend_reductions(state, reductions_spent)
    for it in action.items:
        if listed is None:
            place(state, civ, it, CONSTRUCTION, ev)
        else:
            place_legal(state, civ, it, CONSTRUCTION, ev)
        if it.kind == "card" and check_acquisition(state, civ, ev):
            return


def candidate_items(state: GameState, civ: str, budget: int | None = None) -> list[Item]:
    """Every item that might be legal for civ now (each is checked before it is offered).
    With a `budget`: only the items whose chart cost (`hooks.base_cost`) is within it (the
    others are not even worked out)."""
    return _within(state, civ, budget, None)


def _within(state: GameState, civ: str, budget: int | None,
            charted: dict[str, int] | None) -> list[Item]:
    """`candidate_items`; `charted` gets the chart cost of each card offered."""
    if budget is None:
        return _candidates(state, civ, frozenset(), None, charted)
    return _candidates(state, civ, _BEYOND[min(max(budget, 0), _DEAREST)], budget, charted)


def _candidates(state: GameState, civ: str, skip: AbstractSet[str],
                budget: int | None, charted: dict[str, int] | None) -> list[Item]:
    cs = state.construction
    items: list[Item] = []
    if "influence" not in skip:
        reach = influence_reach(state, civ, cs.controlled_at_start.get(civ, []))
        if influence_anywhere(state, civ):
            reach = set(board.PROVINCES)
        for pr in sorted(reach):
            if state.provinces[pr].influence is None:
                items.append(Item(kind="influence", province=pr))
        for c in state.conversions:
            if c.civ == civ:
                items.append(Item(kind="influence", province=c.province))
    here = tuple(k for k in _SITE_KINDS if k not in skip) if skip else _SITE_KINDS
    triremes = "trireme" not in skip
    caravans = "caravan" not in skip
    extras = extra_items(state, civ)
    if here or triremes or caravans or extras:  # else no province of his is asked
        own = _own_provinces(state, civ)
        for pr in own:
            for k in here:
                items.append(Item(kind=k, province=pr))
            if triremes and board.PROVINCES[pr].coastal:
                items.append(Item(kind="trireme", province=pr))
            if caravans:
                for site in free_commodity_sites(state, pr):
                    items.append(Item(kind="caravan", province=pr, site=site))
        # a card's items go where he has no province, if within his means
        items += [it for it in extras if it.province not in own and it.kind not in skip]
    cards = [*state.display, *offered(state, civ), CIV_HERO[civ]]
    if budget is None:
        items += [Item(kind="card", card=card) for card in cards]
        return items
    for card, card_price in cards_within(state, cards, budget):
        items.append(Item(kind="card", card=card))
        if charted is not None:
            charted[card] = card_price
    return items


def _own_provinces(state: GameState, civ: str) -> list[str]:
    """Every province of civ's: those held since the turn began first, then the newer ones
    (a card may allow building there: each candidate is checked before it is offered)."""
    turn_start = state.construction.turn_start
    # As is usual, nothing won or lost since the turn began: as many markers of his as then,
    # each still where it was (the provinces of `controlled`, each once) -- the answer is
    # `turn_start` itself, found without looking at every province.
    if pieces_out(state, civ, "influence") == len(turn_start):
        provinces = state.provinces
        for pr in turn_start:
            if provinces[pr].influence != civ:
                break
        else:
            return turn_start
    mine = [pr for pr, ps in state.provinces.items() if ps.influence == civ]
    if turn_start == mine:  # as is usual: nothing won or lost since the turn began
        return mine
    start = set(turn_start)
    now = set(mine)
    return [pr for pr in turn_start if pr in now] + [pr for pr in mine if pr not in start]


# The kinds of items built in one's own provinces, in the order they are offered (triremes
# and caravans follow: coasts and free sites).
_SITE_KINDS = ("city", "temple", "market", "legion", "fortress", "creature")
_KINDS = ("influence", *_SITE_KINDS, "trireme", "caravan")
_DEAREST = max(COSTS[k] for k in _KINDS)
# The cheapest item on the chart; no card costs less either (tests/test_construction_reach.py
# asks every card's cost).
_CHEAPEST = min(COSTS[k] for k in _KINDS)
# the kinds of item whose chart cost is more than n
_BEYOND = [frozenset(k for k in _KINDS if COSTS[k] > n) for n in range(_DEAREST + 1)]


def placeable(state: GameState, civ: str, kind: str) -> list[str]:
    """Provinces where civ may place an item of this kind now, cost aside (for the powers
    that place one for free or cheaply: Hammurabi, Spartacus)."""
    out = []
    for it in candidate_items(state, civ):
        if it.kind != kind:
            continue
        try:
            check(state, civ, it, CONSTRUCTION)
        except IllegalAction:
            continue
        out.append(it.province)
    return out


def legal_items(state: GameState, civ: str) -> list[Item]:
    return [it for it, _ in priced_items(state, civ)]


def priced_items(state: GameState, civ: str) -> list[tuple[Item, int]]:
    """The items civ may buy now, each with its cost (what a set of his could pay at most)."""
    best = max_set_value(player(state, civ), wild=wild_commodity(state, civ))
    items, priced = _priced(state, civ, best, reducers(state, civ))
    return [(it, c) for it, c in zip(items, priced, strict=True) if c <= best]


def _priced(state: GameState, civ: str, best: int, funcs: tuple[Callable[..., Any], ...]
            ) -> tuple[list[Item], list[int]]:
    """The candidates of `priced_items` and their costs, civ's best set being worth `best`,
    `funcs` his `reducers`: those costing more than `best` are the caller's to leave out
    (while it goes through them anyway)."""
    out: tuple[list[Item], list[int]] = ([], [])
    if best + (MAX_REDUCTION if funcs else 0) < _CHEAPEST:  # nothing is within his means
        return out
    # An item costs its chart cost less one reduction at most: those dearer than any set of
    # civ's are not even made candidates.
    charted: dict[str, int] = {}
    yard = Yard(state, civ)  # what the candidates share, asked once for them all
    skip, card_budget = _out_of_reach(best, funcs)
    items = _buildable(state, civ, skip, card_budget, charted, yard)
    if not items:
        return out
    return items, costs(state, civ, items, funcs, charted)


def _out_of_reach(best: int, funcs: tuple[Callable[..., Any], ...]
                  ) -> tuple[frozenset[str], int]:
    """The kinds of item no set worth `best` pays for, whatever reductions `funcs` (civ's
    `reducers`) take off, and the most a card may cost on the chart to be worth pricing.
    An item costs its chart cost less one reduction of at most MAX_REDUCTION, and only of
    the kinds its card names (a power module's REDUCES; every kind if it names none)."""
    key = (best, funcs)
    got = _REACH.get(key)
    if got is None:
        if funcs:
            reducible = _reducible(funcs)
            skip = _BEYOND[min(max(best + MAX_REDUCTION, 0), _DEAREST)] | \
                (_BEYOND[min(max(best, 0), _DEAREST)] - reducible)
            card_budget = best + MAX_REDUCTION if "card" in reducible else best
        else:
            skip, card_budget = _BEYOND[min(max(best, 0), _DEAREST)], best
        got = _REACH[key] = (skip, card_budget)
    return got


_REACH: dict[tuple[int, tuple[Callable[..., Any], ...]], tuple[frozenset[str], int]] = {}


def _reducible(funcs: tuple[Callable[..., Any], ...]) -> AbstractSet[str]:
    """The kinds of item some of these reductions may apply to (tests/test_construction_reach.py
    asks each card's reduction of every other kind)."""
    kinds: set[str] = set()
    for f in funcs:
        named = reduced_kinds(f)
        if named is None:
            return _EVERY_KIND
        kinds |= named
    return kinds


_EVERY_KIND = frozenset((*_KINDS, "card"))


def _buildable(state: GameState, civ: str, skip: AbstractSet[str], card_budget: int,
               charted: dict[str, int], yard: Yard) -> list[Item]:
    """`_within(state, civ, budget, charted)` less the items the yard refuses and those of
    the kinds in `skip`, in the same order, the cards costing `card_budget` at most on the
    chart: each province's facts are asked once for its items, and no item is made that
    would be refused (tests/test_engine_shortcuts.py compares it with the long way)."""
    items: list[Item] = []
    if "influence" not in skip:
        yard.influence_items(items)
    # the kinds within his means with a piece left (no other is buildable anywhere)
    here = tuple([k for k in _SITE_KINDS if k not in skip and yard.has(k)])
    triremes = "trireme" not in skip and yard.has("trireme")
    caravans = "caravan" not in skip and yard.has("caravan")
    extras = extra_items(state, civ)
    if here or triremes or caravans or extras:  # else no province of his is asked
        own = _own_provinces(state, civ)
        for pr in own:
            yard.site_items(pr, here, triremes, caravans, items)
        items += [it for it in extras
                  if it.province not in own and it.kind not in skip and yard.buildable(it)]
    cards = [*state.display, *offered(state, civ), CIV_HERO[civ]]
    for card, card_price in cards_within(state, cards, card_budget):
        if yard.may_acquire(card):
            items.append(_CARD_ITEMS[card])
        charted[card] = card_price
    return items


# a card's item, made once (items are frozen: listings share them)
_CARD_ITEMS = {card: Item(kind="card", card=card) for card in ALL_CARDS}


def _legal(state: GameState, prompt: ConstructionTurn) -> list[Action]:
    p = player(state, prompt.civ)
    wild = wild_commodity(state, prompt.civ)
    out: list[Action] = [EndConstruction()]
    best = max_set_value(p, wild=wild)
    if best + MAX_REDUCTION < _CHEAPEST:  # nothing is within his means, whatever his cards
        return out  # take off (and no set pays for anything: payment_options of 1 or more)
    payments: dict[int, list[dict[str, int]]] = {}  # by cost: the same for every item
    funcs = reducers(state, prompt.civ)
    append = out.append
    items, priced = _priced(state, prompt.civ, best, funcs)
    for it, c in zip(items, priced, strict=True):
        if c > best:
            continue  # beyond any set of his
        pays = payments.get(c)
        if pays is None:
            if not payments:  # his commodities ranked once for every cost
                kinds = ranked_commodities(p)
            pays = payments[c] = payment_options(p, c, wild=wild, kinds=kinds)
        for pay in pays:
            append(Buy(items=[it], payment=pay.copy()))  # each action its own
    _OFFERED.keep(state, prompt, out, Reductions(bool(funcs)))
    return out




@decision(ConstructionTurn, _legal)
def _turn(state: GameState, prompt: ConstructionTurn, action: Action, ev: list[Event]) -> None:
    if isinstance(action, EndConstruction):
        if empty_hand(state, prompt.civ):  # an empty step: the log says why it was passed
            ev.append(Passed(civ=prompt.civ, phase="construction", reason=EMPTY_HAND))
        finish_turn(state)
        state.construction.turn_civ = ""
    elif isinstance(action, Buy):
        found = _OFFERED.find(state, prompt, action)
        _buy(state, prompt.civ, action, ev, None if found is None else found.facts)
    elif isinstance(action, UsePower) and is_active(action.card):
        use_power(state, prompt.civ, action, ev)
    else:
        raise IllegalAction("Buy something, or end your construction turn", "Construction Phase")
    if state.phase != "over":
        state.prompt = None


def _legal_keep(state: GameState, prompt: KeepCommodities) -> list[Action]:
    p = player(state, prompt.civ)
    kinds = [c for c in COMMODITIES if p.hand.get(c)]
    out: list[Action] = []
    for i, a in enumerate(kinds):
        if p.hand[a] >= 2:
            out.append(Keep(cards={a: 2}))
        for b in kinds[i + 1:]:
            out.append(Keep(cards={a: 1, b: 1}))
    return out


@decision(KeepCommodities, _legal_keep)
def _keep(state: GameState, prompt: KeepCommodities, action: Action, ev: list[Event]) -> None:
    if not isinstance(action, Keep):
        raise IllegalAction("Choose the commodity cards to keep", "Hanging Gardens")
    p = player(state, prompt.civ)
    kept = clean(action.cards)
    if sum(kept.values()) > prompt.keep or any(c not in COMMODITIES for c in kept):
        raise IllegalAction(f"Keep at most {prompt.keep} commodity cards", "Hanging Gardens")
    if any(p.hand.get(c, 0) < n for c, n in kept.items()):
        raise IllegalAction("You do not hold those cards", "Hanging Gardens")
    _discard(state, prompt.civ, kept, ev)
    state.prompt = None

