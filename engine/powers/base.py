"""Helpers the card modules share: refusals that name the card, once-per-phase marks,
gods ready to be used, and the compact card lists that `UsePower.choice` carries.

A card module is `engine/powers/<card>.py` with `CARD = "<card id>"`, `HOOKS`, the hook
points it takes part in (engine/rules/hook_points.py), and a function of each of those
names; registration refuses a module whose functions and `HOOKS` differ
(engine/rules/card_registry.py). A module with an active power takes part in `uses`
(state, civ, window: the UsePower actions its holder may take now) and `use` (state,
civ, action, ev, window: validate, then apply), and says `WINDOWS`, the reaction
windows in which `uses` may list anything (`ANY_WINDOW`: all of them; engine/rules/windows.py
asks only the holders of such cards), and, if `uses` answers only in its holder's own
decisions of some kinds, `DECISIONS`, those prompt kinds (it is then asked nowhere else:
engine/rules/hook_powers.py), or, if it answers in those windows alone, `IN_WINDOWS_ONLY = True`
(it is asked in none of its holder's decisions), and a god whose `uses` lists nothing
once it is spent (face down) says `FACE_UP_ONLY = True` (it is not asked then); a module
that asks its holder something takes part in `ask`, `legal` and `answer` (see
engine/rules/windows.py). A card with a reduction
names the kinds of item it reduces in `REDUCES`; a creature whose hooks about a unit
(`ground_steps`, `sea_landings`, `cannot_be_convoyed`) answer for its own civilization's
units alone says `OWN_UNITS_ONLY = True` (the other civilizations' units never ask it).
"""

from __future__ import annotations

from ..actions import Action, Pass, UsePower
from ..data.cards import RESOURCES, WILD
from ..events import Event, Passed
from ..prompts import ConstructionTurn, PromptBase
from ..rules.common import (
    building_controllers,
    clear_post,
    holds,
    holds_god,
    is_player,
    post_key,
    units_in,
)
from ..rules.hooks import card_name as card_name  # re-exported for the card modules
from ..rules.hooks import refuse as refuse  # re-exported for the card modules
from ..rules.windows import ANY_WINDOW as ANY_WINDOW  # re-exported for the card modules
from ..rules.windows import queue
from ..state import Battle, Building, GameState, PendingPower


# --- once per phase or turn --------------------------------------------------------------
def used(state: GameState, card: str, civ: str) -> bool:
    """Has civ used this card's once-per-phase (or once-per-turn) power? The marks are
    cleared at the end of each turn (engine/rules/flow.py)."""
    return f"{card}:{civ}" in state.used_powers


def mark_used(state: GameState, card: str, civ: str) -> None:
    state.used_powers.append(f"{card}:{civ}")


# --- gods -----------------------------------------------------------------------------------
def god_ready(state: GameState, civ: str, god: str) -> bool:
    """civ holds the god face up: its power has not been used."""
    return holds_god(state, civ, god) and god not in state.gods_used


def check_god(state: GameState, civ: str, god: str) -> None:
    if not holds_god(state, civ, god):
        raise refuse(god, f"You do not hold {card_name(god)}")
    if god in state.gods_used:
        raise refuse(god, f"{card_name(god)}'s power has been used: the card is face down")


def spend_god(state: GameState, god: str) -> None:
    """Flip the god face down (rulebook, Offering to the Gods)."""
    if god not in state.gods_used:
        state.gods_used.append(god)


def check_holds(state: GameState, civ: str, card: str) -> None:
    if not holds(state, civ, card):
        raise refuse(card, f"You do not hold {card_name(card)}")


# --- a card's own question (engine/rules/windows.py) ----------------------------------------
def ask_each(state: GameState, card: str, civs: list[str]) -> bool:
    """Queue the card's question for each of civs, in order; True if one was queued."""
    for civ in civs:
        queue(state, PendingPower(card=card, civ=civ))
    return bool(civs)


def passed(state: GameState, pp: PendingPower, action: Action, ev: list[Event], card: str,
           hint: str) -> bool:
    """True if the player asked passed (his question is settled); anything but a pass or
    a UsePower of the card is refused with `hint`."""
    if isinstance(action, Pass):
        ev.append(Passed(civ=pp.civ, phase=state.phase, powers=[card]))
        return True
    if not isinstance(action, UsePower) or action.card != card:
        raise refuse(card, hint)
    return False


# --- timing ---------------------------------------------------------------------------------
def in_construction_turn(state: GameState, civ: str, window: str = "") -> bool:
    """civ is deciding in his own construction turn (not in a reaction window)."""
    p = state.prompt
    return (not window and state.phase == "construction" and isinstance(p, ConstructionTurn)
            and p.civ == civ)


def in_own_decision(state: GameState, civ: str, window: str,
                    prompt_type: type[PromptBase]) -> bool:
    """civ is deciding a prompt of this kind himself (not in a reaction window), and no
    battle is under way (a military step's powers: the Kraken's, the Titans')."""
    p = state.prompt
    return (not window and isinstance(p, prompt_type) and p.civ == civ
            and state.military.battle is None)


# The stage a battle is at while each military reaction window is open on it
# (engine/rules/combat.py): before the dice, and after them, before the losses.
BATTLE_STAGE = {"before_battle": "dice", "after_dice": "losses"}


def battle_in_window(state: GameState, window: str, civ: str | None = None,
                     ground: bool = False) -> Battle | None:
    """The battle the reaction window `window` is open on, or None; with `civ`, only a
    battle he fights; with `ground`, only a battle on land."""
    b = state.military.battle
    if b is None or BATTLE_STAGE.get(window) != b.stage or (ground and b.naval) or \
            (civ is not None and civ not in (b.attacker, b.defender)):
        return None
    return b


def check_construction_turn(state: GameState, civ: str, card: str, window: str = "") -> None:
    if not in_construction_turn(state, civ, window):
        raise refuse(card, f"{card_name(card)}'s power is used in your construction turn")


def check_once_in_construction(state: GameState, civ: str, card: str, window: str,
                               once: str) -> None:
    """civ holds the card, is in his construction turn and has not used it this phase
    (`once` says what the card does once)."""
    check_holds(state, civ, card)
    check_construction_turn(state, civ, card, window)
    if used(state, card, civ):
        raise refuse(card, once)


def any_time(state: GameState, window: str = "") -> bool:
    """Powers usable "at any time" (docs/rules.md, Powers and reactions), except during role
    assignment, which is computed at one moment (docs/rules.md, Roles) and so is not interrupted."""
    return state.phase not in ("setup", "roles", "over")


def others_buildings(state: GameState, civ: str, kind: str) -> list[tuple[str, str]]:
    """(province, site) of every building of this kind controlled by someone other than
    civ (`other_owner` of its `building_controller`), in the board's order: a god's
    targets, listed in each of his holder's decisions."""
    return [(pr, site) for pr, site, owner in building_controllers(state, kind)
            if owner is not None and owner != civ]  # `other_owner`, without a call each


def other_owner(state: GameState, civ: str, owner: str | None) -> bool:
    """owner is another player or a neutral civilization (not civ, not nobody)."""
    return owner is not None and owner != civ


def player_target(state: GameState, owner: str | None) -> str | None:
    return owner if is_player(state, owner) else None


# --- card lists in UsePower.choice ---------------------------------------------------------
def encode_cards(cards: dict[str, int]) -> str:
    """{"tax": 1, "wine": 2} -> "tax=1,wine=2" (resource order; the Temple of Artemis of
    a payment last)."""
    # the few kinds given put in order, not every kind looked for (a payment or a gift
    # of each listing names one to three)
    named = [c for c in cards if cards[c] and c in _CARD_ORDER]
    if len(named) > 1:
        named.sort(key=_CARD_ORDER.__getitem__)
    return ",".join([f"{c}={cards[c]}" for c in named])


# each kind of card's place in `encode_cards`
_CARD_ORDER = {c: i for i, c in enumerate((*RESOURCES, WILD))}


def decode_cards(card: str, text: str) -> dict[str, int]:
    """The inverse of `encode_cards`; an IllegalAction naming `card` if malformed."""
    out: dict[str, int] = {}
    for part in filter(None, text.split(",")):
        name, _, n = part.partition("=")
        if name not in (*RESOURCES, WILD) or not n.isdigit():
            raise refuse(card, f"{text!r} is not a list of cards such as 'tax=3' or "
                               "'fish=1,wine=1,gems=1'")
        out[name] = out.get(name, 0) + int(n)
    return {c: n for c, n in out.items() if n}


# --- destroying a building (Baal, Vulcan) ---------------------------------------------------
def find_building(state: GameState, province: str, kind: str, site: str = "") -> int | None:
    """The index of a building of that kind (and commodity site, for a caravan), or None."""
    ps = state.provinces.get(province)
    if ps is None:
        return None
    for i, b in enumerate(ps.buildings):
        if b.kind == kind and (kind != "caravan" or b.site == site):
            return i
    return None


def destroy_building(state: GameState, province: str, index: int) -> Building:
    """Remove a building (its token goes back to the supply); a unit occupying it stays in
    the province, off its post."""
    ps = state.provinces[province]
    b = ps.buildings.pop(index)
    key = post_key(b.kind, b.site)
    if all(post_key(o.kind, o.site) != key for o in ps.buildings):
        for u in units_in(state, province):
            if u.post == key:
                clear_post(state, u)
    return b
