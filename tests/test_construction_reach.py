"""The construction listing leaves out the kinds of item no set of the player's pays for
(issue 16): an item is worth pricing only if its chart cost is within his best set, or one
reduction of his cards could bring it there. Both shortcuts answer as the long way.
"""

from __future__ import annotations

from engine import game
from engine.data.cards import ALL_CARDS, COMMODITIES
from engine.rules.common import player_civs
from engine.rules.hooks import CARDS, declares
from engine.state import Config

from .test_engine_shortcuts import CIVS, _positions, every_reduction, priced_as_the_long_way

# The construction cost chart's cheapest items (an influence marker, a city, a caravan, a
# legion, a trireme, a fortress) cost 3 (docs/rules.md, Construction: costs).
CHEAPEST_ON_THE_CHART = 3

KINDS = ("influence", "city", "caravan", "temple", "market", "legion", "trireme",
         "fortress", "creature")
WITH_REDUCTION = [c for c, m in CARDS.items() if declares(m, "reduction")]


def test_a_reduction_applies_only_to_the_kinds_its_card_names() -> None:
    """Every card with a reduction names the kinds of item it may apply to (REDUCES), and
    answers None for any other kind, for its holder anywhere, his own province or not, just
    influenced or not."""
    found = 0
    for card, it, r in every_reduction():
        if it.kind not in CARDS[card].REDUCES:
            assert r is None, (card, it, r)
        found += bool(r)
    assert found > 100


def test_the_items_priced_with_reductions_are_the_long_ways() -> None:
    """Each player holding each card with a reduction in turn, a hand whose best set is worth 0 to 10: the
    same items at the same costs as when every kind a reduction could reach is priced."""
    seen = 0
    for n, state in enumerate(_positions(seeds=(36,), steps=1500)):
        if state.phase != "construction" or n % 3:
            continue
        for civ in player_civs(state):
            p = next(p for p in state.players if p.civ == civ)
            cards, hand = list(p.cards), dict(p.hand)
            for i, card in enumerate(WITH_REDUCTION):
                p.cards = [*cards, card]
                p.hand = dict.fromkeys(COMMODITIES[:(n + i) % 11], 1)  # a set of so many
                seen += len(priced_as_the_long_way(state, civ))
            p.cards, p.hand = cards, hand
    assert seen > 1000


def test_no_card_costs_less_than_the_cheapest_item() -> None:
    """A player whose best set is worth less than the cheapest item of the chart, one
    reduction off, is offered nothing to buy: no hero or wonder costs less, in a short
    game or a long one."""
    from engine.rules.hooks import card_cost
    for long_game in (False, True):
        state, _ = game.new_game(Config(civs=CIVS, seed=63, long_game=long_game))
        for card, info in ALL_CARDS.items():
            if info.kind in ("hero", "wonder", "civ_hero"):
                assert card_cost(state, card) >= CHEAPEST_ON_THE_CHART, card
