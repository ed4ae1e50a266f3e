"""The engine contract (docs/architecture.md, The engine contract): prompts, refusals, views
and hashes."""

from __future__ import annotations

from engine.actions import Announce
from engine.events import CardGiven
from engine.game import apply, clone, legal_actions, state_hash, validate, view, visible_events

from .helpers import assert_illegal, start


def test_illegal_action_names_the_rule_and_changes_nothing():
    """apply: an illegal action raises with a reason naming the rule; state untouched."""
    s = start()
    err = assert_illegal(s, Announce(n=40), "announce")
    assert err.rule.startswith("Commerce: trading")
    assert validate(s, Announce(n=40)) is not None
    assert validate(s, Announce(n=0)) is None


def test_view_hides_other_hands_set_aside_and_dice():
    """view(state, seat): own hand, other hands as counts, set-aside unseen, no RNG."""
    s = start()
    v = view(s, 0)
    assert v.state.players[0].hand == s.players[0].hand
    assert all(p.hand == {} for p in v.state.players[1:])
    assert v.hand_sizes["carthage"] == sum(s.players[1].hand.values())
    assert v.state.set_aside == [] and v.set_aside == 8
    assert v.state.rng == 0 and s.rng != 0
    spectator = view(s, None)
    assert all(p.hand == {} for p in spectator.state.players)


def test_secret_events_are_shown_only_to_their_players():
    """A balancing card is seen by the giver and receiver only."""
    e = CardGiven(civ="rome", to="greece", card="gems", visible_to=["rome", "greece"])
    assert visible_events([e], "rome") == [e]
    assert visible_events([e], "egypt") == []
    assert visible_events([e], None) == []


def test_state_hash_is_stable_and_sensitive():
    """state_hash: equal states hash equal; any change changes it."""
    s = start(seed=9)
    t = clone(s)
    assert state_hash(s) == state_hash(t)
    apply(t, legal_actions(t)[0])
    assert state_hash(s) != state_hash(t)
