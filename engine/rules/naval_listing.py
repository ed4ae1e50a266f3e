"""The naval step's choices (rulebook, Military Phase, A) Movement, 1. Naval Movement and
2. Naval Battles; docs/rules.md, Military: movement): ending the step, each trireme move,
and each naval battle the player may start, listed in one look at the units.

The listing is remembered (`engine.rules.offered`) with the trireme of each move, so that a
move it offered is not checked again (`listed_trireme`).
"""

from __future__ import annotations

from ..actions import Action, EndNaval, MoveTrireme, NavalBattle
from ..data import board
from ..prompts import NavalTurn
from ..state import GameState, Unit
from .geography import SEA_STEPS
from .offered import Offered

# The units that fight at sea: triremes, and a creature whose card lets it swim there. A
# legion stands at sea only when a card makes it such a creature: it fights there as one.
NAVAL_KINDS = ("trireme", "creature", "legion")
_NAVAL = frozenset(NAVAL_KINDS)
_SEA_ORDER = {sea: i for i, sea in enumerate(board.SEAS)}


def naval_actions(state: GameState, prompt: NavalTurn) -> list[Action]:
    """Ending the step, civ's trireme moves (each trireme with moves left, to each of its
    `sea_steps`), then the battles he may start: one against each other owner of naval
    units in each sea where civ has one that has not fought (the seas in the board's order,
    the opponents in the units' order). One loop over the units at sea and civ's triremes
    (tests/helpers.py: naval_listing_the_long_way)."""
    civ = prompt.civ
    seas = board.SEAS
    out: list[Action] = [EndNaval()]
    boats: list[Unit] = []  # the trireme of each move, in the moves' order
    mine: set[str] = set()  # the seas where civ has a naval unit that has not fought
    theirs: list[Unit] = []  # the other players' naval units at sea
    for u in state.units:  # one loop (no list made first)
        if u.area not in seas and (u.kind != "trireme" or u.owner != civ):
            continue
        if u.owner == civ:
            if u.kind == "trireme" and u.moves_left > 0:
                for s in SEA_STEPS.get(u.area, ()):
                    out.append(MoveTrireme(unit=u.id, to=s))
                    boats.append(u)
            if not u.fought and u.area in seas and u.kind in _NAVAL:
                mine.add(u.area)
        elif u.kind in _NAVAL:  # (at sea: another's trireme in port is not picked)
            theirs.append(u)
    if mine and theirs:
        others: dict[str, dict[str, None]] = {}  # sea -> the other owners there, in order
        for u in theirs:
            if u.area in mine:
                others.setdefault(u.area, {})[u.owner] = None
        fought = [sea for sea in mine if sea in others]
        if len(fought) > 1:
            fought.sort(key=_SEA_ORDER.__getitem__)
        out += [NavalBattle(sea=sea, opponent=o) for sea in fought for o in others[sea]]
    _OFFERED.keep(state, prompt, out, boats)
    return out


# the trireme of each move of the last listing (its moves right after EndNaval)
_OFFERED: Offered[list[Unit]] = Offered()


def listed_trireme(state: GameState, prompt: object, action: MoveTrireme) -> Unit | None:
    """`movement.check_trireme_move` of a move that is the very object the last naval
    listing offered for this decision, nothing having happened since: it is legal, and its
    trireme is the one the listing saw (no search through the units). None for any other
    move: it goes the long way."""
    found = _OFFERED.find(state, prompt, action)
    if found is None or not 1 <= found.index <= len(found.facts):
        return None
    return found.facts[found.index - 1]
