"""Prompts: who must decide what next (docs/architecture.md, The engine contract).

At every moment of a game that is not over, `state.prompt` names one player (by civ) and
the kind of decision he owes, with its constraints. The TUI and the bots read it; the
legal actions for it come from `engine.game.legal_actions`.
"""

from __future__ import annotations

import msgspec


# gc=False: part of the state, a tree (engine/state.py)
class PromptBase(msgspec.Struct, kw_only=True, tag_field="kind", tag=True, gc=False):
    civ: str


class ChooseCapital(PromptBase):
    """Free setup: Greece and Atlantis choose where their capital stands."""

    options: list[str]


class FreeSetupTurn(PromptBase):
    """Free setup: spend up to 9 construction points this round."""

    round: int
    points_left: int


class ChooseRoleHolder(PromptBase):
    """The holder of a role picks its next holder among players tied for the lead."""

    role: str
    candidates: list[str]


class AnnounceTrade(PromptBase):
    """The Director of Commerce announces how many cards each trader offers."""

    max: int


class ChooseTradeOffer(PromptBase):
    n: int


class TakeTradeCard(PromptBase):
    """Take one face-up card from one of these players' offers."""

    sources: list[str]


class GiveBalancingCard(PromptBase):
    """Hand one card of your choice to a player who is short."""

    recipients: list[str]
    count: int


class NamePlayer(PromptBase):
    """A role holder names who plays next in his phase."""

    role: str
    phase: str
    candidates: list[str]


class MakeOffering(PromptBase):
    gods: list[str]


class ConstructionTurn(PromptBase):
    pass


class PlaceFree(PromptBase):
    """A card brings a free piece: choose where it goes."""

    item: str
    card: str
    options: list[str]


class KeepCommodities(PromptBase):
    """End of construction: choose the commodity cards to keep."""

    keep: int


class NavalTurn(PromptBase):
    pass


class GroundTurn(PromptBase):
    pass


class ChooseOpponent(PromptBase):
    """Several opponents in one province: choose whom to fight next."""

    area: str
    opponents: list[str]


class ChooseLosses(PromptBase):
    area: str
    count: int
    units: list[int]


class ChooseConquest(PromptBase):
    """Only your ground units remain: sack, occupy or convert."""

    province: str


class GreekBlockade(PromptBase):
    """A convoy toward a Greek province was declared: attack its triremes, or let it pass."""

    attacker: str
    to: str
    seas: list[str]


class Reaction(PromptBase):
    """A moment when the holder of a usable power may use it (docs/rules.md, Powers and reactions),
    or a choice a power asks for (engine/rules/windows.py lists the windows)."""

    window: str
    powers: list[str]
    detail: str = ""  # what is asked, for the screen


Prompt = (
    ChooseCapital | FreeSetupTurn | ChooseRoleHolder | AnnounceTrade | ChooseTradeOffer |
    TakeTradeCard | GiveBalancingCard | NamePlayer | MakeOffering | ConstructionTurn |
    PlaceFree | KeepCommodities | NavalTurn | GroundTurn | ChooseOpponent | ChooseLosses |
    ChooseConquest | GreekBlockade | Reaction
)
