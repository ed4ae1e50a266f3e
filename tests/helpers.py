"""Positions for rule tests: start a game, then jump to a phase through the real flow."""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter

import pytest

from engine.actions import Action, Item, Name
from engine.data.board import CIVS
from engine.errors import IllegalAction
from engine.game import apply, legal_actions, new_game, state_hash
from engine.prompts import NamePlayer
from engine.rules import flow
from engine.rules.common import player
from engine.state import Config, GameState, OrderState, Unit

ALL6 = list(CIVS)


def start(civs: list[str] | None = None, seed: int = 1, **options) -> GameState:
    state, _ = new_game(Config(civs=list(civs or ALL6), seed=seed, **options))
    return state


def set_hand(state: GameState, civ: str, cards: dict[str, int]) -> None:
    """Give civ exactly these cards, keeping the card totals right through the bank."""
    p = player(state, civ)
    for c, n in p.hand.items():
        state.bank[c] = state.bank.get(c, 0) + n
    p.hand = {}
    for c, n in cards.items():
        state.bank[c] -= n
        p.hand[c] = n


def begin_phase(state: GameState, phase: str, first: str | None = None,
                role_holder: str | None = None) -> list:
    """Start `phase` now; if `first` is given, name him first (as the role holder)."""
    role = {"offering": "high_priest", "construction": "political_leader",
            "military": "military_leader"}.get(phase)
    if role and (role_holder or first):
        state.roles[role] = role_holder or first
    state.prompt = None
    ev: list = []
    flow.start_phase(state, phase, ev)
    state.order = OrderState()
    flow.advance(state, ev)
    if first and isinstance(state.prompt, NamePlayer):
        ev += apply(state, Name(civ=first))
    return ev


def assert_illegal(state: GameState, action, *words: str) -> IllegalAction:
    """The action is refused with a reason containing the words, and nothing changes."""
    before = state_hash(state)
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert state_hash(state) == before
    text = str(info.value).lower()
    for w in words:
        assert w.lower() in text, f"{w!r} not in {text!r}"
    return info.value


def play_until(state: GameState, done, bot=None, limit: int = 20_000) -> None:
    """Apply the first legal action (or a bot's) until done(state)."""
    n = 0
    while not done(state) and state.phase != "over":
        acts = legal_actions(state)
        apply(state, bot(state, acts) if bot else acts[0])
        n += 1
        assert n < limit, "position never reached"


def deciding_seat(state: GameState) -> int:
    """The seat whose decision is pending."""
    assert state.prompt is not None
    return next(p.seat for p in state.players if p.civ == state.prompt.civ)


def sampled_positions(config: Config, bots: list, steps: int, every: int = 5) -> list[GameState]:
    """Every `every`-th position of a game the bots play from their views (seat order),
    through all phases, until it ends or after `steps` decisions."""
    from engine.game import clone, view
    state, _ = new_game(config)
    out = []
    for k in range(steps):
        if state.phase == "over":
            break
        if k % every == 0:
            out.append(clone(state))
        s = deciding_seat(state)
        apply(state, bots[s].choose(view(state, s)))
    return out


def random_positions(seeds: tuple[int, ...], steps: int,
                     civs: list[str]) -> Iterator[GameState]:
    """The positions of the phase saves, then those of random games (uniform over the
    legal actions, seeded), each a copy."""
    from pathlib import Path

    from engine.game import clone
    from engine.rng import Rng
    from engine.saves import load_save
    for p in sorted((Path(__file__).parent.parent / "saves" / "phases").glob("*.json")):
        yield load_save(p).state
    for seed in seeds:
        state, _ = new_game(Config(civs=list(civs), seed=seed))
        rng = Rng(seed)
        for _ in range(steps):
            if state.prompt is None or state.phase == "over":
                break
            yield clone(state)
            acts = legal_actions(state)
            apply(state, acts[rng.below(len(acts))])


class TickingClock:
    """A clock the test controls: every reading moves it on by one tick, so a computer
    player's time is counted in its own readings, the same on a quiet or a loaded machine."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def building_counts_one_by_one(state: GameState, civ: str) -> dict[str, int]:
    """The buildings civ controls, by kind, asking the controller of each building in turn
    (the long way the engine's counts are checked against)."""
    from engine.data.costs import BUILDINGS
    from engine.rules.common import building_controller
    counts = dict.fromkeys(BUILDINGS, 0)
    for pid, ps in state.provinces.items():
        for b in ps.buildings:
            if building_controller(state, pid, b.kind, b.site) == civ:
                counts[b.kind] += 1
    return counts


def could_answer_the_long_way(state: GameState, window: str) -> dict[str, list[str]] | None:
    """`engine.rules.windows.could_answer` the long way: each player's creature and cards
    looked up in the window's cards, then every god on record (but those spent that list
    nothing face down)."""
    from engine.data.cards import CIV_CREATURE
    from engine.rules.hooks import CARDS
    from engine.rules.windows import answering
    if state.power_choices:
        return None
    cards = answering(window)
    out: dict[str, list[str]] = {}
    if not cards:
        return out
    for p in state.players:
        creature = CIV_CREATURE.get(p.civ)
        if creature in cards:
            out.setdefault(p.civ, []).append(creature)
        if not cards.isdisjoint(p.cards):
            out.setdefault(p.civ, []).extend(c for c in p.cards if c in cards)
    for g, holder in state.gods.items():  # a spent god saying FACE_UP_ONLY: no use
        if holder is not None and g in cards and not (
                g in state.gods_used and getattr(CARDS[g], "FACE_UP_ONLY", False)):
            out.setdefault(holder, []).append(g)
    return out


def placement_allowed(state: GameState, civ: str, item: Item) -> bool:
    """Do the placement rules let civ build the item in the construction phase?"""
    from engine.rules.placement import CONSTRUCTION, check
    try:
        check(state, civ, item, CONSTRUCTION)
    except IllegalAction:
        return False
    return True


def naval_listing_the_long_way(state: GameState, civ: str) -> list[Action]:
    """The naval step's listing (naval_listing.naval_actions) the long way: ending the step,
    each trireme move of civ's units in order, then a battle against each other owner of
    naval units in each sea where civ has one that has not fought, sea by sea."""
    from engine.actions import EndNaval, MoveTrireme
    from engine.rules.movement import trireme_destinations
    return [EndNaval(), *(MoveTrireme(unit=u.id, to=s) for u in state.units
                          if u.owner == civ and u.kind == "trireme" and u.moves_left > 0
                          for s in trireme_destinations(u)),
            *naval_battles_the_long_way(state, civ)]


def naval_battles_the_long_way(state: GameState, civ: str) -> list[Action]:
    """Each sea in the board's order where civ has a naval unit that has not fought: a
    battle against each other owner of naval units there, in the units' order."""
    from engine.actions import NavalBattle
    from engine.data import board
    from engine.rules.naval_listing import NAVAL_KINDS
    out: list[Action] = []
    for sea in board.SEAS:
        here = [u for u in state.units if u.area == sea and u.kind in NAVAL_KINDS]
        if any(u.owner == civ and not u.fought for u in here):
            out += [NavalBattle(sea=sea, opponent=o)
                    for o in dict.fromkeys(u.owner for u in here if u.owner != civ)]
    return out


def naval_battles_listed(state: GameState, civ: str) -> list[Action]:
    """The battles civ's naval step lists in `state` (as if it were his naval turn)."""
    from engine.actions import NavalBattle
    from engine.prompts import NavalTurn
    from engine.rules.naval_listing import naval_actions
    return [a for a in naval_actions(state, NavalTurn(civ=civ)) if isinstance(a, NavalBattle)]


def from_several_places(units: list[Unit], cap: int = 256) -> list[list[Unit]]:
    """The long way of `unit_choices.several_places_ids`: the `compositions` of `units` that take units from two places or more, in the same
    order: each choice carries the places it draws from as bits, instead of a set of its
    units' places made for each."""
    groups: dict[tuple[str, str, str], list[Unit]] = {}
    for u in sorted(units, key=attrgetter("id")):
        groups.setdefault((u.area, u.kind, u.post), []).append(u)
    bit: dict[str, int] = {}
    choices: list[tuple[list[Unit], int]] = [([], 0)]
    for (area, _, _), g in groups.items():
        b = bit.setdefault(area, 1 << len(bit))
        choices = [(c + g[:k], places | b if k else places)
                   for c, places in choices for k in range(len(g) + 1)][:cap]
    return [sorted(c, key=attrgetter("id")) for c, places in choices if places & (places - 1)]


# the two kinds of building each role but the military leader's counts
_COUNTED: dict[str, tuple[str, str]] = {
    "director_of_commerce": ("caravan", "market"),
    "high_priest": ("temple", "market"),
    "political_leader": ("city", "temple"),
}


def base_score(state: GameState, civ: str, role: str) -> int:
    """A player's count for a role before his cards' bonuses, he alone counted (the long
    way of `engine.rules.roles.role_scores`): his units for the military leader, else the
    two kinds of building the role counts that he controls."""
    from engine.rules.common import building_counts, military_count
    if role == "military_leader":
        return military_count(state, civ)
    first, second = _COUNTED[role]
    counts = building_counts(state, civ)
    return counts[first] + counts[second]
