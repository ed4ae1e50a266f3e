"""Production and the trade draft (docs/rules.md, Commerce: production; docs/rules.md,
Commerce: trading)."""

from __future__ import annotations

from engine.actions import Announce, Give, Offer, Take
from engine.game import apply, legal_actions, view
from engine.prompts import (
    AnnounceTrade,
    ChooseTradeOffer,
    GiveBalancingCard,
    MakeOffering,
    NamePlayer,
    TakeTradeCard,
)
from engine.rules.commerce import production
from engine.rules.common import new_unit, player
from engine.state import Building

from .helpers import assert_illegal, set_hand, start


def test_production_cities_caravans_temples_markets():
    """Commerce: production: a city gives 1 tax (2 with a temple), a caravan 1 of its commodity (2
    with a market). Greece starts with Athenae, Pella, an olive oil caravan and a market."""
    s = start()
    prod = production(s)
    assert prod["greece"] == {"tax": 2, "olive_oil": 2}
    assert prod["carthage"] == {"tax": 1, "fruit": 1, "grain": 1, "olive_oil": 1}
    s.provinces["macedonia"].buildings.append(Building(kind="temple"))
    assert production(s)["greece"]["tax"] == 3


def test_occupied_city_produces_for_the_occupier():
    """Rulebook, Occupy the Province: the occupier takes the income; his unit on the
    temple gives him the doubling."""
    s = start()
    s.provinces["roma"].buildings.append(Building(kind="temple"))
    u = new_unit(s, "carthage", "legion", "roma")
    u.post = "city"
    assert production(s)["carthage"]["tax"] == 1 + 1
    assert "tax" not in production(s)["rome"]
    v = new_unit(s, "carthage", "legion", "roma")
    v.post = "temple"
    assert production(s)["carthage"]["tax"] == 1 + 2


def test_bank_runs_out():
    """docs/rules.md, The pieces and the supply: when a stack is empty nothing of that type
    can be received."""
    s = start()
    from engine.rules import commerce
    s.bank["olive_oil"] = 1
    ev = []
    before = dict(player(s, "greece").hand)
    commerce.produce(s, ev)
    got = player(s, "greece").hand.get("olive_oil", 0) - before.get("olive_oil", 0)
    total_oil = sum(e.cards.get("olive_oil", 0) for e in ev if hasattr(e, "cards"))
    assert total_oil == 1 and got <= 1
    assert any(e.short.get("olive_oil") for e in ev if hasattr(e, "short"))


def _trade_position(hands, civs=("carthage", "rome", "greece")):
    s = start(list(civs))
    for civ, h in hands.items():
        set_hand(s, civ, h)
    s.prompt = AnnounceTrade(civ=s.roles["director_of_commerce"],
                             max=sum(player(s, s.roles["director_of_commerce"]).hand.values()))
    return s


def test_announce_limits_and_participants():
    """Commerce: trading, steps 1-2: N from 0 to the Director's hand; players with at least N cards
    take part and must."""
    s = _trade_position({"carthage": {"tax": 2, "fruit": 1}, "rome": {"wine": 1},
                         "greece": {"tax": 1, "metal": 2}})
    assert s.prompt.civ == "carthage" and s.prompt.max == 3
    assert_illegal(s, Announce(n=4), "0 to 3")
    ev = apply(s, Announce(n=2))
    assert ev[0].participants == ["carthage", "greece"]
    assert isinstance(s.prompt, ChooseTradeOffer) and s.prompt.n == 2


def test_zero_means_no_trade():
    """Commerce: trading, step 1: 0 means no trading this turn."""
    s = _trade_position({"carthage": {"tax": 2}, "rome": {"wine": 1}, "greece": {"tax": 1}})
    apply(s, Announce(n=0))
    assert isinstance(s.prompt, (NamePlayer, MakeOffering))


def test_offers_are_hidden_until_all_have_chosen():
    """Commerce: trading, step 3: offers lie face down until all are revealed together."""
    s = _trade_position({"carthage": {"tax": 2, "fruit": 1}, "rome": {"wine": 2},
                         "greece": {"tax": 1, "metal": 2}})
    apply(s, Announce(n=2))
    assert_illegal(s, Offer(cards={"tax": 3}), "exactly 2")
    assert_illegal(s, Offer(cards={"fruit": 2}), "only 1")
    apply(s, Offer(cards={"tax": 1, "fruit": 1}))
    v = view(s, 1)  # rome's seat
    assert v.state.trade.offers["carthage"] == [] and v.offer_sizes["carthage"] == 2
    assert v.state.players[0].hand == {}
    apply(s, Offer(cards={"wine": 2}))
    apply(s, Offer(cards={"metal": 2}))
    assert s.trade.revealed
    assert isinstance(s.prompt, TakeTradeCard) and s.prompt.civ == "carthage"


def test_the_take_chain_and_balancing():
    """Commerce: trading, steps 4-6: the Director takes first, then whoever was taken from; cards
    cannot be taken from one's own offer; at the end the surplus is handed to the short player."""
    s = _trade_position({"carthage": {"tax": 2, "fruit": 1}, "rome": {"wine": 2},
                         "greece": {"tax": 1, "metal": 2}})
    apply(s, Announce(n=2))
    apply(s, Offer(cards={"tax": 1, "fruit": 1}))
    apply(s, Offer(cards={"wine": 2}))
    apply(s, Offer(cards={"metal": 2}))
    assert_illegal(s, Take(source="carthage", card="tax"), "own offer")
    assert_illegal(s, Take(source="rome", card="metal"), "no face-up")
    apply(s, Take(source="rome", card="wine"))       # carthage takes from rome
    assert s.prompt.civ == "rome"
    apply(s, Take(source="greece", card="metal"))    # rome from greece
    apply(s, Take(source="carthage", card="fruit"))  # greece from carthage
    apply(s, Take(source="rome", card="wine"))       # carthage from rome
    apply(s, Take(source="greece", card="metal"))    # rome from greece
    apply(s, Take(source="carthage", card="tax"))    # greece takes the last card
    # All 6 cards taken: the chain is complete. Carthage took 2 and gave 2: balanced.
    hands = {p.civ: sum(p.hand.values()) for p in s.players}
    assert hands == {"carthage": 3, "rome": 2, "greece": 3}
    assert not isinstance(s.prompt, GiveBalancingCard)


def test_broken_chain_is_balanced_director_first():
    """Commerce: trading, steps 5-6: the chain stops when the taker sees only his own cards; the
    players who took more than they gave hand the surplus to those short."""
    s = _trade_position({"carthage": {"tax": 1, "fruit": 1}, "rome": {"wine": 2},
                         "greece": {"metal": 2}})
    apply(s, Announce(n=2))
    apply(s, Offer(cards={"tax": 1, "fruit": 1}))
    apply(s, Offer(cards={"wine": 2}))
    apply(s, Offer(cards={"metal": 2}))
    apply(s, Take(source="rome", card="wine"))      # carthage +1, rome -1
    apply(s, Take(source="carthage", card="tax"))   # rome +1, carthage -1
    apply(s, Take(source="rome", card="wine"))      # carthage +1, rome -1 (rome empty)
    apply(s, Take(source="carthage", card="fruit"))  # rome +1, carthage empty
    # Carthage to take: only Greece's metal is left; carthage takes it.
    apply(s, Take(source="greece", card="metal"))   # carthage +1, greece -1
    # Greece is to take, but only its own metal is face up: the chain ends, the metal
    # goes back. Carthage took 3 and gave 2; Greece gave 1 and took none.
    assert isinstance(s.prompt, GiveBalancingCard)
    assert s.prompt.civ == "carthage" and s.prompt.recipients == ["greece"]
    assert player(s, "greece").hand == {"metal": 1}
    apply(s, Give(card="wine", to="greece"))
    hands = {p.civ: sum(p.hand.values()) for p in s.players}
    assert hands == {"carthage": 2, "rome": 2, "greece": 2}
    assert player(s, "greece").hand == {"metal": 1, "wine": 1}


def test_no_immediate_take_back_option():
    """Commerce: trading, step 7 (option): no taking straight back from who just took from you,
    unless no other offer shows a card."""
    s = _trade_position({"carthage": {"tax": 2}, "rome": {"wine": 2},
                         "greece": {"metal": 2}})
    s.config.no_take_back = True
    apply(s, Announce(n=2))
    apply(s, Offer(cards={"tax": 2}))
    apply(s, Offer(cards={"wine": 2}))
    apply(s, Offer(cards={"metal": 2}))
    apply(s, Take(source="rome", card="wine"))
    assert s.prompt.sources == ["greece"]
    assert_illegal(s, Take(source="carthage", card="tax"), "take-back")
    s2 = _trade_position({"carthage": {"tax": 2}, "rome": {"wine": 2},
                          "greece": {"metal": 2}})
    apply(s2, Announce(n=2))
    apply(s2, Offer(cards={"tax": 2}))
    apply(s2, Offer(cards={"wine": 2}))
    apply(s2, Offer(cards={"metal": 2}))
    apply(s2, Take(source="rome", card="wine"))
    assert sorted(s2.prompt.sources) == ["carthage", "greece"]


def test_balancing_card_choice_goes_to_a_short_player():
    """Commerce: trading, step 6: the player over hands a card of his choice to one who is short."""
    s = _trade_position({"carthage": {"tax": 2}, "rome": {"wine": 2},
                         "greece": {"metal": 1, "gems": 1}})
    apply(s, Announce(n=2))
    apply(s, Offer(cards={"tax": 2}))
    apply(s, Offer(cards={"wine": 2}))
    apply(s, Offer(cards={"metal": 1, "gems": 1}))
    apply(s, Take(source="rome", card="wine"))    # C takes from R
    apply(s, Take(source="greece", card="gems"))  # R from G
    apply(s, Take(source="rome", card="wine"))    # G from R
    # Rome's offer is empty; Rome took 1 and gave 2. Rome is to take: none (rome was
    # taken from), so rome takes from carthage or greece.
    while isinstance(s.prompt, TakeTradeCard):
        apply(s, legal_actions(s)[0])
    while isinstance(s.prompt, GiveBalancingCard):
        p = s.prompt
        assert p.recipients
        assert_illegal(s, Give(card="tax", to=p.civ), "short")
        apply(s, legal_actions(s)[0])
    total = {p.civ: sum(p.hand.values()) for p in s.players}
    assert total == {"carthage": 2, "rome": 2, "greece": 2}
