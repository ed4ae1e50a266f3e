"""Ishtar: cancel another god's power aimed at her holder, and only then (rulebook, card
text; docs/rules.md, Powers and reactions: a window opens when a power targets a player)."""

from __future__ import annotations

from engine.actions import Pass, UsePower
from engine.events import CardReceived, PowerUsed
from engine.game import apply, legal_actions
from engine.prompts import ConstructionTurn, Reaction
from engine.rules.common import player

from ..helpers import assert_illegal, begin_phase, start
from .support import construction_turn, events_of, give_god, pass_windows


def _cities(s, pr):
    return [b for b in s.provinces[pr].buildings if b.kind == "city"]


def _baal_at_egypt():
    s = start()
    give_god(s, "rome", "baal")
    give_god(s, "egypt", "ishtar")
    construction_turn(s, "rome")
    apply(s, UsePower(card="baal", target="alexandria"))
    return s


def test_the_target_holding_ishtar_is_asked_and_may_cancel():
    s = _baal_at_egypt()
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "ishtar"
    assert s.prompt.civ == "egypt" and "Baal" in s.prompt.detail
    assert legal_actions(s)[0] == Pass()
    ev = apply(s, UsePower(card="ishtar", target="baal"))
    assert _cities(s, "alexandria")  # the city stands
    assert {"baal", "ishtar"} <= set(s.gods_used)  # both gods are spent
    assert any(e.card == "ishtar" for e in events_of(ev, PowerUsed))
    assert isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == "rome"  # back


def test_letting_the_power_pass_keeps_ishtar():
    s = _baal_at_egypt()
    apply(s, Pass())
    assert _cities(s, "alexandria") == []
    assert "ishtar" not in s.gods_used
    assert isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == "rome"


def test_ishtar_only_protects_her_holder():
    s = start()
    give_god(s, "rome", "baal")
    give_god(s, "egypt", "ishtar")
    construction_turn(s, "rome")
    apply(s, UsePower(card="baal", target="athenae_sparta"))
    assert isinstance(s.prompt, ConstructionTurn)  # greece is not asked, egypt neither
    assert _cities(s, "athenae_sparta") == []


def test_ishtar_is_not_used_on_her_own():
    s = start()
    give_god(s, "egypt", "ishtar")
    construction_turn(s, "egypt")
    assert_illegal(s, UsePower(card="ishtar", target="baal"), "ishtar", "aimed at")


def test_ishtar_can_refuse_an_isis_gift():
    s = start()
    give_god(s, "rome", "isis")
    give_god(s, "egypt", "ishtar")
    set_order = ["rome", "carthage", "greece", "egypt", "babylon", "atlantis"]
    assert [p.civ for p in s.players] == set_order
    begin_phase(s, "commerce")
    pass_windows(s)
    before = dict(player(s, "egypt").hand)
    ev = []
    while isinstance(s.prompt, Reaction) and s.prompt.window in ("isis", "ishtar"):
        if s.prompt.window == "ishtar":
            assert s.prompt.civ == "egypt"
            ev += apply(s, UsePower(card="ishtar", target="isis"))
        else:
            ev += apply(s, UsePower(card="isis", target=legal_actions(s)[-1].target,
                                    choice="gems"))
    gifts = [e.civ for e in events_of(ev, CardReceived)]
    assert gifts == ["rome", "carthage", "greece", "babylon", "atlantis"]
    assert player(s, "egypt").hand == before
