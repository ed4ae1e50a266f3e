"""Actions: the small decisions players send to the engine (the contract of
ARCHITECTURE.md). An action is data: it can be logged, saved, sent and replayed."""

from __future__ import annotations

import msgspec


class ActionBase(msgspec.Struct, kw_only=True, tag_field="type", tag=True, frozen=True):
    pass


class Item(msgspec.Struct, kw_only=True, frozen=True):
    """One thing to build or buy.

    kind: influence, city, caravan, temple, market, legion, trireme, fortress, creature,
    or card (a hero, a wonder or the Pyramids, named by `card`). `site` is the commodity
    of a caravan."""

    kind: str
    province: str = ""
    site: str = ""
    card: str = ""


class Post(msgspec.Struct, frozen=True):
    """An occupying unit and the building it stands on."""

    unit: int
    post: str  # "city", "caravan:<commodity>", "temple", "market"


# --- setup -------------------------------------------------------------------------------
class SelectCapital(ActionBase):
    province: str


class SetupBuy(ActionBase):
    item: Item


class EndSetupRound(ActionBase):
    pass


# --- roles --------------------------------------------------------------------------------
class PickRoleHolder(ActionBase):
    civ: str


class Name(ActionBase):
    """Name the next player in a role holder's phase."""

    civ: str


# --- commerce -----------------------------------------------------------------------------
class Announce(ActionBase):
    n: int


class Offer(ActionBase):
    cards: dict[str, int]


class Take(ActionBase):
    source: str
    card: str


class Give(ActionBase):
    card: str
    to: str


# --- offering -----------------------------------------------------------------------------
class Worship(ActionBase):
    """Make an offering: pay a set of 3 for a god."""

    god: str
    payment: dict[str, int]


class Pass(ActionBase):
    """Decline: no offering, no reaction, nothing more this turn."""


# --- construction -------------------------------------------------------------------------
class Buy(ActionBase):
    """Pay one set for one or more items whose costs add up to no more than its value."""

    items: list[Item]
    payment: dict[str, int]


class EndConstruction(ActionBase):
    pass


class PlaceAt(ActionBase):
    province: str


class Keep(ActionBase):
    cards: dict[str, int]


# --- military -----------------------------------------------------------------------------
class MoveTrireme(ActionBase):
    unit: int
    to: str


class NavalBattle(ActionBase):
    sea: str
    opponent: str


class EndNaval(ActionBase):
    pass


class Move(ActionBase):
    """Move ground units from one province to another, by land or by a trireme chain
    (`seas`, empty to let the engine find one)."""

    units: list[int]
    to: str
    seas: list[str] = []


class EndMilitary(ActionBase):
    pass


class Fight(ActionBase):
    opponent: str


class TakeLosses(ActionBase):
    units: list[int]


class Sack(ActionBase):
    building: int  # index in the province's building list


class Occupy(ActionBase):
    posts: list[Post]


class Convert(ActionBase):
    unit: int


class Blockade(ActionBase):
    sea: str


class UsePower(ActionBase):
    """Use a card's active power. `target` and `choice` depend on the card."""

    card: str
    target: str = ""
    choice: str = ""
    units: list[int] = []


Action = (
    SelectCapital | SetupBuy | EndSetupRound | PickRoleHolder | Name | Announce | Offer |
    Take | Give | Worship | Pass | Buy | EndConstruction | PlaceAt | Keep | MoveTrireme |
    NavalBattle | EndNaval | Move | EndMilitary | Fight | TakeLosses | Sack | Occupy |
    Convert | Blockade | UsePower
)
