"""A buy the construction listing offered (issue 16, round 5, second pass) is paid and
placed without its checks (`construction._OFFERED`, `placement.place_legal`): the same
state and the same events as the long way, in the positions of random games, also with the
deciding player holding every construction card (reductions, a wild commodity, extra
items) and a hand rich enough for heroes; and only for that very object, listed for this
prompt, no action taken since.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from engine import game
from engine.actions import Buy
from engine.data.cards import WILD
from engine.events import Built, ConversionCompleted
from engine.prompts import ConstructionTurn
from engine.rules import construction

from .test_construction_shortcuts import _construction_positions


def test_a_listed_buy_changes_the_state_as_the_long_way_does() -> None:
    seen: Counter[str] = Counter()
    for state in _construction_positions(seeds=(71,), steps=1500):
        if not isinstance(state.prompt, ConstructionTurn):
            continue
        n = len(game.legal_actions(state))
        for i in range(1, n, max(1, n // 6)):  # six buys at most, spread over the listing
            short = game.clone(state)
            action = game.legal_actions(short)[i]
            if not isinstance(action, Buy):
                continue
            assert construction._OFFERED.find(short, short.prompt, action) is not None
            long = game.clone(state)
            twin = msgspec.json.decode(msgspec.json.encode(action), type=Buy)
            assert construction._OFFERED.find(long, long.prompt, twin) is None
            used = len(long.used_powers)
            ev_long = game._play_listed(long, twin)  # not the listed object: checked
            ev_short = game._play_listed(short, action)
            assert ev_short == ev_long
            assert msgspec.json.encode(short) == msgspec.json.encode(long)
            seen[action.items[0].kind] += 1
            seen["reduced"] += len(long.used_powers) > used
            seen["wild"] += bool(action.payment.get(WILD))
            seen["conversion"] += any(isinstance(e, ConversionCompleted) for e in ev_short)
            seen["built"] += any(isinstance(e, Built) for e in ev_short)
    kinds = ("influence", "city", "temple", "market", "legion", "fortress", "creature",
             "trireme", "caravan", "card")
    assert all(seen[k] for k in kinds), seen
    assert seen["reduced"] and seen["wild"] and seen["built"] > 500, seen


def test_only_the_listed_object_for_this_prompt_and_count_is_bought_so() -> None:
    state = next(s for s in _construction_positions(seeds=(73,), steps=1500)
                 if isinstance(s.prompt, ConstructionTurn) and len(game.legal_actions(s)) > 1)
    prompt = state.prompt
    buy = game.legal_actions(state)[1]
    assert isinstance(buy, Buy)
    assert construction._OFFERED.find(state, prompt, buy) is not None
    twin = msgspec.json.decode(msgspec.json.encode(buy), type=Buy)  # typed or sent: a copy
    assert construction._OFFERED.find(state, prompt, twin) is None
    copy = game.clone(state)  # another prompt object
    assert construction._OFFERED.find(copy, copy.prompt, buy) is None
    state.actions_taken += 1  # an action taken since (a power used in the same turn)
    assert construction._OFFERED.find(state, prompt, buy) is None


def test_a_buy_not_listed_is_refused_as_before() -> None:
    """A copy of a listed buy with the payment changed goes the long way: refused."""
    state = next(s for s in _construction_positions(seeds=(73,), steps=1500)
                 if isinstance(s.prompt, ConstructionTurn) and len(game.legal_actions(s)) > 1)
    buy = game.legal_actions(state)[1]
    assert isinstance(buy, Buy)
    bad = Buy(items=buy.items, payment={c: n - 1 for c, n in buy.payment.items()})
    assert game.refusal(state, bad) is not None
