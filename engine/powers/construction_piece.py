"""The powers placing one piece, once each construction phase, in their holder's
construction turn, by the usual building rules: Hammurabi's free influence marker and
Spartacus' legion for a Slaves card. Each card module gives its piece, its words and what
the piece costs; its hooks call these. `target`: the province."""

from __future__ import annotations

import msgspec

from ..actions import Item, UsePower
from ..data import board
from ..errors import IllegalAction
from ..events import Event, Paid, PowerUsed
from ..rules.common import holds, player, return_to_bank
from ..rules.construction import placeable
from ..rules.placement import CONSTRUCTION, check, place
from ..state import GameState
from .base import check_once_in_construction, in_construction_turn, mark_used, refuse, used


class PieceInConstruction(msgspec.Struct, frozen=True):
    """One card's power to place a piece of `kind`. `piece`: the piece in the refusals
    ("Hammurabi's marker"); `once`: the refusal of a second use in the phase; `placed`:
    the event's words before the province; `paid_with`: the kind of card of the hand the
    piece costs, and `unpaid` the refusal when the hand holds none ("": it is free, and
    placed as a free piece)."""

    card: str
    kind: str
    piece: str
    once: str
    placed: str
    paid_with: str = ""
    unpaid: str = ""

    def uses(self, state: GameState, civ: str, window: str) -> list[UsePower]:
        """The UsePower actions placing the piece where the rules allow it."""
        if not holds(state, civ, self.card) or used(state, self.card, civ) or \
                (self.paid_with and not player(state, civ).hand.get(self.paid_with)):
            return []
        if not in_construction_turn(state, civ, window):
            return []
        return [UsePower(card=self.card, target=pr)
                for pr in placeable(state, civ, self.kind)]

    def use(self, state: GameState, civ: str, action: UsePower, ev: list[Event],
            window: str) -> None:
        card = self.card
        check_once_in_construction(state, civ, card, window, self.once)
        if self.paid_with and not player(state, civ).hand.get(self.paid_with):
            raise refuse(card, self.unpaid)
        if action.target not in board.PROVINCES:
            raise refuse(card, f"Name a land province for {self.piece}, not {action.target!r}")
        item = Item(kind=self.kind, province=action.target)
        try:  # the piece obeys the usual building rules
            check(state, civ, item, CONSTRUCTION)
        except IllegalAction as e:
            raise refuse(card, f"{self.piece} cannot go there: {e.reason}") from None
        if self.paid_with:
            return_to_bank(state, civ, {self.paid_with: 1})
            ev.append(Paid(civ=civ, cards={self.paid_with: 1}))
        mark_used(state, card, civ)
        ev.append(PowerUsed(civ=civ, card=card,
                            detail=f"{self.placed} {board.area_name(action.target)}"))
        place(state, civ, item, CONSTRUCTION, ev, free=not self.paid_with)
