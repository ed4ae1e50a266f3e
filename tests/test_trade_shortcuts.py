"""The shortcuts of the decisions outside the military and construction phases (issue 16,
round 5) answer exactly as the long way, in every position of random games and of the
phase saves: the powers a player may use, found in one table per kind of decision; the
choices of a trade offer, worked out once per hand.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.data.cards import ALL_CARDS
from engine.rules.commerce import _offer_choices_long_way, offer_choices
from engine.rules.common import hand_size, player, player_civs
from engine.rules.hooks import CARDS, _active_powers_long_way, active_powers, holds_copy
from engine.state import GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]
WINDOWS = ("", "phase_start", "move_declared", "before_battle", "after_dice")


def _positions(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    return random_positions(seeds, steps, CIVS)


def _same_powers(state: GameState) -> int:
    """Every player's powers in every window and in his own decision, as the long way;
    how many."""
    n = 0
    for civ in player_civs(state):
        for w in WINDOWS:
            long_way = _active_powers_long_way(state, civ, w)
            assert active_powers(state, civ, w) == long_way, (civ, w)
            n += len(long_way)
    return n


def test_the_powers_by_kind_of_decision_answer_as_the_long_way() -> None:
    """In every position, and again with a card or a god with a power given to a player
    (each in turn, every fifth position)."""
    powers = copies = 0
    active = [c for c, m in CARDS.items() if callable(getattr(m, "uses", None))
              and c in ALL_CARDS and ALL_CARDS[c].kind != "creature"]
    heroes = [c for c in active if ALL_CARDS[c].kind == "hero"]
    for n, state in enumerate(_positions(seeds=(51, 52), steps=1200)):
        powers += _same_powers(state)
        copies += bool(state.power_choices)  # a card standing for another: asked too
        if n % 5:
            continue
        civs = player_civs(state)
        card = active[n // 5 % len(active)]
        civ = civs[n // 5 % len(civs)]
        if ALL_CARDS[card].kind == "god":
            state.gods[card] = civ
        else:
            p = player(state, civ)
            if card not in p.cards:
                p.cards.append(card)
        powers += _same_powers(state)
        if ALL_CARDS[card].kind == "god":
            state.gods[card] = None
        else:
            player(state, civ).cards.remove(card)
        powers += _same_powers(state)
        hero = heroes[n // 5 % len(heroes)]  # Castor & Pollux copying a hero with a power
        p = player(state, civ)
        if "castor_and_pollux" not in p.cards:
            p.cards.append("castor_and_pollux")
        state.power_choices[f"castor_and_pollux:{civ}"] = hero
        powers += _same_powers(state)
        for c in player_civs(state):  # a card held through a copy is named on record
            for card in CARDS:
                assert not holds_copy(state, c, card) or card in state.power_choices.values()
    assert powers > 50 and copies > 20


def test_the_offers_worked_out_once_per_hand_answer_as_the_long_way() -> None:
    """Every hand of every player, for every number of cards he may offer: the same
    choices in the same order, each with its cards in the same order; and each listing
    has dicts of its own (an offer changed does not change the next listing)."""
    hands = 0
    for state in _positions(seeds=(53,), steps=1200):
        for p in state.players:
            for n in range(min(hand_size(p), 6) + 1):
                long_way = _offer_choices_long_way(p.hand, n)
                got = offer_choices(p.hand, n)
                assert [list(c.items()) for c in got] == [list(c.items()) for c in long_way]
                got[0]["tax"] = 99  # (an offer of none: {})
                assert offer_choices(p.hand, n) == long_way
                hands += 1
    assert hands > 1000
