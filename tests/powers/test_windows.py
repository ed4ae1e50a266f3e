"""The timing of powers (docs/rules.md, Powers and reactions): powers usable at any time are offered
in their holder's own decisions and in reaction windows; decisions powers owe wait in
state.pending_powers and survive a save."""

from __future__ import annotations

from engine.actions import Announce, Pass, UsePower
from engine.game import apply, clone, decode_state, encode_state, legal_actions, state_hash
from engine.powers import open_window
from engine.prompts import AnnounceTrade, Reaction
from engine.rules import flow

from ..helpers import assert_illegal, begin_phase, start
from .support import construction_turn, give_god, pass_windows, uses


def test_any_time_powers_are_offered_in_every_own_decision():
    s = start()
    give_god(s, "carthage", "baal")  # carthage is the Director of Commerce
    begin_phase(s, "commerce")
    pass_windows(s)
    assert isinstance(s.prompt, AnnounceTrade) and s.prompt.civ == "carthage"
    acts = legal_actions(s)
    assert acts[0] == Announce(n=0)  # the decision's own actions come first
    assert uses(s, "baal")
    apply(s, UsePower(card="baal", target="alexandria"))
    assert isinstance(s.prompt, AnnounceTrade) and s.prompt.civ == "carthage"  # still his
    assert uses(s, "baal") == []


def test_a_window_asks_its_players_in_turn_and_closes():
    s = start()
    give_god(s, "egypt", "baal")
    give_god(s, "greece", "vulcan")
    begin_phase(s, "construction")
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "phase_start"
    assert s.prompt.civ == "egypt"  # the Political Leader sits first
    assert legal_actions(s)[0] == Pass()
    apply(s, Pass())
    assert s.prompt.civ == "greece" and s.prompt.powers == ["vulcan"]
    assert_illegal(s, UsePower(card="baal", target="roma"), "baal", "do not hold")
    apply(s, UsePower(card="vulcan", target="roma", choice="wine"))
    # nothing more for greece to use: the window is over
    assert not isinstance(s.prompt, Reaction)


def test_open_window_for_other_moments():
    s = start()
    give_god(s, "rome", "baal")
    s.prompt = None
    s.phase = "military"
    assert open_window(s, "after_dice", ["egypt", "rome"])
    ev: list = []
    flow.advance(s, ev)
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "after_dice"
    assert s.prompt.civ == "rome"  # egypt holds nothing usable: not asked
    assert not open_window(start(), "after_dice", ["egypt"])


def test_pending_decisions_survive_a_save():
    s = start()
    give_god(s, "rome", "baal")
    give_god(s, "egypt", "ishtar")
    construction_turn(s, "rome")
    apply(s, UsePower(card="baal", target="alexandria"))
    assert s.prompt.window == "ishtar" and s.pending_powers[0].resume is not None
    t = decode_state(encode_state(s))
    assert state_hash(t) == state_hash(s) == state_hash(clone(s))
    apply(t, Pass())
    assert t.prompt == s.pending_powers[0].resume  # back to rome's construction turn
    assert t.pending_powers == []


def test_a_reaction_needs_a_pending_decision():
    s = start()
    s.prompt = Reaction(civ="rome", window="nothing", powers=[])
    import pytest

    from engine.errors import IllegalAction
    with pytest.raises(IllegalAction, match="No power is waiting"):
        apply(s, Pass())
