"""The shortcuts of the decisions outside the military and construction phases (issue 16,
round 5) answer exactly as the long way, in every position of random games and of the
phase saves: the powers a player may use, found in one table per kind of decision; the
choices of a trade offer, worked out once per hand.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.actions import UsePower
from engine.data.cards import ALL_CARDS, RESOURCES
from engine.rules.commerce import offer_choices
from engine.rules.common import hand_size, player, player_civs
from engine.rules.hooks import (
    _ASKED_IN_WINDOWS,
    _DECISIONS,
    _USERS,
    CARDS,
    _users,
    active_powers,
    holds_copy,
)
from engine.state import GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]
WINDOWS = ("", "phase_start", "move_declared", "before_battle", "after_dice")


def _active_powers_long_way(state: GameState, civ: str, window: str = ""
                            ) -> list[UsePower]:
    """`active_powers` as it was, asking every card's `DECISIONS` at each call."""
    # A hero's or wonder's power is its holder's, a god's its holder's, a creature's its
    # civilization's (every `uses` of theirs answers [] to anyone else,
    # tests/test_engine_speed.py). Only those are asked, in registration order, and of
    # them only those that may answer here: a card whose `uses` answers in its holder's own
    # decisions of some kinds only (its module's `DECISIONS`) is asked in those alone
    # (tests/test_floor_shortcuts.py).
    got = _USERS.get("uses")
    users, at, creature_of = got if got is not None else _users()
    if window:
        at = _ASKED_IN_WINDOWS[0]
        creature_of = _ASKED_IN_WINDOWS[1]
    mine = creature_of.get(civ)  # only civ's own creature can be his (every `uses` says so)
    asked = [] if mine is None else [mine]
    for p in state.players:
        if p.civ == civ:
            for c in p.cards:
                i = at.get(c)
                if i is not None:
                    asked.append(i)
            break
    for g, holder in state.gods.items():
        if holder == civ:
            i = at.get(g)
            if i is not None:
                asked.append(i)
    if state.power_choices:  # a card standing for another (a copy): ask its power too
        asked += [i for i, (c, _) in enumerate(users) if c in at and holds_copy(state, civ, c)]
        asked = list(set(asked))
    if not asked:
        return []
    if len(asked) > 1:
        asked.sort()
    only = _DECISIONS
    prompt = state.prompt
    out: list[UsePower] = []
    for i in asked:
        kinds = only[i]
        if kinds is None or isinstance(prompt, kinds):  # in a window: none of them is asked
            out += users[i][1](state, civ, window)
    return out


def _offer_choices_long_way(hand: dict[str, int], n: int) -> list[dict[str, int]]:
    """Every distinct choice of n cards from a hand, looked for one by one."""
    kinds = [c for c in RESOURCES if hand.get(c)]
    out: list[dict[str, int]] = []

    def rec(i: int, left: int, cur: dict[str, int]) -> None:
        if left == 0:
            out.append(dict(cur))
            return
        if i == len(kinds):
            return
        k = kinds[i]
        for take in range(min(hand[k], left), -1, -1):
            if take:
                cur[k] = take
            rec(i + 1, left - take, cur)
            cur.pop(k, None)

    rec(0, n, {})
    return out

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


def test_the_offers_kept_answer_as_the_long_way() -> None:
    """The choices worked out for a hand are kept, and those from each kind on shared by
    the hands alike from there: every hand of up to 3 of each of 4 kinds (spread over the
    resources), first with nothing kept, then again from what was kept."""
    from itertools import product

    from engine.rules.commerce import _choices

    _choices.cache_clear()
    hands = [{k: n for k, n in zip(kinds, counts, strict=True) if n}
             for counts in product(range(4), repeat=4)
             for kinds in (RESOURCES[:4], RESOURCES[-4:], RESOURCES[1::2][:4])]
    for _ in range(2):
        for hand in hands:
            for n in range(sum(hand.values()) + 2):
                long_way = _offer_choices_long_way(hand, n)
                got = offer_choices(hand, n)
                assert [list(c.items()) for c in got] == [list(c.items()) for c in long_way]
    assert _choices.cache_info().hits > 1000
