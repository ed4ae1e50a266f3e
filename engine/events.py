"""Events: the typed facts an action caused (docs/architecture.md, The engine contract).

The battle log, the game log and the replay viewer render events; they never re-derive
them. An event with `visible_to` set is secret to those players (a card handed over in
balancing, an Isis gift); `engine.game.visible_events` filters them for a seat.
"""

from __future__ import annotations

import msgspec


# gc=False: an event holds plain data, never a cycle (as engine/state.py)
class EventBase(msgspec.Struct, kw_only=True, tag_field="type", tag=True, frozen=True,
                gc=False):
    """Each event repeats `frozen=True`: msgspec inherits it, the type checker does not."""

    visible_to: list[str] = []


class GameStarted(EventBase, frozen=True):
    civs: list[str]
    neutrals: list[str]
    setup: str


class TurnStarted(EventBase, frozen=True):
    turn: int


class PhaseStarted(EventBase, frozen=True):
    turn: int
    phase: str


class CapitalChosen(EventBase, frozen=True):
    civ: str
    province: str


class RoleAssigned(EventBase, frozen=True):
    role: str
    civ: str
    previous: str | None
    scores: dict[str, int] = {}
    # setup: the players counting as many or more, passed over as they hold a role already
    passed_over: list[str] = []


class Produced(EventBase, frozen=True):
    civ: str
    cards: dict[str, int]
    short: dict[str, int] = {}  # what the bank could not pay


class TradeAnnounced(EventBase, frozen=True):
    civ: str
    n: int
    participants: list[str]


class TradeOffered(EventBase, frozen=True):
    civ: str
    count: int


class OffersRevealed(EventBase, frozen=True):
    offers: dict[str, list[str]]


class CardTaken(EventBase, frozen=True):
    civ: str
    source: str
    card: str


class TradeChainEnded(EventBase, frozen=True):
    returned: dict[str, list[str]]


class CardGiven(EventBase, frozen=True):
    civ: str
    to: str
    card: str


class CardReceived(EventBase, frozen=True):
    """A card received from the bank by a power (Hermes, Isis, Colossus...)."""

    civ: str
    card: str
    source: str


class PlayerNamed(EventBase, frozen=True):
    by: str
    civ: str
    phase: str


class GodsReturned(EventBase, frozen=True):
    pass


class GodTaken(EventBase, frozen=True):
    civ: str
    god: str
    free: bool = False


class Passed(EventBase, frozen=True):
    """A player lets something go: his offering, his military turn (once it is over), a
    power he may use now, a convoy he may blockade, further sacks."""

    civ: str
    phase: str
    # why the step was passed when there was nothing to do in it ("" a choice; else one of
    # engine.rules.empty.REASONS: no set for a god, no god left, no trireme, an empty hand)
    reason: str = ""
    powers: list[str] = []  # the powers he lets go unused (a reaction window, a card's question)
    convoy: str = ""  # the Greek blockade: whose convoy he lets pass
    sacks: int = 0  # the further sacks of a conquest he lets go (a card allowed them)


class Paid(EventBase, frozen=True):
    civ: str
    cards: dict[str, int]


class Built(EventBase, frozen=True):
    civ: str
    kind: str
    province: str
    site: str = ""
    free: bool = False
    unit: int = 0


class CardAcquired(EventBase, frozen=True):
    civ: str
    card: str
    count: int  # heroes and wonders now held


class Discarded(EventBase, frozen=True):
    civ: str
    cards: dict[str, int]


class TriremeMoved(EventBase, frozen=True):
    civ: str
    unit: int
    origin: str
    to: str


class UnitsMoved(EventBase, frozen=True):
    civ: str
    units: list[int]
    kinds: list[str]
    origin: str
    to: str
    seas: list[str] = []
    origins: list[str] = []  # where each unit came from, when they came from several places


class MoveCancelled(EventBase, frozen=True):
    civ: str
    units: list[int]
    reason: str


class BattleStarted(EventBase, frozen=True):
    area: str
    naval: bool
    attacker: str
    defender: str
    attacker_units: list[str]
    defender_units: list[str]
    ranged: bool = False  # Titans shooting from a neighbouring province


class DiceRolled(EventBase, frozen=True):
    area: str
    civ: str
    dice: list[int]
    automatic: list[int]
    bonus: int
    total: int
    losses_inflicted: int


class UnitsLost(EventBase, frozen=True):
    area: str
    civ: str
    units: list[int]
    kinds: list[str]


class BattleEnded(EventBase, frozen=True):
    area: str
    at_war: bool
    survivors: dict[str, int]


class Sacked(EventBase, frozen=True):
    civ: str
    province: str
    owner: str | None
    building: str
    site: str = ""


class Occupied(EventBase, frozen=True):
    civ: str
    province: str
    posts: list[str]


class ConversionStarted(EventBase, frozen=True):
    civ: str
    province: str
    owner: str | None


class ConversionCompleted(EventBase, frozen=True):
    civ: str
    province: str
    previous: str | None


class PowerUsed(EventBase, frozen=True):
    civ: str
    card: str
    detail: str = ""


class Victory(EventBase, frozen=True):
    civ: str
    reason: str


Event = (
    GameStarted | TurnStarted | PhaseStarted | CapitalChosen | RoleAssigned | Produced |
    TradeAnnounced | TradeOffered | OffersRevealed | CardTaken | TradeChainEnded | CardGiven |
    CardReceived | PlayerNamed | GodsReturned | GodTaken | Passed | Paid | Built |
    CardAcquired | Discarded | TriremeMoved | UnitsMoved | MoveCancelled | BattleStarted |
    DiceRolled | UnitsLost | BattleEnded | Sacked | Occupied | ConversionStarted |
    ConversionCompleted | PowerUsed | Victory
)
