"""The offering to the gods (rulebook, Offering to the Gods Phase)."""

from __future__ import annotations

from ..actions import Action, Pass, Worship
from ..data.cards import ALL_CARDS, GODS
from ..data.costs import GOD_COST
from ..errors import IllegalAction
from ..events import Event, GodsReturned, GodTaken, Paid, Passed
from ..prompts import MakeOffering
from ..state import GameState
from .common import clean, player, return_to_bank
from .empty import NO_GOD, NO_SET
from .flow import end_phase
from .hooks import after_offering, gods_returned
from .order import finish_turn, pick_next
from .payment import check_payment, max_set_value, payment_options
from .registry import decision, phase

R_OFFER = "Offering to the Gods: a set of 3 for an available god"


def available_gods(state: GameState) -> list[str]:
    held = state.gods
    return [g for g in GODS if held.get(g) is None]


@phase("offering")
def run(state: GameState, ev: list[Event]) -> None:
    if state.step == "":
        # Every god returns to the heavens at the start of the phase, used or not.
        state.gods = dict.fromkeys(GODS)
        state.gods_used = []
        gods_returned(state)
        ev.append(GodsReturned())
        state.step = "turns"
    if state.step == "turns":
        if not pick_next(state, "high_priest", ev):
            state.step = "after"
        elif state.prompt is None:
            civ = state.order.active
            assert civ is not None
            # most players cannot pay for a god: the gods left are looked at for the others;
            # the step passed for him says why (no silent skip)
            if max_set_value(player(state, civ)) < GOD_COST:
                ev.append(Passed(civ=civ, phase="offering", reason=NO_SET))
                finish_turn(state)
            elif not (gods := available_gods(state)):
                ev.append(Passed(civ=civ, phase="offering", reason=NO_GOD))
                finish_turn(state)
            else:
                state.prompt = MakeOffering(civ=civ, gods=gods)
        return
    if state.step == "after":
        state.step = "end"
        if after_offering(state):
            return  # a card's question, asked before the phase ends (state.pending_powers)
    end_phase(state, ev)


def _legal(state: GameState, prompt: MakeOffering) -> list[Action]:
    p = player(state, prompt.civ)
    out: list[Action] = [Pass()]
    for pay in payment_options(p, GOD_COST):
        out += [Worship(god=g, payment=pay) for g in prompt.gods]
    return out


@decision(MakeOffering, _legal)
def _offer(state: GameState, prompt: MakeOffering, action: Action, ev: list[Event]) -> None:
    if isinstance(action, Pass):
        ev.append(Passed(civ=prompt.civ, phase="offering"))
    elif isinstance(action, Worship):
        if action.god not in GODS:
            raise IllegalAction(f"{action.god} is not a god", R_OFFER)
        if action.god not in prompt.gods:
            raise IllegalAction(f"{ALL_CARDS[action.god].name} is already taken", R_OFFER)
        p = player(state, prompt.civ)
        check_payment(p, action.payment, GOD_COST)
        pay = clean(action.payment)
        return_to_bank(state, prompt.civ, pay)
        ev.append(Paid(civ=prompt.civ, cards=pay))
        state.gods[action.god] = prompt.civ
        ev.append(GodTaken(civ=prompt.civ, god=action.god))
    else:
        raise IllegalAction("Make an offering to a god, or pass", R_OFFER)
    finish_turn(state)
    state.prompt = None
