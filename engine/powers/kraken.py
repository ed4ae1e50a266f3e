"""Kraken (Atlantis' creature), rulebook creature text and Q&A; our decisions are in
docs/rulings.md.

- On land it moves only between coastal provinces (`ground_steps`), and it is never
  carried by triremes (the hook `cannot_be_convoyed`).
- At sea: in its owner's naval step it may swim one step, from a coastal province into a
  sea that province touches, or from a sea into a neighbouring sea. A Kraken at sea takes
  part in naval battles there with its automatic 6, attacking or defending, beside its
  owner's triremes. In the ground step a Kraken at sea may land on a coastal province its
  sea touches, alone or joining other units that enter the same province
  (`sea_landings`).
- Dive: instead of its move, a Kraken at sea or on a coast goes onto its card (a unit
  whose area is ""). Emerge: in the naval step of any later turn it comes up in any sea,
  and it may still make its move from there.
- Q&A: a Kraken built this turn may emerge in any sea at once; that is its move.

UsePower(card="kraken", units=[id], choice="swim" | "dive" | "emerge", target=<sea>).
"""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..data.cards import CIV_CREATURE
from ..events import Event, PowerUsed
from ..prompts import NavalTurn
from ..rules.common import clear_post
from ..rules.geography import sea_steps
from ..state import GameState, Unit
from .base import in_own_decision, refuse
from .hercules import acting, acts_as

CARD = "kraken"
# the hook points it takes part in (engine/rules/hook_points.py)
HOOKS = ("unit_built", "cannot_be_convoyed", "ground_steps", "sea_landings", "uses", "use")
# its hooks about a unit answer for its own civilization's units alone (`acts_as`)
OWN_UNITS_ONLY = True
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (NavalTurn,)  # the only decisions of its holder's it answers in
WHEN = "in your naval step"
CHOICES = ("swim", "dive", "emerge")


def is_kraken(u: Unit) -> bool:
    return u.kind == "creature" and CIV_CREATURE.get(u.owner) == CARD


def _new_key(u: Unit) -> str:
    return f"{CARD}:new:{u.id}"


def unit_built(state: GameState, u: Unit) -> None:
    """Remember a Kraken built this turn (the marks are cleared as the turn ends)."""
    if is_kraken(u):
        state.used_powers.append(_new_key(u))


def cannot_be_convoyed(state: GameState, u: Unit) -> bool:
    return acts_as(state, u, CARD)


def built_this_turn(state: GameState, u: Unit) -> bool:
    return _new_key(u) in state.used_powers


# --- moves --------------------------------------------------------------------------------
def ground_steps(state: GameState, u: Unit, steps: list[str]) -> list[str]:
    if not acts_as(state, u, CARD):
        return steps
    return [p for p in steps if board.PROVINCES[p].coastal]


def sea_landings(state: GameState, u: Unit) -> list[str]:
    """Where a Kraken at sea may land in the ground step: the coasts of its sea."""
    if not acts_as(state, u, CARD) or u.area not in board.SEAS:
        return []
    return list(board.SEAS[u.area].provinces)


def swims(u: Unit) -> list[str]:
    """The seas a Kraken may swim into from where it is (a trireme's steps)."""
    return sea_steps(u.area)


def may_dive(u: Unit) -> bool:
    return u.area in board.SEAS or (u.area in board.PROVINCES and board.PROVINCES[u.area].coastal)


def may_emerge(state: GameState, u: Unit) -> bool:
    """On its card since an earlier turn, or built this turn and not moved yet (Q&A)."""
    return not u.moved and (not u.area or (u.area in board.PROVINCES
                                           and built_this_turn(state, u)))


# --- the power ----------------------------------------------------------------------------
def _naval_step(state: GameState, civ: str, window: str) -> bool:
    return in_own_decision(state, civ, window, NavalTurn)


def _krakens(state: GameState, civ: str) -> list[Unit]:
    return acting(state, civ, CARD)


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not _naval_step(state, civ, window):
        return []
    out: list[UsePower] = []
    for u in _krakens(state, civ):
        if may_emerge(state, u):
            out += [UsePower(card=CARD, units=[u.id], choice="emerge", target=s)
                    for s in board.SEAS]
        if u.moved or not u.area:
            continue
        out += [UsePower(card=CARD, units=[u.id], choice="swim", target=s) for s in swims(u)]
        if may_dive(u):
            out.append(UsePower(card=CARD, units=[u.id], choice="dive"))
    return out


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    if not _naval_step(state, civ, window):
        raise refuse(CARD, f"The Kraken swims, dives and emerges {WHEN}")
    if action.choice not in CHOICES:
        raise refuse(CARD, f"Say what the Kraken does: {', '.join(CHOICES)}")
    if len(action.units) != 1:
        raise refuse(CARD, "Name one Kraken")
    u = next((v for v in state.units if v.id == action.units[0]), None)
    if u is None or u.owner != civ or not acts_as(state, u, CARD):
        raise refuse(CARD, f"Unit {action.units[0]} is not one of your Krakens")
    name = board.area_name(action.target) if action.target in board.SEAS else action.target
    if action.choice == "emerge":
        if not may_emerge(state, u):
            raise refuse(CARD, "A Kraken emerges on a later turn than the one it dived in, "
                               "or in the turn it was built instead of moving")
        if action.target not in board.SEAS:
            raise refuse(CARD, f"A Kraken emerges in a sea, not in {name!r}")
        from_card = not u.area
        clear_post(state, u)
        u.area = action.target
        u.moved = not from_card  # from its card it may still move; a new Kraken may not
        ev.append(PowerUsed(civ=civ, card=CARD, detail=f"emerges in {name}"))
        return
    if u.moved or not u.area:
        raise refuse(CARD, "This Kraken has moved this turn (or is under the sea): each unit "
                           "moves once per turn")
    if action.choice == "dive":
        if not may_dive(u):
            raise refuse(CARD, "A Kraken dives from a sea or a coastal province")
        clear_post(state, u)
        origin = u.area
        u.area = ""
        u.moved = True
        ev.append(PowerUsed(civ=civ, card=CARD,
                            detail=f"dives under the sea from {board.area_name(origin)}"))
        return
    if action.target not in swims(u):
        raise refuse(CARD, f"From {board.area_name(u.area)} a Kraken swims into "
                           f"{', '.join(board.area_name(s) for s in swims(u)) or 'no sea'}, "
                           f"not {name}")
    clear_post(state, u)
    origin = u.area
    u.area = action.target
    u.moved = True
    ev.append(PowerUsed(civ=civ, card=CARD,
                        detail=f"swims from {board.area_name(origin)} into {name}"))
