"""The military phase's shortcuts of round 9 (issue 16) answer exactly as the long way, in
the positions of random games (tests/helpers.random_positions):

- the seas a trireme reaches (`geography.SEA_STEPS`), looked up once for the board;
- the naval step's listing worked out in one loop over the units, with other players'
  creatures and legions at sea beside the player's ships;
- a trireme move the naval listing offered is taken without `check_trireme_move`
  (`naval_listing.listed_trireme`): the same trireme, and only for that very object, listed for
  this prompt of this state, no action taken since.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from engine import game
from engine.actions import MoveTrireme
from engine.data import board
from engine.prompts import NavalTurn
from engine.rules import geography, movement, naval_listing
from engine.state import GameState

from .helpers import naval_battles_listed, naval_listing_the_long_way, random_positions

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


def test_the_naval_listing_with_creatures_and_legions_at_sea() -> None:
    """Other players' creatures and legions swimming (as a Kraken, or a legion a card makes
    one) beside the player's ships are naval units he may fight; his own beside them too."""
    listed = swimmers = 0
    for state in _naval_turns((74, 75), 1500):
        prompt = state.prompt
        assert isinstance(prompt, NavalTurn)
        civ = prompt.civ
        assert naval_listing.naval_actions(state, prompt) == naval_listing_the_long_way(state, civ)
        listed += 1
        at_sea = [u.area for u in state.units if u.owner == civ and u.area in board.SEAS]
        if not at_sea:
            continue
        s = game.clone(state)
        for i, u in enumerate(x for x in s.units if x.kind in ("legion", "creature")):
            if i % 3 == 0:  # every third ground unit swims to one of civ's seas
                u.area = at_sea[i % len(at_sea)]
                u.fought = i % 2 == 0
        got = naval_listing.naval_actions(s, s.prompt)  # type: ignore[arg-type]
        assert got == naval_listing_the_long_way(s, civ)
        swimmers += len(naval_battles_listed(s, civ)) > 0
    assert listed > 100 and swimmers > 50


def test_a_listed_trireme_move_moves_the_trireme_check_trireme_move_finds() -> None:
    moves = 0
    for state in _naval_turns((76, 77), 1500):
        prompt = state.prompt
        assert isinstance(prompt, NavalTurn)
        civ = prompt.civ
        listed = naval_listing.naval_actions(state, prompt)
        for m in listed:
            if isinstance(m, MoveTrireme):
                assert naval_listing.listed_trireme(state, prompt, m) is \
                    movement.check_trireme_move(state, civ, m)
                moves += 1
    assert moves > 300


def test_only_the_listed_trireme_move_for_this_prompt_and_count_skips_the_check() -> None:
    state = next(s for s in _naval_turns((78,), 1500)
                 if sum(isinstance(a, MoveTrireme) for a in
                        naval_listing_the_long_way(s, s.prompt.civ)) > 1)
    prompt = state.prompt
    assert isinstance(prompt, NavalTurn)
    listed = naval_listing.naval_actions(state, prompt)
    m = next(a for a in listed if isinstance(a, MoveTrireme))
    assert naval_listing.listed_trireme(state, prompt, m) is not None
    twin = msgspec.json.decode(msgspec.json.encode(m), type=MoveTrireme)  # typed or sent
    assert naval_listing.listed_trireme(state, prompt, twin) is None
    copy = game.clone(state)  # another state, another prompt object
    assert naval_listing.listed_trireme(copy, copy.prompt, m) is None
    assert naval_listing.listed_trireme(copy, prompt, m) is None
    other = NavalTurn(civ=prompt.civ)  # the same decision asked again: a new prompt
    assert naval_listing.listed_trireme(state, other, m) is None
    state.actions_taken += 1  # an action taken since (a power used in the same decision)
    assert naval_listing.listed_trireme(state, prompt, m) is None
