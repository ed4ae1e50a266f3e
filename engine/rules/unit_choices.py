"""The choices of several units that may move together (rulebook, Military Phase, A)
Movement; docs/rules.md, Military: movement).

Alike units (same place, kind and post) make the same move, so one choice stands for all
its equals: for each group of alike units none, some or all of them, the lowest ids first.
`compositions` is the plain statement of that; `choice_ids` and `several_places_ids`
answer the same in ids, faster for the cases that make most of a game (a pair, units all
alike, two groups in two places), and are checked against it by the tests.
"""

from __future__ import annotations

from operator import attrgetter

from ..state import Unit


def compositions(units: list[Unit], cap: int = 256) -> list[list[Unit]]:
    """Every distinct choice of units among `units`, two or more of them: for each group of
    alike units (same place, kind and post) none, some or all, the lowest ids first. Alike
    units make the same move, so one choice stands for all its equals. At most `cap`."""
    if len(units) < 2:  # no choice of two
        return []
    groups: dict[tuple[str, str, str], list[Unit]] = {}
    for u in sorted(units, key=_by_id):
        groups.setdefault((u.area, u.kind, u.post), []).append(u)
    choices: list[list[Unit]] = [[]]
    for g in groups.values():
        choices = [c + g[:k] for c in choices for k in range(len(g) + 1)][:cap]
    return [sorted(c, key=_by_id) for c in choices if len(c) > 1]


_by_id = attrgetter("id")


def choice_ids(units: list[Unit]) -> list[list[int]]:
    """The ids of each of `compositions(units)`, in its order. Most places hold two units,
    or units all alike: their choices are the pair, or the first k of them by id."""
    n = len(units)
    if n < 2:
        return []
    if n == 2:  # one choice of two, whether alike or not
        a, b = units[0].id, units[1].id
        return [[a, b] if a < b else [b, a]]
    first = units[0]
    area, kind, post = first.area, first.kind, first.post
    alike = True  # (a loop: `all` of a generator resumes a frame per unit)
    for u in units:
        if u.area != area or u.kind != kind or u.post != post:
            alike = False
            break
    if alike:  # one group: its prefixes
        ids = sorted(map(_by_id, units))
        prefixes: list[list[int]] = []  # (a loop: a comprehension is a call)
        for k in range(2, min(n, 255) + 1):  # compositions' cap
            prefixes.append(ids[:k])
        return prefixes
    return [[u.id for u in c] for c in compositions(units)]


def several_places_ids(units: list[Unit]) -> list[list[int]]:
    """The ids of the choices of `units` from two places or more, in the order of their long
    way (tests/helpers.py `from_several_places`). Most often the units
    are two groups of alike units in two places (one unit joining others): every choice
    then takes some of each, the first group's count varying slowest."""
    first = units[0]
    area, kind, post = first.area, first.kind, first.post
    a: list[int] = []  # the first unit's group, then the other one (one pass: no key made
    b: list[int] = []  # for each unit)
    other: Unit | None = None
    for u in units:
        if u.area == area:
            if u.kind != kind or u.post != post:
                return _several_places_by_ids(units)  # two groups in one place
            a.append(u.id)
        elif other is None:
            other = u
            b.append(u.id)
        elif u.area == other.area and u.kind == other.kind and u.post == other.post:
            b.append(u.id)
        else:
            return _several_places_by_ids(units)  # three groups or more
    if not b or (len(a) + 1) * (len(b) + 1) > 256:  # one place; beyond the long way's cap
        return _several_places_by_ids(units)
    a.sort()
    b.sort()
    if a[0] > b[0]:  # the group of the lowest id comes first
        a, b = b, a
    out: list[list[int]] = []
    for i in range(1, len(a) + 1):
        head = a[:i]
        for j in range(1, len(b) + 1):
            c = head + b[:j]
            c.sort()
            out.append(c)
    return out


def _several_places_by_ids(units: list[Unit], cap: int = 256) -> list[list[int]]:
    """The choices of units from two places or more (their long way: tests/helpers.py
    `from_several_places`), made of ids, not of units sorted by a key for each."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for u in sorted(units, key=_by_id):
        groups.setdefault((u.area, u.kind, u.post), []).append(u.id)
    bit: dict[str, int] = {}
    if len(groups) == 3:  # most: three groups, within the cap
        got = _three_groups(groups, bit, cap)
        if got is not None:
            return got
    # each choice's ids and the places it draws from (as bits), side by side: each
    # group's prefixes added to every choice so far, none first, up to the cap
    chosen: list[list[int]] = [[]]
    places: list[int] = [0]
    for (area, _, _), g in groups.items():
        b = bit.setdefault(area, 1 << len(bit))
        prefixes = [g[:k] for k in range(1, len(g) + 1)]
        more: list[list[int]] = []
        at: list[int] = []
        for c, was in zip(chosen, places, strict=True):
            more.append(c)
            at.append(was)
            now = was | b
            for p in prefixes:
                more.append(c + p)
                at.append(now)
            if len(more) >= cap:  # the rest would be cut
                break
        chosen, places = more[:cap], at[:cap]
    out: list[list[int]] = []
    for c, was in zip(chosen, places, strict=True):
        if was & (was - 1):  # two places or more
            c.sort()  # (each list is one choice's own: sorted in place)
            out.append(c)
    return out


def _three_groups(groups: dict[tuple[str, str, str], list[int]], bit: dict[str, int],
                  cap: int) -> list[list[int]] | None:
    """`_several_places_by_ids` of three groups whose choices are within the cap (else
    None): each choice made once, from a prefix of each group (none first, the first
    group's varying slowest), only those that draw from two places or more."""
    sides: list[list[tuple[list[int], int]]] = []
    size = 1
    for (area, _, _), g in groups.items():
        b = bit.setdefault(area, 1 << len(bit))
        side = [(_NO_IDS, 0)]  # (a loop: most groups hold one unit or two)
        for k in range(1, len(g)):
            side.append((g[:k], b))
        side.append((g, b))
        sides.append(side)
        size *= len(g) + 1
    if size > cap:
        return None
    first, second, third = sides
    out = [[*x, *y, *z] for x, i in first for y, j in second for z, k in third
           if (w := i | j | k) & (w - 1)]  # two places or more
    for c in out:
        c.sort()
    return out


_NO_IDS: list[int] = []  # no unit of a group (never changed)
