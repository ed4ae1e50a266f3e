"""apply() accepts only what legal_actions() lists (issue 14, point 3): in random legal
games, actions near the listed ones (another field's value, a unit more or less, a
purchase elsewhere) are refused unless they are listed too."""

from __future__ import annotations

import pytest

from engine.game import apply, legal_actions, new_game
from engine.rng import Rng, seed_state
from engine.state import Config

from .listed import unlisted_accepted

CIVS = ["rome", "carthage", "greece", "egypt", "babylon", "atlantis"]


@pytest.mark.parametrize("players,seed,setup", [(3, 21, "free"), (4, 22, "predetermined"),
                                                (6, 23, "predetermined")])
def test_random_games_accept_no_unlisted_action(players, seed, setup):
    s, _ = new_game(Config(civs=CIVS[:players], seed=seed, setup=setup))
    rng = Rng(seed_state(seed))
    n = 0
    while s.phase != "over" and n < 400:
        if n % 5 == 0:
            found = unlisted_accepted(s, 80)
            assert not found, f"accepted but not listed at {s.prompt}: {found[:3]}"
        acts = legal_actions(s)
        apply(s, acts[rng.below(len(acts))])
        n += 1
