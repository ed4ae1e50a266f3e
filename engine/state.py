"""The complete state of a game, as msgspec Structs.

Everything needed to continue a game lives here (docs/architecture.md, The engine contract):
`msgspec.json.encode(state)` is the body of a save file. Players and piece owners are named
by civilization id ("rome", ...); seats index `config.civs`.
"""

from __future__ import annotations

import msgspec

from .actions import UsePower
from .prompts import Prompt

# Every Struct here has gc=False: the state is a tree (its JSON is its save file), never a
# cycle, so the collector need not track its parts; untracked, they cost less to make,
# copy and free (tests/test_engine_speed.py walks a played game for cycles).


class Config(msgspec.Struct, kw_only=True, gc=False):
    """How a game was set up. Seat i plays civs[i]."""

    civs: list[str]
    seed: int = 0
    setup: str = "predetermined"  # "predetermined" | "free"
    long_game: bool = False  # 5 heroes/wonders to win, Pyramids for 13
    three_roles_win: bool = False  # holding 3 roles at once wins (rulebook strategy notes)
    no_take_back: bool = False  # trade option of docs/rules.md, Commerce: trading, step 7
    names: list[str] = []  # display names per seat


class Unit(msgspec.Struct, kw_only=True, gc=False):
    """A military piece on the board (or waiting on its card, area "")."""

    id: int
    owner: str
    kind: str  # legion | trireme | fortress | creature
    area: str  # province or sea id; a trireme in a province is in port
    post: str = ""  # occupation: "city", "caravan:<commodity>", "temple", "market", "influence"
    moved: bool = False
    fought: bool = False
    moves_left: int = 0  # sea moves left this turn for a trireme (Atlas gives 2)


class Building(msgspec.Struct, kw_only=True, gc=False):
    kind: str  # city | caravan | temple | market
    site: str = ""  # a caravan's commodity id; a city's site name


class ProvinceState(msgspec.Struct, kw_only=True, gc=False):
    influence: str | None = None
    buildings: list[Building] = []


class Player(msgspec.Struct, kw_only=True, gc=False):
    civ: str
    seat: int
    capital: str
    hand: dict[str, int] = {}  # resource id -> count (no zero entries)
    cards: list[str] = []  # heroes and wonders held, civilization hero included


class Conversion(msgspec.Struct, kw_only=True, gc=False):
    """A unit placed on another's influence marker; may be completed next construction."""

    province: str
    civ: str
    turn: int


class TradeState(msgspec.Struct, kw_only=True, gc=False):
    n: int = 0
    participants: list[str] = []
    offers: dict[str, list[str]] = {}  # face down until revealed, then the face-up cards left
    revealed: bool = False
    acquired: dict[str, list[str]] = {}  # cards each took
    given: dict[str, int] = {}  # cards taken from each one's offer
    to_take: str | None = None
    last_taker: str | None = None
    handed: dict[str, int] = {}  # balancing cards each handed over
    received: dict[str, int] = {}  # balancing cards each received
    declined: list[str] = []  # Antigone


class OrderState(msgspec.Struct, kw_only=True, gc=False):
    """A phase in which a role holder names the players one at a time."""

    role: str = ""
    done: list[str] = []
    active: str | None = None


class ConstructionState(msgspec.Struct, kw_only=True, gc=False):
    controlled_at_start: dict[str, list[str]] = {}  # civ -> provinces at phase start
    turn_civ: str = ""  # whose construction turn is under way
    turn_start: list[str] = []  # the active player's provinces when his turn began
    new_influence: list[str] = []  # provinces that got influence this phase
    discarded: list[str] = []  # players who have discarded at the end of the phase


class Battle(msgspec.Struct, kw_only=True, gc=False):
    """A battle being resolved: dice are rolled, losses wait on their owners."""

    area: str
    naval: bool
    attacker: str
    defender: str
    attacker_units: list[int] = []
    defender_units: list[int] = []
    attacker_dice: list[int] = []
    defender_dice: list[int] = []
    attacker_total: int = 0
    defender_total: int = 0
    attacker_losses: int = 0
    defender_losses: int = 0
    attacker_chosen: list[int] | None = None
    defender_chosen: list[int] | None = None
    # start -> dice -> losses -> choose (engine/rules/combat.py); a reaction may pause it
    stage: str = "start"
    attacker_auto: list[int] = []  # automatic values (6 per fortress and creature)
    defender_auto: list[int] = []
    attacker_bonus: int = 0  # die and battle bonuses of the side's cards (hook `die_bonus`)
    defender_bonus: int = 0
    powers_used: list[str] = []  # "<card>:<civ>" for powers used once per battle
    # Fixed dice: civ -> how many of his dice count a set value of 4 instead of being rolled
    # (the rules' mechanism; a card sets it: Hamilcar).
    fours: dict[str, int] = {}
    # A one-sided (ranged) battle: the attackers stand elsewhere, roll one die each, and
    # the defenders neither roll nor inflict losses (the rules' mechanism; a card starts
    # one: the Titans' attack on an adjacent area).
    ranged: bool = False


class PendingMove(msgspec.Struct, kw_only=True, gc=False):
    """A declared ground move before it resolves: open to the reaction window
    (docs/rules.md, Powers and reactions) and, for a convoy into a Greek province, to the Greek
    blockade."""

    units: list[int]
    origin: str
    to: str
    seas: list[str]
    blockade_seas_tried: list[str] = []
    reacted: bool = False  # the reaction window after the declaration has been opened
    blockade_done: bool = False  # Greece has passed (or has no sea left to attack in)


class MilitaryState(msgspec.Struct, kw_only=True, gc=False):
    step: str = ""  # "naval" | "ground" | "wars" | "done"
    battle: Battle | None = None
    battle_queue: list[str] = []  # opponents still to fight in `battle_area`
    battle_area: str = ""
    conquered: list[str] = []  # provinces conquered this military turn
    pending_move: PendingMove | None = None
    conquest: str = ""  # province awaiting the conquest choice
    sequence_units: list[int] = []  # the active player's units fighting in `battle_area`
    wars_at_start: list[str] = []  # provinces at war when the phase began (docs/rules.md,
    # Military: battles: if the others leave, the units that remain conquer at the end of their
    # owner's turn)
    # Further sacks: how many more buildings the conqueror may sack in `conquest` (the
    # rules' mechanism; the hook `extra_sacks` sets it: Achilles).
    sacks_left: int = 0


class FreeSetupState(msgspec.Struct, kw_only=True, gc=False):
    order: list[str] = []
    round: int = 1
    index: int = 0
    points_left: int = 0
    capitals_chosen: list[str] = []


class FreePlacement(msgspec.Struct, kw_only=True, gc=False):
    """A free piece that came with a card, waiting to be placed."""

    civ: str
    item: str  # legion | trireme | fortress | influence
    card: str
    province: str = ""  # where it must go, if the card says


class PendingPower(msgspec.Struct, kw_only=True, gc=False):
    """A decision a card's power owes before the game goes on (engine/rules/windows.py):
    a reaction window, a card's own question (a copy to choose, cards to take, gifts to
    give, an answer to a power aimed at a player...). The first one is asked as a
    `Reaction` prompt."""

    card: str  # the card whose decision it is; "" for a reaction window
    civ: str = ""  # who is asked
    window: str = ""  # the window's name (Reaction.window)
    queue: list[str] = []  # players still to ask (a window), or to receive (Isis)
    options: list[str] = []  # what may be chosen, when fixed in advance
    # A power aimed at `civ`, waiting on his answer before it resolves (the rules'
    # mechanism for a power that may be cancelled; Ishtar answers it): who used it, and how.
    by: str = ""
    action: UsePower | None = None
    resume: Prompt | None = None  # the decision to go back to afterwards


class GameState(msgspec.Struct, kw_only=True, gc=False):
    config: Config
    rng: int
    turn: int = 1
    phase: str = "setup"  # setup | roles | commerce | offering | construction | military | over
    step: str = ""
    players: list[Player] = []
    neutrals: list[str] = []
    provinces: dict[str, ProvinceState] = {}
    units: list[Unit] = []
    next_unit_id: int = 1
    bank: dict[str, int] = {}
    token_supply: dict[str, int] = {}  # building tokens in play for this player count
    display: list[str] = []  # heroes and wonders that may be bought
    set_aside: list[str] = []  # the unseen 8
    roles: dict[str, str | None] = {}
    gods: dict[str, str | None] = {}  # god -> holder
    gods_used: list[str] = []
    conversions: list[Conversion] = []
    trade: TradeState = msgspec.field(default_factory=TradeState)
    order: OrderState = msgspec.field(default_factory=OrderState)
    construction: ConstructionState = msgspec.field(default_factory=ConstructionState)
    military: MilitaryState = msgspec.field(default_factory=MilitaryState)
    free_setup: FreeSetupState = msgspec.field(default_factory=FreeSetupState)
    powers_produced: dict[str, list[str]] = {}  # resource kinds each produced this turn
    used_powers: list[str] = []  # once-per-turn or once-per-phase powers already used
    power_choices: dict[str, str] = {}  # standing choices of powers (Castor & Pollux's copy...)
    free_placements: list[FreePlacement] = []
    pending_powers: list[PendingPower] = []  # decisions powers owe, the first asked next
    forced_dice: list[int] = []  # scenario files force dice results; consumed first
    prompt: Prompt | None = None
    winner: str | None = None
    win_reason: str = ""
    actions_taken: int = 0


# Copies go through MessagePack: the same values as the JSON round trip (the state holds only
# strings, integers, lists, dicts and Structs), in about half the time.
_copy_encode = msgspec.msgpack.Encoder().encode
_copy_decode = msgspec.msgpack.Decoder(GameState).decode


def clone(state: GameState) -> GameState:
    """A deep copy of the state."""
    return _copy_decode(_copy_encode(state))


def snapshot(state: GameState) -> bytes:
    """`state` kept for `from_snapshot` (MessagePack: never hashed nor shown)."""
    return _copy_encode(state)


def from_snapshot(data: bytes) -> GameState:
    return _copy_decode(data)
