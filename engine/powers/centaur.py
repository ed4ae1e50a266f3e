"""Centaur (Greece's creature): at the beginning of a combat where it is involved, before
the dice are rolled, each centaur destroys one enemy legion (not a fortress, trireme or
creature) (rulebook, creature text). It strikes after the reaction window before the dice
(so a battle Medusa forbids has no Centaur either); the legions destroyed are those
without a post first (the owner has no choice to make: legions are alike)."""

from __future__ import annotations

from ..data.cards import CIV_CREATURE
from ..events import Event, UnitsLost
from ..rules.combat import fighters, lose_unit
from ..state import Battle, GameState, Unit

CARD = "centaur"
HOOKS = ("battle_begins",)  # the hook points it takes part in


def _centaurs(units: list[Unit]) -> int:
    return sum(1 for u in units if u.kind == "creature" and CIV_CREATURE.get(u.owner) == CARD)


def battle_begins(state: GameState, b: Battle, ev: list[Event]) -> None:
    if b.naval:
        return
    a_units = fighters(state, b, b.attacker)
    d_units = fighters(state, b, b.defender)
    for mine, theirs, enemy in ((a_units, d_units, b.defender), (d_units, a_units, b.attacker)):
        n = _centaurs(mine)
        legions = sorted((u for u in theirs if u.kind == "legion"),
                         key=lambda u: (bool(u.post), u.id))[:n]
        if legions:
            ev.append(UnitsLost(area=b.area, civ=enemy, units=[u.id for u in legions],
                                kinds=["legion"] * len(legions)))
            for u in legions:
                lose_unit(state, u, ev)
