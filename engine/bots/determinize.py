"""Determinization: from what a seat may see, one full game state it could be in.

`view(state, seat)` hides other hands, face-down trade offers, the cards others acquired
in a trade, the set-aside heroes and wonders, and the RNG. A planner that wants to play a
game forward needs a complete state, so `determinize` deals the unknown parts at random,
consistently with what is known:

* resource cards are conserved: the unseen pool is RESOURCE_COUNTS less the bank, the
  seat's own hand, every visible offer and the seat's own acquired cards; each hidden hand,
  offer and acquired pile gets exactly its public size from that pool;
* the set-aside pile gets its public count from the heroes and wonders nobody can see;
* the RNG is a fresh one from the bot's own generator (the real dice stay unforeseeable).

Only the View is read, never the true state.
"""

from __future__ import annotations

from ..data.cards import RANDOM_PILE, RESOURCE_COUNTS, RESOURCES
from ..game import clone
from ..rng import Rng
from ..state import GameState
from ..view import View


def unseen_resources(v: View) -> dict[str, int]:
    """The resource cards this seat cannot see anywhere (in no public or own place)."""
    s = v.state
    pool = dict(RESOURCE_COUNTS)

    def take(card: str, n: int = 1) -> None:
        pool[card] = pool.get(card, 0) - n

    for c, n in s.bank.items():
        take(c, n)
    for p in s.players:
        if p.civ == v.civ:
            for c, n in p.hand.items():
                take(c, n)
    t = s.trade
    for civ, offer in t.offers.items():
        if civ == v.civ or t.revealed:
            for c in offer:
                take(c)
    if acquired_pending(v):
        for c in t.acquired.get(v.civ or "", []):
            take(c)
    return {c: n for c, n in pool.items() if n > 0}


def _hidden_slots(v: View) -> int:
    t = v.state.trade
    n = sum(size for civ, size in v.hand_sizes.items() if civ != v.civ)
    if not t.revealed:
        n += sum(size for civ, size in v.offer_sizes.items() if civ != v.civ)
    return n


def acquired_pending(v: View) -> bool:
    """Whether the cards taken in the trade chain are still apart from the hands (during the
    chain) or already back in them (the chain has ended; `acquired` is then a record)."""
    if not any(v.acquired_sizes.values()):
        return False
    s = v.state
    t = s.trade
    pool = sum(RESOURCE_COUNTS.values()) - sum(s.bank.values())
    pool -= sum(sum(p.hand.values()) for p in s.players if p.civ == v.civ)
    pool -= sum(len(o) for civ, o in t.offers.items() if civ == v.civ or t.revealed)
    return pool == _hidden_slots(v) + sum(v.acquired_sizes.values())


def unseen_cards(v: View) -> list[str]:
    """Heroes and wonders of the random pile nobody can see: the set-aside candidates."""
    s = v.state
    seen = set(s.display)
    for p in s.players:
        seen.update(p.cards)
    return [c for c in RANDOM_PILE if c not in seen]


def determinize(v: View, rng: Rng) -> GameState:
    """A complete state consistent with the view, its unknowns dealt by `rng`."""
    s = clone(v.state)
    me = v.civ
    pending = acquired_pending(v)
    pool = unseen_resources(v)
    deck = [c for c in RESOURCES for _ in range(pool.get(c, 0))]
    rng.shuffle(deck)

    def deal(n: int) -> list[str]:
        out = deck[-n:] if n > 0 else []
        del deck[len(deck) - len(out):]
        return out

    t = s.trade
    for p in s.players:
        if p.civ == me:
            continue
        hand: dict[str, int] = {}
        for c in deal(v.hand_sizes.get(p.civ, 0)):
            hand[c] = hand.get(c, 0) + 1
        p.hand = {c: hand[c] for c in RESOURCES if hand.get(c)}
        if not t.revealed and p.civ in t.offers:
            t.offers[p.civ] = sorted(deal(v.offer_sizes.get(p.civ, 0)))
        if p.civ in t.acquired:
            k = v.acquired_sizes.get(p.civ, 0)
            if pending:
                t.acquired[p.civ] = sorted(deal(k))
            else:  # a record of cards now in the hand: any k of the dealt hand
                cards = [c for c in RESOURCES for _ in range(p.hand.get(c, 0))]
                rng.shuffle(cards)
                t.acquired[p.civ] = sorted(cards[:k])
    unseen = unseen_cards(v)
    rng.shuffle(unseen)
    s.set_aside = sorted(unseen[: v.set_aside])
    s.rng = rng.state ^ 0x5DEECE66D
    rng.below(2)  # advance, so the next determinization differs
    return s
