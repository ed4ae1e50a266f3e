"""Titan (Rome's creature): instead of fighting where it stands, each Titan may attack the
units of one opponent in an adjacent area: a land province across a shared border, or a
sea its province touches (rulebook, creature text). Titans next to the same area may
attack together. The attack rolls one die per Titan, with no automatic 6, and is
one-sided (docs/rules.md, Cards): the targets lose one unit per 5 points (Penthesilee: 6 on
land) and do not hit back. Triremes may be hit (Q&A), at sea or in port.

Used in its owner's ground step: `units` are the Titans, `target` the area, `choice` the
opponent. The Titans have then moved and fought this turn; a Titan that has fought cannot
shoot. The defenders have not fought: they act normally in their own turn."""

from __future__ import annotations

from itertools import combinations

from ..actions import UsePower
from ..data import board
from ..data.cards import CIV_CREATURE
from ..events import Event
from ..prompts import GroundTurn
from ..rules.combat import start_battle
from ..rules.common import units_in
from ..state import GameState, Unit
from .base import in_own_decision, refuse
from .hercules import acting, acts_as

CARD = "titan"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (GroundTurn,)  # the only decisions of its holder's it answers in
WHEN = "in your ground step, by Titans that have not fought this turn"


def is_titan(u: Unit) -> bool:
    return u.kind == "creature" and CIV_CREATURE.get(u.owner) == CARD


def reach(province: str) -> list[str]:
    """The areas a Titan in this province can attack: its land neighbours and its seas."""
    p = board.PROVINCES[province]
    return [*p.land_neighbours, *p.seas]


def _ready(state: GameState, civ: str) -> list[Unit]:
    """Titans that may attack: the pawns, and a legion Hercules made a Titan this round."""
    return [u for u in acting(state, civ, CARD) if not u.fought and u.area in board.PROVINCES]


def _ground_step(state: GameState, civ: str, window: str) -> bool:
    return in_own_decision(state, civ, window, GroundTurn)


def targets(state: GameState, area: str, civ: str) -> dict[str, list[Unit]]:
    """The units of each other owner in the area, by owner."""
    out: dict[str, list[Unit]] = {}
    for u in units_in(state, area):  # the index while the state is read
        if u.owner != civ:
            out.setdefault(u.owner, []).append(u)
    return out


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    """One attack per target area, opponent and choice of the ready Titans next to it
    (a player has 3 creatures at most: few choices)."""
    if not _ground_step(state, civ, window):
        return []
    by_area: dict[str, list[int]] = {}
    for t in _ready(state, civ):
        for area in reach(t.area):
            by_area.setdefault(area, []).append(t.id)
    return [UsePower(card=CARD, target=area, choice=owner, units=list(group))
            for area, ids in by_area.items() for owner in targets(state, area, civ)
            for n in range(len(ids), 0, -1) for group in combinations(ids, n)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    if not _ground_step(state, civ, window):
        raise refuse(CARD, f"Titans attack {WHEN}")
    if not action.units or len(set(action.units)) != len(action.units):
        raise refuse(CARD, "Name the Titans that attack, each once")
    area = action.target
    if area not in board.PROVINCES and area not in board.SEAS:
        raise refuse(CARD, f"{area!r} is not a province or a sea")
    by_id = {u.id: u for u in state.units}
    titans = []
    for i in action.units:
        u = by_id.get(i)
        if u is None or u.owner != civ or not acts_as(state, u, CARD) or \
                u.area not in board.PROVINCES:
            raise refuse(CARD, f"Unit {i} is not one of your Titans on the board")
        if u.fought:
            raise refuse(CARD, f"Titan {i} has fought this turn: it attacks once")
        if area not in reach(u.area):
            raise refuse(CARD, f"{board.area_name(area)} is not next to "
                               f"{board.area_name(u.area)}: a Titan attacks an adjacent "
                               "province or sea")
        titans.append(u)
    theirs = targets(state, area, civ).get(action.choice, [])
    if not theirs:
        raise refuse(CARD, f"{action.choice or 'Nobody'} has no units in "
                           f"{board.area_name(area)} to attack")
    start_battle(state, area, area in board.SEAS, civ, action.choice, titans, theirs, ev,
                 ranged=True)
    state.prompt = None  # the battle runs now; the ground step is asked again after it
