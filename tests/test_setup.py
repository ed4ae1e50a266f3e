"""Rulebook, Starting Setup: predetermined and free setups."""

from __future__ import annotations

import pytest

from engine.actions import EndSetupRound, Item, SelectCapital, SetupBuy
from engine.data.board import PROVINCES
from engine.data.cards import RANDOM_PILE
from engine.data.costs import BUILDING_TOKENS
from engine.errors import IllegalAction
from engine.game import apply, legal_actions
from engine.prompts import AnnounceTrade, ChooseCapital, FreeSetupTurn
from engine.rules.common import player, tokens_in_play, units_in
from engine.state import Config

from .helpers import assert_illegal, start


def test_predetermined_six_players_pieces_heroes_and_roles():
    """Predetermined Setup: each civ's pieces, its civilization hero and starting role."""
    s = start()
    assert s.neutrals == []
    assert s.roles == {"director_of_commerce": "carthage", "high_priest": "greece",
                       "political_leader": "egypt", "military_leader": "rome"}
    assert player(s, "rome").cards == ["julius_caesar"]
    assert len(units_in(s, "roma", "rome", ["legion"])) == 2
    # Hannibal's free legion goes to Carthago at setup (docs/rules.md, Setup).
    assert len(units_in(s, "carthago", "carthage", ["legion"])) == 2
    # Pericles' free trireme is in port at Athenae/Sparta.
    assert len(units_in(s, "athenae_sparta", "greece", ["trireme"])) == 1
    assert s.provinces["poseidonis"].influence == "atlantis"
    # The commerce phase of turn 1 has begun: production is in the hands.
    assert s.phase == "commerce" and isinstance(s.prompt, AnnounceTrade)
    assert s.prompt.civ == "carthage"


def test_eight_heroes_and_wonders_set_aside_unseen():
    """Starting Setup: 8 of the shuffled heroes and wonders are set aside."""
    s = start(seed=5)
    assert len(s.set_aside) == 8
    assert sorted(s.set_aside + s.display) == sorted(RANDOM_PILE)
    assert "pyramids" not in s.display + s.set_aside
    other = start(seed=6)
    assert other.set_aside != s.set_aside


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_building_tokens_by_player_count(n):
    """Number of Building Tokens: the supply depends on the number of players."""
    s = start(["rome", "carthage", "greece", "egypt", "babylon", "atlantis"][:n])
    assert s.token_supply == BUILDING_TOKENS[n]
    assert tokens_in_play(s, "city") <= BUILDING_TOKENS[n]["city"]


def test_neutral_civilizations_with_three_players():
    """Playing with Fewer than 6 Players: neutral capital with influence, creature, legion,
    fortress; the two neighbouring regions with influence, legion and fortress."""
    s = start(["rome", "carthage", "greece"])
    assert s.neutrals == ["egypt", "babylon", "atlantis"]
    kinds = sorted(u.kind for u in units_in(s, "alexandria", "egypt"))
    assert kinds == ["creature", "fortress", "legion"]
    for pr in ("heptanomis", "thebais"):
        assert s.provinces[pr].influence == "egypt"
        assert sorted(u.kind for u in units_in(s, pr, "egypt")) == ["fortress", "legion"]
    assert s.provinces["cyrenaica"].influence is None
    assert sorted(u.kind for u in units_in(s, "erytheia", "atlantis")) == ["fortress", "legion"]
    # Neutral civilizations take no roles and hold no hero.
    assert set(s.roles.values()) <= {"rome", "carthage", "greece"}


def test_role_of_a_missing_civ_avoids_a_second_role():
    """Rulebook Q&A: with Egypt not taken, Political Leader goes by cities; Greece and
    Babylon tie with 2, and Babylon gets it because Greece is High Priest already."""
    s = start(["rome", "carthage", "greece", "babylon"], seed=3)
    assert s.roles["political_leader"] == "babylon"
    assert s.roles["high_priest"] == "greece"


def _free(seed=2, civs=("rome", "greece", "babylon")):
    return start(list(civs), seed=seed, setup="free")


def _to_first_build(s):
    while isinstance(s.prompt, ChooseCapital):
        apply(s, SelectCapital(province=s.prompt.options[0]))
    assert isinstance(s.prompt, FreeSetupTurn)


def test_free_setup_greek_capital_choice():
    """Free Setup: Greece may settle any province on the Aegean."""
    s = _free()
    while not (isinstance(s.prompt, ChooseCapital) and s.prompt.civ == "greece"):
        apply(s, legal_actions(s)[0])
    assert "troas" in s.prompt.options and "epirus" not in s.prompt.options
    assert_illegal(s, SelectCapital(province="epirus"), "capital")
    apply(s, SelectCapital(province="troas"))
    assert player(s, "greece").capital == "troas"


def test_free_setup_capital_first_and_within_reach():
    """Free Setup: influence in the capital first; build only in and next to it; legions
    start in the capital; each round places 9 points."""
    s = _free()
    _to_first_build(s)
    civ = s.prompt.civ
    cap = player(s, civ).capital
    far = "creta" if civ != "greece" else "babylon"
    assert_illegal(s, SetupBuy(item=Item(kind="city", province=cap)), "first influence marker")
    assert_illegal(s, SetupBuy(item=Item(kind="influence", province=far)), "capital")
    apply(s, SetupBuy(item=Item(kind="influence", province=cap)))
    assert s.provinces[cap].influence == civ
    assert s.prompt.points_left == 6
    assert_illegal(s, EndSetupRound(), "spend")
    neighbour = next(p for p in sorted(PROVINCES[cap].land_neighbours)
                     if s.provinces[p].influence is None)
    apply(s, SetupBuy(item=Item(kind="influence", province=neighbour)))
    assert_illegal(s, SetupBuy(item=Item(kind="legion", province=neighbour)), "capital")


def test_free_setup_runs_five_rounds_then_roles():
    """Free Setup: each player builds 5 times 9 points, then roles go by counting."""
    s = _free(seed=4)
    n = 0
    while s.phase == "setup":
        acts = legal_actions(s)
        apply(s, acts[0])
        n += 1
    assert s.phase == "commerce" and s.turn == 1
    for p in s.players:
        assert s.provinces[p.capital].influence == p.civ
    assert set(s.roles) == {"director_of_commerce", "high_priest", "political_leader",
                            "military_leader"}
    assert all(s.roles.values())


def test_free_setup_hero_powers_do_not_apply():
    """Free Setup Q&A: Caesar bought in the setup does not make legions cheaper there."""
    from engine.powers import cost
    s = _free(civs=("rome", "carthage", "greece"))
    player(s, "rome").cards.append("julius_caesar")
    assert cost(s, "rome", Item(kind="legion", province="roma"), free_setup=True) == 3
    assert cost(s, "rome", Item(kind="legion", province="roma")) == 2


def test_bad_configs_are_refused():
    """Starting Setup: 3 to 6 players, different civilizations."""
    from engine.game import new_game
    with pytest.raises(IllegalAction):
        new_game(Config(civs=["rome", "greece"]))
    with pytest.raises(IllegalAction):
        new_game(Config(civs=["rome", "rome", "greece"]))
    with pytest.raises(IllegalAction):
        new_game(Config(civs=["rome", "greece", "egypt"], setup="random"))
