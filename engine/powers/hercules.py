"""Hercules: once per round his holder may use one legion as if it were a mythological unit
belonging to him (rulebook, card text): only his own civilization's creature (Q&A).

Two ways to use it, each spending the round's use:
- in the reaction window before the dice of a battle he fights, one of his legions in it
  counts as his creature for that battle (an automatic 6, and the creature's battle
  power: a Centaur's kill, a Behemoth's; lost, an Egyptian one goes onto the Phoenix card
  and may come back as the Phoenix does);
- in his own military step (`target` "move"), one legion is his creature for the rest of
  the round: it moves as that creature (the Griffon flies; the Kraken swims, dives,
  emerges and lands, in the naval step), the Titan's attack is open to it, and in every
  battle it fights this round it counts as the creature.
The legion stays a legion piece: it is a creature only for the round (docs/rulings.md).
"""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..data.cards import CIV_CREATURE
from ..events import Event, PowerUsed
from ..prompts import GroundTurn, NavalTurn
from ..rules.combat import fighters
from ..rules.common import holds
from ..state import Battle, GameState, Unit
from .base import battle_in_window, check_holds, in_own_decision, mark_used, refuse, used

CARD = "hercules"
# the hook points it takes part in (engine/rules/hook_points.py)
HOOKS = ("uses", "use", "piece_kind", "battle_begins", "battle_over")
WINDOW = "before_battle"
WINDOWS = (WINDOW,)  # the reaction windows its power may be used in
MARK = "hercules#"  # a legion counting as a creature in the battle under way
MOVE_MARK = "hercules~"  # a legion that is its owner's creature for this round
FOUGHT_MARK = "hercules="  # a legion that was a creature in a battle this round
# The units whose supply piece `piece_kind` may tell otherwise than their kind: a legion
# fighting as a creature is of kind "creature" while it fights (`_fight_as_creature`).
PIECE_KINDS = ("creature",)

# Where the creature's own move is made: the Kraken's in the naval step (it swims, dives
# and emerges there, and lands in the ground step), the others' in the ground step.
NAVAL_MOVERS = ("kraken",)
# Creatures whose move or attack differs from a legion's: Hercules' move is offered for
# these (a Centaur, a Behemoth or a Phoenix moves as a legion does).
MOVING_CREATURES = ("griffon", "kraken", "titan")


def as_creature(state: GameState, u: Unit) -> bool:
    """Is this legion its owner's creature this round (Hercules)?"""
    return u.kind == "legion" and (f"{MOVE_MARK}{u.id}" in state.used_powers
                                   or f"{FOUGHT_MARK}{u.id}" in state.used_powers)


def acts_as(state: GameState, u: Unit, creature: str) -> bool:
    """Is u that creature: the pawn itself, or a legion of its civilization made one by
    Hercules this round?"""
    return CIV_CREATURE.get(u.owner) == creature and (
        u.kind == "creature" or (u.kind == "legion" and bool(state.used_powers) and
                                 f"{MOVE_MARK}{u.id}" in state.used_powers))


def acting(state: GameState, civ: str, creature: str) -> list[Unit]:
    """civ's units that are that creature (`acts_as`), in the state's order. Without a
    Hercules mark of this round no legion is one, and only the pawns are looked at (the
    Titans and the Kraken are asked for in each of their holder's military decisions)."""
    if CIV_CREATURE.get(civ) != creature:
        return []
    units = state.units
    for p in state.used_powers:  # a loop, not any(): asked at each of their decisions
        if p.startswith(MOVE_MARK):
            return [u for u in units if u.owner == civ and acts_as(state, u, creature)]
    pawns: list[Unit] = []  # (a loop: a comprehension is a call; most find none or one)
    for u in units:
        if u.kind == "creature" and u.owner == civ:
            pawns.append(u)
    return pawns


def moves_as_creature(state: GameState, u: Unit) -> bool:
    """Does this legion make its moves this round as its owner's creature?"""
    return f"{MOVE_MARK}{u.id}" in state.used_powers


def _movers(state: GameState, civ: str, window: str) -> list[Unit]:
    creature = CIV_CREATURE.get(civ, "")
    if creature not in MOVING_CREATURES:
        return []
    step = NavalTurn if creature in NAVAL_MOVERS else GroundTurn
    if not in_own_decision(state, civ, window, step):
        return []
    # a Kraken-legion may have been left at sea or under it in an earlier round
    places = board.PROVINCES if creature not in NAVAL_MOVERS else \
        (*board.PROVINCES, *board.SEAS, "")
    return [u for u in state.units if u.owner == civ and u.kind == "legion" and not u.moved
            and not u.fought and u.area in places]


def _legions(state: GameState, civ: str, window: str) -> list[Unit]:
    b = battle_in_window(state, window, civ) if window == WINDOW else None
    if b is None:
        return []
    return [u for u in fighters(state, b, civ) if u.kind == "legion"]


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not holds(state, civ, CARD) or used(state, CARD, civ):
        return []
    legions = _legions(state, civ, window)
    if legions:
        return [UsePower(card=CARD, units=[u.id]) for u in legions]
    return [UsePower(card=CARD, target="move", units=[u.id])
            for u in _movers(state, civ, window)]


def _named(action: UsePower, pool: list[Unit], when: str, which: str) -> Unit:
    """The one legion of `pool` the action names; refused with `when` if the pool is
    empty, with `which` if it names anything else."""
    by_id = {u.id: u for u in pool}
    if not by_id:
        raise refuse(CARD, when)
    if len(action.units) != 1 or action.units[0] not in by_id:
        raise refuse(CARD, which)
    return by_id[action.units[0]]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    if used(state, CARD, civ):
        raise refuse(CARD, "Hercules acts once per round: used already")
    creature = CIV_CREATURE.get(civ, "")
    if action.target == "move":
        u = _named(action, _movers(state, civ, window),
                   "Hercules makes a legion your creature for its move in your own military "
                   "step (the naval step for the Kraken), if your creature moves or "
                   "attacks otherwise than a legion", "Name one of your legions that has "
                   "not moved or fought this turn")
        mark_used(state, CARD, civ)
        state.used_powers.append(f"{MOVE_MARK}{u.id}")
        ev.append(PowerUsed(civ=civ, card=CARD, detail=f"a legion is the {creature} this "
                                                       "round"))
        return
    u = _named(action, _legions(state, civ, window),
               "Hercules is used before the dice of a battle where you have a legion",
               "Name one of your legions in this battle")
    mark_used(state, CARD, civ)
    _fight_as_creature(state, u)
    ev.append(PowerUsed(civ=civ, card=CARD, detail="a legion fights as a creature"))


def _fight_as_creature(state: GameState, u: Unit) -> None:
    state.used_powers.append(f"{MARK}{u.id}")
    u.kind = "creature"


def piece_kind(state: GameState, u: Unit) -> str:
    """A legion fighting as a creature is still a legion piece of the supply."""
    used = state.used_powers  # asked of every unit counted for the supply: mostly none
    return "legion" if used and f"{MARK}{u.id}" in used else ""


def battle_begins(state: GameState, b: Battle, ev: list[Event]) -> None:
    """A legion that is its owner's creature this round fights as one."""
    for civ in (b.attacker, b.defender):
        for u in fighters(state, b, civ):
            if u.kind == "legion" and moves_as_creature(state, u):
                _fight_as_creature(state, u)


def battle_over(state: GameState) -> None:
    """The Hercules legion is a legion again; it was a creature in this battle (so, if it
    is lost now, the Phoenix's return applies to it)."""
    keys = [k for k in state.used_powers if k.startswith(MARK)]
    for k in keys:
        uid = int(k[len(MARK):])
        for u in state.units:
            if u.id == uid and u.kind == "creature":
                u.kind = "legion"
                state.used_powers.append(f"{FOUGHT_MARK}{uid}")
        state.used_powers.remove(k)

