"""The door of apply(): an action must be well formed before the rules see it.

An action arrives from a bot, the TUI, a record or (later) a network client, so it may hold
anything: a float where a count belongs, an unknown card, a list of a million units.

- `wellformed(action)` runs first: the action is passed through its own JSON encoding and
  decoded strictly against `engine.actions.Action` (the field types), and its lists, texts
  and numbers are bounded. What comes out is a clean copy; anything else is refused at once.
- `fault(action)` names an unknown id or an impossible count (a god that does not exist, a
  negative number of cards). apply() lets the rules speak first, so that a player hears the
  rule's own reason ("sparta cannot be named"); the fault is the reason only where the rules
  would accept such an action or stumble on it.

The field types of the actions stay as they were, so that the JSON of valid actions, the
records and the scenario files read exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from . import actions as a
from .data.board import CIVS, PROVINCES, SEAS
from .data.cards import ALL_CARDS, GODS, RESOURCES, is_hero_or_wonder
from .errors import IllegalAction

R_FORM = "the form of a decision"

MAX_COUNT = 200  # more cards than the game has of all resources together
MAX_ID = 1_000_000  # unit ids, building indexes
MAX_NUMBER = 1_000_000  # beyond this a number is refused at once, whatever the field
MAX_LIST = 64  # units, items, seas or posts in one decision
MAX_TEXT = 256  # a power's free-form target or choice

ITEM_KINDS = frozenset({"influence", "city", "caravan", "temple", "market", "legion",
                        "trireme", "fortress", "creature", "card"})
_WILD = "temple_of_artemis"  # counted in a payment as a wild commodity

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(a.Action)


def wellformed(action: object) -> a.Action:
    """A clean copy of `action`, or IllegalAction saying what is wrong with it."""
    if not isinstance(action, a.ActionBase):
        raise IllegalAction(f"Not an action: {type(action).__name__}", R_FORM)
    name = type(action).__name__
    try:
        data = _encoder.encode(action)
    except Exception as e:  # an object of no JSON type, an int beyond 64 bits, a cycle...
        raise IllegalAction(f"Malformed {name}: {_short(e)}", R_FORM) from None
    if len(data) > 16_384:
        raise IllegalAction(f"Malformed {name}: far too large", R_FORM)
    try:
        clean: a.Action = _decoder.decode(data)
    except msgspec.ValidationError as e:
        raise IllegalAction(f"Malformed {name}: {_short(e)}", R_FORM) from None
    _bounded(msgspec.to_builtins(clean))
    return clean


def fault(action: a.Action) -> str | None:
    """What is impossible in a well-formed action (an unknown id, a negative count...),
    or None."""
    check = _CHECKS.get(type(action))
    if check is None:
        return None
    try:
        check(action)
    except IllegalAction as e:
        return e.reason
    return None


def _bounded(data: object) -> None:
    """Sizes and numbers within reach of a real game, whatever the field."""
    if isinstance(data, dict):
        if len(data) > MAX_LIST:
            raise _refuse(f"Too many entries ({len(data)})")
        for k, v in data.items():
            _bounded(k)
            _bounded(v)
    elif isinstance(data, list):
        if len(data) > MAX_LIST:
            raise _refuse(f"Too many entries ({len(data)})")
        for v in data:
            _bounded(v)
    elif isinstance(data, str):
        _text(data)
    elif isinstance(data, int) and not -MAX_NUMBER <= data <= MAX_NUMBER:
        raise _refuse(f"{data} is beyond any number of the game")


# --- the values of each field -----------------------------------------------------------------
def _refuse(reason: str) -> IllegalAction:
    return IllegalAction(reason, R_FORM)


def _text(s: str, what: str = "text") -> None:
    if len(s) > MAX_TEXT:
        raise _refuse(f"The {what} is too long ({len(s)} characters)")


def _province(p: str) -> None:
    if p not in PROVINCES:
        raise _refuse(f"{_shown(p)} is not a land province")


def _area(x: str) -> None:
    if x not in PROVINCES and x not in SEAS:
        raise _refuse(f"{_shown(x)} is not a province or a sea")


def _sea(x: str) -> None:
    if x not in SEAS:
        raise _refuse(f"{_shown(x)} is not a sea")


def _civ(c: str) -> None:
    if c not in CIVS:
        raise _refuse(f"{_shown(c)} is not a player in this game")


def _resource(c: str) -> None:
    if c not in RESOURCES:
        raise _refuse(f"{_shown(c)!r} is not a resource card")


def _count(n: int) -> None:
    if n < 0:
        raise _refuse(f"A count cannot be negative ({n})")
    if n > MAX_COUNT:
        raise _refuse(f"{n} is more cards than the game has")


def _cards(cards: dict[str, int], wild: bool = False) -> None:
    if len(cards) > len(RESOURCES) + 1:
        raise _refuse("Too many kinds of cards")
    for c, n in cards.items():
        if not (wild and c == _WILD):
            _resource(c)
        _count(n)


def _units(ids: list[int]) -> None:
    if len(ids) > MAX_LIST:
        raise _refuse(f"Too many units ({len(ids)})")
    for u in ids:
        _unit(u)


def _unit(u: int) -> None:
    if not 0 <= u <= MAX_ID:
        raise _refuse(f"There is no unit {u}")


def _card(c: str) -> None:
    if c not in ALL_CARDS:
        raise _refuse(f"{_shown(c)} is not a card of the game")


def _item(it: a.Item) -> None:
    if it.kind not in ITEM_KINDS:
        raise _refuse(f"{_shown(it.kind)} is not something that can be built")
    if it.province:
        _area(it.province)
    if it.kind == "caravan" and it.site:  # the other kinds ignore the site
        _resource(it.site)
    if it.kind == "card" and (it.card not in ALL_CARDS or not is_hero_or_wonder(it.card)):
        raise _refuse(f"{_shown(it.card)} is not a hero or wonder")


def _god(g: str) -> None:
    if g not in GODS:
        raise _refuse(f"{_shown(g)} is not a god")


def _list(xs: Sequence[object], what: str) -> None:
    if len(xs) > MAX_LIST:
        raise _refuse(f"Too many {what} ({len(xs)})")


def _shown(s: str, limit: int = 40) -> str:
    """An id as it may appear in a reason: short, and nothing a terminal would obey."""
    s = s if len(s) <= limit else s[:limit - 3] + "..."
    return "".join(ch if ch.isprintable() else "?" for ch in s)


def _short(e: Exception) -> str:
    return _shown(str(e) or type(e).__name__, 200)


def _buy(x: a.Buy) -> None:
    _list(x.items, "items")
    for it in x.items:
        _item(it)
    _cards(x.payment, wild=True)


def _move(x: a.Move) -> None:
    _units(x.units)
    _area(x.to)
    _list(x.seas, "seas")
    for s in x.seas:
        _sea(s)


def _occupy(x: a.Occupy) -> None:
    _list(x.posts, "posts")
    for p in x.posts:
        _unit(p.unit)
        _text(p.post, "post")


def _use_power(x: a.UsePower) -> None:
    _card(x.card)
    _text(x.target, "target")
    _text(x.choice, "choice")
    _units(x.units)


def _sack(x: a.Sack) -> None:
    if not 0 <= x.building <= MAX_LIST:
        raise _refuse(f"There is no building {x.building}")


def _all(*checks: Callable[[], None]) -> None:
    """Run several checks of one action (each raises IllegalAction on a fault)."""
    for check in checks:
        check()


_CHECKS: dict[type, Callable[[Any], object]] = {
    a.SelectCapital: lambda x: _province(x.province),
    a.SetupBuy: lambda x: _item(x.item),
    a.PickRoleHolder: lambda x: _civ(x.civ),
    a.Name: lambda x: _civ(x.civ),
    a.Announce: lambda x: _count(x.n),
    a.Offer: lambda x: _cards(x.cards),
    a.Take: lambda x: _all(lambda: _civ(x.source), lambda: _resource(x.card)),
    a.Give: lambda x: _all(lambda: _resource(x.card), lambda: _civ(x.to)),
    a.Worship: lambda x: _all(lambda: _god(x.god), lambda: _cards(x.payment, wild=True)),
    a.Buy: _buy,
    a.PlaceAt: lambda x: _area(x.province),
    a.Keep: lambda x: _cards(x.cards),
    a.MoveTrireme: lambda x: _all(lambda: _unit(x.unit), lambda: _area(x.to)),
    a.NavalBattle: lambda x: _all(lambda: _sea(x.sea), lambda: _civ(x.opponent)),
    a.Move: _move,
    a.Fight: lambda x: _civ(x.opponent),
    a.TakeLosses: lambda x: _units(x.units),
    a.Sack: _sack,
    a.Occupy: _occupy,
    a.Convert: lambda x: _unit(x.unit),
    a.Blockade: lambda x: _sea(x.sea),
    a.UsePower: _use_power,
}
