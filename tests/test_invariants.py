"""engine.invariants: a sound position passes, and each invariant catches a concrete
broken one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.data.cards import RANDOM_PILE
from engine.game import clone
from engine.invariants import check
from engine.saves import load_save
from engine.state import Building, GameState, Unit
from tests.helpers import start

SAVES = Path(__file__).parent.parent / "saves"


def test_new_games_and_shipped_saves_are_sound():
    for n in (3, 4, 5, 6):
        assert check(start(seed=n)) == []
    for path in sorted(SAVES.glob("*/*.json")):
        assert check(load_save(path).state) == [], path.name


def _legion(s: GameState, civ: str) -> Unit:
    return next(u for u in s.units if u.owner == civ and u.kind == "legion")


def _add_units(s: GameState, civ: str, kind: str, n: int) -> None:
    area = next(p.capital for p in s.players if p.civ == civ)
    for _ in range(n):
        s.units.append(Unit(id=s.next_unit_id, owner=civ, kind=kind, area=area))
        s.next_unit_id += 1


def too_many_legions(s):
    _add_units(s, "rome", "legion", 9)


def too_many_triremes(s):
    _add_units(s, "rome", "trireme", 6)


def too_many_fortresses(s):
    _add_units(s, "rome", "fortress", 9)


def too_many_influence(s):
    for ps in list(s.provinces.values())[:13]:
        ps.influence = "rome"


def too_many_cities(s):
    for ps in s.provinces.values():
        ps.buildings.append(Building(kind="city"))


def four_creatures(s):
    _add_units(s, "rome", "creature", 4)


def duplicate_unit(s):
    u = s.units[0]
    s.units.append(Unit(id=u.id, owner=u.owner, kind=u.kind, area=u.area))


def unknown_area(s):
    _legion(s, "rome").area = "atlantis_sunk"


def legion_at_sea(s):
    _legion(s, "rome").area = "mare_tyrrhenum" if "mare_tyrrhenum" in _seas() else _seas()[0]


def unknown_owner(s):
    s.units[0].owner = "sparta"


def unknown_influence(s):
    next(iter(s.provinces.values())).influence = "sparta"


def unknown_province(s):
    s.provinces["utopia"] = next(iter(s.provinces.values()))


def card_created(s):
    s.players[0].hand["fish"] = s.players[0].hand.get("fish", 0) + 1


def card_lost(s):
    s.bank["tax"] -= 1


def hero_in_two_places(s):
    s.players[0].cards.append(s.display[0])


def hero_lost(s):
    s.display.pop()


def other_civ_hero(s):
    s.players[0].cards.append(s.players[1].cards[0])


def god_held_by_stranger(s):
    s.gods["mars"] = "sparta"


def unit_id_from_the_future(s):
    s.units[0].id = s.next_unit_id + 5


# Each break, and words the report of it must contain.
BROKEN: list[tuple[Callable[[GameState], None], str]] = [
    (too_many_legions, "legion pieces out of a supply of 8"),
    (too_many_triremes, "trireme pieces out of a supply of 5"),
    (too_many_fortresses, "fortress pieces out of a supply of 8"),
    (too_many_influence, "influence pieces out of a supply of 12"),
    (too_many_cities, "city tokens are in play"),
    (four_creatures, "creatures, more than 3"),
    (duplicate_unit, "is in 2 places"),
    (unknown_area, "unknown area"),
    (legion_at_sea, "stands at sea"),
    (unknown_owner, "no player nor neutral"),
    (unknown_influence, "influenced by 'sparta'"),
    (unknown_province, "no province 'utopia'"),
    (card_created, "fish cards are in the game instead of 11"),
    (card_lost, "tax cards are in the game instead of 40"),
    (hero_in_two_places, "in 2 places"),
    (hero_lost, "has disappeared"),
    (other_civ_hero, "another civilization's hero"),
    (god_held_by_stranger, "held by 'sparta'"),
    (unit_id_from_the_future, "has not given yet"),
]


def _seas() -> list[str]:
    from engine.data.board import SEAS
    return list(SEAS)


@pytest.mark.parametrize("breaks,words", BROKEN, ids=[f.__name__ for f, _ in BROKEN])
def test_each_invariant_catches_its_break(breaks, words):
    s = clone(start(seed=2))
    assert check(s) == []
    breaks(s)
    found = check(s)
    assert any(words in line for line in found), (breaks.__name__, found)


def test_a_hercules_legion_counted_as_a_creature_breaks_nothing():
    """Hercules turns a legion into a creature for one battle: with three creatures out,
    that is still within the supply of creatures and of legions."""
    s = clone(start(seed=2))
    _add_units(s, "rome", "creature", 3)
    leg = _legion(s, "rome")
    leg.kind = "creature"
    s.used_powers.append(f"hercules#{leg.id}")
    assert check(s) == []
    s.used_powers.remove(f"hercules#{leg.id}")
    assert any("4 creatures" in line for line in check(s))  # unmarked: a fourth creature


def test_every_general_card_is_accounted_for_at_the_start():
    s = start(seed=5)
    assert sorted([*s.display, *s.set_aside]) == sorted(RANDOM_PILE)
