"""The commerce phase: production, then trading (docs/rules.md, Commerce: production;
docs/rules.md, Commerce: trading)."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Action, Announce, Give, Offer, Take
from ..data.cards import COMMODITIES, RESOURCE_NAMES, RESOURCES, TAX
from ..errors import IllegalAction
from ..events import (
    CardGiven,
    CardTaken,
    Event,
    OffersRevealed,
    Produced,
    TradeAnnounced,
    TradeChainEnded,
    TradeOffered,
)
from ..prompts import AnnounceTrade, ChooseTradeOffer, GiveBalancingCard, TakeTradeCard
from ..state import GameState
from .common import (
    add_to_hand,
    clean,
    hand_size,
    player,
    players_from,
    post_key,
    remove_from_hand,
    seat_order_from,
)
from .flow import end_phase
from .hooks import after_production, after_trade, extra_production, may_stay_out, trade_announced
from .registry import decision, phase

R_TRADE = "Commerce: trading"


# --- production ---------------------------------------------------------------------------
def production(state: GameState) -> dict[str, dict[str, int]]:
    """What each civ's buildings produce (docs/rules.md, Commerce: production): a city 1 tax,
    a caravan 1 of its commodity, doubled by a temple or market in the province held by the
    same civ."""
    out: dict[str, dict[str, int]] = {}
    # `building_controller` of each building, the units on posts looked at once (the
    # computer players ask this at most decisions): the first unit on a post (in the
    # state's order) holds it, as in `occupier`
    occupiers: dict[tuple[str, str], str] = {}
    for u in state.units:
        if u.post:
            occupiers.setdefault((u.area, u.post), u.owner)
    posted = {area for area, _ in occupiers} if occupiers else _NOWHERE
    for pid, ps in state.provinces.items():
        buildings = ps.buildings
        if not buildings:  # most provinces have none
            continue
        influence = ps.influence
        if pid not in posted:  # no post held here: each building is the influence holder's
            if influence is None:
                continue
            by_city = by_caravan = 1  # what a city, a caravan makes here
            for b in buildings:
                kind = b.kind
                if kind == "temple":
                    by_city = 2
                elif kind == "market":
                    by_caravan = 2
            made = None
            for b in buildings:
                kind = b.kind
                if kind == "city":
                    card, n = TAX, by_city
                elif kind == "caravan":
                    card, n = b.site, by_caravan
                else:
                    continue
                if made is None:
                    made = out.get(influence)
                    if made is None:
                        made = out[influence] = {}
                made[card] = made.get(card, 0) + n
            continue
        for b in buildings:
            kind = b.kind
            if kind == "city":
                post, doubler, card = "city", "temple", TAX
            elif kind == "caravan":
                card = b.site
                post, doubler = _CARAVAN_POSTS.get(card) or post_key(kind, card), "market"
            else:
                continue
            owner = occupiers.get((pid, post), influence)
            if owner is None:
                continue
            n = 1
            for d in buildings:
                if d.kind == doubler:
                    if occupiers.get((pid, doubler), influence) == owner:
                        n = 2
                    break
            made = out.get(owner)
            if made is None:
                made = out[owner] = {}
            made[card] = made.get(card, 0) + n
    extra_production(state, out)
    return out


_NOWHERE: frozenset[str] = frozenset()  # no post held anywhere

# `post_key` of the caravan on each commodity site, made once
_CARAVAN_POSTS: dict[str, str] = {c: post_key("caravan", c) for c in COMMODITIES}


def produce(state: GameState, ev: list[Event]) -> None:
    """Hand out production, players in seat order from the Director of Commerce; a stack
    that runs out pays no more (docs/rules.md, The pieces and the supply)."""
    prod = production(state)
    director = state.roles.get("director_of_commerce") or state.players[0].civ
    bank = state.bank
    for p in players_from(state, director):
        civ = p.civ
        want = prod.get(civ)
        if not want:
            continue
        got: dict[str, int] = {}
        short: dict[str, int] = {}
        hand = p.hand
        for card in _in_resource_order(want):
            n = want[card]
            if not n:
                continue
            left = bank.get(card, 0)
            k = n if n < left else left  # a stack that runs out pays what it has
            if k:
                bank[card] = left - k
                hand[card] = hand.get(card, 0) + k  # (`add_to_hand`)
                got[card] = k
            if k < n:
                short[card] = n - k
        ev.append(Produced(civ=civ, cards=got, short=short))
    state.powers_produced = {c: sorted(w) for c, w in prod.items()}


def _in_resource_order(cards: dict[str, int]) -> list[str]:
    """The resources among the keys, in the order of RESOURCES (a civ makes a few kinds:
    sorted, not looked for among all of them)."""
    if len(cards) == 1:
        return [c for c in cards if c in _RESOURCE_RANK]
    return sorted((c for c in cards if c in _RESOURCE_RANK), key=_RESOURCE_RANK.__getitem__)


_RESOURCE_RANK: dict[str, int] = {c: i for i, c in enumerate(RESOURCES)}


# --- the phase ----------------------------------------------------------------------------
@phase("commerce")
def run(state: GameState, ev: list[Event]) -> None:
    t = state.trade
    if state.step == "":
        produce(state, ev)
        state.step = "powers"
    if state.step == "powers":
        # The cards' questions after production: they wait in state.pending_powers, asked
        # before this runner goes on (engine/rules/flow.py).
        state.step = "announce"
        if after_production(state):
            return
    if state.step == "announce":
        director = state.roles.get("director_of_commerce") or state.players[0].civ
        state.prompt = AnnounceTrade(civ=director, max=hand_size(player(state, director)))
        return
    if state.step == "offers" and len(t.participants) < 2:
        t.participants = []  # a card kept them out: no trade
        state.step = "after"
    if state.step == "offers":
        for civ in t.participants:
            if civ not in t.offers:
                state.prompt = ChooseTradeOffer(civ=civ, n=t.n)
                return
        t.revealed = True
        ev.append(OffersRevealed(offers={c: list(o) for c, o in t.offers.items()}))
        t.to_take = state.roles.get("director_of_commerce")
        state.step = "take"
    if state.step == "take":
        assert t.to_take is not None
        sources = _sources(state, t.to_take)
        if sources:
            state.prompt = TakeTradeCard(civ=t.to_take, sources=sources)
            return
        _end_chain(state, ev)
        state.step = "balance"
    if state.step == "balance":
        for civ in _balance_order(state):
            surplus = _surplus(state, civ)
            if surplus > 0 and (short := _short(state)):  # (who is short: asked of a giver)
                state.prompt = GiveBalancingCard(civ=civ, recipients=short, count=surplus)
                return
        state.step = "after"
    if state.step == "after":
        state.step = "end"
        if after_trade(state):
            return
    if state.step == "end":
        end_phase(state, ev)


def _sources(state: GameState, civ: str) -> list[str]:
    """Offers civ may take from: face-up cards not his own (take-back option aside)."""
    t = state.trade
    others = [c for c in t.participants if c != civ and t.offers.get(c)]
    # civ is to take because t.last_taker has just taken from him.
    if state.config.no_take_back and t.last_taker in others and len(others) > 1:
        others = [c for c in others if c != t.last_taker]
    return others


def _end_chain(state: GameState, ev: list[Event]) -> None:
    t = state.trade
    returned = {c: list(o) for c, o in t.offers.items() if o}
    for civ, cards in t.offers.items():
        p = player(state, civ)
        for card in cards:
            add_to_hand(p, card)
    for civ, cards in t.acquired.items():
        p = player(state, civ)
        for card in cards:
            add_to_hand(p, card)
    t.offers = {c: [] for c in t.offers}
    ev.append(TradeChainEnded(returned=returned))


def _surplus(state: GameState, civ: str) -> int:
    t = state.trade
    return len(t.acquired.get(civ, [])) - t.given.get(civ, 0) - t.handed.get(civ, 0) + \
        t.received.get(civ, 0)


def _short(state: GameState) -> list[str]:
    return [c for c in state.trade.participants if _surplus(state, c) < 0]


def _balance_order(state: GameState) -> list[str]:
    director = state.roles.get("director_of_commerce") or state.players[0].civ
    return [c for c in seat_order_from(state, director) if c in state.trade.participants]


# --- decisions ----------------------------------------------------------------------------
def _legal_announce(state: GameState, prompt: AnnounceTrade) -> list[Action]:
    return [Announce(n=n) for n in range(prompt.max + 1)]


@decision(AnnounceTrade, _legal_announce)
def _announce(state: GameState, prompt: AnnounceTrade, action: Action, ev: list[Event]) -> None:
    if not isinstance(action, Announce):
        raise IllegalAction("Announce how many cards are traded", R_TRADE)
    if not 0 <= action.n <= prompt.max:
        raise IllegalAction(f"Announce a number from 0 to {prompt.max}, the size of your hand",
                            "Commerce: trading, step 1")
    t = state.trade
    t.n = action.n
    director = prompt.civ
    n = action.n
    t.participants = [] if n == 0 else [
        p.civ for p in players_from(state, director)
        if sum(p.hand.values()) >= n and not may_stay_out(state, p.civ, n)]  # (`hand_size`)
    ev.append(TradeAnnounced(civ=director, n=action.n, participants=list(t.participants)))
    state.prompt = None
    if len(t.participants) < 2:
        t.participants = []
        state.step = "after"
    else:
        state.step = "offers"
        trade_announced(state)


def offer_choices(hand: dict[str, int], n: int) -> list[dict[str, int]]:
    """Every distinct choice of n cards from a hand, each dict's keys in resource order (in
    the order of the long way of tests/test_trade_shortcuts.py)."""
    if n == 0:
        return [{}]
    kinds = tuple([c for c in RESOURCES if hand.get(c)])
    if not kinds:
        return []
    counts = tuple([hand[k] for k in kinds])
    if min(counts) > 0:  # (a count below 0 is left to the walk)
        if n == 1:  # a card of each kind: what the walk finds, in its order
            return [{k: 1} for k in kinds]
        if len(kinds) == 1:  # n cards of the one kind held, if he holds n
            return [{kinds[0]: n}] if n <= counts[0] else []
    return list(map(dict, _choices(kinds, counts, 0, n)))  # each a dict of its own


@lru_cache(maxsize=8192)
def _choices(kinds: tuple[str, ...], counts: tuple[int, ...], i: int, left: int
             ) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The choices of `left` cards (0 < left) from the kinds i on, held `counts`: the most
    of kind i first, each choice as its (kind, how many) pairs. Worked out once and kept:
    hands are often alike, and the choices from kind i on are the same under every take
    of the kinds before it."""
    j = i + 1
    kind = kinds[i]
    if j == len(counts):
        return (((kind, left),),) if left <= counts[i] else ()
    # room: the most the kinds after i can give: a take that leaves more than that to find
    # finds nothing (the long way walks it)
    room = 0
    for c in counts[j:]:
        if c > 0:
            room += c
    out: list[tuple[tuple[str, int], ...]] = []
    for take in range(min(counts[i], left), max(left - room, 0) - 1, -1):
        if take == left:  # the choice is made
            out.append(((kind, take),))
        elif take:
            head = ((kind, take),)
            out += [head + rest for rest in _choices(kinds, counts, j, left - take)]
        else:
            out += _choices(kinds, counts, j, left)
    return tuple(out)


def _legal_offer(state: GameState, prompt: ChooseTradeOffer) -> list[Action]:
    return [Offer(cards=c) for c in offer_choices(player(state, prompt.civ).hand, prompt.n)]


@decision(ChooseTradeOffer, _legal_offer)
def _offer(state: GameState, prompt: ChooseTradeOffer, action: Action, ev: list[Event]) -> None:
    if not isinstance(action, Offer):
        raise IllegalAction(f"Choose the {prompt.n} cards you offer", R_TRADE)
    cards = clean(action.cards)
    if sum(cards.values()) != prompt.n or any(n < 0 for n in action.cards.values()):
        raise IllegalAction(f"Offer exactly {prompt.n} card{'s' if prompt.n != 1 else ''}",
                            "Commerce: trading, step 3")
    p = player(state, prompt.civ)
    for c, n in cards.items():
        if p.hand.get(c, 0) < n:
            raise IllegalAction(f"You hold only {p.hand.get(c, 0)} {RESOURCE_NAMES.get(c, c)}",
                                "Commerce: trading, step 3")
    offer: list[str] = []
    for c, n in cards.items():
        remove_from_hand(p, c, n)
        offer += [c] * n
    state.trade.offers[prompt.civ] = offer
    ev.append(TradeOffered(civ=prompt.civ, count=prompt.n))
    state.prompt = None


def _legal_take(state: GameState, prompt: TakeTradeCard) -> list[Action]:
    t = state.trade
    return [Take(source=s, card=c) for s in prompt.sources for c in sorted(set(t.offers[s]))]


@decision(TakeTradeCard, _legal_take)
def _take(state: GameState, prompt: TakeTradeCard, action: Action, ev: list[Event]) -> None:
    t = state.trade
    if not isinstance(action, Take):
        raise IllegalAction("Take one face-up card from another offer", R_TRADE)
    if action.source == prompt.civ:
        raise IllegalAction("You cannot take from your own offer", "Commerce: trading, step 4")
    if action.source not in prompt.sources:
        rule = "Commerce: trading, step 7: no immediate take-back" if \
            action.source in t.offers and t.offers[action.source] else "Commerce: trading, step 4"
        raise IllegalAction(f"You may take only from: {', '.join(prompt.sources)}", rule)
    if action.card not in t.offers[action.source]:
        raise IllegalAction(f"{action.source}'s offer shows no face-up "
                            f"{RESOURCE_NAMES.get(action.card, action.card)}",
                            "Commerce: trading, step 4")
    t.offers[action.source].remove(action.card)
    t.acquired.setdefault(prompt.civ, []).append(action.card)
    t.given[action.source] = t.given.get(action.source, 0) + 1
    t.last_taker = prompt.civ
    t.to_take = action.source
    ev.append(CardTaken(civ=prompt.civ, source=action.source, card=action.card))
    state.prompt = None


def _legal_give(state: GameState, prompt: GiveBalancingCard) -> list[Action]:
    hand = player(state, prompt.civ).hand
    return [Give(card=c, to=r) for r in prompt.recipients for c in RESOURCES if hand.get(c)]


@decision(GiveBalancingCard, _legal_give)
def _give(state: GameState, prompt: GiveBalancingCard, action: Action, ev: list[Event]) -> None:
    if not isinstance(action, Give):
        raise IllegalAction("Hand one card to a player who is short", "Commerce: trading, step 6")
    if action.to not in prompt.recipients:
        raise IllegalAction(f"Give to a player who is short: {', '.join(prompt.recipients)}",
                            "Commerce: trading, step 6")
    giver = player(state, prompt.civ)
    if giver.hand.get(action.card, 0) < 1:
        raise IllegalAction(f"You hold no {RESOURCE_NAMES.get(action.card, action.card)}",
                            "Commerce: trading, step 6")
    remove_from_hand(giver, action.card)
    add_to_hand(player(state, action.to), action.card)
    t = state.trade
    t.handed[prompt.civ] = t.handed.get(prompt.civ, 0) + 1
    t.received[action.to] = t.received.get(action.to, 0) + 1
    ev.append(CardGiven(civ=prompt.civ, to=action.to, card=action.card,
                        visible_to=[prompt.civ, action.to]))
    state.prompt = None

