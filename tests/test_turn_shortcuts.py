"""The shortcuts of the turn's phases outside the military and construction decisions
(issue 16, round 7) answer exactly as the long way, in every position of the phase saves
and of random games: the role scores with the counts taken once per assignment, the
production handed out kind by kind, who could answer a reaction window (the offers of
one card, of the one kind held or of the whole hand: tests/test_trade_shortcuts.py).
"""

from __future__ import annotations

from collections.abc import Iterator

from engine import game
from engine.data.cards import GODS, RESOURCES, ROLES, TAX
from engine.events import Event, Produced
from engine.rules import commerce, roles, windows
from engine.rules.common import (
    add_to_hand,
    building_controller,
    player,
    post_key,
    seat_order_from,
)
from engine.rules.hooks import extra_production, role_bonuses
from engine.state import GameState

from .helpers import base_score, could_answer_the_long_way, random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]


def _positions(steps: int = 1500) -> Iterator[GameState]:
    return random_positions((61, 62), steps, CIVS)


def _production_long_way(state: GameState) -> dict[str, dict[str, int]]:
    """Each producing building's controller asked one by one (`building_controller`)."""
    out: dict[str, dict[str, int]] = {}
    for pid, ps in state.provinces.items():
        for b in ps.buildings:
            if b.kind == "city":
                doubler, card = "temple", TAX
            elif b.kind == "caravan":
                doubler, card = "market", b.site
            else:
                continue
            owner = building_controller(state, pid, b.kind, b.site)
            if owner is None:
                continue
            n = 1
            for d in ps.buildings:
                if d.kind == doubler:
                    if building_controller(state, pid, doubler, d.site) == owner:
                        n = 2
                    break
            made = out.setdefault(owner, {})
            made[card] = made.get(card, 0) + n
    extra_production(state, out)
    return out


def _produce_long_way(state: GameState, ev: list[Event]) -> None:
    """`produce` as it was: every resource looked for in each civ's production."""
    prod = _production_long_way(state)
    director = state.roles.get("director_of_commerce") or state.players[0].civ
    for civ in seat_order_from(state, director):
        want = prod.get(civ, {})
        if not want:
            continue
        got: dict[str, int] = {}
        short: dict[str, int] = {}
        p = player(state, civ)
        for card in RESOURCES:
            n = want.get(card, 0)
            if not n:
                continue
            k = min(n, state.bank.get(card, 0))
            if k:
                state.bank[card] -= k
                add_to_hand(p, card, k)
                got[card] = k
            if k < n:
                short[card] = n - k
        ev.append(Produced(civ=civ, cards=got, short=short))
    state.powers_produced = {c: sorted(w) for c, w in prod.items()}


def test_the_production_is_handed_out_as_the_long_way() -> None:
    """The same cards to the same players, in the same order (a hand's order is in the
    saved state), and the same events; with the bank short too."""
    produced = 0
    for n, state in enumerate(_positions()):
        if n % 3:
            continue
        if n % 2:  # a bank running short: the stacks pay what they have
            for card in state.bank:
                state.bank[card] = min(state.bank[card], 1)
        assert commerce.production(state) == _production_long_way(state)
        long_way, fast = game.clone(state), game.clone(state)
        ev_long: list[Event] = []
        ev_fast: list[Event] = []
        _produce_long_way(long_way, ev_long)
        commerce.produce(fast, ev_fast)
        assert game.encode_state(fast) == game.encode_state(long_way)
        assert ev_fast == ev_long
        produced += len(ev_fast)
    assert produced > 500


def test_the_role_scores_are_the_long_way() -> None:
    """`scores` of each role: each player's count alone and his bonuses, in seat order."""
    for state in _positions(600):
        bonuses = {p.civ: role_bonuses(state, p.civ) for p in state.players}
        for role in ROLES:
            long_way = {c: base_score(state, c, role) + sum(f(state, c, role) for f in bonuses[c])
                        for c in bonuses}
            assert list(roles.scores(state, role).items()) == list(long_way.items())


def test_a_caravan_post_is_the_post_key() -> None:
    for site in RESOURCES[1:]:
        assert commerce._CARAVAN_POSTS[site] == post_key("caravan", site)


def test_who_could_answer_a_window_holding_its_cards_as_the_long_way() -> None:
    """`could_answer` as the long way, with each card and god that answers a window given
    in turn to a player (the random games seldom hand them out)."""
    windows_ = ("phase_start", "move_declared", "before_battle", "after_dice")
    seen = 0
    for n, state in enumerate(_positions(300)):
        civs = [p.civ for p in state.players]
        for w in windows_:
            assert windows.could_answer(state, w) == could_answer_the_long_way(state, w)
            for i, card in enumerate(sorted(windows.answering(w))):
                civ = civs[(n + i) % len(civs)]
                if card in GODS:
                    before = state.gods.get(card)
                    state.gods[card] = civ
                else:
                    p = player(state, civ)
                    p.cards.append(card)
                got = windows.could_answer(state, w)
                assert got == could_answer_the_long_way(state, w), (w, card)
                seen += bool(got)
                if card in GODS:
                    state.gods[card] = before
                else:
                    p.cards.remove(card)
    assert seen > 1000


def test_the_production_with_posts_held_is_the_long_way() -> None:
    """`production` as the long way, its players and cards in the same order (the bots
    read it in order), in provinces with no post held (all to the influence holder) and
    with units put on the posts of some buildings, theirs or another civ's."""
    posted = 0
    for n, state in enumerate(_positions(900)):
        got, long_way = commerce.production(state), _production_long_way(state)
        assert [(c, list(m.items())) for c, m in got.items()] == \
            [(c, list(m.items())) for c, m in long_way.items()]
        built = [(pid, b) for pid, ps in state.provinces.items() for b in ps.buildings]
        civs = [p.civ for p in state.players]
        for i, u in enumerate(state.units[: (n % 4) * 2]):  # a few units put on posts
            if not built:
                break
            pid, b = built[(n + 3 * i) % len(built)]
            u.area, u.post, u.owner = pid, post_key(b.kind, b.site), civs[(n + i) % len(civs)]
            posted += 1
        got, long_way = commerce.production(state), _production_long_way(state)
        assert [(c, list(m.items())) for c, m in got.items()] == \
            [(c, list(m.items())) for c, m in long_way.items()]
    assert posted > 500
