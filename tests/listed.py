"""Mutating the listed actions of a position: actions close to legal ones, to find any
that apply() accepts but legal_actions() does not list (issue 14, point 3)."""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from engine.actions import Action, Buy, Item, Move, UsePower
from engine.data import board
from engine.errors import IllegalAction
from engine.game import apply, clone, legal_actions
from engine.state import GameState

_enc = msgspec.json.Encoder()


def key(state: GameState, action: Action) -> bytes:
    """An action as the list compares it: a purchase by its items (any valid set pays),
    a move by the kinds of units it moves from where (alike units are interchangeable),
    the seas left to the engine."""
    if isinstance(action, Buy):
        return b"Buy" + _enc.encode(sorted(_enc.encode(i) for i in action.items))
    if isinstance(action, Move):
        by_id = {u.id: u for u in state.units}
        alike = sorted((by_id[i].area, by_id[i].kind, by_id[i].post) if i in by_id else
                       ("?", str(i), "") for i in action.units)
        return b"Move" + _enc.encode([alike, action.to])
    return _enc.encode(action)


def mutations(state: GameState, listed: list[Action]) -> Iterator[Action]:
    """Near variants of the listed actions: another listed action's value in one field,
    a unit added to or left out of a list, a purchase moved to another province."""
    values: dict[tuple[type, str, str], list] = {}
    for a in listed:
        for f in a.__struct_fields__:
            values.setdefault((type(a), getattr(a, "card", ""), f), []).append(getattr(a, f))
    own = [u.id for u in state.units if state.prompt and u.owner == state.prompt.civ]
    for a in listed:
        for f in a.__struct_fields__:
            v = getattr(a, f)
            for other in values[(type(a), getattr(a, "card", ""), f)][:12]:
                if other != v:
                    yield msgspec.structs.replace(a, **{f: other})
            if isinstance(v, list) and v and isinstance(v[0], int):
                if len(v) > 1:
                    yield msgspec.structs.replace(a, **{f: v[1:]})
                for uid in own[:8]:
                    if uid not in v:
                        yield msgspec.structs.replace(a, **{f: [*v, uid]})
        if isinstance(a, Buy) and len(a.items) == 1 and a.items[0].province:
            it = a.items[0]
            for pr in board.PROVINCES:
                if pr != it.province:
                    yield msgspec.structs.replace(
                        a, items=[Item(kind=it.kind, province=pr, site=it.site)])
        if isinstance(a, Buy) and len(a.items) == 1:
            for b in listed[:30]:
                if isinstance(b, Buy) and b.items != a.items:
                    yield msgspec.structs.replace(a, items=[*a.items, *b.items])
        if isinstance(a, UsePower) and a.units:
            for uid in own[:8]:
                yield msgspec.structs.replace(a, units=[uid])


def unlisted_accepted(state: GameState, limit: int = 400) -> list[Action]:
    """Mutated actions apply() accepts though legal_actions() does not list them."""
    listed = legal_actions(state)
    keys = {key(state, a) for a in listed}
    # The compact form of purchases: several items bought with one set are listed as the
    # single-item purchases they are made of (the payment is checked against their sum).
    keys |= {key(state, Buy(items=[it], payment={})) for a in listed if isinstance(a, Buy)
             for it in a.items}
    found, seen = [], set()
    for m in mutations(state, listed):
        k = key(state, m)
        if isinstance(m, Buy) and all(key(state, Buy(items=[it], payment={})) in keys
                                      for it in m.items):
            continue
        if k in keys or k in seen:
            continue
        seen.add(k)
        if len(seen) > limit:
            break
        try:
            apply(clone(state), m)
        except IllegalAction:
            continue
        except Exception:  # noqa: BLE001  (a malformed mutation is not a legal one)
            continue
        found.append(m)
    return found
