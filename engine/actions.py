"""Actions: the small decisions players send to the engine (docs/architecture.md,
The engine contract). An action is data: it can be logged, saved, sent and replayed."""

from __future__ import annotations

import msgspec


# gc=False: an action holds names, numbers and lists of them, never a cycle (as
# engine/state.py); a listing makes thousands, cheaper untracked.
class ActionBase(msgspec.Struct, kw_only=True, tag_field="type", tag=True, frozen=True,
                 gc=False):
    """Each action repeats `frozen=True`: msgspec inherits it, the type checker does not."""


class Item(msgspec.Struct, gc=False, kw_only=True, frozen=True):
    """One thing to build or buy.

    kind: influence, city, caravan, temple, market, legion, trireme, fortress, creature,
    or card (a hero, a wonder or the Pyramids, named by `card`). `site` is the commodity
    of a caravan."""

    kind: str
    province: str = ""
    site: str = ""
    card: str = ""


class Post(msgspec.Struct, gc=False, frozen=True):
    """An occupying unit and the building it stands on."""

    unit: int
    post: str  # "city", "caravan:<commodity>", "temple", "market"


# --- setup -------------------------------------------------------------------------------
class SelectCapital(ActionBase, frozen=True):
    province: str


class SetupBuy(ActionBase, frozen=True):
    item: Item


class EndSetupRound(ActionBase, frozen=True):
    pass


# --- roles --------------------------------------------------------------------------------
class PickRoleHolder(ActionBase, frozen=True):
    civ: str


class Name(ActionBase, frozen=True):
    """Name the next player in a role holder's phase."""

    civ: str


# --- commerce -----------------------------------------------------------------------------
class Announce(ActionBase, frozen=True):
    n: int


class Offer(ActionBase, frozen=True):
    cards: dict[str, int]


class Take(ActionBase, frozen=True):
    source: str
    card: str


class Give(ActionBase, frozen=True):
    card: str
    to: str


# --- offering -----------------------------------------------------------------------------
class Worship(ActionBase, frozen=True):
    """Make an offering: pay a set of 3 for a god."""

    god: str
    payment: dict[str, int]


class Pass(ActionBase, frozen=True):
    """Decline: no offering, no reaction, nothing more this turn."""


# --- construction -------------------------------------------------------------------------
class Buy(ActionBase, frozen=True):
    """Pay one set for one or more items whose costs add up to no more than its value."""

    items: list[Item]
    payment: dict[str, int]


class EndConstruction(ActionBase, frozen=True):
    pass


class PlaceAt(ActionBase, frozen=True):
    province: str


class Keep(ActionBase, frozen=True):
    cards: dict[str, int]


# --- military -----------------------------------------------------------------------------
class MoveTrireme(ActionBase, frozen=True):
    unit: int
    to: str


class NavalBattle(ActionBase, frozen=True):
    sea: str
    opponent: str


class EndNaval(ActionBase, frozen=True):
    pass


class Move(ActionBase, frozen=True):
    """Move ground units from one province to another, by land or by a trireme chain
    (`seas`, empty to let the engine find one)."""

    units: list[int]
    to: str
    seas: list[str] = []


class EndMilitary(ActionBase, frozen=True):
    pass


class Fight(ActionBase, frozen=True):
    opponent: str


class TakeLosses(ActionBase, frozen=True):
    units: list[int]


class Sack(ActionBase, frozen=True):
    building: int  # index in the province's building list


class Occupy(ActionBase, frozen=True):
    posts: list[Post]


class Convert(ActionBase, frozen=True):
    unit: int


class Blockade(ActionBase, frozen=True):
    sea: str


class UsePower(ActionBase, frozen=True):
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
