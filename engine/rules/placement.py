"""Where each item may be placed (docs/rules.md, Construction: where things go; rulebook, Rules for
Construction and Free Setup). `place` validates one item and puts it on the board; it raises
IllegalAction, naming the rule, when the item may not go there."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from ..actions import Item
from ..data import board
from ..data.cards import ALL_CARDS, CIV_HERO, CIV_NAMES
from ..data.costs import GROUND_UNITS
from ..errors import IllegalAction
from ..events import Built, CardAcquired, ConversionCompleted, Event
from ..state import Building, GameState
from .common import (
    STRANGERS,
    free_commodity_sites,
    ground_units_in,
    has_building,
    new_unit,
    player,
    reserve,
    tokens_in_play,
    units_in,
)
from .geography import influence_reach
from .hooks import (
    build_site_exempt,
    check_acquire,
    fortress_limit,
    influence_anywhere,
    may_build_new_province,
    offered,
    on_acquire,
    on_influence,
    unit_built,
)
from .reading import remembered, units_by_area

R_BUILD = "Rules for Construction: build only in provinces you controlled when your turn began"
R_INFLUENCE = "Placement: influence goes next to a province you controlled at the start of the phase"
R_CAPITAL = "Free Setup: each player's first marker goes in his own capital, kept for him"

CONSTRUCTION, SETUP, FREE = "construction", "setup", "free"


def setup_area(civ_capital: str) -> set[str]:
    """The capital and the provinces next to it: by land, or, for an island capital,
    across the seas it touches (free setup)."""
    p = board.PROVINCES[civ_capital]
    area = {civ_capital, *p.land_neighbours}
    if p.island:
        for s in p.seas:
            area.update(board.SEAS[s].provinces)
    return area


def enemy_occupier_in(state: GameState, province: str, civ: str) -> bool:
    return any(u.post for u in units_in(state, province) if u.owner != civ)


def _check_build_site(state: GameState, civ: str, province: str, mode: str) -> None:
    """`_site_refusal`, raised. While the state is only read the answer is remembered: the
    construction candidates ask it for every kind of item in each province."""
    memo = remembered(state)
    if memo is None:
        _site_refusal(state, civ, province, mode)
        return
    key = ("build_site", civ, province, mode)
    got = memo.get(key, False)
    if got is False:
        try:
            _site_refusal(state, civ, province, mode)
            got = None
        except IllegalAction as e:
            got = (e.reason, e.rule)
        memo[key] = got
    if got is not None:
        raise IllegalAction(*got)


def _site_refusal(state: GameState, civ: str, province: str, mode: str) -> None:
    fault = site_fault(state, civ, province, mode)
    if not fault:
        return
    if fault == _NOT_LAND:
        raise IllegalAction(f"{province} is not a land province", R_BUILD)
    name = board.area_name(province)
    if fault == _NOT_OWN:
        raise IllegalAction(
            f"You have no influence marker in {name}: you may build only "
            "in your own provinces", "Rules for Construction")
    if fault == _TOO_NEW:
        raise IllegalAction(f"{name} became yours this turn; build there next turn", R_BUILD)
    raise IllegalAction(
        f"{name} is at war or occupied; only your capital can be "
        "built in then", "Construction: where things go (capital exception: combat example)")


# Why civ may not build in a province (`site_fault`); 0: he may.
_NOT_LAND, _NOT_OWN, _TOO_NEW, _AT_WAR = 1, 2, 3, 4


def site_fault(state: GameState, civ: str, province: str, mode: str) -> int:
    """0 if civ may build in this province now (influence, turn start, war), else why not
    (`_site_refusal` says it in words): the yard asks it for each of his provinces."""
    if province not in board.PROVINCES:
        return _NOT_LAND
    if state.provinces[province].influence != civ:
        return _NOT_OWN
    if mode == CONSTRUCTION:
        if province not in state.construction.turn_start and \
                not may_build_new_province(state, civ, province):
            return _TOO_NEW
        # the war asked first: most provinces are at peace, so his capital is seldom looked up
        if _war_or_occupied(state, province, civ) and province != player(state, civ).capital:
            return _AT_WAR
    return 0


def _war_or_occupied(state: GameState, province: str, civ: str) -> bool:
    """`at_war(state, province) or enemy_occupier_in(state, province, civ)`, the province's
    units looked at once: two owners of ground units, or another's unit on a post."""
    others = strangers(state, civ)
    if others is not None and province not in others:
        return False  # only civ's units stand there: one owner, and his own posts
    index = units_by_area(state)
    first = None  # the first owner of ground units met
    for u in state.units if index is None else index.get(province, ()):
        if u.area != province:
            continue
        if u.post and u.owner != civ:
            return True
        if u.kind in GROUND_UNITS:
            if first is None:
                first = u.owner
            elif u.owner != first:
                return True
    return False


def strangers(state: GameState, civ: str) -> AbstractSet[str] | None:
    """The areas where a unit of someone other than civ stands, while `state` is only read
    (remembered then); None when it is not. Only
    there may civ's provinces be at war or occupied, or hold another's ground units (one
    pass for all his provinces, instead of the units indexed by area)."""
    memo = remembered(state)
    if memo is None:
        return None
    key = STRANGERS + (civ,)
    got: AbstractSet[str] | None = memo.get(key)
    if got is None:
        got = memo[key] = {u.area for u in state.units if u.owner != civ}
    return got


def check_build_site(state: GameState, civ: str, province: str, mode: str) -> None:
    """May civ build in this province now (influence, turn start, war)? IllegalAction if not."""
    _check_build_site(state, civ, province, mode)


def _check_influence(state: GameState, civ: str, province: str, mode: str) -> str | None:
    """Validate an influence marker; returns the previous owner for a conversion."""
    if province not in board.PROVINCES:
        raise IllegalAction(f"{province} is not a land province", R_INFLUENCE)
    name = board.area_name(province)
    ps = state.provinces[province]
    if reserve(state, civ, "influence") <= 0:
        raise IllegalAction("You have no influence marker left in your reserve",
                            "Components: 12 influence markers")
    converting = False
    if ps.influence is not None:
        conv = [c for c in state.conversions if c.province == province and c.civ == civ]
        if mode == CONSTRUCTION and ps.influence != civ and conv and \
                conv[0].turn == state.turn - 1:
            converting = True
        elif ps.influence == civ:
            raise IllegalAction(f"You already have influence in {name}", R_INFLUENCE)
        else:
            raise IllegalAction(
                f"{name} carries another influence marker; convert it in battle first",
                "Convert the Province")
    if not converting and any(u.owner != civ for u in ground_units_in(state, province)):
        raise IllegalAction(f"{name} holds another player's military units",
                            "Construction: where things go: not where another player has units")
    if mode == SETUP:
        p = player(state, civ)
        if province not in setup_area(p.capital):
            raise IllegalAction(f"{name} is not your capital or next to it",
                                "Free Setup: build only in and next to the capital")
        owner = next((q.civ for q in state.players if q.capital == province), civ)
        if owner != civ:  # kept for its owner, who must place a marker there
            raise IllegalAction(f"{name} is the capital of {CIV_NAMES[owner]}", R_CAPITAL)
        return None
    if mode == FREE or influence_anywhere(state, civ):
        return ps.influence if converting else None
    start = state.construction.controlled_at_start.get(civ, [])
    if province not in influence_reach(state, civ, start):
        raise IllegalAction(f"{name} is not next to your provinces, by land or by a chain "
                            "of your triremes", R_INFLUENCE)
    return ps.influence if converting else None


def _check_capital_first(state: GameState, civ: str, item: Item) -> None:
    """Free Setup: a player's first purchase is the influence marker of his capital, the
    one province his empire may start from; his hero's free unit then has its place too
    (docs/rulings.md, Setup)."""
    capital = player(state, civ).capital
    if state.provinces[capital].influence == civ or (
            item.kind == "influence" and item.province == capital):
        return
    raise IllegalAction(f"Place your first influence marker in your capital, "
                        f"{board.area_name(capital)}, before anything else", R_CAPITAL)


def check(state: GameState, civ: str, item: Item, mode: str) -> None:
    """Raise IllegalAction if the item may not be placed; change nothing."""
    place(state, civ, item, mode, [], dry=True)


def place(state: GameState, civ: str, item: Item, mode: str, ev: list[Event],
          free: bool = False, dry: bool = False) -> None:
    """Validate one item for civ and put it into play (only validate, if dry)."""
    k = item.kind
    pr = item.province
    if mode == SETUP:
        _check_capital_first(state, civ, item)
    if k == "card":
        _check_card(state, civ, item.card, mode)
        if not dry:
            _take_card(state, civ, item.card, mode, ev)
        return
    if k == "influence":
        previous = _check_influence(state, civ, pr, mode)
        if not dry:
            _put_influence(state, civ, pr, mode, previous, ev, free)
        return
    if k not in ("city", "caravan", "temple", "market", "legion", "trireme", "fortress",
                 "creature"):
        raise IllegalAction(f"Nothing called {k!r} can be built", "Construction Cost Chart")
    if not build_site_exempt(state, civ, item, mode):
        _check_build_site(state, civ, pr, mode if mode != FREE else SETUP)
    name = board.area_name(pr)
    if k in ("city", "caravan", "temple", "market"):
        if tokens_in_play(state, k) >= state.token_supply.get(k, 0):
            raise IllegalAction(f"No {k} token is left in the supply",
                                "Number of Building Tokens")
        site = ""
        if k == "city":
            site = board.PROVINCES[pr].city_site or ""
            if not site:
                raise IllegalAction(f"{name} has no city site",
                                    "Construction: where things go: city")
            if has_building(state, pr, "city"):
                raise IllegalAction(f"The city site of {name} is taken",
                                    "Construction: where things go")
        elif k == "caravan":
            free_sites = free_commodity_sites(state, pr)
            site = item.site or (free_sites[0] if len(free_sites) == 1 else "")
            if site not in free_sites:
                raise IllegalAction(
                    f"{name} has no free {site or 'commodity'} site (free: "
                    f"{', '.join(free_sites) or 'none'})",
                    "Construction: where things go: caravan")
        elif k == "temple":
            if not has_building(state, pr, "city"):
                raise IllegalAction(f"A temple needs a city in {name}",
                                    "Construction: where things go")
            if has_building(state, pr, "temple"):
                raise IllegalAction(f"{name} has a temple already: one per province",
                                    "Construction: where things go")
        elif k == "market":
            if not has_building(state, pr, "caravan"):
                raise IllegalAction(f"A market needs a caravan in {name}",
                                    "Construction: where things go")
            if has_building(state, pr, "market"):
                raise IllegalAction(f"{name} has a market already: one per province",
                                    "Construction: where things go")
        if not dry:
            _put_building(state, civ, k, pr, site, ev, free)
        return
    # military units
    if reserve(state, civ, k) <= 0:
        raise IllegalAction(f"No {k} is left in your reserve", "Components: reserve")
    if mode == SETUP and k in ("legion", "trireme") and pr != player(state, civ).capital:
        raise IllegalAction("Legions and triremes bought in the setup start in the capital",
                            "Free Setup")
    if k == "trireme" and not board.PROVINCES[pr].coastal:
        raise IllegalAction(f"{name} has no coast for a trireme",
                            "Construction: where things go: trireme")
    if k == "fortress":
        limit = fortress_limit(state, civ)
        if len(units_in(state, pr, civ, ("fortress",))) >= limit:
            raise IllegalAction(f"{name} has {limit} fortress(es) of yours already",
                                "Construction: where things go: one fortress per province "
                                "(Statue of Zeus: 2)")
    if not dry:
        _put_unit(state, civ, k, pr, ev, free)


def place_legal(state: GameState, civ: str, item: Item, mode: str, ev: list[Event]) -> None:
    """`place` of an item known to be legal for civ now (one the construction listing
    offered for this very decision): the same changes and events, without the checks. Only
    what the item leaves to be worked out is: a caravan's site, a conversion's previous
    owner (a legal marker goes to an empty province or completes a conversion)."""
    k = item.kind
    pr = item.province
    if k == "card":
        _take_card(state, civ, item.card, mode, ev)
    elif k == "influence":
        _put_influence(state, civ, pr, mode, state.provinces[pr].influence, ev, False)
    elif k == "city":
        _put_building(state, civ, k, pr, board.PROVINCES[pr].city_site or "", ev, False)
    elif k == "caravan":
        _put_building(state, civ, k, pr, item.site or free_commodity_sites(state, pr)[0],
                      ev, False)
    elif k == "temple" or k == "market":
        _put_building(state, civ, k, pr, "", ev, False)
    else:
        _put_unit(state, civ, k, pr, ev, False)


def _put_influence(state: GameState, civ: str, pr: str, mode: str, previous: str | None,
                   ev: list[Event], free: bool) -> None:
    state.provinces[pr].influence = civ
    if mode == CONSTRUCTION:
        state.construction.new_influence.append(pr)
    if previous is not None:
        for u in units_in(state, pr, civ):
            if u.post == "influence":
                u.post = ""
        state.conversions = [c for c in state.conversions
                             if not (c.province == pr and c.civ == civ)]
        ev.append(ConversionCompleted(civ=civ, province=pr, previous=previous))
    ev.append(Built(civ=civ, kind="influence", province=pr, free=free))
    on_influence(state, civ, pr, mode, ev)


def _put_building(state: GameState, civ: str, k: str, pr: str, site: str, ev: list[Event],
                  free: bool) -> None:
    state.provinces[pr].buildings.append(Building(kind=k, site=site))
    ev.append(Built(civ=civ, kind=k, province=pr, site=site, free=free))


def _put_unit(state: GameState, civ: str, k: str, pr: str, ev: list[Event],
              free: bool) -> None:
    u = new_unit(state, civ, k, pr)
    unit_built(state, u)
    ev.append(Built(civ=civ, kind=k, province=pr, free=free, unit=u.id))


def _check_card(state: GameState, civ: str, card: str, mode: str) -> None:
    if card not in ALL_CARDS or ALL_CARDS[card].kind not in ("civ_hero", "hero", "wonder"):
        raise IllegalAction(f"{card} is not a hero or wonder", "Construction Cost Chart")
    p = player(state, civ)
    kind = ALL_CARDS[card].kind
    if mode == SETUP and card != CIV_HERO[civ]:
        raise IllegalAction("Only your civilization's hero may be bought in the setup",
                            "Free Setup")
    if kind == "civ_hero":
        if CIV_HERO[civ] != card:
            raise IllegalAction(f"{ALL_CARDS[card].name} serves another civilization",
                                "Construction: where things go: a civilization hero only for its "
                                "civilization")
        if card in p.cards:
            raise IllegalAction("You hold this hero already", "Construction: where things go")
    elif card in offered(state, civ):
        check_acquire(state, civ, card)
    elif card not in state.display:
        raise IllegalAction(f"{ALL_CARDS[card].name} is not on offer",
                            "Construction: where things go: each card exists once")


def _take_card(state: GameState, civ: str, card: str, mode: str, ev: list[Event]) -> None:
    p = player(state, civ)
    if card in state.display:
        state.display.remove(card)
    p.cards.append(card)
    ev.append(CardAcquired(civ=civ, card=card, count=sum(
        1 for c in p.cards if ALL_CARDS[c].kind in ("civ_hero", "hero", "wonder"))))
    on_acquire(state, civ, card, ev, free_setup=(mode == SETUP))
