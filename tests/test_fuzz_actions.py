"""Fuzzing apply() with random and mutated actions against real positions: each is either
applied (and the position stays sound) or refused with IllegalAction and the state
untouched; nothing else ever escapes. Derandomized and bounded so that it runs in seconds."""

from __future__ import annotations

from pathlib import Path

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import actions as a
from engine.data.board import CIVS, PROVINCES, SEAS
from engine.data.cards import ALL_CARDS, RESOURCES
from engine.errors import IllegalAction
from engine.game import _play_in_place as play  # the match's way in, beside apply
from engine.game import apply, clone, legal_actions, state_hash
from engine.invariants import check
from engine.saves import load_save

PHASES = Path(__file__).parent.parent / "saves" / "phases"
POSITIONS = [load_save(p).state for p in sorted(PHASES.glob("*.json"))]
LEGAL = [legal_actions(s) for s in POSITIONS]
FUZZ = settings(derandomize=True, max_examples=1500, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))

IDS = [*PROVINCES, *SEAS, *CIVS, *RESOURCES, *ALL_CARDS, "", "city", "caravan:fish",
       "temple", "market", "move", "dive", "swim", "emerge", "tax=2", "fish=1,grain=1"]
ids = st.sampled_from(IDS)
ints = st.one_of(st.integers(-3, 60), st.integers(-(2**70), 2**70))
scalars = st.one_of(ids, ints, st.text(max_size=12), st.none(), st.booleans(),
                    st.floats(allow_nan=True))
garbage = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(ids, st.text(max_size=4)), inner,
                                                 max_size=4)), max_leaves=12)
# A field value: mostly plausible, sometimes anything at all.
value = st.one_of(ids, ints, st.lists(st.integers(-2, 80), max_size=4),
                  st.dictionaries(st.sampled_from([*RESOURCES, "temple_of_artemis", "x"]),
                                  st.integers(-2, 14), max_size=4),
                  st.builds(a.Item, kind=st.sampled_from(["legion", "city", "card", "caravan",
                                                          "trireme", "pyramids"]),
                            province=ids, site=ids, card=ids).map(lambda i: [i]),
                  st.lists(st.builds(a.Post, unit=st.integers(-1, 80), post=ids), max_size=3),
                  garbage)
KINDS = [t for t in a.ActionBase.__subclasses__()]


@st.composite
def random_action(draw):
    kind = draw(st.sampled_from(KINDS))
    fields = {f: draw(value) for f in kind.__struct_fields__ if draw(st.booleans())}
    try:
        return kind(**fields)
    except TypeError:  # a required field left out
        return kind(**{f: draw(value) for f in kind.__struct_fields__})


@st.composite
def mutated_action(draw):
    i = draw(st.integers(0, len(POSITIONS) - 1))
    legal = LEGAL[i]
    act = legal[draw(st.integers(0, len(legal) - 1))]
    fields = act.__struct_fields__
    if fields:
        f = draw(st.sampled_from(fields))
        act = msgspec.structs.replace(act, **{f: draw(value)})
    return i, act


def _try(i: int, action: object) -> None:
    s = clone(POSITIONS[i])
    before = state_hash(s)
    in_place = clone(POSITIONS[i])  # play(), the match's way, must do exactly as apply()
    try:
        played: object = play(in_place, action)  # type: ignore[arg-type]
    except IllegalAction as e:
        played = e
    try:
        apply(s, action)  # type: ignore[arg-type]
    except IllegalAction as e:
        assert state_hash(s) == before
        assert state_hash(in_place) == before
        assert isinstance(played, IllegalAction) and str(played) == str(e)
        return
    assert check(s) == [], (action, check(s))
    assert not isinstance(played, IllegalAction), played
    assert state_hash(in_place) == state_hash(s)


@FUZZ
@given(st.integers(0, len(POSITIONS) - 1), random_action())
def test_random_actions_are_applied_or_refused(i, action):
    _try(i, action)


@FUZZ
@given(mutated_action())
def test_mutated_legal_actions_are_applied_or_refused(case):
    _try(*case)


@settings(derandomize=True, max_examples=100, deadline=None, database=None)
@given(st.integers(0, len(POSITIONS) - 1), garbage)
def test_garbage_is_refused(i, thing):
    s = clone(POSITIONS[i])
    before = state_hash(s)
    try:
        apply(s, thing)  # type: ignore[arg-type]
    except IllegalAction:
        assert state_hash(s) == before
    else:
        raise AssertionError(f"{thing!r} was accepted as an action")
