"""Phoenix (Egypt's creature): a Phoenix lost in battle waits on its card (a unit whose
area is "", `lose_unit`). In any later construction turn its
owner may bring it back to his capital for a set of 3 (`PHOENIX_RETURN_COST`), if he may
build there. `units`: the waiting pawn; `choice`: the payment, e.g. "tax=3"."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..data.cards import CIV_CREATURE, WILD
from ..data.costs import PHOENIX_RETURN_COST
from ..errors import IllegalAction
from ..events import Built, Event, Paid, PowerUsed
from ..prompts import ConstructionTurn
from ..rules.common import clear_post, player, return_to_bank
from ..rules.hooks import spend_wild, wild_commodity
from ..rules.payment import check_payment, payment_options
from ..rules.placement import CONSTRUCTION, check_build_site
from ..state import GameState, Unit
from .base import check_construction_turn, decode_cards, encode_cards, in_construction_turn, refuse
from .hercules import as_creature

CARD = "phoenix"
HOOKS = ("lose_unit", "uses", "use")  # the hook points it takes part in
WINDOWS = ()  # the reaction windows its power may be used in: none
DECISIONS = (ConstructionTurn,)  # the only decisions of its holder's it answers in


def waiting(state: GameState, civ: str) -> list[Unit]:
    if CIV_CREATURE.get(civ) != CARD:
        return []
    # a legion lost as the Phoenix (Hercules) waits on the card too, as a legion
    # off the board first: it rules out nearly every unit (asked in each of Egypt's
    # construction decisions)
    return [u for u in state.units if not u.area and u.owner == civ
            and u.kind in ("creature", "legion")]


def _site_ok(state: GameState, civ: str) -> bool:
    try:
        check_build_site(state, civ, player(state, civ).capital, CONSTRUCTION)
    except IllegalAction:
        return False
    return True


def lose_unit(state: GameState, u: Unit, ev: list[Event]) -> bool:
    """An eliminated Phoenix goes to its card (area ""), off any post. True if it did."""
    if not (u.kind == "creature" or as_creature(state, u)) or \
            CIV_CREATURE.get(u.owner) != CARD:
        return False
    clear_post(state, u)
    u.area = ""
    return True


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    if not in_construction_turn(state, civ, window):
        return []
    pawns = waiting(state, civ)
    if not pawns or not _site_ok(state, civ):
        return []
    pays = payment_options(player(state, civ), PHOENIX_RETURN_COST,
                           wild=wild_commodity(state, civ))
    return [UsePower(card=CARD, units=[pawns[0].id], choice=encode_cards(p)) for p in pays]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    if CIV_CREATURE.get(civ) != CARD:
        raise refuse(CARD, "The Phoenix is Egypt's creature")
    check_construction_turn(state, civ, CARD, window)
    ids = {u.id for u in waiting(state, civ)}
    if len(action.units) != 1 or action.units[0] not in ids:
        raise refuse(CARD, "Name a Phoenix of yours waiting on its card"
                     if ids else "No Phoenix of yours waits on its card")
    capital = player(state, civ).capital
    pay = decode_cards(CARD, action.choice)
    try:
        check_build_site(state, civ, capital, CONSTRUCTION)
        check_payment(player(state, civ), pay, PHOENIX_RETURN_COST,
                      wild=wild_commodity(state, civ))
    except IllegalAction as e:
        raise refuse(CARD, f"The Phoenix cannot come back: {e.reason}") from None
    cards = {c: n for c, n in pay.items() if c != WILD}
    return_to_bank(state, civ, cards)
    ev.append(Paid(civ=civ, cards=cards))
    if WILD in pay:
        spend_wild(state, civ, ev)
    u = next(u for u in state.units if u.id == action.units[0])
    u.area = capital
    ev.append(Built(civ=civ, kind=u.kind, province=capital, unit=u.id))
    ev.append(PowerUsed(civ=civ, card=CARD, detail=f"back in {board.area_name(capital)}"))
