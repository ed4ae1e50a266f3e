"""What one seat may see (docs/architecture.md, Views and secrets).

`engine.game.view(state, seat)` gives a copy of the state with everything secret to that
seat taken out: other hands (their sizes stay), face-down trade offers and acquired cards, the
unseen set-aside heroes and wonders, and the seed and RNG (so no one can foresee the dice).
A spectator (seat None) sees only what is public.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from .actions import Action, Give, Keep, Offer
from .events import Event
from .state import GameState


class View(msgspec.Struct, kw_only=True):
    seat: int | None
    civ: str | None
    state: GameState  # redacted
    hand_sizes: dict[str, int]
    offer_sizes: dict[str, int]
    acquired_sizes: dict[str, int]
    set_aside: int


def shared_view(state: GameState, seat: int | None) -> View:
    """What `seat` may see, sharing with `state` the parts it keeps (the redacted ones are
    new). It is good while the state does not change: the match changes its state in place
    (engine.match), so `engine.game.view`, the public one, gives a view of a copy, and
    only a computer player deciding on the match's state gets this one (it is done before
    the state changes)."""
    players = state.players
    civ = players[seat].civ if seat is not None else None
    # one pass over the players: an empty hand hides nothing (that player is shared too)
    shown = list(players)
    hand_sizes: dict[str, int] = {}
    for i, p in enumerate(players):
        hand = p.hand
        if hand:
            hand_sizes[p.civ] = sum(hand.values())
            if p.civ != civ:
                shown[i] = replace(p, hand={})
        else:
            hand_sizes[p.civ] = 0
    t = state.trade
    offer_sizes: dict[str, int] = {}
    acquired_sizes: dict[str, int] = {}
    hide = False  # another player's cards in the trade (outside it, or all empty: nothing)
    for c, o in t.offers.items():
        offer_sizes[c] = n = len(o)
        if n and c != civ and not t.revealed:
            hide = True
    for c, a in t.acquired.items():
        acquired_sizes[c] = n = len(a)
        if n and c != civ:
            hide = True
    trade = t
    if hide:
        offers = t.offers if t.revealed else {c: (o if c == civ else [])
                                              for c, o in t.offers.items()}
        trade = replace(t, offers=offers,
                        acquired={c: (a if c == civ else []) for c, a in t.acquired.items()})
    v = replace(state, players=shown, trade=trade, set_aside=[],
                # No seed and no RNG state: from either and the public actions every future
                # die and shuffle could be computed.
                config=replace(state.config, seed=0), rng=0, forced_dice=[])
    return View(seat=seat, civ=civ, state=v, hand_sizes=hand_sizes, offer_sizes=offer_sizes,
                acquired_sizes=acquired_sizes, set_aside=len(state.set_aside))


def visible_events(events: list[Event], civ: str | None) -> list[Event]:
    """The events a player (or a spectator, civ None) may see."""
    return [e for e in events if not e.visible_to or (civ is not None and civ in e.visible_to)]


def visible_action(action: Action, actor: str | None, civ: str | None) -> Action | dict[str, Any]:
    """An action as `civ` may know it (None: a spectator): another player's face-down
    trade offer, the cards he keeps and a balancing card given to someone else show only
    how many cards they are."""
    if actor is not None and actor == civ:
        return action
    if isinstance(action, (Offer, Keep)):
        return {"type": type(action).__name__, "cards": sum(action.cards.values()),
                "face_down": True}
    if isinstance(action, Give) and action.to != civ:
        return {"type": "Give", "cards": 1, "to": action.to, "face_down": True}
    return action
