"""The military phase's shortcuts of round 9 (issue 16) answer exactly as the long way, in
the positions of random games (tests/helpers.random_positions):

- the seas a trireme reaches (`geography.SEA_STEPS`), looked up once for the board;
- the naval step's listing worked out in one loop over the units, with other players'
  creatures and legions at sea beside the player's ships;
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import game
from engine.actions import EndNaval
from engine.data import board
from engine.prompts import NavalTurn
from engine.rules import geography, military, movement
from engine.state import GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _sea_steps_the_long_way(area: str) -> list[str]:
    if area in board.PROVINCES:
        return list(board.PROVINCES[area].seas)
    if area in board.SEAS:
        return list(board.SEAS[area].neighbour_seas)
    return []


def test_a_trireme_reaches_the_seas_of_the_board() -> None:
    areas = [*board.PROVINCES, *board.SEAS, ""]
    for area in areas:
        assert geography.sea_steps(area) == _sea_steps_the_long_way(area)
        assert list(geography.SEA_STEPS.get(area, ())) == _sea_steps_the_long_way(area)
    assert set(geography.SEA_STEPS) == {*board.PROVINCES, *board.SEAS}


def _naval_turns(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    for state in random_positions(seeds, steps, CIVS):
        if isinstance(state.prompt, NavalTurn):
            yield state


def _naval_listing_the_long_way(state: GameState, civ: str) -> list[object]:
    return [EndNaval(), *movement.legal_trireme_moves(state, civ),
            *military._naval_battles(state, civ)]


def test_the_naval_listing_with_creatures_and_legions_at_sea() -> None:
    """Other players' creatures and legions swimming (as a Kraken, or a legion a card makes
    one) beside the player's ships are naval units he may fight; his own beside them too."""
    listed = swimmers = 0
    for state in _naval_turns((74, 75), 1500):
        prompt = state.prompt
        assert isinstance(prompt, NavalTurn)
        civ = prompt.civ
        assert military._legal_naval(state, prompt) == _naval_listing_the_long_way(state, civ)
        listed += 1
        at_sea = [u.area for u in state.units if u.owner == civ and u.area in board.SEAS]
        if not at_sea:
            continue
        s = game.clone(state)
        for i, u in enumerate(x for x in s.units if x.kind in ("legion", "creature")):
            if i % 3 == 0:  # every third ground unit swims to one of civ's seas
                u.area = at_sea[i % len(at_sea)]
                u.fought = i % 2 == 0
        got = military._legal_naval(s, s.prompt)  # type: ignore[arg-type]
        assert got == _naval_listing_the_long_way(s, civ)
        swimmers += len(got) > len(movement.legal_trireme_moves(s, civ)) + 1
    assert listed > 100 and swimmers > 50
