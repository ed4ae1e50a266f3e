"""One dialog per decision the engine can ask for (one per prompt kind).

    screen = make_decision(session, seat)          # for the pending prompt
    app.push_screen(screen, callback=on_action)    # the callback gets an Action, or None

A prompt kind without a dialog of its own gets the generic menu of its legal actions.
"""

from __future__ import annotations

from typing import Any

from engine import prompts as P
from engine.actions import Action

from ..sessions.base import TableSession
from .base import ActionMenu, DecisionScreen
from .card_list import CardListDecision, wants_composer
from .commerce import AnnounceDecision, GiveCardDecision, TakeCardDecision, TradeOfferDecision
from .construction import ConstructionDecision, KeepDecision, PlaceFreeDecision
from .military import (
    BlockadeDecision,
    ConquestDecision,
    GroundDecision,
    LossesDecision,
    NavalDecision,
    OpponentDecision,
    ReactionDecision,
)
from .offering import OfferingDecision
from .roles import NamePlayerDecision, RoleHolderDecision
from .setup import CapitalDecision, FreeSetupDecision

DIALOGS: dict[type[P.Prompt], type[DecisionScreen[Any]]] = {
    P.ChooseCapital: CapitalDecision,
    P.FreeSetupTurn: FreeSetupDecision,
    P.ChooseRoleHolder: RoleHolderDecision,
    P.AnnounceTrade: AnnounceDecision,
    P.ChooseTradeOffer: TradeOfferDecision,
    P.TakeTradeCard: TakeCardDecision,
    P.GiveBalancingCard: GiveCardDecision,
    P.NamePlayer: NamePlayerDecision,
    P.MakeOffering: OfferingDecision,
    P.ConstructionTurn: ConstructionDecision,
    P.PlaceFree: PlaceFreeDecision,
    P.KeepCommodities: KeepDecision,
    P.NavalTurn: NavalDecision,
    P.GroundTurn: GroundDecision,
    P.ChooseOpponent: OpponentDecision,
    P.ChooseLosses: LossesDecision,
    P.ChooseConquest: ConquestDecision,
    P.GreekBlockade: BlockadeDecision,
    P.Reaction: ReactionDecision,
}


def make_decision(session: TableSession, seat: int, *, prompt: P.Prompt | None = None,
                  legal: list[Action] | None = None) -> DecisionScreen[Any]:
    prompt = prompt if prompt is not None else session.prompt
    cls: type[DecisionScreen[Any]] = ActionMenu
    if prompt is not None:
        cls = DIALOGS.get(type(prompt), ActionMenu)
    if cls is ReactionDecision:
        legal = legal if legal is not None else session.legal()
        if wants_composer(legal):
            cls = CardListDecision
    return cls(session, seat, prompt=prompt, legal=legal)


__all__ = ["DIALOGS", "ActionMenu", "DecisionScreen", "make_decision"]
