"""Small queries and changes on the state that every phase needs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..data import board
from ..data.costs import BUILDINGS, GROUND_UNITS, PIECES_PER_CIV
from ..errors import IllegalAction
from ..rng import Rng
from ..state import GameState, Player, Unit
from .hooks import holds_copy, piece_kind, piece_kinds_told
from .reading import remembered, units_by_area

_NONE: list[Unit] = []  # an area without units, in the index


# --- players ------------------------------------------------------------------------------
def player(state: GameState, civ: str) -> Player:
    for p in state.players:
        if p.civ == civ:
            return p
    raise IllegalAction(f"{civ} is not a player in this game")


def player_civs(state: GameState) -> list[str]:
    return [p.civ for p in state.players]


def is_player(state: GameState, civ: str | None) -> bool:
    if civ is None:
        return False
    for p in state.players:  # (a loop: `any` of a generator resumes a frame per player)
        if p.civ == civ:
            return True
    return False


def seat_order_from(state: GameState, civ: str) -> list[str]:
    """Players in seat order, starting with `civ`."""
    return [p.civ for p in players_from(state, civ)]


def players_from(state: GameState, civ: str) -> list[Player]:
    """`seat_order_from`, as the players themselves."""
    players = state.players
    first = [p.civ for p in players].index(civ)
    return players[first:] + players[:first]


def holds(state: GameState, civ: str, card: str) -> bool:
    """Does `civ` hold this hero or wonder (or a card standing for it)?"""
    for p in state.players:
        if p.civ == civ:  # a copy is a choice on record (hooks.holds_copy)
            return card in p.cards or (bool(state.power_choices) and
                                       holds_copy(state, civ, card))
    return False


def holds_god(state: GameState, civ: str, god: str) -> bool:
    holder = state.gods.get(god)  # no holder ruled out first: comparing None is slow
    return holder is not None and holder == civ


# --- cards --------------------------------------------------------------------------------
def hand_size(p: Player) -> int:
    return sum(p.hand.values())


def add_to_hand(p: Player, card: str, n: int = 1) -> None:
    if n:
        p.hand[card] = p.hand.get(card, 0) + n


def remove_from_hand(p: Player, card: str, n: int = 1) -> None:
    have = p.hand.get(card, 0)
    if have < n:
        raise IllegalAction(f"{p.civ} has only {have} {card} card(s)")
    if have == n:
        del p.hand[card]
    else:
        p.hand[card] = have - n


def take_from_bank(state: GameState, civ: str, card: str, n: int = 1) -> int:
    """Give up to n cards of a type from the bank; returns how many it could give."""
    got = min(n, state.bank.get(card, 0))
    if got:
        state.bank[card] -= got
        add_to_hand(player(state, civ), card, got)
    return got


def return_to_bank(state: GameState, civ: str, cards: dict[str, int]) -> None:
    p = player(state, civ)
    for card, n in cards.items():
        if n:
            remove_from_hand(p, card, n)
            state.bank[card] = state.bank.get(card, 0) + n


def clean(cards: dict[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}  # (a loop: a comprehension is a call)
    for c, n in sorted(cards.items()):
        if n:
            out[c] = n
    return out


# --- units --------------------------------------------------------------------------------
def unit(state: GameState, unit_id: int) -> Unit:
    for u in state.units:
        if u.id == unit_id:
            return u
    raise IllegalAction(f"There is no unit {unit_id}")


def units_in(state: GameState, area: str, owner: str | None = None,
             kinds: Iterable[str] | None = None) -> list[Unit]:
    ks = tuple(kinds) if kinds is not None else None
    index = units_by_area(state)
    units = state.units if index is None else index.get(area, _NONE)
    return [u for u in units
            if u.area == area and (owner is None or u.owner == owner)
            and (ks is None or u.kind in ks)]


def ground_units_in(state: GameState, area: str, owner: str | None = None) -> list[Unit]:
    return units_in(state, area, owner, GROUND_UNITS)


def ground_owners(state: GameState, area: str) -> list[str]:
    """Civs with ground units (legions, creatures, fortresses) in a province, in unit order."""
    seen: list[str] = []
    index = units_by_area(state)
    for u in state.units if index is None else index.get(area, _NONE):
        if u.area == area and u.kind in GROUND_UNITS and u.owner not in seen:
            seen.append(u.owner)
    return seen


def at_war(state: GameState, province: str) -> bool:
    return len(ground_owners(state, province)) >= 2


def provinces_at_war(state: GameState) -> list[str]:
    """The provinces `at_war`, in the board's order: the units looked at once for all, an
    area at war as soon as a second owner of ground units is met there."""
    first: dict[str, str] = {}  # the first owner of ground units met in each area
    war: set[str] = set()
    for u in state.units:
        if u.kind in GROUND_UNITS and first.setdefault(u.area, u.owner) != u.owner:
            war.add(u.area)
    if not war:  # as in most positions
        return []
    return [pr for pr in board.PROVINCES if pr in war]


def pieces_out(state: GameState, civ: str, kind: str) -> int:
    memo = remembered(state)
    if memo is None:
        return _pieces_out(state, civ, kind)
    key = ("pieces_out", civ, kind)
    n = memo.get(key)
    if n is None:
        if kind == "influence":
            n = memo[key] = _pieces_out(state, civ, kind)
        else:  # every kind of civ's units counted in one pass, for the next kinds asked
            counts = _pieces_of_each_kind(state, civ)
            _remember_units_out(memo, civ, counts)
            n = memo[key] = counts.get(kind, 0)
    return n


def _remember_units_out(memo: dict[Any, Any], civ: str, counts: dict[str, int]) -> None:
    """civ's units out of his supply, of every kind, under `pieces_out`'s keys."""
    for k in PIECES_PER_CIV:
        if k != "influence":
            memo[("pieces_out", civ, k)] = counts.get(k, 0)


def _pieces_out(state: GameState, civ: str, kind: str) -> int:
    if kind == "influence":  # the markers on the board, counted by list (no generator)
        return [ps.influence for ps in state.provinces.values()].count(civ)
    return _pieces_of_each_kind(state, civ).get(kind, 0)


def _pieces_of_each_kind(state: GameState, civ: str, others: set[str] | None = None
                         ) -> dict[str, int]:
    """civ's units on the board, counted by the supply piece each is; and, into `others`
    if given, the areas where another's units stand (in the same pass)."""
    counts: dict[str, int] = {}
    told = piece_kinds_told()  # only a unit of these kinds may be another kind's piece
    for u in state.units:
        if u.owner == civ:
            k = u.kind
            if told is None or k in told:
                k = piece_kind(state, u)
            counts[k] = counts.get(k, 0) + 1
        elif others is not None:
            others.add(u.area)
    return counts


def count_for_construction(state: GameState, civ: str) -> dict[str, int] | None:
    """While `state` is only read, remember at once what a construction listing counts of
    the units for civ: his pieces out of every kind of unit (`pieces_out`) and where others'
    units stand (`placement.strangers`), in one pass over the units instead of two. The
    same answers under the same keys (tests/test_construction_counts.py); nothing if the
    state is not being read or either is counted already. Returns civ's units out by
    piece kind, if counted."""
    memo = remembered(state)
    key = STRANGERS + (civ,)
    if memo is None or ("pieces_out", civ, "legion") in memo or key in memo:
        return None
    others: set[str] = set()
    counts = _pieces_of_each_kind(state, civ, others)
    _remember_units_out(memo, civ, counts)
    memo[key] = others
    return counts


STRANGERS = ("strangers",)  # the memo's key of `placement.strangers`, with the civ


def reserve(state: GameState, civ: str, kind: str) -> int:
    """Pieces of a kind still in the civ's reserve."""
    return PIECES_PER_CIV[kind] - pieces_out(state, civ, kind)


def new_unit(state: GameState, owner: str, kind: str, area: str) -> Unit:
    u = Unit(id=state.next_unit_id, owner=owner, kind=kind, area=area)
    state.next_unit_id += 1
    state.units.append(u)
    return u


def remove_unit(state: GameState, u: Unit) -> None:
    state.units.remove(u)
    clear_post(state, u)


def clear_post(state: GameState, u: Unit) -> None:
    if u.post == "influence":
        state.conversions = [c for c in state.conversions
                             if not (c.province == u.area and c.civ == u.owner)]
    u.post = ""


def military_count(state: GameState, civ: str) -> int:
    """Legions, triremes, creatures and fortresses on the board."""
    return sum(1 for u in state.units if u.owner == civ and u.area)


def military_counts(state: GameState) -> dict[str, int]:
    """`military_count` of everyone with a unit on the board, in one pass."""
    out: dict[str, int] = {}
    for u in state.units:
        if u.area:
            out[u.owner] = out.get(u.owner, 0) + 1
    return out


# --- provinces ------------------------------------------------------------------------------
def controlled(state: GameState, civ: str) -> list[str]:
    # no marker (None) ruled out first: comparing None with a name is slow
    return [pid for pid, ps in state.provinces.items()
            if ps.influence and ps.influence == civ]


def controlled_by_each(state: GameState) -> dict[str, list[str]]:
    """`controlled` of every player, in seat order: the provinces looked at once for all."""
    out: dict[str, list[str]] = {p.civ: [] for p in state.players}
    for pr, ps in state.provinces.items():
        influence = ps.influence
        if influence:  # (no marker ruled out first, as in `controlled`)
            provinces = out.get(influence)
            if provinces is not None:
                provinces.append(pr)
    return out


def post_key(kind: str, site: str) -> str:
    return f"caravan:{site}" if kind == "caravan" else kind


def occupier(state: GameState, province: str, post: str) -> str | None:
    index = units_by_area(state)
    for u in state.units if index is None else index.get(province, _NONE):
        if u.area == province and u.post == post:
            return u.owner
    return None


def building_controller(state: GameState, province: str, kind: str, site: str) -> str | None:
    """Who profits from a building: its occupier, else the influence owner."""
    occ = occupier(state, province, post_key(kind, site))
    return occ if occ is not None else state.provinces[province].influence


def building_controllers(state: GameState, kind: str) -> list[tuple[str, str, str | None]]:
    """(province, site, `building_controller`) of every building of a kind, in the board's
    order: the occupiers looked up in one pass over the units (as `every_building_count`),
    not once per building (a god's targets are listed in each of his holder's
    decisions, often with no index of the units; tests/test_hooks_shortcuts.py)."""
    found = [(pid, ps, b.site) for pid, ps in state.provinces.items() if ps.buildings
             for b in ps.buildings if b.kind == kind]
    occupiers = _occupiers(state) if found else None
    out: list[tuple[str, str, str | None]] = []
    for pid, ps, site in found:
        occ = occupiers.get((pid, post_key(kind, site))) if occupiers else None
        out.append((pid, site, occ if occ is not None else ps.influence))
    return out


def _occupiers(state: GameState) -> dict[tuple[str, str], str]:
    """The owner of the unit holding each (area, post): the first unit on it in the
    state's order, as in `occupier`."""
    occupiers: dict[tuple[str, str], str] = {}
    for u in state.units:
        if u.post:
            occupiers.setdefault((u.area, u.post), u.owner)
    return occupiers


def has_building(state: GameState, province: str, kind: str) -> bool:
    return any(b.kind == kind for b in state.provinces[province].buildings)


def tokens_in_play(state: GameState, kind: str) -> int:
    memo = remembered(state)
    n = memo.get(("tokens", kind)) if memo is not None else None
    if n is None:
        n = sum(1 for ps in state.provinces.values() for b in ps.buildings if b.kind == kind)
        if memo is not None:
            memo[("tokens", kind)] = n
    return n


def tokens_of_every_kind(state: GameState) -> dict[str, int]:
    """`tokens_in_play` of every kind of building, the buildings counted in one pass (and
    remembered, kind by kind, while the state is only read). Do not change the answer."""
    memo = remembered(state)
    got: dict[str, int] | None = memo.get(_TOKENS) if memo is not None else None
    if got is None:
        got = dict.fromkeys(BUILDINGS, 0)
        for ps in state.provinces.values():
            if ps.buildings:  # most provinces have none
                for b in ps.buildings:
                    got[b.kind] = got.get(b.kind, 0) + 1
        if memo is not None:
            memo[_TOKENS] = got
            for kind, n in got.items():
                memo[("tokens", kind)] = n
    return got


_TOKENS = ("tokens",)  # the memo's key of `tokens_of_every_kind`


def free_commodity_sites(state: GameState, province: str) -> list[str]:
    sites = board.PROVINCES[province].commodity_sites
    buildings = state.provinces[province].buildings
    if not buildings:  # (as in most provinces: every site free)
        return list(sites)
    used = {b.site for b in buildings if b.kind == "caravan"}
    return [s for s in sites if s not in used]


def building_counts(state: GameState, civ: str) -> dict[str, int]:
    """Buildings that count for civ's roles (docs/rules.md, Roles)."""
    return every_building_count(state).get(civ) or dict.fromkeys(BUILDINGS, 0)


def every_building_count(state: GameState) -> dict[str, dict[str, int]]:
    """`building_counts` of everyone who controls a building, in one pass."""
    # `building_controller` of every building, the occupiers looked up once
    occupiers = _occupiers(state)
    out: dict[str, dict[str, int]] = {}
    for pid, ps in state.provinces.items():
        if not ps.buildings:  # as most provinces
            continue
        for b in ps.buildings:
            occ = occupiers.get((pid, post_key(b.kind, b.site))) if occupiers else None
            holder = occ if occ is not None else ps.influence
            if holder is not None:
                counts = out.get(holder)
                if counts is None:
                    counts = out[holder] = dict.fromkeys(BUILDINGS, 0)
                counts[b.kind] += 1
    return out


# --- dice ---------------------------------------------------------------------------------
def roll(state: GameState, n: int) -> list[int]:
    """Roll n dice: forced results first (scenario files), then the game's RNG."""
    out: list[int] = []
    rng = Rng(state.rng)
    for _ in range(n):
        if state.forced_dice:
            out.append(state.forced_dice.pop(0))
        else:
            out.append(rng.die())
    state.rng = rng.state
    return out


def shuffle(state: GameState, items: list[str]) -> None:
    rng = Rng(state.rng)
    rng.shuffle(items)
    state.rng = rng.state


def random_below(state: GameState, n: int) -> int:
    rng = Rng(state.rng)
    x = rng.below(n)
    state.rng = rng.state
    return x
