"""Paying with sets (rulebook, Construction Phase; docs/rules.md, Construction: paying).

A set is tax cards only, or commodity cards all of different kinds; its value is its
number of cards. One set pays for one purchase (or several items whose costs add up to no
more than its value); sets are never added together and surplus value is lost.

A wild card may count as one commodity of its holder's choice in a set of different
commodities without being spent (a card's power, docs/rules.md, Cards): a payment names it
with the key `WILD` (value 1). Whether it may be counted now is the
caller's to say (`wild=True`); by default a payment with it is refused."""

from __future__ import annotations

from ..data.cards import ALL_CARDS, COMMODITIES, RESOURCE_NAMES, TAX, WILD
from ..errors import IllegalAction
from ..state import Player

R_SET = "Construction Phase: a set is tax cards only, or commodities all different"
WILD_NAME = ALL_CARDS[WILD].name
R_WILD = f"{WILD_NAME}: once each construction phase, one commodity of your choice in " \
    "a set of different commodities"


def set_value(cards: dict[str, int]) -> int:
    """The value of a set of cards, or IllegalAction if they do not form a set."""
    cards = {c: n for c, n in cards.items() if n}
    wild = cards.pop(WILD, 0)
    if not cards:
        raise IllegalAction("No cards were given to pay with", R_SET)
    for c, n in cards.items():
        if n < 0 or (c != TAX and c not in COMMODITIES):
            raise IllegalAction(f"{c!r} is not a resource card", R_SET)
    if TAX in cards:
        if len(cards) > 1:
            raise IllegalAction("Tax cards and commodities cannot be mixed in one set", R_SET)
        if wild:
            raise IllegalAction(f"The {WILD_NAME} counts only in a set of different "
                                "commodities, not with tax cards", R_WILD)
        return cards[TAX]
    doubles = [RESOURCE_NAMES[c] for c, n in cards.items() if n > 1]
    if doubles:
        raise IllegalAction(f"A set of commodities must be all different ({', '.join(doubles)} "
                            "appears twice)", R_SET)
    if wild:
        if wild != 1:
            raise IllegalAction(f"The {WILD_NAME} counts as one commodity, once", R_WILD)
        if len(cards) >= len(COMMODITIES):
            raise IllegalAction("The set holds every commodity already: the "
                                f"{WILD_NAME} has none left to stand for", R_WILD)
        return len(cards) + 1
    return len(cards)


def check_payment(p: Player, cards: dict[str, int], cost: int, wild: bool = False) -> int:
    """Check that p holds `cards`, that they form a set, and that it covers `cost`.
    `wild`: the wild card may be counted in it."""
    if cards.get(WILD) and not wild:
        raise IllegalAction(f"You cannot count the {WILD_NAME} in this payment (you "
                            "do not hold it, it has counted already this phase, or this is "
                            "not a construction)", R_WILD)
    value = set_value(cards)
    for c, n in cards.items():
        if c != WILD and p.hand.get(c, 0) < n:
            raise IllegalAction(f"You hold only {p.hand.get(c, 0)} {RESOURCE_NAMES.get(c, c)}",
                                "Construction Phase")
    if value < cost:
        raise IllegalAction(f"A set of {value} cannot pay for {cost}; sets are never added "
                            "together", "Construction: paying")
    return value


def payment_options(p: Player, cost: int, wild: bool = False,
                    kinds: list[str] | None = None) -> list[dict[str, int]]:
    """A compact list of sets of exactly `cost` cards that p can pay with: tax cards, and
    the commodities he holds most of (so that he keeps his rarer ones); with `wild`, also
    such a set completed by the wild card. `kinds`: p's `ranked_commodities`, when asked
    once already for many costs."""
    return _options(p.hand, ranked_commodities(p) if kinds is None else kinds, cost, wild)


def ranked_commodities(p: Player) -> list[str]:
    """The kinds of commodity p holds, those he holds most of first (in the commodities'
    order when alike): the order `payment_options` spends them in, the same for every cost.
    A hand holds few kinds: they are ranked by the commodities' order, then by count (a
    stable sort keeps that order among alike)."""
    hand = p.hand
    kinds = [c for c, n in hand.items() if n > 0 and c in _RANK]
    kinds.sort(key=_RANK.__getitem__)
    kinds.sort(key=hand.__getitem__, reverse=True)
    return kinds


def _options(hand: dict[str, int], kinds: list[str], cost: int,
             wild: bool) -> list[dict[str, int]]:
    out: list[dict[str, int]] = []
    if cost <= 0:
        return out
    if hand.get(TAX, 0) >= cost:
        out.append({TAX: cost})
    if len(kinds) >= cost:
        out.append({c: 1 for c in sorted(kinds[:cost])})
    if wild and cost >= 2 and len(kinds) >= cost - 1 and cost - 1 < len(COMMODITIES):
        out.append({**{c: 1 for c in sorted(kinds[:cost - 1])}, WILD: 1})
    return out


def max_set_value(p: Player, wild: bool = False) -> int:
    """The value of the best set p could pay with (with `wild`, counting the wild card)."""
    hand = p.hand
    distinct = 0
    for c, n in hand.items():  # a hand holds few kinds: fewer than the commodities
        if n > 0 and c in _COMMODITY:
            distinct += 1
    if wild and 0 < distinct < len(COMMODITIES):
        distinct += 1
    return max(hand.get(TAX, 0), distinct)


_COMMODITY = frozenset(COMMODITIES)
_RANK = {c: i for i, c in enumerate(COMMODITIES)}  # a commodity's place in their order
