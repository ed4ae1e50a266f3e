"""The commerce phase's shortcuts of issue 16, round 10: who takes part in the trade the
Director announces is found from the players themselves in seat order, as the long way
that named each and looked him up, in the positions of the phase saves and of random games.
(The production handed out the same way: tests/test_turn_shortcuts.py.)
"""

from __future__ import annotations

from engine import game
from engine.actions import Announce
from engine.events import Event, TradeAnnounced
from engine.prompts import AnnounceTrade
from engine.rules import commerce
from engine.rules.common import hand_size, player, seat_order_from
from engine.rules.hooks import may_stay_out, trade_announced
from engine.state import GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _announce_the_long_way(state: GameState, prompt: AnnounceTrade, action: Announce,
                           ev: list[Event]) -> None:
    """The announcement applied as it was: each player in seat order looked up by name."""
    t = state.trade
    t.n = action.n
    director = prompt.civ
    t.participants = [] if action.n == 0 else [
        c for c in seat_order_from(state, director)
        if hand_size(player(state, c)) >= action.n and not may_stay_out(state, c, action.n)]
    ev.append(TradeAnnounced(civ=director, n=action.n, participants=list(t.participants)))
    state.prompt = None
    if len(t.participants) < 2:
        t.participants = []
        state.step = "after"
    else:
        state.step = "offers"
        trade_announced(state)


def test_the_players_in_a_trade_are_those_of_the_long_way() -> None:
    """Every Director, every number he may announce, with some players having declined
    (Antigone's choice): the same players in the same order, the same events."""
    traded = 0
    for n, state in enumerate(random_positions((65,), 900, CIVS)):
        if n % 2 or state.phase == "over":
            continue
        civs = [p.civ for p in state.players]
        director = civs[n % len(civs)]
        state.phase, state.step = "commerce", "announce"
        state.trade.declined = civs[(n + 1) % len(civs):][:n % 3]
        most = hand_size(player(state, director))
        for k in range(most + 2):
            prompt = AnnounceTrade(civ=director, max=max(most, k))
            state.prompt = prompt
            fast, long_way = game.clone(state), game.clone(state)
            ev_fast: list[Event] = []
            ev_long: list[Event] = []
            commerce._announce(fast, fast.prompt, Announce(n=k), ev_fast)
            _announce_the_long_way(long_way, long_way.prompt, Announce(n=k), ev_long)
            assert game.encode_state(fast) == game.encode_state(long_way)
            assert ev_fast == ev_long
            traded += len(fast.trade.participants) >= 2
    assert traded > 300
