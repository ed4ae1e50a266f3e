"""Hercules: once per round his holder may use one legion as if it were a mythological
unit belonging to him (rulebook, card text): only his own civilization's creature (Q&A).
Used in the reaction window before the dice of a battle he fights: one of his legions in
it counts as his creature for that battle (an automatic 6, and the creature's own power:
a Centaur's kill, a Behemoth's, the Phoenix's return if it is lost...). It is a legion
again when the battle ends, before losses are removed. Or, in his ground step (`target`
"move"), one unmoved legion makes its move this turn as his creature: this matters for
Babylon's Griffon, whose flight it then has (the Kraken's move is not implemented), so it
is offered to Babylon only."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..data.cards import CIV_CREATURE
from ..events import Event, PowerUsed
from ..prompts import GroundTurn
from ..rules.combat import fighters
from ..rules.common import holds
from ..state import GameState, Unit
from .base import battle_in_window, check_holds, in_own_decision, mark_used, refuse, used

CARD = "hercules"
WINDOW = "before_battle"
MARK = "hercules#"
MOVE_MARK = "hercules~"


def _movers(state: GameState, civ: str, window: str) -> list[Unit]:
    if not in_own_decision(state, civ, window, GroundTurn) or \
            CIV_CREATURE.get(civ) != "griffon":
        return []
    return [u for u in state.units if u.owner == civ and u.kind == "legion" and not u.moved
            and u.area in board.PROVINCES]


def moves_as_creature(state: GameState, u: Unit) -> bool:
    """Does this legion make its move as its owner's creature (Hercules)?"""
    return f"{MOVE_MARK}{u.id}" in state.used_powers


def cannot_be_convoyed(state: GameState, u: Unit) -> bool:
    """A legion moving as Babylon's Griffon flies: no trireme carries it."""
    return u.kind == "legion" and moves_as_creature(state, u)


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
        return [UsePower(card=CARD, units=[legions[0].id])]
    firsts: dict[str, Unit] = {}
    for u in _movers(state, civ, window):  # one legion per province: they are alike
        firsts.setdefault(u.area, u)
    return [UsePower(card=CARD, target="move", units=[u.id]) for u in firsts.values()]


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
    if action.target == "move":
        u = _named(action, _movers(state, civ, window),
                   "Hercules gives a legion the Griffon's move, in Babylon's ground step, to a "
                   "legion that has not moved", "Name one of your legions that has not moved")
        mark_used(state, CARD, civ)
        state.used_powers.append(f"{MOVE_MARK}{u.id}")
        ev.append(PowerUsed(civ=civ, card=CARD, detail="a legion moves as the Griffon"))
        return
    u = _named(action, _legions(state, civ, window),
               "Hercules is used before the dice of a battle where you have a legion",
               "Name one of your legions in this battle")
    mark_used(state, CARD, civ)
    state.used_powers.append(f"{MARK}{u.id}")
    u.kind = "creature"
    ev.append(PowerUsed(civ=civ, card=CARD, detail="a legion fights as a creature"))


def battle_over(state: GameState) -> None:
    """The Hercules legion is a legion again."""
    keys = [k for k in state.used_powers if k.startswith(MARK)]
    for k in keys:
        uid = int(k[len(MARK):])
        for u in state.units:
            if u.id == uid and u.kind == "creature":
                u.kind = "legion"
        state.used_powers.remove(k)
