"""Active powers and questions at the hook points: the UsePower actions a player may take
now, a use validated and applied, and the cards a player holds through a copy.

A card module with the hooks `uses(state, civ, window)` and `use(state, civ, action, ev,
window)` has a power its holder triggers with `UsePower` (docs/rules.md, Powers and reactions); one with
`ask`, `legal` and `answer` asks its holder a question (engine/rules/windows.py). The
tables below are `TABLES`' (engine/rules/card_registry.py), made again when a card is
registered.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

from ..actions import UsePower
from ..data.cards import ALL_CARDS, CIV_CREATURE, GODS
from ..errors import IllegalAction
from ..events import Event
from ..state import GameState
from .card_registry import CARDS, TABLES, declares

# The functions of the cards taking part in a hook, in the cards' order (computed once),
# and (card, function) of those cards: the tables' own lookups, no Python call between a
# rule and its hook's functions (some are asked at every step).
_each: Callable[[str], tuple[Callable[..., Any], ...]] = TABLES.hooked.__getitem__
_each_card: Callable[[str], tuple[tuple[str, Callable[..., Any]], ...]] = \
    TABLES.hooked_cards.__getitem__


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
        TABLES.listed = (state.prompt, state.actions_taken, civ, window, by_card)
    return out


def _listed(state: GameState, civ: str, action: UsePower, window: str) -> bool:
    """Is `action` the very object the card's `uses` listed last for civ in this window, in
    this decision, no action taken since (so its fields are the card's own making)? A use
    typed, decoded or copied never is: it goes the long way.

    `TABLES.listed` is the last powers listed (when any were): the prompt object, the
    state's count of actions then, the civilization and window asked, and each card's
    `uses` that listed something. A prompt object stands for one decision: any action taken
    since counts."""
    got = TABLES.listed
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
_ASKABLE: dict[type | str, _Askable] = TABLES.table("askable")


def _users() -> tuple[tuple[tuple[str, Callable[..., Any]], ...], dict[str, int],
                      dict[str, int]]:
    """The cards with an active power, as (card, its `uses`) in the cards' order; the
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
        _IN_WINDOWS_ONLY.update((c, True) for c, _ in users
                                if getattr(CARDS[c], "IN_WINDOWS_ONLY", False))
        # set last: another thread finding it finds the tables above made
        got = _USERS["uses"] = (users, at, creature_of)
    return got


_USERS: dict[str, tuple[tuple[tuple[str, Callable[..., Any]], ...], dict[str, int],
                        dict[str, int]]] = TABLES.table("users")
# by index of `_users`: the prompt kinds a card's `uses` answers in alone (None: any, and
# reaction windows)
_DECISIONS: list[tuple[type, ...] | None] = TABLES.table_list(list)
# `_users`' indexes of the cards, and of the civilizations' creatures, asked in a window
_ASKED_IN_WINDOWS: list[dict[str, int]] = TABLES.table_list(lambda: [{}, {}])
# the cards whose power answers in reaction windows alone (their module's IN_WINDOWS_ONLY)
_IN_WINDOWS_ONLY: dict[str, bool] = TABLES.table("in_windows_only")


def use_power(state: GameState, civ: str, action: UsePower, ev: list[Event],
              window: str = "") -> None:
    """Validate and apply an active power (IllegalAction naming the card if refused)."""
    m = CARDS.get(action.card)
    if m is None or not declares(m, "use"):
        when = getattr(m, "WHEN", "it is not used this way")
        raise refuse(action.card, f"{card_name(action.card)} has no power to use now: {when}")
    if not _listed(state, civ, action, window):  # a listed use: the card's uses made it
        _check_fields(state, civ, m, action, window)
    m.use(state, civ, action, ev, window)


def _check_fields(state: GameState, civ: str, m: ModuleType, action: UsePower, window: str) -> None:
    """A field the card's uses never fill is refused, not ignored: an action the legal list
    could never show is not accepted."""
    listed = m.uses(state, civ, window) if declares(m, "uses") else []
    listed = [a for a in listed if a.choice == action.choice] or listed  # the same use
    for f in ("target", "choice", "units"):
        if listed and getattr(action, f) and not any(getattr(a, f) for a in listed):
            raise refuse(action.card, f"{card_name(action.card)} takes no {f} here")



def _held(state: GameState, civ: str, hook: str) -> list[Callable[..., Any]]:
    """The functions of a hook of the cards civ holds (or holds a copy of) and the gods
    he holds, in the cards' order."""
    cards: list[str] = []
    for p in state.players:
        if p.civ == civ:
            cards = p.cards
            break
    gods = state.gods
    copies = bool(state.power_choices)  # a copy is a choice on record (as active_powers)
    return [f for card, f in _each_card(hook) if card in cards or gods.get(card) == civ
            or (copies and holds_copy(state, civ, card))]

