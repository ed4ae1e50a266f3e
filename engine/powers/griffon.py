"""Griffon (Babylon's creature): it moves up to 2 regions, flying over an area, even a sea
space or an area occupied militarily; it cannot be convoyed by triremes (rulebook, creature
text). Its move ends on land: a province one land step away (as a legion), or two regions
away: a neighbour of a neighbour (over any province, occupied or not) or a province across
one sea space its origin touches. Entering enemy units still forces a battle there."""

from __future__ import annotations

from ..data import board
from ..data.cards import CIV_CREATURE
from ..state import GameState, Unit
from .hercules import acts_as

CARD = "griffon"
HOOKS = ("cannot_be_convoyed", "ground_steps")  # the hook points it takes part in
# its hooks about a unit answer for its own civilization's units alone (`acts_as`)
OWN_UNITS_ONLY = True


def is_griffon(u: Unit) -> bool:
    return u.kind == "creature" and CIV_CREATURE.get(u.owner) == CARD


def cannot_be_convoyed(state: GameState, u: Unit) -> bool:
    return acts_as(state, u, CARD)


def flight(state: GameState, origin: str, steps: list[str]) -> list[str]:
    """The provinces a Griffon reaches from origin, given its one-step land moves."""
    out = dict.fromkeys(steps)
    for p in steps:
        out.update(dict.fromkeys(board.PROVINCES[p].land_neighbours))
    for s in board.PROVINCES[origin].seas:
        out.update(dict.fromkeys(board.SEAS[s].provinces))
    out.pop(origin, None)
    return list(out)


def ground_steps(state: GameState, u: Unit, steps: list[str]) -> list[str]:
    if acts_as(state, u, CARD):
        return flight(state, u.area, steps)
    return steps
