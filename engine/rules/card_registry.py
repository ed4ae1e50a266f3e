"""The one registry of card modules, and the one cache of the tables made from it.

A card module, `engine/powers/<card>.py`, has `CARD = "<card id>"`, declares the hook
points it takes part in (`HOOKS`, names of engine/rules/hook_points.py) and defines a
function of each name. `register` checks the declaration against the module at import: a
card cannot take part in a hook by a misspelled name, nor define a hook it forgot to
declare (it would silently never, or always, be called).

Where several cards answer one hook they are asked in the order of their places, given
at registration (the catalog, engine/powers/__init__.py, says why the order matters), not
in the order the modules were imported.

Every table the rules make from the registered cards (which cards take part in a hook,
the active powers by kind of decision, ...) lives in `TABLES` and is emptied by its one
`clear()` when a card is registered; each is made again when next asked.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .hook_points import HOOK_POINTS

HookFunction = Callable[..., Any]


class CardRegistrationError(Exception):
    """A card module whose hooks do not match its declaration."""


class _Hooked(dict[str, tuple[HookFunction, ...]]):
    """hook -> the functions of the cards taking part in it, in the cards' order, each
    made when first asked."""

    def __init__(self, tables: HookTables) -> None:
        super().__init__()
        self._tables = tables

    def __missing__(self, hook: str) -> tuple[HookFunction, ...]:
        got = self[hook] = tuple(f for _, f in self._tables.hooked_cards[hook])
        return got


class _HookedCards(dict[str, tuple[tuple[str, HookFunction], ...]]):
    """hook -> (card, function) of the cards taking part in it, in the cards' order, each
    made when first asked."""

    def __init__(self, cards: dict[str, ModuleType]) -> None:
        super().__init__()
        self._cards = cards

    def __missing__(self, hook: str) -> tuple[tuple[str, HookFunction], ...]:
        got = self[hook] = tuple((c, getattr(m, hook)) for c, m in self._cards.items()
                                 if hook in m.HOOKS)
        return got


class HookTables:
    """The registered cards (card id -> module, in the cards' order) and every table made
    from them. The tables are dicts and lists the rules bind once (`_each =
    TABLES.hooked.__getitem__`: no call between a rule and its cards' functions, some are
    asked at every step); `clear()` empties them in place, so the bindings stay good."""

    def __init__(self) -> None:
        self.cards: dict[str, ModuleType] = {}
        self._places: dict[str, float] = {}
        self.hooked_cards = _HookedCards(self.cards)
        self.hooked = _Hooked(self)
        # the tables of the rules modules, by name (`table`): made from the cards, emptied
        # with the others
        self._named: dict[str, dict[Any, Any]] = {}
        self._lists: list[tuple[list[Any], Callable[[], list[Any]]]] = []
        # the last active powers listed (engine/rules/hook_powers.py, `_listed`)
        self.listed: tuple[object, int, str, str, list[tuple[str, list[Any]]]] | None = None

    def table(self, name: str) -> dict[Any, Any]:
        """A table of this name, made once, emptied by `clear()`."""
        return self._named.setdefault(name, {})

    def table_list(self, make: Callable[[], list[Any]]) -> list[Any]:
        """A list as `make` makes it, made so again by `clear()`."""
        got = make()
        self._lists.append((got, make))
        return got

    def clear(self) -> None:
        """The one invalidation: every table made from the cards, and the last listing."""
        self.hooked.clear()
        self.hooked_cards.clear()
        for t in self._named.values():
            t.clear()
        for got, make in self._lists:
            got[:] = make()
        self.listed = None

    def register(self, module: ModuleType, place: float = float("inf")) -> None:
        """Attach a card module at its place in the cards' order (the catalog's; last by
        default), after checking its declared hooks; CardRegistrationError if they do
        not match its functions."""
        check_hooks(module)
        card: str = module.CARD
        self._places[card] = place
        self.cards[card] = module
        ordered = sorted(self.cards.items(), key=lambda cm: self._places.get(cm[0], place))
        self.cards.clear()
        self.cards.update(ordered)  # in place: `CARDS` is this dict
        self.clear()

    def unregister(self, card: str) -> None:
        """Detach a card (a test's own card)."""
        del self.cards[card]
        self._places.pop(card, None)
        self.clear()

    def takes_part(self, card: str, hook: str) -> bool:
        m = self.cards.get(card)
        return m is not None and hook in m.HOOKS


TABLES = HookTables()
CARDS = TABLES.cards  # card id -> its module, in the cards' order


def own_functions(module: ModuleType) -> dict[str, HookFunction]:
    """The public functions the module defines itself (not those it imported)."""
    return {name: f for name, f in vars(module).items()
            if not name.startswith("_") and callable(f) and not isinstance(f, type)
            and getattr(f, "__module__", None) == module.__name__}


# How close (difflib's ratio) a function's name may come to a hook point's before it is
# taken for a misspelling of it: the cards' own helpers (`swaps`, `targets`, `reach`...)
# are far below.
_MISSPELT = 0.85


def check_hooks(module: ModuleType) -> None:
    """Refuse a card module whose `HOOKS` name an unknown hook point, or a hook it does not
    define, or that defines a function named after (or nearly after) a hook point it did
    not declare."""
    card = getattr(module, "CARD", module.__name__)
    declared = getattr(module, "HOOKS", None)
    if not isinstance(declared, tuple) or not all(isinstance(h, str) for h in declared):
        raise CardRegistrationError(f"card {card!r} ({module.__name__}): HOOKS must be a "
                                    "tuple of the hook points it takes part in")
    functions = own_functions(module)
    for hook in declared:
        if hook not in HOOK_POINTS:
            near = difflib.get_close_matches(hook, HOOK_POINTS, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise CardRegistrationError(
                f"card {card!r} declares {hook!r}, which is no hook point{hint}")
        f = getattr(module, hook, None)
        if not callable(f) or getattr(f, "__module__", None) != module.__name__:
            raise CardRegistrationError(
                f"card {card!r} declares the hook {hook!r} but defines no function {hook}")
    for name in functions:
        if name in declared:
            continue
        if name in HOOK_POINTS:
            raise CardRegistrationError(
                f"card {card!r} defines {name}, a hook point, without declaring it in HOOKS")
        near = difflib.get_close_matches(name, HOOK_POINTS, n=1, cutoff=_MISSPELT)
        if near:
            raise CardRegistrationError(
                f"card {card!r} defines {name}, close to the hook point {near[0]!r}: "
                "declare the hook by its name, or rename the helper")


def declares(module: ModuleType, hook: str) -> bool:
    """Does the card module take part in the hook (it declared it, so defines it)?"""
    return hook in module.HOOKS
