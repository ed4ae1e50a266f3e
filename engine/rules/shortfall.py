"""What each kind of item stands at for a player in his construction turn: its cost to him,
whether a set of his pays for it, where it could go, how many pieces are left, and, when
it cannot be bought, what it lacks (rulebook, Rules for Construction; docs/rules.md, Construction: where things go).

The construction dialog lists every kind this way, so that a player sees what a trireme
needs and where it could go even when he cannot buy one now. Nothing here is a new rule:
the places are `placement.check`'s, the costs `hooks.cost`'s, the sets `payment`'s.
"""

from __future__ import annotations

import msgspec

from ..actions import Item
from ..data.costs import BUILDINGS, PIECES_PER_CIV
from ..errors import IllegalAction
from ..state import GameState
from .common import player, reserve, tokens_in_play
from .construction import candidate_items
from .hooks import base_cost, cost, reducing_card, wild_commodity
from .payment import max_set_value
from .placement import CONSTRUCTION, check

# Every kind of item a construction buys without a card, in the order the dialog shows them.
KINDS: tuple[str, ...] = ("influence", "city", "caravan", "temple", "market", "legion",
                          "trireme", "fortress", "creature")

# Why a kind has no place at all when no province of the player's is even a candidate.
_NO_CANDIDATE: dict[str, str] = {
    "influence": "no free province is next to yours",
    "trireme": "none of your provinces has a coast",
    "caravan": "none of your provinces has a free commodity site",
}
_NO_PROVINCE = "you have no province to build in"


class KindQuote(msgspec.Struct, frozen=True, kw_only=True):
    """One kind of item (a city, a trireme...) for one player in his construction turn."""

    kind: str
    cost: int  # after his single best reduction
    base: int  # the cost chart's
    reduced_by: str = ""  # the card whose reduction applies ("" for none)
    best_set: int  # the biggest set his hand forms now (one set pays for one purchase)
    supply: int  # pieces left: building tokens in the supply, else units or markers in his reserve
    from_supply: bool  # the pieces come from the common supply (buildings), else his reserve
    where: list[str]  # the provinces where one may go now, cost aside
    no_site: str = ""  # why it may go nowhere (the engine's words; "" when `where` has any)

    @property
    def paid(self) -> bool:
        """A set of his hand pays for one now."""
        return 0 < self.cost <= self.best_set

    @property
    def buyable(self) -> bool:
        return self.paid and self.supply > 0 and bool(self.where)


def kind_quotes(state: GameState, civ: str) -> list[KindQuote]:
    """Every kind of item for civ now (his construction turn): one candidate list, each
    candidate checked once."""
    wild = wild_commodity(state, civ)
    best = max_set_value(player(state, civ), wild=wild)
    by_kind: dict[str, list[Item]] = {k: [] for k in KINDS}
    for it in candidate_items(state, civ):
        if it.kind in by_kind:
            by_kind[it.kind].append(it)
    out: list[KindQuote] = []
    for kind in KINDS:
        general = Item(kind=kind)
        where, no_site = _places(state, civ, kind, by_kind[kind])
        out.append(KindQuote(kind=kind, cost=cost(state, civ, general),
                             base=base_cost(state, general),
                             reduced_by=reducing_card(state, civ, general), best_set=best,
                             supply=_left(state, civ, kind),
                             from_supply=kind in BUILDINGS, where=where, no_site=no_site))
    return out


def _left(state: GameState, civ: str, kind: str) -> int:
    if kind in BUILDINGS:
        return max(0, state.token_supply.get(kind, 0) - tokens_in_play(state, kind))
    if kind in PIECES_PER_CIV:
        return max(0, reserve(state, civ, kind))
    return 0


def _places(state: GameState, civ: str, kind: str, candidates: list[Item]
            ) -> tuple[list[str], str]:
    """The provinces where an item of this kind may go (each once), or why none takes it
    (the first refusal met, in the rules' words)."""
    where: list[str] = []
    first_refusal = ""
    for it in candidates:
        if it.province in where:
            continue
        try:
            check(state, civ, it, CONSTRUCTION)
        except IllegalAction as e:
            first_refusal = first_refusal or e.reason
            continue
        where.append(it.province)
    if where:
        return where, ""
    return [], first_refusal or _NO_CANDIDATE.get(kind, _NO_PROVINCE)
