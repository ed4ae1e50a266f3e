"""The construction yard's shortcuts (issue 16, round 9) offer exactly what the rules pass:
a province held since the turn began with no one else's unit in it is a building site
without asking the rules, a province with no building has every commodity site free, and an
empty province within reach takes an influence marker when no stranger stands there. Each
is compared with the long way (every item checked by `placement.check`) for every player
and every province of the board, in the positions of the phase saves and random games:
provinces won this turn, at war, occupied, built up, a card's exemption held.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import game
from engine.actions import Item
from engine.data import board
from engine.rules import reading
from engine.rules.common import player, player_civs
from engine.rules.hooks import CARDS, declares
from engine.rules.yard import Yard
from engine.state import GameState

from .helpers import placement_allowed, random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]
# the cards that let a player build where the rules would not
_EXEMPTING = sorted(c for c, m in CARDS.items()
                    if declares(m, "build_site_exempt") or declares(m, "may_build_new_province"))


def _positions(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    """Every position, and one where the player to decide holds the exempting cards."""
    for state in random_positions(seeds, steps, CIVS):
        yield state
        if state.prompt is not None and state.phase == "construction":
            held = game.clone(state)
            p = player(held, state.prompt.civ)
            p.cards += [c for c in _EXEMPTING if c not in p.cards and c not in held.gods]
            yield held


# The chart's pieces built in a province (docs/rules.md, Construction: where things go: a
# city on a city site, a temple by a city, a market by a caravan, one fortress; legions and
# creatures in one's provinces), in the chart's order; then a trireme on a coast and a caravan on each
# commodity site of the province.
PROVINCE_PIECES = ("city", "temple", "market", "legion", "fortress", "creature")


def _sites_long_way(state: GameState, civ: str, pr: str) -> list[Item]:
    """What `site_items` offers in pr, the long way: every piece of the chart on every site
    of the board's province, each checked by the rules (the pieces left, the sites free)."""
    items = [Item(kind=k, province=pr) for k in PROVINCE_PIECES]
    items.append(Item(kind="trireme", province=pr))
    items += [Item(kind="caravan", province=pr, site=site)
              for site in board.PROVINCES[pr].commodity_sites]
    return [it for it in items if placement_allowed(state, civ, it)]


def _influence_long_way(state: GameState, civ: str, yard: Yard) -> list[Item]:
    """What `influence_items` offers, the long way: an empty province within reach by name,
    then each conversion of civ's, every marker checked by the rules."""
    items = [Item(kind="influence", province=pr) for pr in sorted(yard.reach())
             if state.provinces[pr].influence is None]
    items += [Item(kind="influence", province=c.province) for c in state.conversions
              if c.civ == civ]
    return [it for it in items if placement_allowed(state, civ, it)]


def test_the_yard_offers_in_each_province_what_the_rules_pass() -> None:
    """Buildings, units and caravans offered province by province, and the influence
    markers, are the items the rules pass, in the same order, for every player in every
    province (his or not), the position read as a listing reads it."""
    offered = shortcut = refused = caravans = markers = 0
    for state in _positions(seeds=(61, 62), steps=1500):
        r = reading.begin(state)
        try:
            for civ in player_civs(state):
                yard = Yard(state, civ)
                kinds = tuple(k for k in PROVINCE_PIECES if yard.has(k))
                for pr in board.PROVINCES:
                    got: list[Item] = []
                    yard.site_items(pr, kinds, yard.has("trireme"), yard.has("caravan"), got)
                    want = _sites_long_way(state, civ, pr)
                    assert got == want, (civ, pr)
                    offered += len(got)
                    ps = state.provinces[pr]
                    if ps.influence == civ and pr in state.construction.turn_start:
                        if got:
                            shortcut += 1
                        else:
                            refused += 1
                    caravans += not ps.buildings and any(it.kind == "caravan" for it in got)
                got = []
                yard.influence_items(got)
                assert got == _influence_long_way(state, civ, yard)
                markers += len(got)
        finally:
            reading.end(r)
    assert offered > 50_000 and shortcut > 5000 and refused > 100
    assert caravans > 1000 and markers > 5000
