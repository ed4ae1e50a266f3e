"""Paths across the board: land steps and chains of triremes."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ..data import board
from ..state import GameState
from .hooks import crosses_straits
from .reading import remembered


def trireme_seas(state: GameState, civ: str) -> set[str]:
    """Seas holding at least one of civ's triremes (not those in port)."""
    seas: set[str] = set()
    at_sea = board.SEAS
    for u in state.units:  # (a loop: a comprehension is a call, its free names slower)
        if u.owner == civ and u.kind == "trireme" and u.area in at_sea:
            seas.add(u.area)
    return seas


def chain_seas(state: GameState, civ: str, origins: Iterable[str],
               extra: Iterable[str] = ()) -> dict[str, str | None]:
    """Seas reachable from the origin provinces by an unbroken chain of civ's triremes.

    Returns each reached sea with the sea it was reached from (None for a first sea), so a
    path can be read back. `extra` seas count as held (Aeneas)."""
    held = trireme_seas(state, civ) | set(extra)
    came_from: dict[str, str | None] = {}
    queue: deque[str] = deque()
    for p in origins:
        for s in board.PROVINCES[p].seas:
            if s in held and s not in came_from:
                came_from[s] = None
                queue.append(s)
    while queue:
        s = queue.popleft()
        for t in board.SEAS[s].neighbour_seas:
            if t in held and t not in came_from:
                came_from[t] = s
                queue.append(t)
    return came_from


def convoy_path(state: GameState, civ: str, origin: str, to: str,
                extra: Iterable[str] = ()) -> list[str] | None:
    """The seas of a shortest trireme chain from origin to a coastal target, or None."""
    reached = chain_seas(state, civ, [origin], extra)
    best: list[str] | None = None
    for s in board.PROVINCES[to].seas:
        if s in reached:
            path = [s]
            while (came_from := reached[path[-1]]) is not None:
                path.append(came_from)
            path.reverse()
            if best is None or len(path) < len(best):
                best = path
    return best


def valid_chain(state: GameState, civ: str, origin: str, to: str, seas: list[str],
                extra: Iterable[str] = ()) -> bool:
    """Is `seas` an unbroken chain of civ's triremes from origin to `to`?"""
    if not seas:
        return False
    held = trireme_seas(state, civ) | set(extra)
    if any(s not in held for s in seas):
        return False
    if seas[0] not in board.PROVINCES[origin].seas or seas[-1] not in board.PROVINCES[to].seas:
        return False
    return all(b in board.SEAS[a].neighbour_seas for a, b in zip(seas, seas[1:], strict=False))


def strait_partners(province: str) -> list[str]:
    return list(_STRAIT_PARTNERS.get(province, ()))


def _partners() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for st in board.STRAITS.values():
        out.setdefault(st.a, []).append(st.b)
        out.setdefault(st.b, []).append(st.a)
    return {p: tuple(q) for p, q in out.items()}


_STRAIT_PARTNERS = _partners()  # the board's straits, looked up from either end
STRAIT_ENDS = frozenset(_STRAIT_PARTNERS)  # the provinces at an end of a strait


def land_steps(state: GameState, civ: str, province: str) -> list[str]:
    """Provinces one land step away; the straits too if a card lets civ cross them."""
    steps = list(board.PROVINCES[province].land_neighbours)
    if straits_crossed(state, civ):
        steps += strait_partners(province)
    return steps


def straits_crossed(state: GameState, civ: str) -> bool:
    """hooks.crosses_straits, remembered while the state is only read (every unit's move
    asks it)."""
    memo = remembered(state)
    if memo is None:
        return crosses_straits(state, civ)
    key = ("crosses_straits", civ)
    got: bool | None = memo.get(key)
    if got is None:
        got = memo[key] = crosses_straits(state, civ)
    return got


def influence_reach(state: GameState, civ: str, provinces: Iterable[str]) -> set[str]:
    """Provinces adjacent to `provinces` by land or by civ's trireme chains
    (docs/rules.md, Construction: where things go). Not to be changed by the caller: while the state
    is only read it is remembered (engine/rules/reading.py), for every influence marker weighed."""
    provs = list(provinces)
    memo = remembered(state)
    if memo is None:
        return _reach(state, civ, provs)
    key = ("influence_reach", civ, tuple(provs))
    got: set[str] | None = memo.get(key)
    if got is None:
        got = memo[key] = _reach(state, civ, provs)
    return got


def _reach(state: GameState, civ: str, provs: list[str]) -> set[str]:
    out: set[str] = set()
    for p in provs:
        out.update(land_steps(state, civ, p))
    for s in chain_seas(state, civ, provs):
        out.update(board.SEAS[s].provinces)
    return out


def sea_steps(area: str) -> list[str]:
    """The seas one step from an area by water: from a coast, the seas it touches; from a
    sea, its neighbouring seas (a trireme's move, a Kraken's swim)."""
    return list(SEA_STEPS.get(area, ()))


# `sea_steps` of every area of the board, looked up once (not to be changed: the naval
# listing reads it for each trireme)
SEA_STEPS: dict[str, tuple[str, ...]] = {
    **{p: tuple(pr.seas) for p, pr in board.PROVINCES.items()},
    **{s: tuple(sea.neighbour_seas) for s, sea in board.SEAS.items()}}
