"""The military phase's outcomes as docs/rules.md states them, for the shortcut tests: written
from the rules and the position before, never from engine/rules/military.py, so that a wrong
shortcut there (a defender missed, a conquest asked or skipped) fails them.

- Military: movement: "Units entering a province with enemy units stop and fight";
- Military: battles: the attacker fights every opponent in the province, one after another;
  units of two players left in one province keep it at war;
- Military: after a battle: a player alone in a province marked by another's influence or
  buildings may sack, occupy or convert it (once a turn in each province).
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.data import board
from engine.events import Passed, UnitsMoved
from engine.rules.military import conquest_options
from engine.state import GameState, PendingMove

# the rules' ground units (a trireme stays at sea, a caravan is a building's piece)
GROUND = ("legion", "fortress", "creature")


def ground_owners(state: GameState, province: str) -> set[str]:
    return {u.owner for u in state.units if u.area == province and u.kind in GROUND}


def unfought(state: GameState, civ: str, province: str) -> set[int]:
    return {u.id for u in state.units
            if u.area == province and u.owner == civ and u.kind in GROUND and not u.fought}


def marked_by_another(state: GameState, civ: str, province: str) -> bool:
    """Another's influence marker, or buildings under nobody's marker."""
    ps = state.provinces[province]
    return ps.influence not in (None, civ) or (ps.influence is None and bool(ps.buildings))


def _assert_fights(after: GameState, civ: str, province: str, opponents: set[str]) -> None:
    m = after.military
    assert m.battle_area == province
    assert sorted(m.battle_queue) == sorted(opponents)  # each opponent once
    assert sorted(m.sequence_units) == sorted(unfought(after, civ, province))


def _conquest_begins(before: GameState, civ: str, province: str) -> bool:
    """Whether civ, alone there, conquers `province` now: not yet this turn, marked by
    another, and the conquest has a choice (a unit free to sack, occupy or convert)."""
    return province not in before.military.conquered and \
        marked_by_another(before, civ, province)


def assert_move_by_the_rules(before: GameState, after: GameState, ev: list[Any], civ: str,
                             pm: PendingMove) -> None:
    """A declared move resolved: the units enter (moved, off their posts), one event says
    so; then a fight against every enemy that was there, or, the province now civ's alone,
    its conquest if it is another's."""
    moving = set(pm.units)
    was = {u.id: u for u in before.units}
    now = {u.id: u for u in after.units}
    assert now.keys() == was.keys()
    for i, u in now.items():
        if i in moving:
            assert (u.area, u.moved, u.post) == (pm.to, True, ""), u
        else:
            assert msgspec.json.encode(u) == msgspec.json.encode(was[i])
    assert len(ev) == 1 and isinstance(ev[0], UnitsMoved)
    moved = ev[0]
    assert (moved.civ, moved.units, moved.origin, moved.to, moved.seas) == \
        (civ, list(pm.units), pm.origin, pm.to, list(pm.seas))
    assert moved.kinds == [was[i].kind for i in pm.units]
    origins = [was[i].area for i in pm.units]
    assert moved.origins == (origins if len(set(origins)) > 1 else [])

    m0, m = before.military, after.military
    enemies = ground_owners(before, pm.to) - {civ}
    if enemies:
        _assert_fights(after, civ, pm.to, enemies)
        assert (m.conquered, m.conquest) == (m0.conquered, m0.conquest)
        return
    assert (m.battle_area, m.battle_queue) == (m0.battle_area, m0.battle_queue)
    if _conquest_begins(before, civ, pm.to):
        assert m.conquered == [*m0.conquered, pm.to]
        want = pm.to if conquest_options(after, civ, pm.to) else m0.conquest
        assert m.conquest == want
    else:
        assert (m.conquered, m.conquest) == (m0.conquered, m0.conquest)


def assert_ground_step_end_by_the_rules(before: GameState, after: GameState, ev: list[Any],
                                        civ: str) -> None:
    """The end of civ's ground step: where his units that have not fought share a province
    with another's ground units, the first such province of the board is fought in; else
    the provinces at war when the phase began that he now holds alone are conquered (the
    first with a choice waits for it); else his turn is over."""
    war = [pr for pr in board.PROVINCES
           if unfought(before, civ, pr) and ground_owners(before, pr) - {civ}]
    if war:
        _assert_fights(after, civ, war[0], ground_owners(before, war[0]) - {civ})
        assert ev == []
        return
    conquered = list(before.military.conquered)
    for pr in before.military.wars_at_start:
        if ground_owners(before, pr) != {civ} or not _conquest_begins(before, civ, pr) \
                or pr in conquered:
            continue
        conquered.append(pr)
        if conquest_options(before, civ, pr):
            assert after.military.conquest == pr and after.military.conquered == conquered
            assert ev == []
            return
    assert after.military.step == "done" and after.military.conquered == []
    assert any(isinstance(e, Passed) and e.civ == civ for e in ev)
