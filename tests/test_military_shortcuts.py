"""The military phase's shortcuts for random players (issue 16, round 5) answer exactly as
the long way, in every position of random games (tests/helpers.random_positions):

- a move the ground listing offered is declared without `check_move` (`listed_move`): the
  same declared move, and only for that very object, listed for this prompt, no action
  taken since;
- the ground listing of a place holding one unit, and the board's land steps looked up
  once, with cards that change the steps (every other unit flies one step further) and
  with the straits crossed;
- a move's defenders seen before the units enter; a military window that no one could
  answer is not opened; a move into an undefended province does not ask again who holds it;
- the choices of a place's units (`choice_ids`): a pair, or units all alike, without
  grouping them; those of a joint move (`several_places_ids`) from two groups in two places,
  and from three groups or more made of ids;
- who could answer a window (`windows.could_answer`), the creatures that answer it looked up
  in a table made once per window.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from engine import game
from engine.actions import Move
from engine.data import board
from engine.prompts import GroundTurn
from engine.rules import (
    geography,
    ground_listing,
    military,
    movement,
    naval_listing,
    unit_choices,
    windows,
)
from engine.rules.common import seat_order_from
from engine.state import GameState, Unit

from .helpers import (
    could_answer_the_long_way,
    from_several_places,
    naval_battles_the_long_way,
    naval_listing_the_long_way,
    random_positions,
)
from .military_rules import assert_move_by_the_rules
from .test_engine_shortcuts import _moves

CIVS = ["rome", "greece", "egypt", "carthage"]


def _ground_turns(seeds: tuple[int, ...], steps: int = 1500) -> Iterator[GameState]:
    for state in random_positions(seeds, steps, CIVS):
        if isinstance(state.prompt, GroundTurn):
            yield state


def test_a_listed_move_is_declared_as_check_move_declares_it() -> None:
    moves = carried = 0
    for state in _ground_turns((61, 62, 63)):
        prompt = state.prompt
        assert isinstance(prompt, GroundTurn)
        civ = prompt.civ
        listed = ground_listing.listed_moves(state, prompt, civ)
        assert listed == ground_listing.legal_moves(state, civ)
        for m in listed:
            pm = ground_listing.listed_move(state, prompt, civ, m)
            assert pm is not None
            assert pm == movement.check_move(state, civ, m)
            moves += 1
            carried += bool(pm.seas)
    assert moves > 2000 and carried > 20


def test_only_the_listed_object_for_this_prompt_and_count_is_declared_so() -> None:
    state = next(s for s in _ground_turns((64,)) if ground_listing.legal_moves(s, s.prompt.civ))
    prompt = state.prompt
    assert isinstance(prompt, GroundTurn)
    m = ground_listing.listed_moves(state, prompt, prompt.civ)[0]
    assert ground_listing.listed_move(state, prompt, prompt.civ, m) is not None
    twin = msgspec.json.decode(msgspec.json.encode(m), type=Move)  # typed or sent: a copy
    assert ground_listing.listed_move(state, prompt, prompt.civ, twin) is None
    copy = game.clone(state)  # another prompt object
    assert ground_listing.listed_move(copy, copy.prompt, prompt.civ, m) is None
    state.actions_taken += 1  # an action taken since (a power used in the same decision)
    assert ground_listing.listed_move(state, prompt, prompt.civ, m) is None


def _flight(state: GameState, u: Unit, steps: list[str]) -> list[str]:
    """A card that lets every other unit go one land step further (and leaves the others'
    steps as they are: the very list)."""
    if u.id % 2:
        return steps
    out = dict.fromkeys(steps)
    for p in steps:
        out.update(dict.fromkeys(board.PROVINCES[p].land_neighbours))
    out.pop(u.area, None)
    return list(out)


@pytest.mark.parametrize("straits", [False, True])
def test_the_ground_listing_with_cards_that_change_the_steps(
        straits: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(movement, "ground_steps", _flight)  # the long way's
    monkeypatch.setattr(ground_listing, "ground_steps", _flight)
    # as if a card changing the steps were registered for every player's units
    monkeypatch.setattr(ground_listing, "asks_for_units_of", lambda hook, civ: True)
    if straits:  # the listing asks the hook itself, the long way through geography
        monkeypatch.setattr(geography, "crosses_straits", lambda state, civ: True)
        monkeypatch.setattr(ground_listing, "crosses_straits", lambda state, civ: True)
    seen = 0
    for state in _ground_turns((65,), steps=1200):
        civ = state.prompt.civ
        fast = ground_listing.legal_moves(state, civ)
        assert fast == _moves(state, civ)
        seen += len(fast)
    assert seen > 1000


def test_a_move_resolves_and_a_window_opens_as_the_long_way() -> None:
    """A move resolves as the rules say (tests/military_rules.py: a fight against every
    enemy there, else the conquest of another's province); a window no one could answer
    is not opened, as when every seat is asked in turn."""
    battles = conquests = asked = 0
    for state in _ground_turns((66, 67)):
        civ = state.prompt.civ
        state.order.active = civ
        for m in ground_listing.legal_moves(state, civ)[:8]:
            pm = movement.check_move(state, civ, m)
            a = game.clone(state)
            ev_a: list[Any] = []
            military._resolve_move(a, civ, pm, ev_a)
            assert_move_by_the_rules(state, a, ev_a, civ, pm)
            battles += a.military.battle_area != ""
            conquests += a.military.conquest != state.military.conquest
        for window in ("move_declared", "before_battle", "after_dice"):
            a, b = game.clone(state), game.clone(state)
            got = windows.military_window(a, window)
            assert got == windows.open_window(b, window, seat_order_from(b, civ))
            assert game.encode_state(a) == game.encode_state(b)
            asked += bool(windows.could_answer(state, window))
    assert battles > 0 and conquests > 0 and asked > 0


def test_the_choices_of_a_place_are_those_of_compositions() -> None:
    """`choice_ids` (a pair, or units all alike, without grouping) answers as the ids of
    `compositions`, in its order: for made-up groups and every place of random games."""
    import random
    rng = random.Random(7)
    groups: list[list[Unit]] = []
    for _ in range(400):
        n = rng.randrange(0, 8)
        ids = rng.sample(range(1, 60), n)
        groups.append([Unit(id=i, owner="rome", kind=rng.choice(["legion", "creature"]),
                            area=rng.choice(["latium", "etruria"]),
                            post=rng.choice(["", "", "city"])) for i in ids])
        groups.append([Unit(id=i, owner="rome", kind="legion", area="latium") for i in ids])
    for state in _ground_turns((68,), steps=800):
        groups += movement._movers(state, state.prompt.civ).values()
    sizes = set()
    for us in groups:
        assert unit_choices.choice_ids(us) == [[u.id for u in c]
                                           for c in unit_choices.compositions(us)]
        sizes.add(len(us))
    assert {0, 1, 2, 3, 5} <= sizes


@pytest.mark.parametrize("creatures", [False, True])
def test_who_could_answer_a_window_as_the_long_way(
        creatures: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """`could_answer` with its table of the creatures that answer a window, as the long
    way; and with cards where some creatures answer (none does in the game's cards)."""
    from engine.data.cards import CIV_CREATURE
    positions = list(random_positions((69,), 600, CIVS))  # played with the game's cards
    if creatures:
        answering = windows.answering
        some = frozenset(list(CIV_CREATURE.values())[::2])
        made: dict[str, frozenset[str]] = {}

        def more(window: str) -> frozenset[str]:
            if window not in made:
                made[window] = answering(window) | some
            return made[window]
        monkeypatch.setattr(windows, "answering", more)
    seen = 0
    for state in positions:
        for window in ("move_declared", "before_battle", "after_dice", "phase_start"):
            got = windows.could_answer(state, window)
            assert got == could_answer_the_long_way(state, window)
            seen += bool(got)
    assert seen > 0


def test_the_choices_of_a_joint_move_are_those_of_the_long_way() -> None:
    """`several_places_ids` (two groups of alike units in two places, without grouping
    them by bits) answers as the ids of `from_several_places` (tests/helpers.py), in its order."""
    import random
    rng = random.Random(11)
    two = 0
    for _ in range(1500):
        n = rng.randrange(1, 9)
        ids = rng.sample(range(1, 80), n)
        areas = ["latium", "etruria", "campania"][:rng.randrange(1, 4)]
        kinds = ["legion", "creature"][:rng.randrange(1, 3)]
        posts = ["", "city"][:rng.randrange(1, 3)]
        us = [Unit(id=i, owner="rome", kind=rng.choice(kinds), area=rng.choice(areas),
                   post=rng.choice(posts)) for i in ids]
        if len({u.area for u in us}) < 2:
            continue
        assert unit_choices.several_places_ids(us) == [
            [u.id for u in c] for c in from_several_places(us)]
        two += len({(u.area, u.kind, u.post) for u in us}) == 2
    assert two > 100


def test_the_choices_of_many_groups_made_of_ids_are_those_of_the_long_way() -> None:
    """`several_places_ids` of three groups or more (its long way made of ids, not units
    sorted by a key for each choice) answers as `from_several_places` (tests/helpers.py), up to its cap of
    256 choices."""
    import random
    rng = random.Random(12)
    capped = many = 0
    for _ in range(600):
        n = rng.randrange(2, 15)
        ids = rng.sample(range(1, 90), n)
        areas = ["latium", "etruria", "campania", "apulia"][:rng.randrange(2, 5)]
        us = [Unit(id=i, owner="rome", kind=rng.choice(["legion", "creature"]),
                   area=rng.choice(areas), post=rng.choice(["", "city"])) for i in ids]
        if len({u.area for u in us}) < 2:
            continue
        long_way = [[u.id for u in c] for c in from_several_places(us)]
        assert unit_choices._several_places_by_ids(us) == long_way
        assert unit_choices.several_places_ids(us) == long_way
        groups = len({(u.area, u.kind, u.post) for u in us})
        many += groups > 2
        product = 1
        for g in {(u.area, u.kind, u.post) for u in us}:
            product *= 1 + sum((u.area, u.kind, u.post) == g for u in us)
        capped += product > 256
    assert many > 300 and capped > 30


def test_the_naval_listing_looks_at_the_units_once_as_the_long_way() -> None:
    """The naval step's listing, its trireme moves and battles drawn from one pick of the
    units, lists what each does from all the units."""
    from engine.prompts import NavalTurn
    from engine.rules import registry
    seen = battles = 0
    for state in random_positions((70, 71), 1500, CIVS):
        prompt = state.prompt
        if not isinstance(prompt, NavalTurn):
            continue
        civ = prompt.civ
        long_way = naval_listing_the_long_way(state, civ)
        assert naval_listing.naval_actions(state, prompt) == long_way
        got = registry.LEGAL[NavalTurn](state, prompt)
        assert got[:len(long_way)] == long_way
        seen += len(long_way) > 1
        battles += bool(naval_battles_the_long_way(state, civ))
    assert seen > 50 and battles > 5


def test_the_straits_are_asked_only_for_a_place_at_a_strait_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The ground listing asks whether civ crosses the straits only when one of its places
    is at an end of a strait (elsewhere crossing adds no step), at most once a listing;
    with the straits crossed it lists as the long way, which asks for every place."""
    asked: list[str] = []

    def crossing(state: GameState, civ: str) -> bool:
        asked.append(civ)
        return True
    monkeypatch.setattr(geography, "crosses_straits", lambda state, civ: True)
    monkeypatch.setattr(ground_listing, "crosses_straits", crossing)  # the listing's own asking
    ends = skipped = 0
    for state in _ground_turns((72, 73), steps=1200):
        civ = state.prompt.civ
        places = movement._movers(state, civ)
        asked.clear()
        fast = ground_listing.legal_moves(state, civ)
        at_end = any(p in geography.STRAIT_ENDS for p in places)
        assert len(asked) == (1 if at_end else 0)
        ends += at_end
        skipped += bool(places) and not at_end
        assert fast == _moves(state, civ)
    assert ends > 20 and skipped > 20
