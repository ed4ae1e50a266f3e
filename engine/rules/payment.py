"""Paying with sets (rulebook, Construction Phase; base-game.md 5.1).

A set is tax cards only, or commodity cards all of different kinds; its value is its
number of cards. One set pays for one purchase (or several items whose costs add up to no
more than its value); sets are never added together and surplus value is lost."""

from __future__ import annotations

from ..data.cards import COMMODITIES, RESOURCE_NAMES, TAX
from ..errors import IllegalAction
from ..state import Player

R_SET = "Construction Phase: a set is tax cards only, or commodities all different"


def set_value(cards: dict[str, int]) -> int:
    """The value of a set of cards, or IllegalAction if they do not form a set."""
    cards = {c: n for c, n in cards.items() if n}
    if not cards:
        raise IllegalAction("No cards were given to pay with", R_SET)
    for c, n in cards.items():
        if n < 0 or (c != TAX and c not in COMMODITIES):
            raise IllegalAction(f"{c!r} is not a resource card", R_SET)
    if TAX in cards:
        if len(cards) > 1:
            raise IllegalAction("Tax cards and commodities cannot be mixed in one set", R_SET)
        return cards[TAX]
    doubles = [RESOURCE_NAMES[c] for c, n in cards.items() if n > 1]
    if doubles:
        raise IllegalAction(f"A set of commodities must be all different ({', '.join(doubles)} "
                            "appears twice)", R_SET)
    return len(cards)


def check_payment(p: Player, cards: dict[str, int], cost: int) -> int:
    """Check that p holds `cards`, that they form a set, and that it covers `cost`."""
    value = set_value(cards)
    for c, n in cards.items():
        if p.hand.get(c, 0) < n:
            raise IllegalAction(f"You hold only {p.hand.get(c, 0)} {RESOURCE_NAMES.get(c, c)}",
                                "Construction Phase")
    if value < cost:
        raise IllegalAction(f"A set of {value} cannot pay for {cost}; sets are never added "
                            "together", "base-game.md 5.1")
    return value


def payment_options(p: Player, cost: int) -> list[dict[str, int]]:
    """A compact list of sets of exactly `cost` cards that p can pay with: tax cards, and
    the commodities he holds most of (so that he keeps his rarer ones)."""
    out: list[dict[str, int]] = []
    if cost <= 0:
        return out
    if p.hand.get(TAX, 0) >= cost:
        out.append({TAX: cost})
    kinds = sorted((c for c in COMMODITIES if p.hand.get(c, 0) > 0),
                   key=lambda c: (-p.hand[c], COMMODITIES.index(c)))
    if len(kinds) >= cost:
        out.append({c: 1 for c in sorted(kinds[:cost])})
    return out


def max_set_value(p: Player) -> int:
    return max(p.hand.get(TAX, 0), sum(1 for c in COMMODITIES if p.hand.get(c, 0) > 0))
