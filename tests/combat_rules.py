"""A battle's outcome as docs/rules.md states it, for the shortcut tests: checked on what
the engine reports (its events and the battle it keeps between decisions), written from the
rules and never from engine/rules/combat.py, so that a wrong shortcut there (a side's units
kept from a stage where they had changed, a count taken from the wrong side) fails it.

Military: battles: each side rolls a die for each legion (trireme at sea) and counts a six
for each fortress and creature (a card may make one roll, or fix a die at 4), plus any
bonus; every full five points (a card may change the five) kill one unit of the other side,
at most all of them; losses are taken together; the survivors have fought. A side's units
in a battle are those it brought that still stand in the battle's area.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.events import BattleEnded, BattleStarted, DiceRolled, UnitsLost
from engine.rules.hooks import casualty_divisor
from engine.state import Battle, GameState, Unit


def fighters(state: GameState, b: Battle, civ: str) -> list[Unit]:
    """One side's units in the battle: those it brought still standing in the battle's
    area, in the order brought (a ranged battle's attackers stand where they are)."""
    brought = b.attacker_units if civ == b.attacker else b.defender_units
    ranged = b.ranged and civ == b.attacker
    standing = {u.id: u for u in state.units if u.area and (ranged or u.area == b.area)}
    return [standing[i] for i in brought if i in standing]


class _Side(msgspec.Struct):
    units: int = -1  # the side's units when the dice were rolled (-1: not rolled here)
    total: int = 0
    inflicted: int = 0  # losses the side's total inflicts on the other
    lost: int = 0


class _Fight(msgspec.Struct):
    area: str
    naval: bool
    ranged: bool
    attacker: str
    defender: str
    sides: dict[str, _Side]


def _fight_of(b: Battle) -> _Fight:
    fight = _Fight(area=b.area, naval=b.naval, ranged=b.ranged, attacker=b.attacker,
                   defender=b.defender, sides={b.attacker: _Side(), b.defender: _Side()})
    if b.stage == "choose":  # dice rolled, losses counted, waiting for a choice of losses
        for civ, dice, auto, total, inflicted in (
                (b.attacker, b.attacker_dice, b.attacker_auto, b.attacker_total,
                 b.defender_losses),
                (b.defender, b.defender_dice, b.defender_auto, b.defender_total,
                 b.attacker_losses)):
            fight.sides[civ] = _Side(units=len(dice) + len(auto), total=total,
                                     inflicted=inflicted)
    return fight


def _check_losses(before: GameState, f: _Fight) -> None:
    """Every full `casualty_divisor` points kill one unit of the other side, at most all
    of them; the attackers of a ranged battle lose none."""
    for civ, other in ((f.attacker, f.defender), (f.defender, f.attacker)):
        s, o = f.sides[civ], f.sides[other]
        if s.units < 0:
            continue
        per = casualty_divisor(before, other, f.naval)
        if f.ranged:  # the targets do not roll: their number is not in the report
            assert s.inflicted <= s.total // per, (f, civ)
            continue
        assert s.inflicted == min(o.units, s.total // per), (f, civ)


def assert_battles_by_the_rules(before: GameState, after: GameState, ev: list[Any]) -> int:
    """Checks every battle that rolled or ended in `ev` (one decision applied to `before`,
    giving `after`); returns how many ended here."""
    b = before.military.battle
    fight = _fight_of(b) if b is not None else None
    ended = 0
    for e in ev:
        if isinstance(e, BattleStarted):
            fight = _Fight(area=e.area, naval=e.naval, ranged=e.ranged, attacker=e.attacker,
                           defender=e.defender,
                           sides={e.attacker: _Side(), e.defender: _Side()})
        elif isinstance(e, DiceRolled):
            assert fight is not None and e.area == fight.area, e
            assert all(1 <= d <= 6 for d in e.dice) and all(a in (4, 6) for a in e.automatic)
            assert e.total == sum(e.dice) + sum(e.automatic) + e.bonus, e
            side = fight.sides[e.civ]
            side.units = len(e.dice) + len(e.automatic)  # a die or a six for each unit
            side.total, side.inflicted = e.total, e.losses_inflicted
            rolled = [s for s in fight.sides.values() if s.units >= 0]
            if len(rolled) == 2 or fight.ranged:
                _check_losses(before, fight)
        elif isinstance(e, UnitsLost):
            assert fight is not None and e.area == fight.area, e
            fight.sides[e.civ].lost += len(e.units)
            gone = set(e.units)
            assert not any(u.id in gone and u.area == e.area for u in after.units), e
        elif isinstance(e, BattleEnded):
            assert fight is not None and e.area == fight.area, e
            ended += 1
            for civ, other in ((fight.attacker, fight.defender),
                               (fight.defender, fight.attacker)):
                s, o = fight.sides[civ], fight.sides[other]
                if fight.ranged and civ == fight.defender:  # the targets: not counted
                    assert s.lost <= o.inflicted, (fight, civ)
                    continue
                if s.units < 0 or (o.units < 0 and not fight.ranged):
                    continue  # no dice: a battle voided or decided by a card
                inflicted_on = 0 if fight.ranged else o.inflicted
                assert s.lost == inflicted_on, (fight, civ)  # taken together, all of them
                assert e.survivors.get(civ) == s.units - s.lost, (fight, civ, e)
            fight = None
    return ended
