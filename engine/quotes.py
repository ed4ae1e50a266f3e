"""Quotes: every number a screen shows that is a rule, computed by the engine for one seat
(docs/architecture.md, Views and secrets).

    q = quotes(state, seat)     # seat None: a spectator
    q.item(Item(kind="temple")).cost, q.hand.best, q.progress[0].needed, ...

A `Quotes` is plain data (a msgspec Struct): a networked client receives it beside its view.
It holds nothing secret to that seat: the only hand it reads is the seat's own (the other
players' numbers come from public pieces: cards held, buildings, units). Everything here is
asked of the rules and the card powers; nothing is worked out a second time.
"""

from __future__ import annotations

import msgspec

from . import powers
from .actions import Buy, Item, SetupBuy
from .battle_quotes import BattleQuote, battle_quote
from .data import costs
from .data.cards import COMMODITIES, GODS, ROLES, TAX
from .prompts import ConstructionTurn, FreeSetupTurn
from .rules import empty, hooks, payment, victory
from .rules.common import at_war, building_controller, player, tokens_in_play
from .rules.registry import LEGAL
from .rules.roles import role_scores
from .rules.shortfall import KindQuote as KindQuote  # (named by the screens: public)
from .rules.shortfall import kind_quotes
from .state import GameState

# The item kinds a construction can buy without a card (their cost does not depend on
# where they go, unless a power says so: those are quoted with their province too).
KINDS: tuple[str, ...] = ("influence", "city", "caravan", "legion", "trireme", "fortress",
                          "temple", "market", "creature")


class ItemQuote(msgspec.Struct, frozen=True, kw_only=True):
    """What one item costs the seat's player."""

    item: Item
    cost: int  # after the single best reduction
    base: int  # the cost chart's
    reduced_by: str = ""  # the card whose reduction applies ("" for none)
    payable: bool = False  # one set of the seat's hand pays for it now


class HandQuote(msgspec.Struct, frozen=True, kw_only=True):
    """The sets the seat's own hand can form (one set pays for one purchase)."""

    tax: int  # the biggest set of tax cards
    commodities: int  # different commodities held
    wild: bool  # the Temple of Artemis may count as a commodity in a set now
    best: int  # the biggest set, every wild card counted
    best_in_construction: int  # the same in this player's construction (the Temple counts)
    pays_for: list[str]  # what the best set pays for: "god", "influence", ... "pyramids"
    sets: dict[int, list[dict[str, int]]]  # value -> sets of exactly that many cards to pay


class Progress(msgspec.Struct, frozen=True, kw_only=True):
    """Where one player stands toward victory (rulebook, Object of the Game)."""

    civ: str
    heroes_wonders: int
    needed: int  # heroes and wonders that win (4, or 5 in the long game)
    pyramids: bool  # holds the Pyramids (an immediate win)
    roles: int  # role cards held
    roles_needed: int  # 3 with the three-roles option, else 0 (no such victory)


class LossQuote(msgspec.Struct, frozen=True, kw_only=True):
    """Points of the other side that cost this player one unit (Penthesilee: 6 on land)."""

    ground: int
    naval: int


class BoardQuote(msgspec.Struct, frozen=True, kw_only=True):
    """Facts of the board that follow from the rules (all public)."""

    at_war: list[str]  # provinces where two players' ground units stand
    holders: dict[str, list[str]]  # province -> who profits from each building ("" nobody)


class FreeSetupQuote(msgspec.Struct, frozen=True, kw_only=True):
    points: int  # in all
    round_points: int
    rounds: int


class Quotes(msgspec.Struct, frozen=True, kw_only=True):
    seat: int | None
    civ: str | None
    items: list[ItemQuote]  # every kind, the display, the Pyramids, the gods; the seat's buys now
    god_cost: int
    pyramids_cost: int
    hero_cost: int  # a hero or wonder in the display, before reductions
    hand: HandQuote | None  # None for a spectator
    progress: list[Progress]
    victory_cards: int
    three_roles_win: bool
    supply: dict[str, int]  # building tokens left in the supply, by kind
    losses: dict[str, LossQuote]  # by civilization
    role_scores: dict[str, dict[str, int]]  # role -> civilization -> count (bonuses in)
    free_setup: FreeSetupQuote
    board: BoardQuote
    alike: dict[int, int] = {}  # the seat's units -> the first unit it is interchangeable with
    setup_items: list[ItemQuote] = []  # the seat's free setup buys (card powers do not apply)
    # in the seat's construction turn: every kind of item, with what it lacks if anything
    kinds: list[KindQuote] = []
    # the seat's pending step has nothing to do in it but the powers listed there (a naval
    # step without a trireme, a construction turn with an empty hand): why (rules/empty.py)
    pass_reason: str = ""
    battle: BattleQuote | None = None  # the battle between its dice and its losses

    def item(self, item: Item) -> ItemQuote | None:
        """The quote of an item (with its province if quoted so, else of its kind)."""
        for q in (*self.items, *self.setup_items):
            if q.item == item:
                return q
        general = Item(kind=item.kind, card=item.card)
        return next((q for q in self.items if q.item == general), None)

    def cost(self, item: Item) -> int | None:
        q = self.item(item)
        return q.cost if q is not None else None


# --- the pieces ---------------------------------------------------------------------------
def item_quote(state: GameState, civ: str, item: Item, best: int = 0,
               free_setup: bool = False) -> ItemQuote:
    base = powers.base_cost(state, item)
    c = powers.cost(state, civ, item, free_setup=free_setup)
    return ItemQuote(item=item, cost=c, base=base,
                     reduced_by="" if free_setup else hooks.reducing_card(state, civ, item),
                     payable=0 < c <= best)


def price(state: GameState, civ: str, items: list[Item]) -> int:
    """What several items bought with one set cost together (a once-only reduction such as
    Croesus' counts once)."""
    return powers.price(state, civ, items)[0]


def _hand(state: GameState, civ: str, pyramids: int) -> HandQuote:
    p = player(state, civ)
    wild = powers.wild_commodity(state, civ)
    best = payment.max_set_value(p, wild=wild)
    temple = "temple_of_artemis" in p.cards  # may count in each construction phase
    in_construction = payment.max_set_value(p, wild=wild or temple)
    pays = [what for what, c in (
        ("god", costs.GOD_COST), ("influence", costs.COSTS["influence"]),
        ("temple", costs.COSTS["temple"]), ("hero", costs.COSTS["hero"]),
        ("pyramids", pyramids)) if best >= c]
    distinct = sum(1 for c in COMMODITIES if p.hand.get(c, 0) > 0)
    sets = {n: opts for n in range(1, best + 1)
            if (opts := payment.payment_options(p, n, wild=wild))}
    return HandQuote(tax=p.hand.get(TAX, 0), commodities=distinct, wild=wild, best=best,
                     best_in_construction=in_construction, pays_for=pays, sets=sets)


def _progress(state: GameState) -> list[Progress]:
    need = victory.cards_needed(state)
    three = 3 if state.config.three_roles_win else 0
    return [Progress(civ=p.civ, heroes_wonders=victory.hero_wonder_count(state, p.civ),
                     needed=need, pyramids="pyramids" in p.cards,
                     roles=sum(1 for r in ROLES if state.roles.get(r) == p.civ),
                     roles_needed=three)
            for p in state.players]


def _role_scores(state: GameState) -> dict[str, dict[str, int]]:
    try:
        return role_scores(state)
    except Exception:  # noqa: BLE001  (a hand-made position the rules cannot count)
        return {role: {} for role in ROLES}


def _board(state: GameState) -> BoardQuote:
    holders = {pid: [building_controller(state, pid, b.kind, b.site) or "" for b in ps.buildings]
               for pid, ps in state.provinces.items() if ps.buildings}
    return BoardQuote(at_war=[pid for pid in state.provinces if at_war(state, pid)],
                      holders=holders)


def _alike(state: GameState, civ: str) -> dict[int, int]:
    """Units of civ that differ only by their id are interchangeable in a choice (a move,
    a loss): each maps to the first of its like."""
    first: dict[bytes, int] = {}
    out: dict[int, int] = {}
    for u in state.units:
        if u.owner == civ:
            key = msgspec.json.encode(msgspec.structs.replace(u, id=0))
            out[u.id] = first.setdefault(key, u.id)
    return out


def _own_buys(state: GameState, civ: str) -> tuple[list[Item], list[Item]]:
    """The items the seat may buy in its pending decision (construction, free setup)."""
    prompt = state.prompt
    if prompt is None or prompt.civ != civ or state.phase == "over" or \
            not isinstance(prompt, ConstructionTurn | FreeSetupTurn):
        return [], []
    legal = LEGAL[type(prompt)](state, prompt)
    buys = list(dict.fromkeys(it for a in legal if isinstance(a, Buy) for it in a.items))
    setup = list(dict.fromkeys(a.item for a in legal if isinstance(a, SetupBuy)))
    return buys, setup


def _kinds(state: GameState, civ: str) -> list[KindQuote]:
    """Every kind of item for the seat in its own construction turn (else none)."""
    prompt = state.prompt
    if not isinstance(prompt, ConstructionTurn) or prompt.civ != civ or state.phase == "over":
        return []
    return kind_quotes(state, civ)


def quotes(state: GameState, seat: int | None, *, same_position: Quotes | None = None) -> Quotes:
    """Everything a screen shows that is a rule, for one seat (None: a spectator).
    `same_position`: the quotes of another seat for this very position, whose parts that
    are the same for every seat (standings, role scores, the board) are taken as they are
    (a server quoting every seat after each action)."""
    civ = state.players[seat].civ if seat is not None else None
    pyramids = powers.base_cost(state, Item(kind="card", card="pyramids"))
    hand = _hand(state, civ, pyramids) if civ is not None else None
    items: list[ItemQuote] = []
    setup_items: list[ItemQuote] = []
    kinds = _kinds(state, civ) if civ is not None else []
    own_step = civ is not None and state.prompt is not None and state.prompt.civ == civ
    pass_reason = empty.pass_reason(state) if own_step and state.phase != "over" else ""
    if civ is not None:
        best = hand.best if hand is not None else 0
        general = [Item(kind=k) for k in KINDS]
        cards = [Item(kind="card", card=c) for c in (*state.display, "pyramids")]
        buys, setup = _own_buys(state, civ)
        for it in dict.fromkeys([*general, *cards, *buys]):
            items.append(item_quote(state, civ, it, best))
        gods = [Item(kind="card", card=g) for g in GODS]
        items += [ItemQuote(item=g, cost=costs.GOD_COST, base=costs.GOD_COST,
                            payable=best >= costs.GOD_COST) for g in gods]
        fs = state.free_setup
        setup_items = [item_quote(state, civ, it, fs.points_left, free_setup=True)
                       for it in setup]
    if same_position is not None:
        return msgspec.structs.replace(same_position, seat=seat, civ=civ, items=items,
                                       pyramids_cost=pyramids, hand=hand,
                                       alike=_alike(state, civ) if civ is not None else {},
                                       setup_items=setup_items, kinds=kinds,
                                       pass_reason=pass_reason,
                                       battle=battle_quote(state, civ))
    supply = {k: state.token_supply.get(k, 0) - tokens_in_play(state, k)
              for k in costs.BUILDINGS}
    losses = {p.civ: LossQuote(ground=powers.casualty_divisor(state, p.civ, False),
                               naval=powers.casualty_divisor(state, p.civ, True))
              for p in state.players}
    return Quotes(
        seat=seat, civ=civ, items=items, god_cost=costs.GOD_COST, pyramids_cost=pyramids,
        hero_cost=costs.COSTS["hero"], hand=hand, progress=_progress(state),
        victory_cards=victory.cards_needed(state),
        three_roles_win=state.config.three_roles_win, supply=supply, losses=losses,
        role_scores=_role_scores(state),
        free_setup=FreeSetupQuote(points=costs.FREE_SETUP_POINTS,
                                  round_points=costs.FREE_SETUP_ROUND_POINTS,
                                  rounds=costs.FREE_SETUP_ROUNDS),
        board=_board(state),
        alike=_alike(state, civ) if civ is not None else {},
        setup_items=setup_items, kinds=kinds, pass_reason=pass_reason,
        battle=battle_quote(state, civ))


def progress(state: GameState) -> list[Progress]:
    """Where every player stands toward victory (public: cards held and roles), without
    the rest of the quotes (the computer players ask this at many decisions)."""
    return _progress(state)


def places(state: GameState) -> list[int]:
    """Each player's place when the game is over, in seat order: the winner first, then
    the others by the heroes and wonders they hold; equal holdings share a place (1, 2, 2,
    4). The rules rank only the winner: the rest is docs/rulings.md, Placing at the end."""
    held = {p.civ: victory.hero_wonder_count(state, p.civ) for p in state.players}
    key = {p.civ: (p.civ == state.winner, held[p.civ]) for p in state.players}
    return [1 + sum(1 for other in key.values() if other > key[p.civ])
            for p in state.players]
