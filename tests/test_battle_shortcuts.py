"""The military phase's shortcuts in applying decisions (issue 16, round 8) answer exactly as
the long way, in the positions of random games and of the phase saves:

- a battle looks up both sides' fighters at once (`combat.sides`) and keeps them from stage
  to stage while nothing may have changed the units (the dice, the cards' bonuses, a window
  no one answered): every decision that starts or carries on a battle leaves the same state
  and the same events as the battle run the long way, each side looked up at every stage;
- the naval battles are looked for only in the seas where the player has a naval unit that
  has not fought (`naval_listing.naval_actions`): the same battles as every sea asked in turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from engine import game
from engine.data import board
from engine.events import BattleEnded, DiceRolled, Event, UnitsLost
from engine.prompts import ChooseLosses
from engine.rules import combat, military
from engine.rules.combat import auto_losses, fighters, lose_unit, ranged_roll, side_roll
from engine.rules.common import at_war
from engine.rules.hooks import battle_begins, battle_forbidden, battle_over, casualty_divisor
from engine.state import Battle, GameState

from .helpers import naval_battles_listed, naval_battles_the_long_way, random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


# --- a battle the long way: each side looked up at every stage --------------------------------
def _advance(state: GameState, ev: list[Event]) -> None:
    b = state.military.battle
    assert b is not None
    if b.stage == "start":
        b.stage = "dice"
        if battle_forbidden(state, b.area):
            combat.cancel_battle(state, ev)
            return
        if combat.military_window(state, "before_battle") or state.military.battle is not b:
            return
    if b.stage == "dice":
        if not fighters(state, b, b.attacker) or not fighters(state, b, b.defender):
            combat.void_battle(state, ev)
            return
        battle_begins(state, b, ev)
        a_units = fighters(state, b, b.attacker)
        d_units = fighters(state, b, b.defender)
        if not a_units or not d_units:
            _finish(state, b, ev)
            return
        b.attacker_units = [u.id for u in a_units]
        b.defender_units = [u.id for u in d_units]
        if b.ranged:
            b.attacker_dice, b.attacker_auto = ranged_roll(state, a_units,
                                                           b.fours.get(b.attacker, 0))
        else:
            b.attacker_dice, b.attacker_auto, b.attacker_bonus = side_roll(
                state, b.attacker, a_units, d_units, b.naval, b.fours.get(b.attacker, 0),
                b.area)
            b.defender_dice, b.defender_auto, b.defender_bonus = side_roll(
                state, b.defender, d_units, a_units, b.naval, b.fours.get(b.defender, 0),
                b.area)
        b.attacker_total = sum(b.attacker_dice) + sum(b.attacker_auto) + b.attacker_bonus
        b.defender_total = sum(b.defender_dice) + sum(b.defender_auto) + b.defender_bonus
        b.stage = "losses"
        if combat.military_window(state, "after_dice"):
            return
    if b.stage == "losses":
        na = len(fighters(state, b, b.attacker))
        nd = len(fighters(state, b, b.defender))
        b.attacker_losses = 0 if b.ranged else min(na, b.defender_total // (
            casualty_divisor(state, b.attacker, b.naval)))
        b.defender_losses = min(nd, b.attacker_total // casualty_divisor(
            state, b.defender, b.naval))
        ev.append(DiceRolled(area=b.area, civ=b.attacker, dice=list(b.attacker_dice),
                             automatic=list(b.attacker_auto), bonus=b.attacker_bonus,
                             total=b.attacker_total, losses_inflicted=b.defender_losses))
        if not b.ranged:
            ev.append(DiceRolled(area=b.area, civ=b.defender, dice=list(b.defender_dice),
                                 automatic=list(b.defender_auto), bonus=b.defender_bonus,
                                 total=b.defender_total, losses_inflicted=b.attacker_losses))
        b.stage = "choose"
    if b.stage == "choose":
        if b.attacker_chosen is None:
            b.attacker_chosen = _auto_or_ask(state, b, b.attacker, b.attacker_losses)
            if b.attacker_chosen is None:
                return
        if b.defender_chosen is None:
            b.defender_chosen = _auto_or_ask(state, b, b.defender, b.defender_losses)
            if b.defender_chosen is None:
                return
        _finish(state, b, ev)


def _auto_or_ask(state: GameState, b: Battle, civ: str, n: int) -> list[int] | None:
    units = fighters(state, b, civ)
    n = min(n, len(units))
    chosen = auto_losses(state, civ, units, n)
    if chosen is None:
        state.prompt = ChooseLosses(civ=civ, area=b.area, count=n, units=[u.id for u in units])
    return chosen


def _finish(state: GameState, b: Battle, ev: list[Event]) -> None:
    battle_over(state)
    survivors: dict[str, int] = {}
    for civ, chosen in ((b.attacker, b.attacker_chosen or []),
                        (b.defender, b.defender_chosen or [])):
        units = fighters(state, b, civ)
        lost = [u for u in units if u.id in chosen]
        if lost:
            ev.append(UnitsLost(area=b.area, civ=civ, units=[u.id for u in lost],
                                kinds=[u.kind for u in lost]))
            for u in lost:
                lose_unit(state, u, ev)
        kept = [u for u in units if u.id not in chosen]
        if b.ranged and civ == b.defender:
            survivors[civ] = len(kept)
            continue
        for u in kept:
            u.fought = True
            if b.ranged:
                u.moved = True
            if u.kind == "trireme" and u.moved:
                u.moves_left = 0
        survivors[civ] = len(kept)
    ev.append(BattleEnded(area=b.area, at_war=(not b.naval and at_war(state, b.area)),
                          survivors=survivors))
    state.military.battle = None


def _military_positions(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    for state in random_positions(seeds, steps, CIVS):
        if state.phase == "military":
            yield state


def _played(state: GameState, action: Any) -> tuple[bytes, bytes]:
    work = game.clone(state)
    ev = game.apply(work, action)
    return game.encode_state(work), msgspec.json.encode(ev)


def test_a_battle_runs_as_the_long_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every action of the military phase that may start or carry on a battle (a move, a
    naval battle, a fight, losses, a power in a window...), applied with the battle's
    shortcuts and the long way: the same state, the same events."""
    fast_run = military.advance_battle
    battles = decisions = 0
    for state in _military_positions((81, 82, 83, 84), 2500):
        for action in game.legal_actions(state)[:6]:
            fast = _played(state, action)
            monkeypatch.setattr(military, "advance_battle", _advance)
            slow = _played(state, action)
            monkeypatch.setattr(military, "advance_battle", fast_run)
            assert fast == slow
            decisions += 1
            battles += b"BattleEnded" in fast[1] or b"battle_ended" in fast[1]
    assert decisions > 3000 and battles > 50


def test_a_battle_s_sides_are_its_fighters() -> None:
    """`combat.sides` answers as `fighters` of each side, for every battle under way in the
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
