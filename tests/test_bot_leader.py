"""How the normal player finds and stops the leader, in positions a player would recognise:
the strongest economy leads the standings, a player two heroes short with a hero's income
every turn is ganged up on, armies close in on the leader's weak provinces, and a conquest
takes his income rather than burning it."""

from __future__ import annotations

from engine.actions import Convert, Occupy, Post, Sack
from engine.bots import threat
from engine.bots.normal import NormalBot
from engine.game import new_game
from engine.prompts import ChooseConquest
from engine.state import Building, Config, GameState, Unit

SIX = ["rome", "carthage", "greece", "egypt", "babylon", "atlantis"]


def _start() -> GameState:
    state, _ = new_game(Config(civs=SIX, seed=2))
    return state


def _heroes(state: GameState, civ: str, n: int) -> None:
    p = next(p for p in state.players if p.civ == civ)
    spare = [c for c in ("colossus", "hanging_gardens", "ulysses", "hercules")
             if all(c not in q.cards for q in state.players)]
    while len(p.cards) < n:
        p.cards.append(spare.pop(0))


def test_income_counts_tax_fully_and_other_cards_in_part() -> None:
    assert threat.income({}) == threat.KEPT_TAX
    assert threat.income({"tax": 3}) == 3 + threat.KEPT_TAX
    assert threat.income({"wine": 2}) < threat.income({"tax": 2})


def test_the_richest_producer_leads_the_standings_at_the_start() -> None:
    """Egypt's three cities make it the one to watch before anyone holds a second hero."""
    table = threat.standings(_start(), {})
    assert table["egypt"].income > table["rome"].income
    assert threat.leader(table, "rome").civ == "egypt"  # type: ignore[union-attr]


def test_two_heroes_short_with_a_heros_income_is_one_step_from_victory() -> None:
    state = _start()
    _heroes(state, "egypt", 2)
    assert not threat.standings(state, {})["egypt"].one_step
    # two temples double two cities' tax: a set of 9 nearly every turn
    for pid in ("heptanomis", "thebais"):
        state.provinces[pid].buildings.append(Building(kind="temple"))
    table = threat.standings(state, {})
    assert table["egypt"].income >= threat.FAST_INCOME
    assert table["egypt"].one_step
    assert threat.target(table, "carthage") == "egypt"


def test_legions_close_in_on_the_leaders_unguarded_provinces() -> None:
    """Cyrenaica touches Egypt's Heptanomis (a city, a caravan, no guard): standing there is
    worth something against the leader, nothing against a player nobody fears."""
    state = _start()
    bot = NormalBot(1)
    bot._target = "egypt"
    assert bot._staging(state, "carthage", "cyrenaica", 7.0) > 0
    assert bot._staging(state, "carthage", "numidia", 7.0) == 0  # nothing of his next door
    bot._target = None
    assert bot._staging(state, "carthage", "cyrenaica", 7.0) == 0


def test_a_conquest_occupies_what_produces() -> None:
    state = _start()
    me = state.players[1]
    state.units.append(Unit(id=999, owner=me.civ, kind="legion", area="heptanomis"))
    state.prompt = ChooseConquest(civ=me.civ, province="heptanomis")
    acts = [Sack(building=0), Occupy(posts=[Post(unit=999, post="city")]),
            Convert(unit=999)]
    bot = NormalBot(3)
    assert isinstance(bot._ChooseConquest(state, me, state.prompt, acts), Occupy)
