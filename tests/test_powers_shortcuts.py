"""The shortcuts of the power cards (issue 16, round 7) answer exactly as the long way, in
every position of random games and of the phase saves, and again with the rare cases
forced on them (a creature on the board, a legion Hercules made a creature, a Phoenix on
its card): the units that are a civilization's creature, looked at among the pawns alone
when no Hercules mark is on record; the powers of the reaction windows alone, asked in no
decision; the buildings of others a god may destroy, the posts looked at once; a unit's
hooks asked of its own civilization's creature alone; the players who could answer a
reaction window, the gods among its cards alone looked at.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.data import board
from engine.data.cards import CIV_CREATURE, GODS
from engine.powers import baal, phoenix, titan, vulcan
from engine.powers.base import other_owner, others_buildings
from engine.powers.hercules import MOVE_MARK, acting, acts_as
from engine.rules import hooks, reading
from engine.rules.common import building_controller, player_civs, post_key
from engine.rules.hooks import CARDS, _each, active_powers
from engine.rules.windows import could_answer
from engine.state import GameState, Unit

from .helpers import could_answer_the_long_way, random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _positions(seeds: tuple[int, ...], steps: int) -> Iterator[GameState]:
    return random_positions(seeds, steps, CIVS)


def _acting_long_way(state: GameState, civ: str, creature: str) -> list[Unit]:
    """Every pawn and legion of civ asked `acts_as`."""
    return [u for u in state.units if u.owner == civ and u.kind in ("creature", "legion")
            and acts_as(state, u, creature)]


def _titans_long_way(state: GameState, civ: str) -> list[Unit]:
    return [u for u in _acting_long_way(state, civ, titan.CARD) if not u.fought
            and u.area in titan.board.PROVINCES]


def _waiting_long_way(state: GameState, civ: str) -> list[Unit]:
    if CIV_CREATURE.get(civ) != phoenix.CARD:
        return []
    return [u for u in state.units if u.owner == civ and u.kind in ("creature", "legion")
            and not u.area]


def _same_creatures(state: GameState) -> int:
    n = 0
    for civ in player_civs(state):
        for creature in CIV_CREATURE.values():
            long_way = _acting_long_way(state, civ, creature)
            assert acting(state, civ, creature) == long_way, (civ, creature)
            n += len(long_way)
        assert titan._ready(state, civ) == _titans_long_way(state, civ)
        assert phoenix.waiting(state, civ) == _waiting_long_way(state, civ)
    return n


def test_the_creatures_found_among_the_pawns_are_those_of_the_long_way() -> None:
    """In every position; then with a legion of each player made a creature (a pawn), one
    sent to its card and one marked by Hercules for the round, each in turn."""
    found = forced = 0
    for n, state in enumerate(_positions(seeds=(71, 72), steps=1000)):
        found += _same_creatures(state)
        if n % 3:
            continue
        for civ in player_civs(state):
            legions = [u for u in state.units if u.owner == civ and u.kind == "legion"]
            if len(legions) < 3:
                continue
            legions[0].kind = "creature"
            legions[1].area = ""
            legions[1].kind = "creature"
            state.used_powers.append(f"{MOVE_MARK}{legions[2].id}")
            legions[2].fought = n % 2 == 0
            forced += _same_creatures(state)
            state.used_powers.pop()
            forced += _same_creatures(state)  # no mark: the pawns alone
    assert found > 0 and forced > 2000, (found, forced)


def test_a_power_for_the_windows_alone_answers_in_no_decision() -> None:
    """A card module's `IN_WINDOWS_ONLY` holds: with every such card (and god) given to
    every player, in the positions of random games and of the phase saves, its `uses`
    answers nothing in any decision of its holder's; and `active_powers`, which leaves it
    out of decisions, lists there what asking every card lists."""
    only = [c for c, m in CARDS.items() if getattr(m, "IN_WINDOWS_ONLY", False)]
    assert len(only) >= 6 and all(CARDS[c].WINDOWS for c in only)
    asked = 0
    for i, state in enumerate(_positions(seeds=(73, 74), steps=1200)):
        if i % 2:
            continue
        for card in only:
            if card in GODS:
                state.gods[card] = state.players[i % len(state.players)].civ
            else:
                for p in state.players:
                    if card not in p.cards:
                        p.cards.append(card)
        for civ in player_civs(state):
            for card in only:
                assert CARDS[card].uses(state, civ, "") == [], card
                asked += 1
            every = [a for f in _each("uses") for a in f(state, civ, "")]
            assert active_powers(state, civ) == every
    assert asked > 5000


def _others_long_way(state: GameState, civ: str, kind: str) -> list[tuple[str, str]]:
    """Each building asked its `building_controller` (its post's units looked for anew)."""
    return [(pr, b.site) for pr, ps in state.provinces.items() for b in ps.buildings
            if b.kind == kind and other_owner(state, civ, building_controller(
                state, pr, b.kind, b.site))]


def test_the_gods_targets_found_in_one_look_at_the_posts_are_the_long_ways() -> None:
    """Baal's cities and Vulcan's caravans of others: in every position, for every player
    (and for a neutral civilization's point of view), with the state read or not; then
    with a unit of each player moved onto a post of another's building."""
    found = 0
    for n, state in enumerate(_positions(seeds=(75,), steps=1500)):
        if n % 2 == 0:  # a unit on a post of each building, and the last unit too (the
            # first in the state's order holds it)
            for u, (pr, ps) in zip(state.units, state.provinces.items(), strict=False):
                if ps.buildings:
                    b = ps.buildings[0]
                    u.area, u.post = pr, post_key(b.kind, b.site)
                    last = state.units[-1]
                    last.area, last.post = u.area, u.post
        for civ in [*player_civs(state), "nobody"]:
            for kind, targets in (("city", baal.targets), ("caravan", vulcan.targets)):
                long_way = _others_long_way(state, civ, kind)
                assert others_buildings(state, civ, kind) == long_way, (civ, kind)
                before = reading.begin(state)
                try:
                    assert others_buildings(state, civ, kind) == long_way, (civ, kind)
                finally:
                    reading.end(before)
                got = targets(state, civ)
                assert got == (long_way if kind == "caravan" else [pr for pr, _ in long_way])
                found += len(long_way)
    assert found > 5000, found


def test_a_units_hooks_asked_of_its_own_creature_alone_answer_as_every_card() -> None:
    """A unit's land steps, landings from the sea and convoy ban: leaving out the cards
    that answer for their own civilization's units alone (`OWN_UNITS_ONLY`: the other
    civilizations' creatures) answers as asking every card,
    for every unit of every position; then with the units made creatures and marked by
    Hercules, each in turn."""
    asked = 0
    for n, state in enumerate(_positions(seeds=(76,), steps=1200)):
        if n % 3 == 1:
            for u in state.units[::2]:
                if u.kind == "legion":
                    u.kind = "creature"
        elif n % 3 == 2:
            state.used_powers += [f"{MOVE_MARK}{u.id}" for u in state.units]
        for u in state.units:
            here = list(board.PROVINCES[u.area].land_neighbours) \
                if u.area in board.PROVINCES else []
            steps = list(here)
            for f in _each("ground_steps"):
                steps = f(state, u, steps)
            assert hooks.ground_steps(state, u, list(here)) == steps
            assert hooks.sea_landings(state, u) == [
                p for f in _each("sea_landings") for p in f(state, u)]
            assert hooks.can_be_convoyed(state, u) == (
                not any(f(state, u) for f in _each("cannot_be_convoyed")))
            asked += steps != here
    assert asked > 100, asked


def test_the_players_who_could_answer_a_window_are_the_long_ways() -> None:
    """`could_answer` (the gods among the window's cards alone looked at) names the
    players and cards of the long way; and nobody outside it has a use there, so a window
    asks only those (`windows._open`, a phase's start)."""
    windows = ("phase_start", "move_declared", "before_battle", "after_dice")
    named = 0
    for n, state in enumerate(_positions(seeds=(77,), steps=1500)):
        if n % 4 == 0:  # every god held, by each player in turn
            civs = player_civs(state)
            for i, g in enumerate(GODS):
                state.gods[g] = civs[(i + n) % len(civs)]
        for w in windows:
            got = could_answer(state, w)
            long_way = could_answer_the_long_way(state, w)
            assert (got is None) == (long_way is None)
            if got is None or long_way is None:
                continue
            assert {c: sorted(v) for c, v in got.items()} == \
                {c: sorted(v) for c, v in long_way.items()}, w
            for civ in player_civs(state):
                assert civ in got or not active_powers(state, civ, w), (civ, w)
            named += len(got)
    assert named > 1000, named
