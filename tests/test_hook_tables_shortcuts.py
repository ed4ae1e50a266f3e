"""The shortcuts of the card hooks (issue 16, round 10) answer exactly as the long way:
the cards taking part in a hook, looked up in a table that fills itself (no call between
a rule and its cards' functions), made again when a card is registered; the cards a
payment or a gift names, written in the resource order from the few kinds it names; the
players taking a god with Adonis, no copy looked for when none is on record; the
buildings of others a god may destroy, their owners compared in place; Hermes' gifts,
none checked against the bank when it holds enough of every kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations_with_replacement
from types import ModuleType
from typing import Any

from engine.data.cards import RESOURCES, WILD
from engine.powers import adonis, hermes
from engine.powers.base import decode_cards, encode_cards, other_owner, others_buildings
from engine.rules.common import building_controller, holds, player, player_civs
from engine.rules.hooks import CARDS, TABLES, _each, _each_card, declares, register
from engine.rules.payment import payment_options
from engine.state import GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _positions(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    return random_positions(seeds, steps, CIVS)


def _each_long_way(hook: str) -> tuple[Callable[..., Any], ...]:
    """Every card module asked, in the cards' order, whether it declares the hook."""
    return tuple(getattr(m, hook) for m in CARDS.values() if declares(m, hook))


def _each_card_long_way(hook: str) -> tuple[tuple[str, Callable[..., Any]], ...]:
    return tuple((c, getattr(m, hook)) for c, m in CARDS.items() if declares(m, hook))


def _hook_names() -> list[str]:
    """Every function name of the card modules (the hooks they take part in, and their
    own helpers, which no rule asks), and a name no card defines."""
    names = {name for m in CARDS.values() for name, f in vars(m).items()
             if callable(f) and getattr(f, "__module__", None) == m.__name__}
    return sorted(names) + ["no_card_defines_this"]


def test_each_hook_asks_the_cards_taking_part_in_it_in_registration_order() -> None:
    names = _hook_names()
    taking_part = 0
    for _ in range(2):  # made when first asked, then found in the table
        for hook in names:
            assert _each(hook) == _each_long_way(hook), hook
            assert _each_card(hook) == _each_card_long_way(hook), hook
            taking_part += len(_each(hook))
    assert len(names) > 100 and taking_part > 200
    assert _each("crosses_straits") and _each("uses") and not _each("no_card_defines_this")


def test_a_card_registered_later_takes_part_in_the_hooks_asked_before() -> None:
    """The tables are made again when a card is registered: a new card's hook is asked
    (after the cards registered before it), and the others are as the long way."""
    before = {h: _each(h) for h in ("crosses_straits", "trireme_moves", "uses")}
    card = ModuleType("engine.powers.a_card_of_the_test")
    card.CARD = "a_card_of_the_test"
    card.HOOKS = ("crosses_straits",)

    def crosses_straits(state: GameState, civ: str) -> bool:
        return True

    crosses_straits.__module__ = card.__name__
    card.crosses_straits = crosses_straits  # type: ignore[attr-defined]
    register(card)
    try:
        assert _each("crosses_straits") == (*before["crosses_straits"], crosses_straits)
        assert _each_card("crosses_straits")[-1] == (card.CARD, crosses_straits)
        for h in ("trireme_moves", "uses"):
            assert _each(h) == before[h] == _each_long_way(h)
    finally:
        TABLES.unregister(card.CARD)  # the tables are made anew
    assert _each("crosses_straits") == before["crosses_straits"]
    assert _each_card("crosses_straits") == _each_card_long_way("crosses_straits")


def _encode_long_way(cards: dict[str, int]) -> str:
    """Every kind of card looked for in the resource order, the wild card last."""
    return ",".join(f"{c}={cards[c]}" for c in (*RESOURCES, WILD) if cards.get(c))


def _same_writing(cards: dict[str, int]) -> None:
    got = encode_cards(cards)
    assert got == _encode_long_way(cards), cards
    assert decode_cards("phoenix", got) == {c: n for c, n in cards.items()
                                            if n and c in (*RESOURCES, WILD)}


def test_a_payment_or_a_gift_is_written_as_the_long_way() -> None:
    """Every payment a player could make of 1 to 4 cards (with the wild card too) and
    Hermes' gifts, in the positions of random games; each again with its kinds in the
    reverse order, with a kind of none, and with a name that is no card."""
    written = several = 0
    for n, state in enumerate(_positions(seeds=(81, 82), steps=900)):
        if n % 3:
            continue
        for civ in player_civs(state):
            p = player(state, civ)
            payments = [pay for cost in (1, 2, 3, 4) for wild in (False, True)
                         for pay in payment_options(p, cost, wild=wild)]
            payments += hermes.choices(state, civ) + [dict(p.hand)]
            for pay in payments:
                _same_writing(pay)
                _same_writing(dict(reversed(pay.items())))
                _same_writing({**pay, "wine": 0, "no_such_card": 2})
                written += 1
                several += len(pay) > 1
    assert written > 1000 and several > 300
    _same_writing({})
    _same_writing({WILD: 1, "gold": 2, "tax": 1})


def _adonis_holders_long_way(state: GameState) -> list[str]:
    """Adonis' holder, then every other player asked whether he holds a copy."""
    original = [p.civ for p in state.players if adonis.CARD in p.cards]
    copies = [p.civ for p in state.players
              if adonis.CARD not in p.cards and holds(state, p.civ, adonis.CARD)]
    return original + copies


def test_the_players_taking_a_god_with_adonis_are_the_long_ways() -> None:
    """In every position; then with Adonis given to a player; then with Castor & Pollux
    copying Adonis for another, and copying another hero."""
    held = copied = 0
    for n, state in enumerate(_positions(seeds=(83,), steps=600)):
        assert adonis.holders(state) == _adonis_holders_long_way(state)
        civs = player_civs(state)
        first, second = civs[n % len(civs)], civs[(n + 1) % len(civs)]
        for p in state.players:
            if adonis.CARD in p.cards:
                p.cards.remove(adonis.CARD)
        player(state, first).cards.append(adonis.CARD)
        assert adonis.holders(state) == _adonis_holders_long_way(state) == [first]
        player(state, second).cards.append("castor_and_pollux")
        for hero in (adonis.CARD, "hercules"):
            state.power_choices[f"castor_and_pollux:{second}"] = hero
            got = adonis.holders(state)
            assert got == _adonis_holders_long_way(state)
            held += 1
            copied += got == [first, second]
    assert held > 500 and copied > 250


def _others_long_way(state: GameState, civ: str, kind: str) -> list[tuple[str, str]]:
    """Each building of the kind, its controller asked alone, then `other_owner`."""
    return [(pr, b.site) for pr, ps in state.provinces.items() for b in ps.buildings
            if b.kind == kind and other_owner(state, civ, building_controller(
                state, pr, kind, b.site))]


def test_the_buildings_a_god_may_destroy_are_the_long_ways_even_with_no_controller() -> None:
    """Baal's cities and Vulcan's caravans of others, for every player: in every
    position, then with the influence gone from every other province with buildings (a
    building nobody controls is nobody's to lose)."""
    found = uncontrolled = 0
    for n, state in enumerate(_positions(seeds=(85,), steps=900)):
        for turn in range(2):
            if turn:
                built = [ps for ps in state.provinces.values() if ps.buildings]
                for ps in built[n % 2::2]:
                    ps.influence = None
            for civ in player_civs(state):
                for kind in ("city", "caravan"):
                    long_way = _others_long_way(state, civ, kind)
                    assert others_buildings(state, civ, kind) == long_way, (civ, kind)
                    found += len(long_way)
                    uncontrolled += sum(
                        building_controller(state, pr, kind, b.site) is None
                        for pr, ps in state.provinces.items() for b in ps.buildings
                        if b.kind == kind)
    assert found > 3000 and uncontrolled > 1000, (found, uncontrolled)


def _hermes_gifts_long_way(state: GameState, civ: str) -> list[dict[str, int]]:
    """Every set of Hermes' size from the kinds produced, each checked against the bank."""
    out: list[dict[str, int]] = []
    for combo in combinations_with_replacement(hermes._kinds(state, civ),
                                               hermes._size(state, civ)):
        cards: dict[str, int] = {}
        for k in combo:
            cards[k] = cards.get(k, 0) + 1
        if all(state.bank.get(k, 0) >= n for k, n in cards.items()):
            out.append(cards)
    return out


def test_hermes_gifts_are_the_long_ways_whatever_the_bank_holds() -> None:
    """Hermes' holder having produced two to five kinds, with the bank as it is, then
    short of some of those kinds (none, one or two cards left of each in turn)."""
    kinds = ["tax", "fish", "wine", "gold", "grain"]
    gifts = short = 0
    for n, state in enumerate(_positions(seeds=(87,), steps=600)):
        civ = player_civs(state)[n % len(state.players)]
        state.powers_produced[civ] = kinds[:2 + n % 4]
        for left in (None, 0, 1, 2):
            if left is not None:
                state.bank[kinds[n % 5]] = left
                state.bank[kinds[(n + 2) % 5]] = min(left + 1, 2)
            got = hermes.choices(state, civ)
            assert got == _hermes_gifts_long_way(state, civ), (n, left)
            gifts += len(got)
            short += left is not None and len(got) < len(list(
                combinations_with_replacement(hermes._kinds(state, civ),
                                              hermes._size(state, civ))))
    assert gifts > 10_000 and short > 300, (gifts, short)
