"""The hook points where cards change the rules, and the one registry of card modules.

The rules call the functions below and never name a card; each card module,
`engine/powers/<card>.py`, has `CARD = "<card id>"` and module-level functions named after
the hook points it takes part in, and is attached with `register(module)` (the catalog,
`engine/powers/__init__.py`, registers every card once). This module imports no rule and no
card, so the rules and the cards never import each other in a loop.

Where several cards answer one hook, they are asked in registration order. Reductions are
never added up: an item takes the single best one (rulebook, Rules for Construction).

Active powers (docs/rules.md, Powers and reactions): a card module with `uses(state, civ, window)`
and `use(state, civ, action, ev, window)` has a power its holder triggers with `UsePower`; a
module with `ask`, `legal` and `answer` asks its holder a question (engine/rules/windows.py).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from types import ModuleType
from typing import Any

from ..actions import Item, UsePower
from ..data.cards import ALL_CARDS, CIV_CREATURE, GODS
from ..data.costs import COSTS
from ..errors import IllegalAction
from ..events import Event
from ..state import Battle, Building, FreePlacement, GameState, Unit

CARDS: dict[str, ModuleType] = {}  # card id -> its module, in registration order


def register(module: ModuleType) -> None:
    """Attach a card module: its functions named after hook points take part in them."""
    CARDS[module.CARD] = module
    _HOOKED.clear()
    _HOOKED_CARDS.clear()
    _USERS.clear()
    _OWN_COST.clear()
    _ASKABLE.clear()
    _OF_OWNER.clear()
    _PIECE_KINDS.clear()
    _REDUCES.clear()


def _defines(module: ModuleType, name: str) -> bool:
    """A function the card module defines itself (not one it imported from the rules)."""
    f = getattr(module, name, None)
    return callable(f) and getattr(f, "__module__", None) == module.__name__


class _Hooked(dict[str, tuple[Callable[..., Any], ...]]):
    """hook -> the functions of the card modules taking part in it, in registration
    order, each made when first asked."""

    def __missing__(self, hook: str) -> tuple[Callable[..., Any], ...]:
        got = self[hook] = tuple(getattr(m, hook) for m in CARDS.values()
                                 if _defines(m, hook))
        return got


class _HookedCards(dict[str, tuple[tuple[str, Callable[..., Any]], ...]]):
    """hook -> (card, function) of the card modules taking part in it, in registration
    order, each made when first asked."""

    def __missing__(self, hook: str) -> tuple[tuple[str, Callable[..., Any]], ...]:
        got = self[hook] = tuple((c, getattr(m, hook)) for c, m in CARDS.items()
                                 if _defines(m, hook))
        return got


_HOOKED = _Hooked()
_HOOKED_CARDS = _HookedCards()
# The functions of the card modules taking part in a hook, in registration order
# (computed once), and (card, function) of those modules: the tables' own lookups, no
# Python call between a rule and its hook's functions (some are asked at every step).
_each: Callable[[str], tuple[Callable[..., Any], ...]] = _HOOKED.__getitem__
_each_card: Callable[[str], tuple[tuple[str, Callable[..., Any]], ...]] = \
    _HOOKED_CARDS.__getitem__


def card_module(card: str) -> ModuleType:
    return CARDS[card]


def card_name(card: str) -> str:
    return ALL_CARDS[card].name if card in ALL_CARDS else card


def refuse(card: str, reason: str) -> IllegalAction:
    """An illegal use of a card's power; the rule named is the card's text."""
    return IllegalAction(reason, f"{card_name(card)}: card text")


# --- holding a card -------------------------------------------------------------------------
def holds_copy(state: GameState, civ: str, card: str) -> bool:
    """Does civ hold the card through another card standing for it (a copy)?"""
    if not state.power_choices:  # a copy is a choice on record (as in active_powers)
        return False
    for f in _each("holds_copy"):  # a loop, not any(): this is asked very often
        if f(state, civ, card):
            return True
    return False


# --- active powers and questions ------------------------------------------------------------
def is_active(card: str) -> bool:
    """Is a UsePower of this card handled by its module (rather than by the decision)?"""
    return card in CARDS


def active_powers(state: GameState, civ: str, window: str = "") -> list[UsePower]:
    """The UsePower actions civ may take now: in his own decision (window "") or in the
    named reaction window."""
    # As the long way (tests/test_trade_shortcuts.py), with the cards that may answer in this kind of
    # decision (or in any window) looked up in one table made once per kind: the loop
    # over them asks no `DECISIONS`, and only the gods with a power are looked at. Most
    # calls find nothing to ask (no creature, card or face-up god with a power here) and
    # make no list.
    kind = _IN_A_WINDOW if window else type(state.prompt)
    try:
        creature_of, at, powers, gods, face_up = _ASKABLE[kind]
    except KeyError:  # once per kind
        creature_of, at, powers, gods, face_up = _askable(kind)
    mine = creature_of.get(civ)
    asked = None if mine is None else [mine]
    for p in state.players:
        if p.civ == civ:
            cards = p.cards
            if cards and not powers.isdisjoint(cards):  # most hold no card with a power
                found = [at[c] for c in cards if c in at]
                asked = found if asked is None else asked + found
            break
    held = state.gods.get
    for g, i in gods:  # the few gods with a power here
        holder = held(g)
        # (no holder ruled out first: comparing None with a name is slow); a god whose
        # power lists nothing once spent (`FACE_UP_ONLY`) is not asked then
        if holder is not None and holder == civ and \
                not (g in face_up and g in state.gods_used):
            if asked is None:
                asked = [i]
            else:
                asked.append(i)
    chosen = state.power_choices
    if chosen:  # a card standing for another (a copy): ask its power too
        # the copied card is a choice on record (tests/test_trade_shortcuts.py): only
        # the cards named there may be held through a copy
        chosen_cards = set(chosen.values())
        copied = [i for c, i in at.items() if c in chosen_cards and holds_copy(state, civ, c)]
        if copied or asked is not None:
            asked = list(set(copied if asked is None else asked + copied))
    if asked is None:
        return []
    if len(asked) > 1:
        asked.sort()
    global _LISTED
    users = _USERS["uses"][0]
    out: list[UsePower] = []
    by_card: list[tuple[str, list[UsePower]]] = []
    for i in asked:
        card, uses = users[i]
        got = uses(state, civ, window)
        if got:
            out += got
            by_card.append((card, got))
    if by_card and state.prompt is not None:
        _LISTED = (state.prompt, state.actions_taken, civ, window, by_card)
    return out


# The last powers listed (when any were): the prompt object, the state's count of actions
# then, the civilization and window asked, and each card's `uses` that listed something.
# A prompt object stands for one decision: any action taken since counts.
_Listed = tuple[object, int, str, str, list[tuple[str, list[UsePower]]]]
_LISTED: _Listed | None = None


def _listed(state: GameState, civ: str, action: UsePower, window: str) -> bool:
    """Is `action` the very object the card's `uses` listed last for civ in this window, in
    this decision, no action taken since (so its fields are the card's own making)? A use
    typed, decoded or copied never is: it goes the long way."""
    got = _LISTED
    if got is None or state.prompt is None or got[0] is not state.prompt or \
            got[1] != state.actions_taken or got[2] != civ or got[3] != window:
        return False
    for card, listed in got[4]:
        if card == action.card:
            for a in listed:
                if a is action:
                    return True
    return False


_Askable = tuple[dict[str, int], dict[str, int], frozenset[str], tuple[tuple[str, int], ...],
                 frozenset[str]]


def _askable(kind: type | str) -> _Askable:
    """For a kind of decision (or `_IN_A_WINDOW`): the `_users` index of each
    civilization's creature, and of each card, that may answer in it (in a decision: not
    the cards answering in reaction windows alone, `IN_WINDOWS_ONLY`); those cards;
    (god, index) of the gods among them; and those gods whose power lists nothing once
    spent (`FACE_UP_ONLY`)."""
    _users()
    if kind == _IN_A_WINDOW:
        at, creature_of = _ASKED_IN_WINDOWS
    else:
        at, creature_of = _USERS["uses"][1], _USERS["uses"][2]
        assert isinstance(kind, type)
        only = _DECISIONS
        at = {c: i for c, i in at.items() if _answers_in(only[i], kind)
              and c not in _IN_WINDOWS_ONLY}
        creature_of = {civ: i for civ, i in creature_of.items() if _answers_in(only[i], kind)}
    gods = tuple((g, i) for g, i in at.items() if g in GODS)
    face_up = frozenset(g for g, _ in gods if getattr(CARDS[g], "FACE_UP_ONLY", False))
    table = (creature_of, at, frozenset(at), gods, face_up)
    _ASKABLE[kind] = table
    return table


def _answers_in(kinds: tuple[type, ...] | None, kind: type) -> bool:
    """May a card whose `DECISIONS` are `kinds` answer in a decision of this kind?"""
    return kinds is None or issubclass(kind, kinds)


_IN_A_WINDOW = "window"  # `_ASKABLE`'s key for every reaction window
_ASKABLE: dict[type | str, _Askable] = {}


def _users() -> tuple[tuple[tuple[str, Callable[..., Any]], ...], dict[str, int],
                      dict[str, int]]:
    """The cards with an active power, as (card, its `uses`) in registration order; the
    index of each card's; the index of each civilization's creature's (a creature is
    its civilization's alone: data/cards.py CIV_CREATURE). Beside them, the same indexes
    of the cards that may answer in a reaction window, and each card's `DECISIONS`."""
    got = _USERS.get("uses")
    if got is None:
        users = _each_card("uses")
        at = {c: i for i, (c, _) in enumerate(users)}
        creature_of = {civ: at[c] for civ, c in CIV_CREATURE.items() if c in at}
        only = [getattr(CARDS[c], "DECISIONS", None) for c, _ in users]
        _DECISIONS[:] = only
        _ASKED_IN_WINDOWS[:] = [{c: i for c, i in at.items() if only[i] is None},
                                {civ: i for civ, i in creature_of.items() if only[i] is None}]
        _IN_WINDOWS_ONLY.clear()
        _IN_WINDOWS_ONLY.update(c for c, _ in users if getattr(CARDS[c], "IN_WINDOWS_ONLY", False))
        # set last: another thread finding it finds the tables above made
        got = _USERS["uses"] = (users, at, creature_of)
    return got


_USERS: dict[str, tuple[tuple[tuple[str, Callable[..., Any]], ...], dict[str, int],
                        dict[str, int]]] = {}
# by index of `_users`: the prompt kinds a card's `uses` answers in alone (None: any, and
# reaction windows)
_DECISIONS: list[tuple[type, ...] | None] = []
# `_users`' indexes of the cards, and of the civilizations' creatures, asked in a window
_ASKED_IN_WINDOWS: list[dict[str, int]] = [{}, {}]
# the cards whose power answers in reaction windows alone (their module's IN_WINDOWS_ONLY)
_IN_WINDOWS_ONLY: set[str] = set()


def use_power(state: GameState, civ: str, action: UsePower, ev: list[Event],
              window: str = "") -> None:
    """Validate and apply an active power (IllegalAction naming the card if refused)."""
    m = CARDS.get(action.card)
    if m is None or not _defines(m, "use"):
        when = getattr(m, "WHEN", "it is not used this way")
        raise refuse(action.card, f"{card_name(action.card)} has no power to use now: {when}")
    if not _listed(state, civ, action, window):  # a listed use: the card's uses made it
        _check_fields(state, civ, m, action, window)
    m.use(state, civ, action, ev, window)


def _check_fields(state: GameState, civ: str, m: ModuleType, action: UsePower, window: str) -> None:
    """A field the card's uses never fill is refused, not ignored: an action the legal list
    could never show is not accepted."""
    listed = m.uses(state, civ, window) if _defines(m, "uses") else []
    listed = [a for a in listed if a.choice == action.choice] or listed  # the same use
    for f in ("target", "choice", "units"):
        if listed and getattr(action, f) and not any(getattr(a, f) for a in listed):
            raise refuse(action.card, f"{card_name(action.card)} takes no {f} here")


def _most(hook: str, least: int, *args: Any) -> int:
    """The largest of the cards' answers to a hook, and at least `least` (a loop, not max()
    of a list: some are asked at every step)."""
    most = least
    for f in _each(hook):
        n: int = f(*args)
        if n > most:
            most = n
    return most


def _total(hook: str, *args: Any) -> int:
    """The cards' answers to a hook added up (a loop, not sum() of a generator)."""
    total = 0
    for f in _each(hook):
        total += f(*args)
    return total


def _any_asked(hook: str, state: GameState) -> bool:
    """Ask every card taking part (each may queue a question); True if one did."""
    queued = False
    for f in _each(hook):  # every card asked, in order: not any(), which stops early
        if f(state):
            queued = True
    return queued


# --- roles ----------------------------------------------------------------------------------
def role_bonus(state: GameState, civ: str, role: str) -> int:
    """A role bonus is its card's holder's alone (every `role_bonus` hook answers 0 to
    anyone else, tests/test_engine_shortcuts.py): only the cards and gods civ holds are
    asked."""
    bonus = 0
    for f in _held(state, civ, "role_bonus"):  # a loop, not sum() of a generator
        bonus += f(state, civ, role)
    return bonus


def role_bonuses(state: GameState, civ: str) -> list[Callable[..., int]]:
    """The `role_bonus` hooks `role_bonus` asks for civ: of the cards and gods he holds."""
    return _held(state, civ, "role_bonus")


def _held(state: GameState, civ: str, hook: str) -> list[Callable[..., Any]]:
    """The functions of a hook of the cards civ holds (or holds a copy of) and the gods
    he holds, in registration order."""
    cards: list[str] = []
    for p in state.players:
        if p.civ == civ:
            cards = p.cards
            break
    gods = state.gods
    copies = bool(state.power_choices)  # a copy is a choice on record (as active_powers)
    return [f for card, f in _each_card(hook) if card in cards or gods.get(card) == civ
            or (copies and holds_copy(state, civ, card))]


def before_roles(state: GameState) -> bool:
    """At the start of the turn, before roles are computed. True if a question is queued."""
    return _any_asked("before_roles", state)


# --- offering -------------------------------------------------------------------------------
def gods_returned(state: GameState) -> None:
    """The gods went back to the heavens: choices made with a god's power lapse."""
    for f in _each("gods_returned"):
        f(state)


def after_offering(state: GameState) -> bool:
    """When every player has made his offering. True if a question is queued."""
    return _any_asked("after_offering", state)


# --- costs ----------------------------------------------------------------------------------
def base_cost(state: GameState, item: Item) -> int:
    """The chart cost of an item; a card with a cost of its own says so (`card_cost`)."""
    if item.kind == "card":
        return card_cost(state, item.card)
    return COSTS[item.kind]


def card_cost(state: GameState, card: str) -> int:
    """A hero's or wonder's chart cost (`base_cost` of buying it)."""
    for f in _each("card_cost"):
        c: int | None = f(state, card)
        if c is not None:
            return c
    return COSTS["hero"]


def card_costs(state: GameState, cards: list[str]) -> list[int]:
    """`card_cost` of each card. A card's cost of its own is its own module's to say (every
    `card_cost` hook answers None for any other card, tests/test_floor_shortcuts.py), so
    only that module is asked."""
    own = _own_cost()
    hero = COSTS["hero"]
    out: list[int] = []
    for card in cards:
        f = own.get(card)
        c: int | None = f(state, card) if f is not None else None
        out.append(hero if c is None else c)
    return out


def cards_within(state: GameState, cards: list[str], budget: int) -> list[tuple[str, int]]:
    """(card, `card_cost`) of the cards costing `budget` at most, in their order: below
    the chart's cost only the cards with a cost of their own are asked."""
    if budget >= COSTS["hero"]:
        return [(card, c) for card, c in zip(cards, card_costs(state, cards), strict=True)
                if c <= budget]
    own = _own_cost()
    return [(card, c) for card in cards if card in own
            for c in card_costs(state, [card]) if c <= budget]


def _own_cost() -> dict[str, Callable[..., Any]]:
    got = _OWN_COST.get("card_cost")
    if got is None:
        got = _OWN_COST["card_cost"] = dict(_each_card("card_cost"))
    return got


_OWN_COST: dict[str, dict[str, Callable[..., Any]]] = {}


# The most a reduction takes off an item (every card's is one card; a test asks each card
# of every item, tests/test_engine_shortcuts.py): construction leaves out the candidates
# dearer than a player's best set by more than this.
MAX_REDUCTION = 1


def _offers(state: GameState, civ: str, item: Item) -> list[tuple[int, str]]:
    """(cards off, limit key) for every reduction of the item; a key ("" for none) names a
    reduction that applies once and is spent when used."""
    return [r for f in _each("reduction") if (r := f(state, civ, item))]


def reducers(state: GameState, civ: str) -> tuple[Callable[..., Any], ...]:
    """The reductions that may apply to civ's items now: those of the cards he holds. A
    card's reduction is its holder's alone (every `reduction` hook answers None to anyone
    else, tests/test_engine_speed.py), so pricing many items asks only these."""
    copies = bool(state.power_choices)  # a copy is a choice on record (`holds_copy`)
    for p in state.players:  # engine.rules.common.holds, which imports this module
        if p.civ == civ:
            return tuple(f for card, f in _each_card("reduction")
                         if card in p.cards or (copies and holds_copy(state, civ, card)))
    return ()


def reduced_kinds(reduction: Callable[..., Any]) -> frozenset[str] | None:
    """The kinds of item a card's `reduction` (one of `reducers`) may apply to: its module's
    REDUCES, or None when the module names none (any kind, then)."""
    if reduction not in _REDUCES:  # made once, for every card with a reduction
        _REDUCES.update((f, getattr(CARDS[c], "REDUCES", None))
                        for c, f in _each_card("reduction"))
    return _REDUCES.get(reduction)


_REDUCES: dict[Callable[..., Any], frozenset[str] | None] = {}


def costs(state: GameState, civ: str, items: list[Item],
          funcs: tuple[Callable[..., Any], ...] | None = None,
          charted: dict[str, int] | None = None) -> list[int]:
    """`cost` of each item, the held reductions looked up once for them all. `funcs`:
    civ's `reducers`, if the caller has them; `charted`: the `card_cost` of cards, if
    known."""
    if funcs is None:
        funcs = reducers(state, civ)
    if charted is None:
        charted = {}
    base = [COSTS[it.kind] if it.kind != "card" else
            (charted.get(it.card) or base_cost(state, it)) for it in items]
    if not funcs:  # the chart's costs (base_cost, a card's asked of its hooks)
        return base
    return [c - _best(state, civ, it, _NOTHING_TAKEN, funcs)[0]
            for c, it in zip(base, items, strict=True)]


_NOTHING_TAKEN: frozenset[str] = frozenset()


def _best(state: GameState, civ: str, item: Item,
          taken: AbstractSet[str] = frozenset(),
          funcs: tuple[Callable[..., Any], ...] | None = None) -> tuple[int, str]:
    """The single best reduction still available; unlimited ones first on a tie, so that a
    limited one is kept for another item. `funcs`: the reductions to ask (all by default)."""
    best = (0, "")
    for f in _each("reduction") if funcs is None else funcs:  # _offers without its list
        r = f(state, civ, item)
        if not r:
            continue
        n, key = r
        if key and (key in state.used_powers or key in taken):
            continue
        if n > best[0] or (n == best[0] and best[1] and not key):
            best = (n, key)
    return best


def reducing_card(state: GameState, civ: str, item: Item) -> str:
    """The card whose reduction `cost` applies to the item ("" for none), for the quotes."""
    n, key = _best(state, civ, item)
    if not n:
        return ""
    for card, module in CARDS.items():
        if _defines(module, "reduction"):
            r = module.reduction(state, civ, item)
            if r and r == (n, key):
                return card
    return ""


def reductions(state: GameState, civ: str, item: Item) -> list[int]:
    """Every reduction that applies to the item now (each as a number of cards)."""
    return [n for n, key in _offers(state, civ, item) if not key or key not in state.used_powers]


def cost(state: GameState, civ: str, item: Item, free_setup: bool = False) -> int:
    """What an item costs this player: the base cost less the single best reduction.
    In the free setup the heroes' abilities do not apply (rulebook, Free Setup)."""
    c = base_cost(state, item)
    if free_setup:
        return c
    return c - _best(state, civ, item)[0]


def price(state: GameState, civ: str, items: list[Item]) -> tuple[int, list[str]]:
    """The total cost of items bought together, and the once-only reductions it spends
    (one caravan and one legion of several get a once-only -1 once: rulebook Q&A)."""
    taken: set[str] = set()
    keys: list[str] = []
    total = 0
    funcs = reducers(state, civ)  # a reduction is its holder's alone (`reducers`)
    for it in items:
        n, key = _best(state, civ, it, taken, funcs)
        if key:
            taken.add(key)
            keys.append(key)
        total += base_cost(state, it) - n
    return total, keys


def spend_reductions(state: GameState, keys: list[str]) -> None:
    state.used_powers.extend(keys)


def wild_commodity(state: GameState, civ: str) -> bool:
    """May civ count a card as one commodity of his choice in a set now?"""
    for f in _each("wild_commodity"):  # a loop, not any(): asked at most decisions
        if f(state, civ):
            return True
    return False


def spend_wild(state: GameState, civ: str, ev: list[Event]) -> None:
    for f in _each("spend_wild"):
        f(state, civ, ev)


# --- acquiring cards and placing pieces -----------------------------------------------------
def offered(state: GameState, civ: str) -> list[str]:
    """Cards on offer to civ besides the display and his civilization's hero."""
    return [c for f in _each("offered") for c in f(state, civ)]


def check_acquire(state: GameState, civ: str, card: str) -> None:
    """Raise if the card may not be acquired now (its own condition)."""
    m = CARDS.get(card)
    if m is not None and _defines(m, "check_acquire"):
        m.check_acquire(state, civ)


def on_acquire(state: GameState, civ: str, card: str, ev: list[Event],
               free_setup: bool = False) -> None:
    """When a card is acquired (free placements, a copy to choose...)."""
    m = CARDS.get(card)
    if m is not None and _defines(m, "on_acquire"):
        m.on_acquire(state, civ, ev, free_setup)


def wins_by_card(state: GameState, civ: str) -> str:
    """Why civ wins at once by a card he holds ("" if none)."""
    for f in _each("wins_by_card"):
        reason: str = f(state, civ)
        if reason:
            return reason
    return ""


def on_influence(state: GameState, civ: str, province: str, mode: str,
                 ev: list[Event]) -> None:
    """After an influence marker is placed."""
    for f in _each("on_influence"):
        f(state, civ, province, mode, ev)


def placement_bound(state: GameState, fp: FreePlacement) -> bool:
    """May the free piece go only to its named province (lost if it cannot)?"""
    return any(f(state, fp) for f in _each("placement_bound"))


def may_build_new_province(state: GameState, civ: str, province: str) -> bool:
    """May civ build in a province he influenced in this construction phase?"""
    for f in _each("may_build_new_province"):  # a loop, not any(): asked at most decisions
        if f(state, civ, province):
            return True
    return False


def build_site_exempt(state: GameState, civ: str, item: Item, mode: str) -> bool:
    """May the item go where civ has no influence?"""
    for f in _each("build_site_exempt"):  # a loop, not any(): asked for every candidate
        if f(state, civ, item, mode):
            return True
    return False


def site_exemptions(state: GameState, civ: str) -> list[Callable[..., Any]]:
    """The `build_site_exempt` hooks that may answer for civ: those of the cards he holds (a
    card's exemption is its holder's alone, tests/test_engine_shortcuts.py)."""
    return _held(state, civ, "build_site_exempt")


def extra_items(state: GameState, civ: str) -> list[Item]:
    """Items civ may build outside his provinces (offered in his construction turn)."""
    return [it for f in _each("extra_items") for it in f(state, civ)]


def fortress_limit(state: GameState, civ: str) -> int:
    """Fortresses of civ allowed in one province (one, unless a card says more)."""
    return _most("fortress_limit", 1, state, civ)


def influence_anywhere(state: GameState, civ: str) -> bool:
    """May civ's influence markers go anywhere?"""
    for f in _each("influence_anywhere"):  # a loop, not any(): asked at most decisions
        if f(state, civ):
            return True
    return False


def commodities_kept(state: GameState, civ: str) -> int:
    """Commodity cards civ keeps at the end of construction (none, unless a card says)."""
    return _most("commodities_kept", 0, state, civ)


# --- commerce -------------------------------------------------------------------------------
def extra_production(state: GameState, production: dict[str, dict[str, int]]) -> None:
    """Production that comes from cards."""
    for f in _each("extra_production"):
        f(state, production)


def after_production(state: GameState) -> bool:
    """After production. True if a question is queued."""
    return _any_asked("after_production", state)


def trade_announced(state: GameState) -> bool:
    """After the Director announced the trade. True if a question is queued."""
    return _any_asked("trade_announced", state)


def may_stay_out(state: GameState, civ: str, n: int) -> bool:
    """Has civ stayed out of the trade?"""
    for f in _each("may_stay_out"):  # a loop, not any(): asked at most decisions
        if f(state, civ, n):
            return True
    return False


def after_trade(state: GameState) -> bool:
    """After trading. True if a question is queued."""
    return _any_asked("after_trade", state)


# --- movement -------------------------------------------------------------------------------
def _of_owner(hook: str, civ: str) -> tuple[Callable[..., Any], ...]:
    """The functions of a hook about one unit that may answer for a unit of civ's, in
    registration order: a card whose module says `OWN_UNITS_ONLY` answers for the units
    of the civilization whose creature it is alone, and is left out for the others'
    (tests/test_powers_shortcuts.py)."""
    try:  # asked for every unit of every ground listing
        return _OF_OWNER[hook][civ]
    except KeyError:
        pass
    mine = CIV_CREATURE.get(civ)
    got = _OF_OWNER.setdefault(hook, {})[civ] = tuple(
        f for card, f in _each_card(hook)
        if card == mine or not getattr(CARDS[card], "OWN_UNITS_ONLY", False))
    return got


def asks_for_units_of(hook: str, civ: str) -> bool:
    """Could a card answer this hook about one unit (`ground_steps`, `sea_landings`, ...)
    for a unit of civ's? When not, a listing of civ's units need not ask it unit by unit."""
    return bool(_of_owner(hook, civ))


# hook -> civ -> `_of_owner`
_OF_OWNER: dict[str, dict[str, tuple[Callable[..., Any], ...]]] = {}


def crosses_straits(state: GameState, civ: str) -> bool:
    """Do civ's straits count as land steps?"""
    for f in _each("crosses_straits"):  # a loop, not any(): asked at most decisions
        if f(state, civ):
            return True
    return False


def trireme_moves(state: GameState, civ: str) -> int:
    """Sea moves a trireme makes in its owner's turn (one, unless a card says more)."""
    return _most("trireme_moves", 1, state, civ)


def can_be_convoyed(state: GameState, unit: Unit) -> bool:
    for f in _of_owner("cannot_be_convoyed", unit.owner):
        if f(state, unit):
            return False
    return True


def ground_steps(state: GameState, unit: Unit, steps: list[str]) -> list[str]:
    """The provinces a legion or creature reaches by its own move, given its land steps."""
    for f in _of_owner("ground_steps", unit.owner):
        steps = f(state, unit, steps)
    return steps


def piece_kind(state: GameState, unit: Unit) -> str:
    """The piece a unit is, for the supply: a legion a card makes fight as a creature is
    still a legion piece."""
    for f in _each("piece_kind"):
        kind: str = f(state, unit)
        if kind:
            return kind
    return unit.kind


def piece_kinds_told() -> frozenset[str] | None:
    """The unit kinds whose piece a card's `piece_kind` may tell otherwise than their kind
    (their modules' PIECE_KINDS); None if a card with a `piece_kind` does not say (any
    kind, then).
    A unit of another kind is the piece of its kind: counting the supply asks no card."""
    try:
        return _PIECE_KINDS[""]
    except KeyError:
        told: set[str] = set()
        for card, _ in _each_card("piece_kind"):
            kinds = getattr(CARDS[card], "PIECE_KINDS", None)
            if kinds is None:
                _PIECE_KINDS[""] = None
                return None
            told.update(kinds)
        got = _PIECE_KINDS[""] = frozenset(told)
        return got


_PIECE_KINDS: dict[str, frozenset[str] | None] = {}  # "" -> piece_kinds_told()


def sea_landings(state: GameState, unit: Unit) -> list[str]:
    """The provinces a ground unit at sea may land on in the ground step."""
    funcs = _of_owner("sea_landings", unit.owner)
    if not funcs:  # asked of every unit in the ground listing: most owners ask no card
        return []
    return [p for f in funcs for p in f(state, unit)]


def unit_built(state: GameState, unit: Unit) -> None:
    for f in _each("unit_built"):
        f(state, unit)


def convoy_extra_seas(state: GameState, civ: str) -> list[str]:
    """Seas that count as held by civ's triremes for a convoy."""
    return [s for f in _each("convoy_extra_seas") for s in f(state, civ)]


# --- combat ---------------------------------------------------------------------------------
def battle_forbidden(state: GameState, area: str) -> bool:
    """Is combat in this area forbidden (the battle is not fought)?"""
    return any(f(state, area) for f in _each("battle_forbidden"))


def battle_begins(state: GameState, battle: Battle, ev: list[Event]) -> None:
    """As the dice of a battle are about to be rolled."""
    for f in _each("battle_begins"):
        f(state, battle, ev)


def battle_over(state: GameState) -> None:
    """A battle ends (before its losses are removed)."""
    for f in _each("battle_over"):
        f(state)


def die_bonus(state: GameState, civ: str, naval: bool) -> int:
    """Added to each die this civ rolls."""
    return _total("die_bonus", state, civ, naval)


def battle_bonus(state: GameState, civ: str, area: str, naval: bool) -> int:
    """Added once to a side's total in a battle in `area`."""
    return _total("battle_bonus", state, civ, area, naval)


def casualty_divisor(state: GameState, civ: str, naval: bool) -> int:
    """Points of the other side's total that cost civ one unit (5, unless a card says)."""
    return _most("casualty_divisor", 5, state, civ, naval)


def loses_automatic_six(state: GameState, unit: Unit, enemy_units: list[Unit]) -> bool:
    """Does this fortress or creature roll a die instead of its automatic 6?"""
    return any(f(state, unit, enemy_units) for f in _each("loses_automatic_six"))


def lose_unit(state: GameState, unit: Unit, ev: list[Event]) -> bool:
    """A unit is eliminated in battle: True if a card takes it (off the board, not back
    to the supply)."""
    return any(f(state, unit, ev) for f in _each("lose_unit"))


def on_sack(state: GameState, civ: str, province: str, building: Building,
            ev: list[Event]) -> None:
    """After civ sacks a building."""
    for f in _each("on_sack"):
        f(state, civ, province, building, ev)


def extra_sacks(state: GameState, civ: str, province: str) -> int:
    """After civ sacked a building: how many more he may sack there now."""
    sacks: int = sum(f(state, civ, province) for f in _each("extra_sacks"))
    return sacks
