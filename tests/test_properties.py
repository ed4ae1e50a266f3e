"""Whole games by seeded random players: nothing is lost or created, refused actions
change nothing, and the same seed gives the same game in another process."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.actions import Announce, EndConstruction, EndMilitary, Pass, TakeLosses
from engine.data.cards import ALL_CARDS, RESOURCE_COUNTS
from engine.data.costs import PIECES_PER_CIV
from engine.errors import IllegalAction
from engine.game import apply, legal_actions, new_game, state_hash
from engine.invariants import check
from engine.rng import Rng, seed_state
from engine.rules.common import pieces_out, tokens_in_play
from engine.state import Config, GameState

CIVS = ["rome", "carthage", "greece", "egypt", "babylon", "atlantis"]
WRONG = [Announce(n=99), EndConstruction(), EndMilitary(), Pass(), TakeLosses(units=[-1])]


def check_conservation(s: GameState) -> None:
    assert check(s) == []
    # Resource cards: bank + hands + trade offers and acquired cards.
    total = dict.fromkeys(RESOURCE_COUNTS, 0)
    for c, n in s.bank.items():
        total[c] += n
    for p in s.players:
        for c, n in p.hand.items():
            assert n > 0
            total[c] += n
    for cards in s.trade.offers.values():
        for c in cards:
            total[c] += 1
    if s.phase == "commerce" and s.step in ("take",):
        for cards in s.trade.acquired.values():
            for c in cards:
                total[c] += 1
    assert total == RESOURCE_COUNTS
    # Pieces within each civ's supply, building tokens within the supply.
    for civ in [p.civ for p in s.players] + s.neutrals:
        for kind, limit in PIECES_PER_CIV.items():
            assert pieces_out(s, civ, kind) <= limit, (civ, kind)
    for kind, limit in s.token_supply.items():
        assert tokens_in_play(s, kind) <= limit
    # Every hero and wonder is in exactly one place.
    held = [c for p in s.players for c in p.cards]
    assert len(held) == len(set(held))
    assert not set(held) & set(s.display) and not set(held) & set(s.set_aside)
    assert all(ALL_CARDS[c].kind in ("civ_hero", "hero", "wonder") for c in held)


@pytest.mark.parametrize("players,seed", [(3, 11), (4, 12), (5, 13), (6, 14), (3, 15),
                                          (4, 16), (5, 17), (6, 18)])
def test_random_games_conserve_everything(players, seed):
    """Random legal play, 3-6 players: no exception, the invariants after every action, a
    refused action leaves the state unchanged, an accepted one was offered, and the game
    gets somewhere."""
    s, _ = new_game(Config(civs=CIVS[:players], seed=seed))
    rng = Rng(seed_state(seed))
    n = refused = 0
    while s.phase != "over" and n < 6000:
        acts = legal_actions(s)
        assert acts, f"no legal action for {s.prompt}"
        if n % 7 == 0:
            before = state_hash(s)
            wrong = WRONG[rng.below(len(WRONG))]
            try:
                apply(s, wrong)
            except IllegalAction:
                assert state_hash(s) == before
                refused += 1
            else:  # accepted: then it must have been one of the legal actions
                assert wrong in acts, f"{wrong} accepted but not offered for {s.prompt}"
                check_conservation(s)
                continue
        apply(s, acts[rng.below(len(acts))])
        check_conservation(s)
        n += 1
    # The loop ends on its own either way: say what a sound run looks like.
    assert refused > 0
    assert s.phase == "over" or s.turn >= 20, (s.phase, s.turn)


def test_free_setup_random_games():
    """Free setup games played at random also finish their setup and run on."""
    for seed in (3, 4):
        s, _ = new_game(Config(civs=CIVS[:4], seed=seed, setup="free"))
        rng = Rng(seed_state(seed))
        n = 0
        while s.phase != "over" and n < 3000:
            acts = legal_actions(s)
            apply(s, acts[rng.below(len(acts))])
            check_conservation(s)
            n += 1
        assert s.turn > 1


SCRIPT = ("from tui.commands.simulate import play_game; from engine.state import Config; "
          "from engine.game import state_hash; "
          "s, n = play_game(Config(civs={civs!r}, seed=5), ['greedy', 'random']); "
          "print(state_hash(s), n)")


def test_same_seed_same_game_in_two_processes():
    """Determinism: the same seed and bots give the same final state hash in two
    separate processes."""
    code = SCRIPT.format(civs=CIVS[:4])
    outs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout for _ in range(2)]
    assert outs[0] == outs[1] and len(outs[0].split()[0]) == 64
