"""Rulebook Q&A, predetermined setup with fewer than 6 players: the role of a civilization
nobody plays goes by the usual count, but a player already holding a role is passed over
while another holds none (docs/rulings.md, Setup). Ties are drawn at random."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from engine.data.board import CIVS
from engine.data.cards import ROLES
from engine.events import RoleAssigned
from engine.game import new_game, state_hash
from engine.render import render
from engine.state import Config


def _setup(civs: list[str], seed: int = 1, setup_version: int | None = None):
    config = Config(civs=civs, seed=seed)
    if setup_version is None:
        return new_game(config)
    return new_game(config, setup_version)


def _assigned(events: list, role: str) -> RoleAssigned:
    return next(e for e in events if isinstance(e, RoleAssigned) and e.role == role)


def test_four_players_without_rome_the_army_goes_to_babylon():
    """Without Rome, Carthage counts the most units (6, Hannibal's legion included) but
    holds the Director of Commerce: Babylon, with no role, leads the army (5)."""
    s, ev = _setup(["carthage", "greece", "egypt", "babylon"], seed=3)
    assert s.roles == {"director_of_commerce": "carthage", "high_priest": "greece",
                       "political_leader": "egypt", "military_leader": "babylon"}
    army = _assigned(ev, "military_leader")
    assert army.scores["carthage"] == 6 and army.scores["babylon"] == 5  # not a tie
    # the log says why the better count did not win
    assert army.passed_over == ["carthage", "greece"]
    assert render(army) == ("Babylon becomes Military Leader (Carthage 6, Greece 5, Egypt 4, "
                            "Babylon 5; Carthage and Greece hold a role already)")


def test_five_players_without_rome_the_army_is_drawn_between_the_roleless():
    """Without Rome, Babylon and Atlantis hold no role and tie with 5 units: the draw is
    between them (the project's tie rule); Carthage, with 6, keeps one role only."""
    holders = set()
    for seed in range(1, 9):
        s, ev = _setup(["carthage", "greece", "egypt", "babylon", "atlantis"], seed)
        holders.add(s.roles["military_leader"])
        scores = _assigned(ev, "military_leader").scores
        assert scores == {"carthage": 6, "greece": 5, "egypt": 4, "babylon": 5,
                          "atlantis": 5}
    assert holders == {"babylon", "atlantis"}


def test_three_players_everyone_holds_one_before_anyone_holds_two():
    """Carthage, Greece, Babylon: the Political Leader goes to Babylon (2 cities, as
    Greece, who is High Priest); then each holds a role, so the Military Leader goes by
    the count alone: Carthage, 6 units."""
    s, ev = _setup(["carthage", "greece", "babylon"], seed=2)
    assert s.roles == {"director_of_commerce": "carthage", "high_priest": "greece",
                       "political_leader": "babylon", "military_leader": "carthage"}
    politics = _assigned(ev, "political_leader")
    assert politics.scores == {"carthage": 1, "greece": 2, "babylon": 2}
    assert politics.passed_over == ["greece"]
    assert _assigned(ev, "military_leader").passed_over == []  # everyone holds one


@pytest.mark.parametrize("n", [3, 4, 5])
def test_no_player_holds_two_roles_while_another_holds_none(n):
    """Every choice of civilizations (and a few seeds for the draws): each player holds
    one role before anyone holds two, so with 4 or 5 players nobody holds two, and with 3
    exactly one player holds the fourth role besides his own."""
    for civs in combinations(CIVS, n):
        for seed in (1, 2, 3):
            s, _ = _setup(list(civs), seed)
            held = Counter(s.roles[r] for r in ROLES)
            assert sorted(held.values(), reverse=True)[0] == (2 if n == 3 else 1), civs
            assert len(held) == min(n, len(ROLES)), civs


def test_each_missing_role_goes_to_the_best_placed_without_one():
    """The role is not drawn among all who hold none: the best count among them wins.
    Without Rome and Egypt, Babylon and Atlantis (no role) tie for the Political Leader
    with 2 cities; the one left without takes the Military Leader, not Carthage."""
    for seed in (1, 2, 3, 4):
        s, ev = _setup(["carthage", "greece", "babylon", "atlantis"], seed)
        assert {s.roles["political_leader"], s.roles["military_leader"]} == \
            {"babylon", "atlantis"}
        assert s.roles["director_of_commerce"] == "carthage"


def test_six_players_keep_their_printed_roles():
    """With all six civilizations no role is missing: each goes with its civilization, and
    the setup is the same as before the change (the same state, hash for hash)."""
    for seed in (1, 2, 3):
        s, _ = _setup(list(CIVS), seed)
        assert s.roles == {"director_of_commerce": "carthage", "high_priest": "greece",
                           "political_leader": "egypt", "military_leader": "rome"}
        assert state_hash(s) == state_hash(_setup(list(CIVS), seed, setup_version=1)[0])


def test_setup_version_1_gives_the_roles_as_before():
    """Records made before setup version 2 replay their own setup: Carthage held both
    the Director of Commerce and the Military Leader, Babylon none."""
    s, _ = _setup(["carthage", "greece", "egypt", "babylon"], seed=3, setup_version=1)
    assert s.roles["military_leader"] == "carthage"
    assert "babylon" not in s.roles.values()
