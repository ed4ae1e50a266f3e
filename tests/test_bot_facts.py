"""The shortcuts the computer players take for speed answer exactly as the long way would:
the facts of a decision (engine/bots/facts.py), the normal player's standings read only
when asked, production with the units on posts looked up once."""

from __future__ import annotations

import pytest

from engine.actions import Action, Buy, Offer
from engine.bots import make_bot, threat
from engine.bots.facts import Facts, best_set, potential_less, set_potential
from engine.bots.facts import threat as long_threat
from engine.bots.greedy import GreedyBot
from engine.bots.normal import NormalBot
from engine.data import board
from engine.data.cards import COMMODITIES, RESOURCES, ROLES, TAX
from engine.data.costs import GROUND_UNITS
from engine.game import apply, clone, legal_actions, new_game, view
from engine.rng import Rng
from engine.rules import reading
from engine.rules.commerce import production
from engine.rules.common import building_controller, building_counts, ground_units_in
from engine.rules.hooks import extra_production
from engine.rules.roles import scores
from engine.state import Config, GameState
from engine.view import View

from .helpers import building_counts_one_by_one

SIX = ["rome", "greece", "egypt", "carthage", "babylon", "atlantis"]


def _seat(state: GameState) -> int:
    assert state.prompt is not None
    return next(p.seat for p in state.players if p.civ == state.prompt.civ)


@pytest.fixture(scope="module")
def positions() -> list[GameState]:
    """Positions of normal and greedy games (6 and 4 players), every few decisions."""
    out = []
    for level, civs, seed in (("normal", SIX, 21), ("greedy", SIX[:4], 22)):
        state, _ = new_game(Config(civs=civs, seed=seed))
        bots = [make_bot(level, i) for i in range(len(civs))]
        for k in range(1800):
            if state.phase == "over":
                break
            if k % 9 == 0:
                out.append(clone(state))
            s = _seat(state)
            apply(state, bots[s].choose(view(state, s)))
    assert len(out) > 100
    return out


# --- the long ways ------------------------------------------------------------------------
def _potential_kind_by_kind(hand: dict[str, int]) -> float:
    """A hand's value as the greedy player first reckoned it."""
    distinct = sum(1 for c in COMMODITIES if hand.get(c, 0) > 0)
    cards = sum(hand.get(c, 0) for c in RESOURCES if hand.get(c, 0) > 0)
    tax = hand.get(TAX, 0)
    return 2.0 * max(distinct, tax) + 0.5 * min(distinct, tax) + 0.1 * cards


def _less(hand: dict[str, int], cards: dict[str, int]) -> dict[str, int]:
    out = dict(hand)
    for c, n in cards.items():
        out[c] = out.get(c, 0) - n
    return out


def _production_building_by_building(state: GameState) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for pid, ps in state.provinces.items():
        for b in ps.buildings:
            if b.kind not in ("city", "caravan"):
                continue
            owner = building_controller(state, pid, b.kind, b.site)
            if owner is None:
                continue
            doubler = "temple" if b.kind == "city" else "market"
            n = 1
            if any(d.kind == doubler for d in ps.buildings) and building_controller(
                    state, pid, doubler, "") == owner:
                n = 2
            card = TAX if b.kind == "city" else b.site
            out.setdefault(owner, {})
            out[owner][card] = out[owner].get(card, 0) + n
    extra_production(state, out)
    return out


# --- hands --------------------------------------------------------------------------------
def test_a_hands_value_in_one_pass_is_its_value_kind_by_kind() -> None:
    rng = Rng(7)
    kinds = [*RESOURCES, "zeus"]  # a name that is no card counts for nothing
    for _ in range(3000):
        hand = {rng.choice(kinds): rng.below(7) - 2 for _ in range(rng.below(9))}
        cards = {rng.choice(kinds): rng.below(5) - 1 for _ in range(rng.below(4))}
        assert set_potential(hand) == _potential_kind_by_kind(hand)
        assert potential_less(hand, cards) == _potential_kind_by_kind(_less(hand, cards))
        assert best_set(hand) == max(hand.get(TAX, 0),
                                     sum(1 for c in COMMODITIES if hand.get(c, 0) > 0))


# --- the facts of a decision --------------------------------------------------------------
def _check_facts(state: GameState) -> None:
    f = Facts(state)
    civs = [p.civ for p in state.players]
    areas = [*board.PROVINCES, *board.SEAS, ""]
    for civ in civs:
        for area in areas:
            assert f.threat(civ, area) == long_threat(state, civ, area), (civ, area)
            units, strength = f.enemy_ground(civ, area)
            others = [u for u in ground_units_in(state, area) if u.owner != civ]
            assert units == others
            assert strength == sum(3.5 if u.kind == "legion" else 6.0 for u in others)
    for p in state.players:
        assert f.potential(p) == set_potential(p.hand)
        assert f.best_set(p) == best_set(p.hand)
        payments = [{c: 1} for c in RESOURCES] + [{"tax": 2, "wine": 1}, {"gold": 3}]
        if state.prompt is not None and state.prompt.civ == p.civ:
            payments += [a.payment for a in legal_actions(state) if isinstance(a, Buy)]
            payments += [a.cards for a in legal_actions(state) if isinstance(a, Offer)]
        for cards in payments:
            want = set_potential(p.hand) - set_potential(_less(p.hand, cards))
            assert f.loss(p, cards) == want
            assert f.loss(p, cards) == want  # and once remembered
    for role in ROLES:
        assert f.role_scores(role) == scores(state, role)
    for uid in [u.id for u in state.units] + [10_000]:
        first = next((u for u in state.units if u.id == uid), None)
        assert f.unit(uid) is first


def test_the_facts_of_a_decision_answer_as_the_long_way(positions: list[GameState]) -> None:
    for state in positions[::2]:
        _check_facts(state)


def test_the_facts_answer_alike_on_an_indexed_state(positions: list[GameState]) -> None:
    """As a computer player deciding in a match sees the state (engine/rules/reading.py)."""
    for state in positions[1::4]:
        before = reading.begin(state)
        try:
            _check_facts(state)
        finally:
            reading.end(before)


def test_the_threat_counts_legions_and_creatures_of_players_only() -> None:
    state, _ = new_game(Config(civs=SIX[:3], seed=4))
    f = Facts(state)
    for civ in ("rome", "greece", "egypt"):
        enemy, own = f.ground_strength(civ)
        for area, strength in enemy.items():
            assert strength == sum(3.5 if u.kind == "legion" else 6.0 for u in state.units
                                   if u.area == area and u.owner != civ
                                   and u.kind in ("legion", "creature"))
        for area, strength in own.items():
            assert strength == sum(3.5 if u.kind == "legion" else 6.0 for u in state.units
                                   if u.area == area and u.owner == civ
                                   and u.kind in GROUND_UNITS)


# --- production and role counts -----------------------------------------------------------
def test_production_and_building_counts_as_building_by_building(
        positions: list[GameState]) -> None:
    seen_occupied = False
    for state in positions:
        seen_occupied = seen_occupied or any(u.post for u in state.units)
        want = _production_building_by_building(state)
        got = production(state)
        assert got == want
        assert list(got) == list(want)  # the same order, for whoever walks it
        civs = [p.civ for p in state.players]
        counts = {civ: building_counts_one_by_one(state, civ) for civ in civs}
        assert {civ: building_counts(state, civ) for civ in civs} == counts
        before = reading.begin(state)
        try:
            assert {civ: building_counts(state, civ) for civ in civs} == counts
            assert production(state) == want
        finally:
            reading.end(before)
    assert seen_occupied  # occupied buildings were among the positions


# --- the normal player's standings --------------------------------------------------------
class EagerNormalBot(NormalBot):
    """The normal player as it was: the standings worked out at the start of every
    decision."""

    def choose(self, view: View) -> Action:
        self._unread = view
        self._read_standings()  # at once, whatever the decision asks
        return GreedyBot.choose(self, view)


@pytest.mark.parametrize(("civs", "seed", "gang_up"),
                         [(SIX, 31, True), (SIX[:4], 32, True), (SIX[:5], 33, False)])
def test_standings_read_when_asked_decide_as_standings_read_at_once(
        civs: list[str], seed: int, gang_up: bool) -> None:
    """The normal player (and, never ganging up, the easy one)."""
    state, _ = new_game(Config(civs=civs, seed=seed))
    lazy = [NormalBot(i, gang_up=gang_up) for i in range(len(civs))]
    eager = [EagerNormalBot(i, gang_up=gang_up) for i in range(len(civs))]
    unread = 0
    for _ in range(1500):
        if state.phase == "over":
            break
        s = _seat(state)
        choice = lazy[s].choose(view(state, s))
        unread += lazy[s]._unread is not None
        assert eager[s].choose(view(state, s)) == choice
        # asked afterwards, the standings are those of the decision's position
        assert (lazy[s]._table, lazy[s]._target, lazy[s]._rival) == \
            (eager[s]._table, eager[s]._target, eager[s]._rival)
        apply(state, choice)
    assert unread > 100  # many decisions never needed them


def test_standings_set_by_hand_stand() -> None:
    """A test (or a caller) may set the target by hand: it stands until the next decision."""
    state, _ = new_game(Config(civs=SIX, seed=2))
    bot = NormalBot(1)
    bot._unread = view(state, 0)
    bot._target = "egypt"
    assert bot._target == "egypt" and bot._unread is None
    assert bot._table == threat.of_view(view(state, 0))
