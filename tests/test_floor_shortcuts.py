"""The shortcuts of the construction listing and of every decision's floor (issue 16, round
4) answer exactly as the long way they replace, in the positions of random games and of the
phase saves: the yard's placement answers against `placement.check`, the cards' own costs
and building exemptions against asking every card.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import game
from engine.actions import Buy, EndConstruction, Item
from engine.data import board
from engine.data.cards import ALL_CARDS
from engine.prompts import ConstructionTurn
from engine.rules import reading
from engine.rules.common import player, player_civs
from engine.rules.construction import candidate_items
from engine.rules.hooks import (
    CARDS,
    _each,
    active_powers,
    card_cost,
    card_costs,
    cards_within,
    cost,
    declares,
    site_exemptions,
    wild_commodity,
)
from engine.rules.payment import max_set_value, payment_options
from engine.rules.placement import CONSTRUCTION
from engine.rules.yard import Yard
from engine.state import Config, GameState

from .helpers import placement_allowed, random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def positions(seeds: tuple[int, ...] = (41, 42), steps: int = 1200,
              civs: list[str] = CIVS) -> Iterator[GameState]:
    """The positions of the phase saves and of random games (tests/helpers.py)."""
    return random_positions(seeds, steps, civs)


def _odd_items(state: GameState) -> list[Item]:
    """Items no listing offers: every kind in provinces not the player's, a caravan on a
    wrong site, cards out of play, places off the board."""
    provinces = sorted(board.PROVINCES)[::5]
    kinds = ("influence", "city", "temple", "market", "legion", "fortress", "creature",
             "trireme", "caravan", "palace")
    out = [Item(kind=k, province=pr) for pr in provinces for k in kinds]
    out += [Item(kind="caravan", province=pr, site="wine") for pr in provinces]
    out += [Item(kind="legion", province=s) for s in sorted(board.SEAS)[:2]]
    out += [Item(kind="card", card=c) for c in sorted(ALL_CARDS)[::3]]
    out.append(Item(kind="card", card="nobody"))
    return out


def test_the_yard_answers_as_the_placement_check() -> None:
    """Every candidate of every player (and items no listing offers) in construction
    positions: the yard's answer is the check's, read or not."""
    seen = passed = converting = 0
    for state in _with_old_conversions(positions()):
        if state.phase != "construction":
            continue
        odd = _odd_items(state)
        converting += bool(state.conversions)
        for civ in player_civs(state):
            items = candidate_items(state, civ) + odd
            want = [placement_allowed(state, civ, it) for it in items]
            yard = Yard(state, civ)
            assert [yard.buildable(it) for it in items] == want
            r = reading.begin(state)
            try:
                yard = Yard(state, civ)
                assert [yard.buildable(it) for it in items] == want
            finally:
                reading.end(r)
            seen += len(items)
            passed += sum(want)
    assert seen > 20_000 and passed > 1_000 and converting > 10


def _with_old_conversions(states: Iterator[GameState]) -> Iterator[GameState]:
    """Each position, then (if it has conversions) a copy where they are a turn older."""
    for state in states:
        yield state
        if state.conversions:
            old = game.clone(state)
            for c in old.conversions:
                c.turn -= 1
            yield old


def test_a_cards_own_cost_is_its_own_modules_to_say() -> None:
    """No `card_cost` hook answers for another card than its own, so `card_costs` asks the
    card's own module only: the same costs as asking every hook, short game and long."""
    with_cost = [c for c, m in CARDS.items() if declares(m, "card_cost")]
    assert with_cost
    for long_game in (False, True):
        state, _ = game.new_game(Config(civs=CIVS, seed=63, long_game=long_game))
        for card in with_cost:
            for other in ALL_CARDS:
                if other != card:
                    assert CARDS[card].card_cost(state, other) is None, (card, other)
        cards = sorted(ALL_CARDS)
        assert card_costs(state, cards) == [card_cost(state, c) for c in cards]
        for budget in range(-1, 16):
            assert cards_within(state, cards, budget) == [
                (c, card_cost(state, c)) for c in cards if card_cost(state, c) <= budget]


def test_a_building_exemption_is_its_holders_alone() -> None:
    """`site_exemptions` gives the hooks of the cards a player holds: every other card's
    exemption answers no to him, whoever holds it, for any item anywhere."""
    with_exemption = [c for c, m in CARDS.items() if declares(m, "build_site_exempt")]
    assert with_exemption
    state, _ = game.new_game(Config(civs=CIVS, seed=64))
    holder = state.players[0]
    holder.cards += [c for c in with_exemption if c not in state.gods]
    for c in with_exemption:
        if c in state.gods:
            state.gods[c] = holder.civ
    items = [Item(kind=k, province=pr) for pr in sorted(board.PROVINCES)
             for k in ("legion", "city", "fortress", "trireme", "creature")]
    for p in state.players[1:]:
        assert site_exemptions(state, p.civ) == []
        for card in with_exemption:
            for it in items:
                assert not CARDS[card].build_site_exempt(state, p.civ, it, CONSTRUCTION)
    assert len(site_exemptions(state, holder.civ)) == len(with_exemption)
    assert any(f(state, holder.civ, it, CONSTRUCTION) for f in _each("build_site_exempt")
               for it in items)


WINDOWS = ["", "phase_start", "move_declared", "before_battle", "after_dice"]


def test_a_power_of_ones_own_decisions_answers_nowhere_else() -> None:
    """A card module's `DECISIONS` (the prompt kinds its `uses` answers in, in its holder's
    own decision) holds: with every such card given to every player, in the positions of
    random games, its `uses` answers nothing in a window or another kind of decision; and
    `active_powers`, which asks it there alone, lists what asking every card lists."""
    only = {c: m.DECISIONS for c, m in CARDS.items() if hasattr(m, "DECISIONS")}
    assert len(only) >= 8 and all(declares(CARDS[c], "uses") for c in only)
    answered = 0
    for i, state in enumerate(positions(seeds=(43, 44), steps=1500)):
        if i % 3:
            continue
        for p in state.players:
            p.cards += [c for c in only if c not in p.cards]
        for p in state.players:
            for w in WINDOWS:
                for card, kinds in only.items():
                    got = CARDS[card].uses(state, p.civ, w)
                    if got:
                        answered += 1
                        assert w == "" and isinstance(state.prompt, kinds), (card, w)
                every = [a for f in _each("uses") for a in f(state, p.civ, w)]
                assert active_powers(state, p.civ, w) == every
    assert answered > 100


def _listing(state: GameState, civ: str) -> list[object]:
    """A construction turn's listing the long way: every candidate priced and checked, each
    with every payment of its cost, then the powers."""
    p = player(state, civ)
    wild = wild_commodity(state, civ)
    best = max_set_value(p, wild=wild)
    out: list[object] = [EndConstruction()]
    for it in candidate_items(state, civ):
        c = cost(state, civ, it)
        if c <= best and placement_allowed(state, civ, it):
            out += [Buy(items=[it], payment=pay) for pay in payment_options(p, c, wild=wild)]
    return out + active_powers(state, civ)


def test_a_construction_turn_lists_what_the_long_way_lists() -> None:
    """The construction turn's listing (no candidates at all when no set of the player's
    pays for anything, the cards within his means found from their own costs) is the long
    way's, action for action."""
    turns = bought = 0
    for state in positions(seeds=(45, 46), steps=1500):
        if not isinstance(state.prompt, ConstructionTurn):
            continue
        turns += 1
        got = game.legal_actions(state)
        assert got == _listing(state, state.prompt.civ)
        bought += len(got) > 1
    assert turns > 100 and bought > 50


def test_a_power_for_its_holders_own_decisions_answers_in_no_window() -> None:
    """The two declarations of where a power answers agree: a card whose power is for
    some of its holder's own decisions only (`DECISIONS`, left out of every window by
    `active_powers`) declares no reaction window (`WINDOWS`, which the windows ask)."""
    from engine.rules.hooks import CARDS
    only_own = [m for m in CARDS.values() if getattr(m, "DECISIONS", None) is not None]
    assert len(only_own) >= 8
    for m in only_own:
        assert m.WINDOWS == (), m.CARD


def test_everyones_units_counted_in_one_pass_are_each_ones_count() -> None:
    """The military leader's count: everyone's units counted in one pass are the units
    of each player counted alone."""
    from engine.rules.common import military_count, military_counts
    for state in positions(seeds=(48,), steps=1500):
        civs = player_civs(state)
        units = military_counts(state)
        assert {c: units.get(c, 0) for c in civs} == {c: military_count(state, c) for c in civs}


def test_no_copy_without_a_choice_on_record() -> None:
    """`holds_copy` answers no at once when no power choice is on record: every card
    standing for another answers no then, for every player and card, in the positions of
    random games (and its answer is the cards' own when a choice is on record)."""
    from engine.rules.hooks import holds_copy
    hooks_ = _each("holds_copy")
    assert hooks_
    asked = chosen = 0
    for i, state in enumerate(positions(seeds=(49,), steps=1500)):
        if i % 5:
            continue
        for p in state.players:
            p.cards += [c for c in CARDS if c not in p.cards][:6]
            for card in ALL_CARDS:
                every = any(f(state, p.civ, card) for f in hooks_)
                assert holds_copy(state, p.civ, card) == every
                if not state.power_choices:
                    assert not every
                    asked += 1
                else:
                    chosen += 1
    assert asked > 1000 and chosen > 100


def test_pieces_out_counted_in_one_pass_while_read() -> None:
    """While a state is read, the first count of a kind of civ's units counts every kind
    at once: each answer is the count of that kind alone, asked in any order."""
    from engine.data.costs import PIECES_PER_CIV
    from engine.rules.common import _pieces_out, pieces_out
    kinds = list(PIECES_PER_CIV)
    for i, state in enumerate(positions(seeds=(50,), steps=1500)):
        if i % 4:
            continue
        order = kinds[i % len(kinds):] + kinds[:i % len(kinds)] + ["city"]
        r = reading.begin(state)
        try:
            for civ in player_civs(state):
                for k in order:
                    assert pieces_out(state, civ, k) == _pieces_out(state, civ, k)
        finally:
            reading.end(r)
