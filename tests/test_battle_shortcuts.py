"""The military phase's shortcuts in applying decisions (issue 16, round 8) give the
rules' outcomes, in the positions of random games and of the phase saves:

- a battle looks up both sides' fighters at once (`combat.sides`) and keeps them from stage
  to stage while nothing may have changed the units (the dice, the cards' bonuses, a window
  no one answered): every decision that starts or carries on a battle gives the dice, the
  losses and the survivors the rules give (tests/combat_rules.py, written from the rules);
- the naval battles are looked for only in the seas where the player has a naval unit that
  has not fought (`naval_listing.naval_actions`): the same battles as every sea asked in turn.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import game
from engine.data import board
from engine.rules import combat
from engine.state import Battle, GameState

from .combat_rules import assert_battles_by_the_rules, fighters
from .helpers import naval_battles_listed, naval_battles_the_long_way, random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _military_positions(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    for state in random_positions(seeds, steps, CIVS):
        if state.phase == "military":
            yield state


def test_a_battle_runs_as_the_rules_say() -> None:
    """Every action of the military phase that may start or carry on a battle (a move, a
    naval battle, a fight, losses, a power in a window...), applied with the battle's
    shortcuts: each battle's dice, losses and survivors are those of the rules
    (tests/combat_rules.py), checked on what the engine reports."""
    battles = decisions = 0
    for state in _military_positions((81, 82, 83, 84), 2500):
        for action in game.legal_actions(state)[:6]:
            work = game.clone(state)
            ev = game.apply(work, action)
            battles += assert_battles_by_the_rules(state, work, ev)
            decisions += 1
    assert decisions > 3000 and battles > 50


def test_a_battle_s_sides_are_its_fighters() -> None:
    """`combat.sides` answers as the rules' sides (tests/combat_rules.py: the units each
    side brought still standing in the battle's area), for every battle under way in the
    positions (those paused for a decision) and for made-up ones in every province."""
    seen = 0
    for state in _military_positions((85,), 1500):
        battles = [state.military.battle] if state.military.battle is not None else []
        owners = [p.civ for p in state.players]
        for area in board.PROVINCES:
            ids = [u.id for u in state.units]
            battles.append(Battle(area=area, naval=False, attacker=owners[0],
                                  defender=owners[1], attacker_units=ids[::2],
                                  defender_units=ids[1::2]))
        for b in battles:
            got = combat.sides(state, b)
            assert got == (fighters(state, b, b.attacker), fighters(state, b, b.defender))
            seen += bool(got[0] and got[1])
    assert seen > 100


# --- the naval battles ------------------------------------------------------------------------
def test_the_naval_battles_are_those_of_every_sea_asked_in_turn() -> None:
    seen = 0
    for state in _military_positions((86, 87), 2000):
        for civ in [p.civ for p in state.players]:
            want = naval_battles_the_long_way(state, civ)
            assert naval_battles_listed(state, civ) == want
            seen += len(want)
    assert seen > 50
