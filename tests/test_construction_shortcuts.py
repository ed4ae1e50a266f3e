"""The shortcuts of the construction listing and of the greedy player's construction turn
(issue 16, round 5) answer exactly as the long way they replace, in the positions of random
games and of the phase saves, also with the deciding player holding every card that changes
a construction (exemptions, extra items, reductions, influence anywhere, a second fortress)
and a hand rich enough for heroes: the items offered and their costs, the building sites'
refusals, the building tokens counted, and the greedy player's buy with its noise.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine import game
from engine.actions import Buy
from engine.bots.facts import Facts
from engine.bots.greedy import GreedyBot
from engine.data import board
from engine.data.cards import COMMODITIES, TAX, WILD
from engine.data.costs import BUILDINGS
from engine.errors import IllegalAction
from engine.prompts import ConstructionTurn
from engine.rules import reading
from engine.rules.common import (
    at_war,
    controlled,
    player,
    player_civs,
    tokens_in_play,
    tokens_of_every_kind,
)
from engine.rules.construction import _own_provinces
from engine.rules.hooks import CARDS, declares, may_build_new_province
from engine.rules.payment import (
    max_set_value,
    payment_options,
    ranked_commodities,
)
from engine.rules.placement import (
    CONSTRUCTION,
    R_BUILD,
    SETUP,
    check_build_site,
    enemy_occupier_in,
    strangers,
)
from engine.state import GameState, Player

from .helpers import random_positions, set_hand
from .test_engine_shortcuts import priced_as_the_long_way
from .test_floor_shortcuts import _listing

CIVS = ["rome", "greece", "egypt", "carthage"]
# the hooks a construction turn asks of the cards
_HOOKS = ("build_site_exempt", "extra_items", "reduction", "may_build_new_province",
          "influence_anywhere", "fortress_limit", "offered", "card_cost", "wild_commodity")
_BUILDERS = sorted(c for c, m in CARDS.items() if any(declares(m, h) for h in _HOOKS))


def _variants(state: GameState) -> Iterator[GameState]:
    """The position; a copy where the deciding player holds every construction card; and
    one where he also holds 9 tax cards and a commodity of each of four kinds."""
    yield state
    prompt = state.prompt
    civ = prompt.civ if prompt is not None else state.players[0].civ
    rich = game.clone(state)
    p = player(rich, civ)
    p.cards += [c for c in _BUILDERS if c not in p.cards and c not in rich.gods]
    for c in _BUILDERS:
        if c in rich.gods:
            rich.gods[c] = civ
    yield rich
    richer = game.clone(rich)
    set_hand(richer, civ, {"tax": 9, "wine": 1, "grain": 1, "slaves": 1, "metal": 1})
    yield richer


def _twins(seed: int, state: GameState) -> tuple[GreedyBot, GreedyBot]:
    """Two greedy players seeded alike, each with its own facts of `state` (being read):
    one decides the short way, the other the long way."""
    fast, slow = GreedyBot(seed), GreedyBot(seed)
    fast._facts = Facts(state)
    slow._facts = Facts(state)
    return fast, slow


def _construction_positions(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    for state in random_positions(seeds, steps, CIVS):
        if state.phase == "construction":
            yield from _variants(state)


def test_the_items_offered_are_those_the_long_way_offers() -> None:
    """The yard makes only the items it passes, province by province (no item when a
    province cannot be built in, a kind with no piece left skipped everywhere): the same
    items, in the same order, at the same costs, read or not, cards or none."""
    seen = kinds = 0
    for state in _construction_positions(seeds=(51, 52), steps=1500):
        for civ in player_civs(state):
            want = priced_as_the_long_way(state, civ)
            seen += len(want)
            kinds |= 0 if not want else sum(1 << i for i, k in enumerate(
                ("influence", "city", "temple", "market", "legion", "fortress", "creature",
                 "trireme", "caravan", "card")) if any(it.kind == k for it, _ in want))
        if isinstance(state.prompt, ConstructionTurn):
            assert game.legal_actions(state) == _listing(state, state.prompt.civ)
    assert seen > 5000 and kinds == (1 << 10) - 1


def _site_long_way(state: GameState, civ: str, province: str, mode: str) -> None:
    """The building site's refusal as it was written: each condition asked in turn."""
    if province not in board.PROVINCES:
        raise IllegalAction(f"{province} is not a land province", R_BUILD)
    ps = state.provinces[province]
    if ps.influence != civ:
        raise IllegalAction(
            f"You have no influence marker in {board.area_name(province)}: you may build only "
            "in your own provinces", "Rules for Construction")
    if mode == CONSTRUCTION:
        cs = state.construction
        if province not in cs.turn_start and not may_build_new_province(state, civ, province):
            raise IllegalAction(
                f"{board.area_name(province)} became yours this turn; build there next turn",
                R_BUILD)
        if province != player(state, civ).capital and (
                at_war(state, province) or enemy_occupier_in(state, province, civ)):
            raise IllegalAction(
                f"{board.area_name(province)} is at war or occupied; only your capital can be "
                "built in then",
                "Construction: where things go (capital exception: combat example)")


def _refusal(f: Any, *args: Any) -> tuple[str, str] | None:
    try:
        f(*args)
    except IllegalAction as e:
        return (e.reason, e.rule)
    return None


def test_a_building_sites_refusal_is_the_long_ways() -> None:
    """War and an enemy occupier are found in one pass over the province's units: the same
    refusal (reason and rule) for every player in every area, in construction and setup,
    read or not; and the building tokens of every kind counted at once are those counted
    kind by kind."""
    areas = [*sorted(board.PROVINCES), "nowhere", *sorted(board.SEAS)[:2]]
    refused = 0
    for state in random_positions((53,), 1500, CIVS):
        want = {(civ, a, mode): _refusal(_site_long_way, state, civ, a, mode)
                for civ in player_civs(state) for a in areas for mode in (CONSTRUCTION, SETUP)}
        got = {k: _refusal(check_build_site, state, *k) for k in want}
        assert got == want
        refused += sum(1 for r in want.values() if r and "war" in r[0])
        tokens = {k: tokens_in_play(state, k) for k in BUILDINGS}
        assert tokens_of_every_kind(state) == tokens
        r = reading.begin(state)
        try:
            assert {k: _refusal(check_build_site, state, *k) for k in want} == want
            assert tokens_of_every_kind(state) == tokens
            assert {k: tokens_in_play(state, k) for k in BUILDINGS} == tokens
        finally:
            reading.end(r)
    assert refused > 100


def test_the_areas_of_strangers_are_where_anothers_units_stand() -> None:
    """`placement.strangers` (the areas a building site or an influence marker asks the
    units of, while read) holds exactly the areas where a unit of another's stands: found
    without a step per unit, and remembered only while the state is read."""
    seen = 0
    for state in random_positions((55,), 1200, CIVS):
        assert strangers(state, CIVS[0]) is None  # not read: the long way is taken
        r = reading.begin(state)
        try:
            for civ in player_civs(state):
                want = {u.area for u in state.units if u.owner != civ}
                assert strangers(state, civ) == want
                assert strangers(state, civ) is strangers(state, civ)
                seen += len(want)
        finally:
            reading.end(r)
    assert seen > 10000


def _payments_long_way(hand: dict[str, int], cost: int, wild: bool) -> list[dict[str, int]]:
    """`payment_options` as it was written: the commodities ranked by a key per kind."""
    out: list[dict[str, int]] = []
    if cost <= 0:
        return out
    if hand.get(TAX, 0) >= cost:
        out.append({TAX: cost})
    kinds = sorted((c for c in COMMODITIES if hand.get(c, 0) > 0),
                   key=lambda c: (-hand[c], COMMODITIES.index(c)))
    if len(kinds) >= cost:
        out.append({c: 1 for c in sorted(kinds[:cost])})
    if wild and cost >= 2 and len(kinds) >= cost - 1 and cost - 1 < len(COMMODITIES):
        out.append({**{c: 1 for c in sorted(kinds[:cost - 1])}, WILD: 1})
    return out


def test_the_payments_offered_are_the_long_ways() -> None:
    """Ranking a hand's commodities once (by the commodities' order, then a stable sort by
    count) offers the same sets, in the same order, for every cost, as ranking them per
    cost by a key per kind; and the best set is worth what it was: in random hands with
    many ties (and kinds held 0 times), and in the hands of random games."""
    rng = random.Random(56)
    hands = [{c: rng.choice((0, 0, 1, 1, 2, 3)) for c in rng.sample(COMMODITIES, rng.randint(0, 9))}
             | {TAX: rng.randint(0, 6)} for _ in range(3000)]
    hands += [dict(p.hand) for state in random_positions((56,), 600, CIVS) for p in state.players]
    for hand in hands:
        p = Player(civ="rome", seat=0, capital="roma", hand=hand)
        for wild in (False, True):
            distinct = sum(1 for c, n in hand.items() if n > 0 and c in COMMODITIES)
            if wild and 0 < distinct < len(COMMODITIES):
                distinct += 1
            assert max_set_value(p, wild=wild) == max(hand.get(TAX, 0), distinct)
        kinds = ranked_commodities(p)
        for cost in range(-1, 14):
            for wild in (False, True):
                want = _payments_long_way(hand, cost, wild)
                assert payment_options(p, cost, wild=wild) == want
                assert payment_options(p, cost, wild=wild, kinds=kinds) == want


def _own_long_way(state: GameState, civ: str) -> list[str]:
    """A construction turn's provinces from the rules: every province of the board under
    civ's influence marker, each once; those held when the turn began first, in the order
    they were then, then the ones won since, in the board's order."""
    mine = [pr for pr in board.PROVINCES if state.provinces[pr].influence == civ]
    held = state.construction.turn_start
    return [pr for pr in held if pr in mine] + [pr for pr in mine if pr not in held]


def test_a_players_provinces_are_the_long_ways() -> None:
    """A construction turn's provinces, taken from its start when his markers are as many
    as then and still there, are those found looking at every province: read or not, with
    markers won and lost during the turn."""
    differ = 0
    for state in _construction_positions(seeds=(57, 58), steps=1500):
        civ = state.construction.turn_civ
        if not civ:
            continue
        swapped = game.clone(state)  # one marker lost to another, one won: as many
        lost = swapped.construction.turn_start[:1]
        won = [pr for pr, ps in swapped.provinces.items() if ps.influence is None][:1]
        if lost and won:
            swapped.provinces[lost[0]].influence = next(c for c in CIVS if c != civ)
            swapped.provinces[won[0]].influence = civ
        for s in (state, swapped):
            want = _own_long_way(s, civ)
            differ += want != controlled(s, civ)
            assert _own_provinces(s, civ) == want
            r = reading.begin(s)
            try:
                assert _own_provinces(s, civ) == want
            finally:
                reading.end(r)
    assert differ > 10


def test_the_greedy_players_buy_is_the_long_ways() -> None:
    """The greedy player's best buy, found in one pass with each item valued once, is the
    first of the highest `_buy_score`s, with the same score and the same noise drawn."""
    decided = hoarded = 0
    for i, state in enumerate(_construction_positions(seeds=(54,), steps=2500)):
        prompt = state.prompt
        if not isinstance(prompt, ConstructionTurn):
            continue
        acts = game.legal_actions(state)
        buys = [a for a in acts if isinstance(a, Buy)]
        if not buys:
            continue
        me = player(state, prompt.civ)
        r = reading.begin(state)
        try:
            fast, slow = _twins(i, state)
            score, best = fast._best_buy(fast._facts, me, buys)
            scored = [(slow._buy_score(state, me, a), a) for a in buys]
            want_score, want = max(scored, key=lambda t: t[0])
        finally:
            reading.end(r)
        assert best is want and score == want_score
        assert fast.rng.state == slow.rng.state
        decided += 1
        hoarded += any(s == -1 for s, _ in scored)
    assert decided > 200 and hoarded > 10


def test_a_hands_loss_and_gain_counted_from_its_counts_are_the_long_ways() -> None:
    """A hand's potential less some cards (given, taken, or not resources at all) found
    from the hand's counts and the cards alone is the value of walking the whole hand; so
    are the greedy player's loss and gain of a card."""
    from engine.bots.facts import potential_less, set_potential
    from engine.data.cards import COMMODITIES, RESOURCES, TAX, WILD
    from engine.rng import Rng
    rng = Rng(55)
    kinds = [*RESOURCES, WILD, "nothing"]
    checked = 0
    for state in random_positions((55,), 600, CIVS):
        f = Facts(state)
        bot = GreedyBot(1)
        bot._facts = f
        for p in state.players:
            for _ in range(6):
                cards = {kinds[rng.below(len(kinds))]: rng.below(5) - 2
                         for _ in range(1 + rng.below(4))}
                assert f.potential_less(p, cards) == potential_less(p.hand, cards)
                assert f.loss(p, cards) == set_potential(p.hand) - potential_less(p.hand, cards)
            for card in [*COMMODITIES, TAX]:
                hand = dict(p.hand)
                hand[card] = hand.get(card, 0) + 1
                assert bot._gain(p, card) == set_potential(hand) - set_potential(p.hand)
                checked += 1
    assert checked > 1000


def test_the_greedy_players_attack_is_the_long_ways() -> None:
    """The greedy player's best move in a ground turn, found in one pass with the facts
    looked up once, is the first of the highest `_attack_score`s above 0, with the same
    score, the same powers weighed after it and the same noise drawn."""
    from engine.actions import Move, UsePower
    from engine.prompts import GroundTurn
    decided = attacking = 0
    for i, state in enumerate(random_positions((56, 57), 2500, CIVS)):
        prompt = state.prompt
        if not isinstance(prompt, GroundTurn):
            continue
        acts = game.legal_actions(state)
        if not any(isinstance(a, Move) for a in acts):
            continue
        me = player(state, prompt.civ)
        r = reading.begin(state)
        try:
            fast, slow = _twins(i, state)
            best, score, uses = fast._best_attack(fast._facts, me, acts)
            want, want_score = None, 0.0
            for a in acts:
                if isinstance(a, Move):
                    s = slow._attack_score(state, me, a)
                    if s > want_score:
                        want, want_score = a, s
        finally:
            reading.end(r)
        assert best is want and score == want_score
        assert uses == [a for a in acts if isinstance(a, UsePower)]
        assert fast.rng.state == slow.rng.state
        decided += 1
        attacking += best is not None
    assert decided > 200 and attacking > 50
