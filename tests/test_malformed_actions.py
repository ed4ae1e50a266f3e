"""apply() refuses malformed actions with IllegalAction and a reason, the state untouched:
the network server and the records rely on it (engine/wellformed.py)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine import actions as a
from engine.errors import IllegalAction
from engine.game import apply, legal_actions, state_hash, validate
from engine.saves import load_save
from engine.wellformed import fault, wellformed

PHASES = Path(__file__).parent.parent / "saves" / "phases"


class Weird:
    pass


CASES: dict[str, object] = {
    "announce a fraction": a.Announce(n=2.5),
    "announce a string": a.Announce(n="3"),
    "announce None": a.Announce(n=None),
    "announce a bool": a.Announce(n=True),
    "announce a negative count": a.Announce(n=-1),
    "announce a huge count": a.Announce(n=2**31),
    "announce beyond 64 bits": a.Announce(n=2**80),
    "an object in a field": a.Announce(n=Weird()),
    "unknown item kind": a.Buy(items=[a.Item(kind="palace", province="latium")],
                               payment={"tax": 3}),
    "item of the wrong type": a.Buy(items=["legion"], payment={"tax": 3}),
    "nested garbage": a.Buy(items=[[[[{"kind": ["legion"]}]]]], payment={"tax": [3]}),
    "payment of an unknown card": a.Buy(items=[a.Item(kind="legion")], payment={"ore": 3}),
    "payment with a negative count": a.Buy(items=[a.Item(kind="legion")],
                                           payment={"tax": -3}),
    "payment with a fraction": a.Buy(items=[a.Item(kind="legion")], payment={"tax": 1.5}),
    "payment keyed by a number": a.Buy(items=[a.Item(kind="legion")], payment={3: 3}),
    "an absurd list of items": a.Buy(items=[a.Item(kind="legion")] * 10_000,
                                     payment={"tax": 3}),
    "unknown hero bought": a.SetupBuy(item=a.Item(kind="card", card="zeus_himself")),
    "a god bought as a hero": a.SetupBuy(item=a.Item(kind="card", card="mars")),
    "unknown caravan site": a.SetupBuy(item=a.Item(kind="caravan", site="uranium")),
    "unknown province": a.SelectCapital(province="utopia"),
    "a province of None": a.SelectCapital(province=None),
    "unknown civilization": a.PickRoleHolder(civ="sparta"),
    "unknown god": a.Worship(god="zeus", payment={"tax": 3}),
    "unknown resource taken": a.Take(source="rome", card="diamonds"),
    "unknown recipient": a.Give(card="fish", to="nobody"),
    "offer of a dict in a dict": a.Offer(cards={"fish": {"n": 1}}),
    "unknown sea": a.Blockade(sea="mare_nostrum_imaginarium"),
    "move to an unknown area": a.Move(units=[1], to="olympus"),
    "move a million units": a.Move(units=list(range(1_000_000)), to="latium"),
    "move a unit named by a string": a.Move(units=["1"], to="latium"),
    "a negative unit": a.TakeLosses(units=[-1]),
    "a unit id beyond any game": a.Convert(unit=10**12),
    "sack a negative building": a.Sack(building=-1),
    "unknown power card": a.UsePower(card="excalibur"),
    "a huge power choice": a.UsePower(card="colossus", choice="x" * 100_000),
    "a post of the wrong type": a.Occupy(posts=[{"unit": 1, "post": "city"}]),
    "not an action at all": {"type": "Announce", "n": 2},
    "None for an action": None,
    "an action class, not an action": a.Pass,
}


@pytest.fixture(scope="module")
def positions():
    return [load_save(p).state for p in sorted(PHASES.glob("*.json"))]


@pytest.mark.parametrize("name", list(CASES))
def test_malformed_action_is_refused_and_changes_nothing(name, positions):
    action = CASES[name]
    for s in positions:
        before = state_hash(s)
        with pytest.raises(IllegalAction) as e:
            apply(s, action)  # type: ignore[arg-type]
        assert str(e.value), name
        assert len(str(e.value)) < 400, "a reason is one short line"
        assert state_hash(s) == before
        assert validate(s, action) is not None  # type: ignore[arg-type]


def test_the_reason_names_the_fault():
    with pytest.raises(IllegalAction, match="float"):
        wellformed(a.Announce(n=2.5))
    with pytest.raises(IllegalAction, match="Too many"):
        wellformed(a.TakeLosses(units=list(range(100))))
    with pytest.raises(IllegalAction, match="beyond any number"):
        wellformed(a.Announce(n=2**40))
    assert "not a god" in fault(a.Worship(god="zeus", payment={"tax": 3}))
    assert "not something that can be built" in fault(a.SetupBuy(item=a.Item(kind="palace")))
    assert "not a resource card" in fault(a.Offer(cards={"ore": 1}))
    assert "negative" in fault(a.Keep(cards={"fish": -1}))
    assert fault(a.Worship(god="mars", payment={"tax": 3})) is None


def test_the_rules_reason_comes_before_the_fault(positions):
    """An unknown id the rules refuse themselves gets the rule's reason (scenario files
    match on it); one they would stumble on gets the fault's."""
    offering = next(s for s in positions if s.phase == "offering")
    with pytest.raises(IllegalAction, match="zeus is not a god"):
        apply(offering, a.Worship(god="zeus", payment={"tax": 3}))
    setup = next(s for s in positions if s.phase == "setup")
    with pytest.raises(IllegalAction):
        apply(setup, a.SetupBuy(item=a.Item(kind="palace", province="latium")))


def test_a_reason_shows_no_control_characters():
    reason = fault(a.SelectCapital(province="\x1b[2J\x1b]0;owned\x07"))
    assert reason and "\x1b" not in reason and "\x07" not in reason


def test_every_legal_action_passes_the_door_unchanged(positions):
    """The door changes nothing a valid action says, nor its JSON (records store it)."""
    enc = msgspec.json.encode
    for s in positions:
        for act in legal_actions(s):
            clean = wellformed(act)
            assert clean == act and enc(clean) == enc(act)
            assert fault(clean) is None, act
