"""May a construction candidate go where it is offered? Asked for dozens of items at once.

`placement.check` validates one item and asks, for each, what it shares with the others:
the tokens left in the supply, the player's reserve and fortress limit, the province's
building site and its buildings. Listing a construction turn checks every candidate, so a
`Yard` (made for one listing: the state must not change meanwhile) asks each of those once
and answers exactly as `check(state, civ, item, CONSTRUCTION)` passes or refuses, for the
items built on the board, the influence markers and the heroes and wonders
(tests/test_floor_shortcuts.py compares them in random games). The listing itself asks
`site_items` for each of the player's provinces, which makes only the items `buildable`
would pass (tests/test_construction_shortcuts.py). It restates the rules of
engine/rules/placement.py for a construction turn: a change to one is a change to both.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from operator import attrgetter
from typing import Any

from ..actions import Item
from ..data import board
from ..data.cards import ALL_CARDS, CIV_HERO
from ..data.costs import PIECES_PER_CIV
from ..errors import IllegalAction
from ..state import GameState
from .common import (
    count_for_construction,
    free_commodity_sites,
    ground_units_in,
    player,
    reserve,
    tokens_of_every_kind,
)
from .geography import influence_reach
from .hooks import (
    check_acquire,
    fortress_limit,
    influence_anywhere,
    offered,
    site_exemptions,
)
from .placement import CONSTRUCTION, check, site_fault, strangers

TOKENS = ("city", "caravan", "temple", "market")  # buildings: from the common supply
UNITS = ("legion", "trireme", "fortress", "creature")  # from the player's reserve
BUILT = frozenset(TOKENS + UNITS)


class Yard:
    """The facts the candidates of one construction listing share, each asked once."""

    __slots__ = ("state", "civ", "_left", "_sites", "_kinds", "_limit", "_reach", "_offered",
                 "_exempt", "_free", "_forts", "_tokens", "_others")

    def __init__(self, state: GameState, civ: str) -> None:
        self.state = state
        self.civ = civ
        self._left: dict[str, bool] = {}  # a token in the supply, a piece in the reserve
        self._sites: dict[str, bool] = {}  # may civ build in the province now
        self._kinds: dict[str, frozenset[str]] = {}  # the kinds of building in the province
        self._limit = 0  # civ's fortresses allowed per province (0: not asked yet)
        self._reach: AbstractSet[str] | None = None  # where civ's influence may go
        self._offered: list[str] | None = None  # the cards on offer to civ by a card
        # the cards letting him build where he has no influence (None: not asked yet)
        self._exempt: list[Callable[..., Any]] | None = None
        self._free: dict[str, list[str]] = {}  # the free commodity sites of a province
        self._forts: dict[str, int] | None = None  # civ's fortresses, by province
        self._tokens: dict[str, int] | None = None  # the building tokens in play, by kind
        counted = count_for_construction(state, civ)  # the counts asked below, in one pass
        if counted is not None:  # each kind of unit left in his reserve, from that count
            for k in UNITS:
                self._left[k] = PIECES_PER_CIV[k] > counted.get(k, 0)
        # where another's units stand (placement.strangers: asked by every listing's sites)
        self._others = strangers(state, civ)

    def buildable(self, item: Item) -> bool:
        """Would `check(state, civ, item, CONSTRUCTION)` pass?"""
        k = item.kind
        if k == "card":
            return self.may_acquire(item.card)
        pr = item.province
        if pr not in board.PROVINCES:
            return self._long_way(item)
        if k == "influence":
            return self._influence(pr)
        if k not in BUILT:
            return self._long_way(item)
        site = self._sites.get(pr)
        if site is None:
            site = self._site(pr)
        if not site and not self._exempted(item):
            return False
        if not self.has(k):
            return False
        if k == "legion" or k == "creature":
            return True
        if k == "trireme":
            return board.PROVINCES[pr].coastal
        if k == "caravan":
            free = self._free_sites(pr)
            return (item.site or (free[0] if len(free) == 1 else "")) in free
        return self._fits(k, pr)

    def _fits(self, k: str, pr: str) -> bool:
        """A fortress, city, temple or market in pr, a building site of civ's with a piece
        left: the fortress limit, or what the province's buildings allow."""
        if k == "fortress":
            if not self._limit:
                self._limit = fortress_limit(self.state, self.civ)
            return self._fortresses().get(pr, 0) < self._limit
        return _token_fits(k, bool(board.PROVINCES[pr].city_site), self._built(pr))

    def _built(self, pr: str) -> frozenset[str]:
        """The kinds of building in province pr."""
        kinds = self._kinds.get(pr)
        if kinds is None:
            buildings = self.state.provinces[pr].buildings
            kinds = self._kinds[pr] = frozenset(map(_KIND, buildings)) if buildings else _NONE
        return kinds

    def site_items(self, pr: str, kinds: tuple[str, ...], trireme: bool, caravan: bool,
                   out: list[Item]) -> None:
        """Append to `out` the items `construction` offers in civ's province pr (these kinds,
        then a trireme on a coast, then a caravan on each free commodity site, in that
        order) that `buildable` passes: the province's facts are asked once for them all, and
        no item is made for what would be refused. Every kind asked must have a piece left
        (`has`): the caller leaves out the others, once for all his provinces."""
        info = board.PROVINCES.get(pr)
        ps = self.state.provinces[pr] if info is not None else None
        others = self._others
        # As is usual, his since the turn began with no one else's unit there: a building
        # site of his (`site_fault` finds nothing), without asking the rules.
        held = ps is not None and ps.influence == self.civ and others is not None and \
            pr not in others and pr in self.state.construction.turn_start
        if info is None or ps is None or not (held or self._site(pr)):
            if info is not None and not self._exemptions():
                return  # no building here at all
            for it in _offered_in(pr, kinds, trireme, caravan, self._free_sites(pr)):
                if self.buildable(it):  # a card may let some go there: each the long way
                    out.append(it)
            return
        made = _SITE_ITEMS[pr]  # the board's items of this province, made once
        append = out.append
        buildings = ps.buildings  # none (as in most provinces): every commodity site free
        # the kinds that fit, from a table keyed on all that `_fits` reads of the province
        fort = "fortress" in kinds and self._fits("fortress", pr)
        built = self._built(pr) if buildings else _NONE
        key = (kinds, bool(info.city_site), built, fort)
        fitting = _FITTING.get(key)
        if fitting is None:
            fitting = _FITTING[key] = _fitting(*key)
        for k in fitting:
            append(made[k])
        if trireme and info.coastal:
            append(made["trireme"])
        if caravan:
            if "caravan" not in built:  # (as most provinces) every commodity site free
                out += _ALL_CARAVANS[pr]
                return
            free = self._free_sites(pr)
            if free:
                caravans = _CARAVANS[pr]
                for site in free:
                    append(caravans[site])

    def influence_items(self, out: list[Item]) -> None:
        """Append to `out` the influence markers `construction` offers, in its order (the
        provinces within reach by name, then civ's conversions to complete) that
        `may_influence` passes: the board's own items, none made for a refused one."""
        if not self.has("influence"):
            return  # no marker left: none is buildable
        state, civ = self.state, self.civ
        provinces = state.provinces
        append = out.append
        others = self._others
        for pr in sorted(self.reach()):  # (`_unowned`, within reach already)
            if provinces[pr].influence is None and (
                    others is not None and pr not in others
                    or not any(u.owner != civ for u in ground_units_in(state, pr))):
                append(_INFLUENCE[pr])
        for c in state.conversions:
            if c.civ == civ and self.may_influence(c.province):
                append(Item(kind="influence", province=c.province))

    def may_influence(self, pr: str) -> bool:
        """`buildable` of an influence marker in pr."""
        return self._influence(pr) if pr in board.PROVINCES else \
            self._long_way(Item(kind="influence", province=pr))

    def has(self, k: str) -> bool:
        """Is a piece of this kind left to civ (a token in the supply, a piece in his
        reserve, an influence marker)?"""
        left = self._left.get(k)
        if left is None:
            state = self.state
            if k in TOKENS:
                tokens = self._tokens
                if tokens is None:  # asked once for the kinds of building
                    tokens = self._tokens = tokens_of_every_kind(state)
                left = tokens.get(k, 0) < state.token_supply.get(k, 0)
            else:
                left = reserve(state, self.civ, k) > 0
            self._left[k] = left
        return left

    def _fortresses(self) -> dict[str, int]:
        """civ's fortresses in each area (`units_in(state, area, civ, ("fortress",))`
        counted for every area in one pass)."""
        forts = self._forts
        if forts is None:
            forts = self._forts = {}
            civ = self.civ
            for u in self.state.units:
                if u.kind == "fortress" and u.owner == civ:
                    forts[u.area] = forts.get(u.area, 0) + 1
        return forts

    def _free_sites(self, pr: str) -> list[str]:
        free = self._free.get(pr)
        if free is None:
            free = self._free[pr] = free_commodity_sites(self.state, pr)
        return free

    def _exemptions(self) -> list[Callable[..., Any]]:
        if self._exempt is None:
            self._exempt = site_exemptions(self.state, self.civ)
        return self._exempt

    def _exempted(self, item: Item) -> bool:
        for f in self._exemptions():
            if f(self.state, self.civ, item, CONSTRUCTION):
                return True
        return False

    def may_acquire(self, card: str) -> bool:
        """`buildable` of a card: placement._check_card in a construction turn."""
        info = ALL_CARDS.get(card)
        if info is None or info.kind not in ("civ_hero", "hero", "wonder"):
            return False
        civ = self.civ
        if info.kind == "civ_hero":
            return CIV_HERO[civ] == card and card not in player(self.state, civ).cards
        if self._offered is None:
            self._offered = offered(self.state, civ)
        if card in self._offered:
            try:
                check_acquire(self.state, civ, card)
            except IllegalAction:
                return False
            return True
        return card in self.state.display

    def _influence(self, pr: str) -> bool:
        """placement._check_influence in a construction turn."""
        state, civ = self.state, self.civ
        if not self.has("influence"):
            return False
        owner = state.provinces[pr].influence
        if owner is not None:
            if owner == civ:
                return False
            conv = [c for c in state.conversions if c.province == pr and c.civ == civ]
            if not conv or conv[0].turn != state.turn - 1:
                return False
            return pr in self.reach()
        return self._unowned(pr)

    def _unowned(self, pr: str) -> bool:
        """`_influence` of a province with no influence marker, civ having one left."""
        civ = self.civ
        others = self._others
        if (others is None or pr in others) and \
                any(u.owner != civ for u in ground_units_in(self.state, pr)):
            return False
        return pr in self.reach()

    def reach(self) -> AbstractSet[str]:
        """The provinces civ's influence may go to by the map (every one if a card lets it
        go anywhere), asked once for the listing."""
        reach = self._reach
        if reach is None:
            state, civ = self.state, self.civ
            reach = self._reach = board.PROVINCES.keys() if influence_anywhere(state, civ) \
                else influence_reach(state, civ,
                                     state.construction.controlled_at_start.get(civ, []))
        return reach

    def _site(self, province: str) -> bool:
        ok = self._sites.get(province)
        if ok is None:
            ok = self._sites[province] = not site_fault(self.state, self.civ, province,
                                                        CONSTRUCTION)
        return ok

    def _long_way(self, item: Item) -> bool:
        try:
            check(self.state, self.civ, item, CONSTRUCTION)
        except IllegalAction:
            return False
        return True


def _token_fits(k: str, city_site: bool, built: AbstractSet[str]) -> bool:
    """May a city, temple or market go in a building site of civ's with a piece left, the
    province having a city site or not and buildings of these kinds?"""
    if k == "city":
        return city_site and "city" not in built
    if k == "temple":
        return "city" in built and "temple" not in built
    return "caravan" in built and "market" not in built  # a market


def _fitting(kinds: tuple[str, ...], city_site: bool, built: frozenset[str],
             fortress: bool) -> tuple[str, ...]:
    """Those of `kinds` that fit in a building site of civ's (`Yard._fits`): a legion and a
    creature always; a fortress if `fortress` (his limit there not reached); a building as
    `_token_fits` says."""
    return tuple(k for k in kinds if k == "legion" or k == "creature" or (
        fortress if k == "fortress" else _token_fits(k, city_site, built)))


# `_fitting` of every (kinds, city site, buildings, fortress) met: a function of its key
# alone, so the key is complete (at most 2^6 x 2 x 2^4 x 2 keys)
_FITTING: dict[tuple[tuple[str, ...], bool, frozenset[str], bool], tuple[str, ...]] = {}
_KIND = attrgetter("kind")
_NONE: frozenset[str] = frozenset()


def _offered_in(pr: str, kinds: tuple[str, ...], trireme: bool, caravan: bool,
                free: list[str]) -> list[Item]:
    """The items `construction` offers in one of civ's provinces, before any check."""
    items = [Item(kind=k, province=pr) for k in kinds]
    if trireme and board.PROVINCES[pr].coastal:
        items.append(Item(kind="trireme", province=pr))
    if caravan:
        items += [Item(kind="caravan", province=pr, site=site) for site in free]
    return items


# The items the board offers, made once: every kind built in each province, the caravan of
# each commodity site, an influence marker in each province (items are frozen: a listing
# shares them).
_SITE_ITEMS: dict[str, dict[str, Item]] = {
    pr: {k: Item(kind=k, province=pr) for k in BUILT} for pr in board.PROVINCES}
_CARAVANS: dict[str, dict[str, Item]] = {
    pr: {s: Item(kind="caravan", province=pr, site=s) for s in info.commodity_sites}
    for pr, info in board.PROVINCES.items()}
# the caravans of all a province's commodity sites, in their order (its free sites when it
# has no caravan)
_ALL_CARAVANS: dict[str, tuple[Item, ...]] = {
    pr: tuple(_CARAVANS[pr][s] for s in info.commodity_sites)
    for pr, info in board.PROVINCES.items()}
_INFLUENCE: dict[str, Item] = {pr: Item(kind="influence", province=pr) for pr in board.PROVINCES}
