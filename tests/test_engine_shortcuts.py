"""The engine's shortcuts for random players (issue 16) answer exactly as the long way.

Each shortcut is checked against the long way it replaces, written out here as it was, in
every position of random games (and of the phase saves where it helps): the ground moves,
the naval battles, the wars at the start of the military phase, the role scores and the
straits; and the match's way of playing a computer player's decision that is the very
action the engine listed (no form check, no snapshot) against the long way of `act`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from engine import game
from engine.actions import Move, NavalBattle
from engine.data import board
from engine.data.cards import ROLES
from engine.errors import IllegalAction
from engine.match import Match, replay_match
from engine.rng import Rng
from engine.rules import ground_listing, movement, reading, roles, unit_choices
from engine.rules.common import (
    at_war,
    building_counts,
    every_building_count,
    ground_owners,
    military_count,
    player,
    player_civs,
    provinces_at_war,
    units_in,
)
from engine.rules.geography import strait_partners
from engine.rules.hooks import (
    can_be_convoyed,
    convoy_extra_seas,
    cost,
    role_bonus,
    sea_landings,
    wild_commodity,
)
from engine.rules.naval_listing import NAVAL_KINDS
from engine.state import Config, GameState, Unit

from .helpers import (
    building_counts_one_by_one,
    from_several_places,
    naval_battles_listed,
    random_positions,
)

CIVS = ["rome", "greece", "egypt", "carthage"]


def _positions(seeds: tuple[int, ...] = (31, 32), steps: int = 1000,
               civs: list[str] = CIVS) -> Iterator[GameState]:
    """The positions of the phase saves and of random games (tests/helpers.py)."""
    return random_positions(seeds, steps, civs)


# --- the long ways, as they were ------------------------------------------------------------
def _compositions(units: list[Unit], cap: int = 256) -> list[list[Unit]]:
    groups: dict[tuple[str, str, str], list[Unit]] = {}
    for u in sorted(units, key=lambda u: u.id):
        groups.setdefault((u.area, u.kind, u.post), []).append(u)
    choices: list[list[Unit]] = [[]]
    for g in groups.values():
        choices = [c + g[:k] for c in choices for k in range(len(g) + 1)][:cap]
    return [sorted(c, key=lambda u: u.id) for c in choices if len(c) > 1]


def _moves(state: GameState, civ: str) -> list[Move]:
    out: list[Move] = []
    joint: dict[str, tuple[list[Unit], dict[str, list[Unit]]]] = {}
    for origin, us in movement._movers(state, civ).items():
        if origin in board.SEAS:
            land = {u.id: set(sea_landings(state, u)) for u in us}
            by_sea: set[str] = set()
        else:
            land = {u.id: set(movement.land_targets(state, u)) for u in us}
            by_sea = movement.convoy_targets(state, civ, origin)
        for to in sorted(set(by_sea).union(*land.values())):
            fight = movement.hostile(state, civ, to)
            ready = [u for u in us if not (fight and u.fought)]
            by_land = [u for u in ready if to in land[u.id]]
            carried = [u for u in ready if to in by_sea and u not in by_land
                       and can_be_convoyed(state, u)]
            for u in by_land + carried:
                out.append(Move(units=[u.id], to=to))
            for group in (by_land, carried):
                for c in _compositions(group):
                    out.append(Move(units=[u.id for u in c], to=to))
            if by_land or carried:
                own, convoys = joint.setdefault(to, ([], {}))
                own.extend(by_land)
                if carried:
                    convoys[origin] = carried
    for to, (own, convoys) in sorted(joint.items()):
        for carried in [[], *convoys.values()]:
            for c in _compositions(own + carried):
                if len({u.area for u in c}) > 1:
                    out.append(Move(units=[u.id for u in c], to=to))
    return out


def _naval(state: GameState, civ: str) -> list[NavalBattle]:
    out = []
    for sea in board.SEAS:
        here = units_in(state, sea, kinds=NAVAL_KINDS)
        if any(u.owner == civ and not u.fought for u in here):
            for o in dict.fromkeys(u.owner for u in here if u.owner != civ):
                out.append(NavalBattle(sea=sea, opponent=o))
    return out


def _scores(state: GameState, role: str) -> dict[str, int]:
    def base(civ: str) -> int:
        if role == "military_leader":
            return military_count(state, civ)
        b = building_counts(state, civ)
        return {"director_of_commerce": b["caravan"] + b["market"],
                "high_priest": b["temple"] + b["market"]}.get(role, b["city"] + b["temple"])
    return {c: base(c) + role_bonus(state, c, role) for c in player_civs(state)}


def _priced(state: GameState, civ: str) -> list[tuple[Any, int]]:
    """Every candidate priced and checked, as construction did."""
    from engine.rules.construction import candidate_items
    from engine.rules.payment import max_set_value
    from engine.rules.placement import CONSTRUCTION, check
    best = max_set_value(player(state, civ), wild=wild_commodity(state, civ))
    out = []
    for it in candidate_items(state, civ):
        c = cost(state, civ, it)
        if c > best:
            continue
        try:
            check(state, civ, it, CONSTRUCTION)
        except IllegalAction:
            continue
        out.append((it, c))
    return out


def _advance_wars(state: GameState, civ: str, ev: list[Any]) -> None:
    from engine.data.costs import GROUND_UNITS
    from engine.events import Passed
    from engine.rules.military import _maybe_conquest, _start_province
    from engine.rules.order import finish_turn
    m = state.military
    ground: dict[str, list[Unit]] = {}
    for u in state.units:
        if u.kind in GROUND_UNITS:
            ground.setdefault(u.area, []).append(u)
    for pr in board.PROVINCES:
        here = ground.get(pr)
        if here and any(u.owner == civ and not u.fought for u in here) and \
                len({u.owner for u in here}) > 1:
            _start_province(state, civ, pr)
            return
    for pr in m.wars_at_start:
        if ground_owners(state, pr) == [civ]:
            _maybe_conquest(state, civ, pr)
            if m.conquest:
                return
    ev.append(Passed(civ=civ, phase="military"))  # the log says whose turn is over
    finish_turn(state)
    m.step = "done"
    m.conquered = []


def _view(state: GameState, seat: int | None) -> Any:
    from msgspec.structs import replace

    from engine.view import View
    civ = state.players[seat].civ if seat is not None else None
    t = state.trade
    offers = t.offers if t.revealed else {c: (o if c == civ else []) for c, o in t.offers.items()}
    trade = replace(t, offers=offers,
                    acquired={c: (a if c == civ else []) for c, a in t.acquired.items()})
    v = replace(state,
                players=[p if p.civ == civ else replace(p, hand={}) for p in state.players],
                trade=trade, set_aside=[], config=replace(state.config, seed=0), rng=0,
                forced_dice=[])
    return View(seat=seat, civ=civ, state=v,
                hand_sizes={p.civ: sum(p.hand.values()) for p in state.players},
                offer_sizes={c: len(o) for c, o in t.offers.items()},
                acquired_sizes={c: len(a) for c, a in t.acquired.items()},
                set_aside=len(state.set_aside))


# --- the rules' shortcuts -------------------------------------------------------------------
def test_the_end_of_a_ground_step_and_a_view_as_the_long_way() -> None:
    """The first province to fight in at the end of a ground step is found from the areas
    holding ground units, not from every province; a view shares the trade and the players
    with nothing to hide: the same outcomes."""
    from engine.rules.military import _advance_wars as fast
    from engine.view import shared_view
    ends = 0
    for state in _positions(seeds=(36,), steps=1500):
        for seat in [None, *range(len(state.players))]:
            assert msgspec.json.encode(shared_view(state, seat)) == \
                msgspec.json.encode(_view(state, seat))
        if state.phase != "military":
            continue
        for civ in player_civs(state):
            a, b = game.clone(state), game.clone(state)
            ev_a: list[Any] = []
            ev_b: list[Any] = []
            fast(a, civ, ev_a)
            _advance_wars(b, civ, ev_b)
            assert game.encode_state(a) == game.encode_state(b)
            assert msgspec.json.encode(ev_a) == msgspec.json.encode(ev_b)
            ends += a.military.battle_area != ""
    assert ends > 0


def test_construction_lists_the_items_the_long_way_does() -> None:
    """Kinds dearer than any set of the player's are not made candidates, and the building
    site is weighed once per province while listing: the same items at the same costs."""
    seen = 0
    for state in _positions(seeds=(34, 35), steps=1500):
        if state.phase != "construction":
            continue
        for civ in player_civs(state):
            seen += len(priced_as_the_long_way(state, civ))
    assert seen > 1000


def priced_as_the_long_way(state: GameState, civ: str) -> list[tuple[Any, int]]:
    """Asserts that civ's priced items are the long way's (`_priced`), the state read or
    not; returns them."""
    from engine.rules.construction import priced_items
    long_way = _priced(state, civ)
    assert priced_items(state, civ) == long_way
    r = reading.begin(state)
    try:
        assert priced_items(state, civ) == long_way
    finally:
        reading.end(r)
    return long_way


def test_the_rules_shortcuts_answer_as_the_long_way() -> None:
    moves = battles = 0
    for state in _positions():
        before = game.encode_state(state)
        civs = player_civs(state)
        assert provinces_at_war(state) == [pr for pr in board.PROVINCES if at_war(state, pr)]
        for role in ROLES:
            assert roles.scores(state, role) == _scores(state, role)
        for civ in civs:
            assert building_counts(state, civ) == building_counts_one_by_one(state, civ)
            assert every_building_count(state).get(civ, building_counts_one_by_one(state, civ)) == \
                building_counts_one_by_one(state, civ)
            assert naval_battles_listed(state, civ) == _naval(state, civ)
            battles += len(_naval(state, civ))
            fast = ground_listing.legal_moves(state, civ)
            assert fast == _moves(state, civ)
            r = reading.begin(state)  # and as the listing reads it (engine/rules/reading.py)
            try:
                assert ground_listing.legal_moves(state, civ) == fast
            finally:
                reading.end(r)
            moves += len(fast)
        assert game.encode_state(state) == before
    assert moves > 10_000 and battles > 0


def test_the_straits_looked_up_from_either_end() -> None:
    for area in [*board.PROVINCES, *board.SEAS, "nowhere"]:
        assert strait_partners(area) == [
            st.b if st.a == area else st.a for st in board.STRAITS.values()
            if area in (st.a, st.b)]


def test_convoy_extra_seas_and_ground_owners_unchanged_by_reading() -> None:
    """The reading memo answers the straits question as the hook does (land steps)."""
    from engine.rules.geography import land_steps
    for state in _positions(seeds=(33,), steps=600):
        for civ in player_civs(state):
            plain = {pr: land_steps(state, civ, pr) for pr in board.PROVINCES}
            r = reading.begin(state)
            try:
                assert {pr: land_steps(state, civ, pr) for pr in board.PROVINCES} == plain
                assert convoy_extra_seas(state, civ) == convoy_extra_seas(state, civ)
                assert [ground_owners(state, pr) for pr in board.PROVINCES] == [
                    ground_owners(state, pr) for pr in board.PROVINCES]
            finally:
                reading.end(r)


# --- the match's listed decisions -----------------------------------------------------------
def _containers(obj: Any, into: set[int]) -> None:
    """The ids of every list, dict and Struct inside obj."""
    if isinstance(obj, msgspec.Struct):
        into.add(id(obj))
        for f in obj.__struct_fields__:
            _containers(getattr(obj, f), into)
    elif isinstance(obj, (list, dict)):
        into.add(id(obj))
        for v in (obj.values() if isinstance(obj, dict) else obj):
            _containers(v, into)


@pytest.mark.parametrize(("levels", "seed"), [(["random"] * 4, 41), (["greedy"] * 4, 42),
                                              (["easy", "random", "greedy", "normal"], 43)])
def test_a_listed_decision_plays_as_the_long_way(levels: list[str], seed: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer player's decision that is the very action the engine listed is played
    without its form check and snapshot: the same states as `act`'s long way (a replay
    feeds every action through it), and the state keeps no part of the action (the rules
    got the action itself, not the form check's clean copy)."""
    fast_ones = 0
    real = game._play_listed

    def spy(state: GameState, action: Any) -> Any:
        nonlocal fast_ones
        fast_ones += 1
        return real(state, action)

    monkeypatch.setattr(game, "_play_listed", spy)
    match = Match.new(Config(civs=CIVS, seed=seed), levels, bot_secret=b"shortcuts")
    replay = replay_match(match.record)
    for _ in range(700):
        steps = match.play_bots(1)
        if not steps:
            break
        step = steps[0]
        parts: set[int] = set()
        _containers(step.action, parts)
        held: set[int] = set()
        _containers(match.state, held)
        assert not parts & held, step.action
        replay.act(step.seat, msgspec.json.decode(msgspec.json.encode(step.action),
                                                  type=type(step.action)))
        assert game.encode_state(replay.state) == game.encode_state(match.state)
    assert fast_ones > 300
    assert replay.record.hashes == match.record.hashes


def test_a_listed_decision_the_rules_refuse_leaves_the_state_as_it_was(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Should the rules ever refuse what they listed (a fault of the engine), the match
    puts its state back from its record and refuses the decision."""
    match = Match.new(Config(civs=CIVS, seed=51), ["random"] * 4, bot_secret=b"shortcuts")
    match.play_bots(120)
    before = game.encode_state(match.state)
    hashes = dict(match.record.hashes)
    real = game.advance
    faults = []

    def broken(state: GameState, ev: Any) -> None:
        if faults:  # once: the replay that puts the state back goes the rules' way
            real(state, ev)
            return
        faults.append(state.turn)
        state.turn += 7
        state.units.clear()
        raise RuntimeError("a fault of the engine")

    monkeypatch.setattr(game, "advance", broken)
    seat = match.pending_seat()
    assert seat is not None
    action = match.bot_action()
    with pytest.raises(IllegalAction):
        match.act(seat, action, version=match.version)
    assert game.encode_state(match.state) == before
    assert match.record.hashes == hashes and faults
    assert match.play_bots(50)  # and the game goes on


def test_only_the_listed_object_at_its_version_and_seat_skips_the_checks() -> None:
    match = Match.new(Config(civs=CIVS, seed=52), ["random"] * 4, bot_secret=b"shortcuts")
    match.play_bots(30)
    seat = match.pending_seat()
    assert seat is not None
    action = match.bot_action()
    with pytest.raises(IllegalAction, match="not seat"):
        match.act((seat + 1) % 4, action)
    action = match.bot_action()
    with pytest.raises(IllegalAction, match="moved on"):
        match.act(seat, action, version=match.version - 1)
    twin = msgspec.json.decode(msgspec.json.encode(action), type=type(action))
    match.bot_action()
    assert match.act(seat, twin).action is twin  # an equal copy: the long way, same result


def test_a_read_state_lists_its_actions_once() -> None:
    """While a state is being read, `legal_actions` answers from the first listing: the
    same actions, in a list of the caller's own."""
    state, _ = game.new_game(Config(civs=CIVS, seed=53))
    plain = game.legal_actions(state)
    r = reading.begin(state)
    try:
        first = game.legal_actions(state)
        second = game.legal_actions(state)
        assert first == second == plain and first is not second
        assert all(a is b for a, b in zip(first, second, strict=True))
        assert game.listed(state, first[0]) and not game.listed(state, plain[0])
    finally:
        reading.end(r)
    assert not game.listed(state, first[0])


def test_a_role_bonus_is_its_holders_alone() -> None:
    """`role_bonus` asks only the cards and gods a player holds: every other card's bonus
    is 0 to him, whoever holds it and whatever role a god's holder named; and the sum is
    the long way's in every position of random games."""
    from engine.powers import athena
    from engine.rules.hooks import CARDS, _each, declares
    from engine.rules.hooks import role_bonus as bonus
    with_bonus = [c for c, m in CARDS.items() if declares(m, "role_bonus")]
    assert len(with_bonus) >= 5
    state, _ = game.new_game(Config(civs=CIVS, seed=61))
    holder = state.players[0]
    for card in with_bonus:
        if card in state.gods:
            state.gods[card] = holder.civ
        else:
            holder.cards.append(card)
    for role in ROLES:
        for p in state.players:
            state.power_choices[athena._key(p.civ)] = role
        for p in state.players[1:]:
            for card in with_bonus:
                if card not in p.cards:
                    assert CARDS[card].role_bonus(state, p.civ, role) == 0, (card, role)
        assert bonus(state, holder.civ, role) == sum(
            f(state, holder.civ, role) for f in _each("role_bonus"))
    assert all(bonus(state, holder.civ, r) for r in ROLES)
    for s in _positions(seeds=(37,), steps=800):
        for civ in player_civs(s):
            for role in ROLES:
                assert bonus(s, civ, role) == sum(f(s, civ, role) for f in _each("role_bonus"))


def test_no_reduction_takes_off_more_than_the_most_construction_allows() -> None:
    """Construction leaves out the candidates dearer than a player's best set by more than
    `MAX_REDUCTION`: no card's reduction of any item may be larger, for its holder in any
    province (the card's own test of who may use it is the holder's, see above)."""
    from engine.rules.hooks import MAX_REDUCTION
    found = 0
    for card, it, r in every_reduction():
        if r:
            found += 1
            assert r[0] <= MAX_REDUCTION, (card, it, r)
    assert found > 100


def every_reduction() -> Iterator[tuple[str, Any, tuple[int, str] | None]]:
    """(card, item, its reduction) of every card with a reduction and every item of every
    kind in every province (and every card to acquire), for a holder of all those cards
    who has just influenced every province, holding none of them and then all of them."""
    from engine.actions import Item
    from engine.data.cards import ALL_CARDS
    from engine.rules.hooks import CARDS, declares
    with_reduction = [c for c, m in CARDS.items() if declares(m, "reduction")]
    state, _ = game.new_game(Config(civs=CIVS, seed=62))
    holder = state.players[1]
    holder.cards += with_reduction
    state.construction.new_influence = list(board.PROVINCES)
    kinds = ("influence", "city", "caravan", "temple", "market", "legion", "trireme",
             "fortress", "creature")
    items = [Item(kind=k, province=pr) for pr in board.PROVINCES for k in kinds]
    items += [Item(kind="card", card=c) for c in ALL_CARDS]
    for owned in (False, True):
        for pr in board.PROVINCES:
            state.provinces[pr].influence = holder.civ if owned else None
        for it in items:
            for card in with_reduction:
                yield card, it, CARDS[card].reduction(state, holder.civ, it)


def test_ground_moves_are_the_long_way() -> None:
    """Military Phase, A) Movement, 3: in every ground step of matches between random,
    greedy and mixed players, the listing (moves of each place worked out once, joint
    moves only where two places reach one province) is the long way's, move for move."""
    listed = 0
    for seed, seats in ((41, ["random"] * 4), (42, ["greedy"] * 4),
                        (43, ["random", "greedy", "easy", "random"])):
        m = Match.new(Config(civs=CIVS, seed=seed), seats, bot_secret=b"moves")
        while m.state.turn <= 40 and m.pending_seat() is not None:
            state = m.state
            prompt = state.prompt
            if prompt is not None and type(prompt).__name__ == "GroundTurn":
                fast = ground_listing.legal_moves(state, prompt.civ)
                assert fast == _moves(state, prompt.civ)
                listed += len(fast)
            m.play_bots(limit=1)
    assert listed > 4000


# --- reaction windows ask only the holders of cards that may answer them -------------------
WINDOWS = ("phase_start", "move_declared", "before_battle", "after_dice")


def test_every_active_power_says_its_windows() -> None:
    from engine.rules.hooks import CARDS
    from engine.rules.windows import ANY_WINDOW, answering
    for card, m in CARDS.items():
        if callable(getattr(m, "uses", None)):
            assert isinstance(m.WINDOWS, tuple), card
            for w in WINDOWS:
                assert (card in answering(w)) == (w in m.WINDOWS or ANY_WINDOW in m.WINDOWS)


def test_a_power_lists_nothing_outside_its_windows() -> None:
    """Given to each player in turn (a god to hold face up, a hero or wonder in his cards),
    every card's `uses` lists nothing in a window its module leaves out (so its holder
    need not be asked there), in the positions of random games and the phase saves; and
    the players a window asks are those who have a power to use in it, as when every
    player was asked."""
    from engine.data.cards import ALL_CARDS
    from engine.rules.hooks import CARDS, active_powers
    from engine.rules.windows import ANY_WINDOW, could_answer, has_use
    outside = [(card, m, w) for card, m in CARDS.items() if callable(getattr(m, "uses", None))
               for w in WINDOWS if w not in m.WINDOWS and ANY_WINDOW not in m.WINDOWS]
    asked = 0
    for n, state in enumerate(_positions(seeds=(37,), steps=1200)):
        civs = player_civs(state)
        for w in WINDOWS:
            maybe = could_answer(state, w)
            fast = [c for c in civs if has_use(state, c, w, maybe)]
            assert fast == [c for c in civs if active_powers(state, c, w)]
            asked += len(fast)
        if n % 3:
            continue  # the cards given: every third position
        for civ in civs:
            given = game.clone(state)
            for card, kind in ((c, ALL_CARDS[c].kind) for c in CARDS if c in ALL_CARDS):
                if kind == "god":
                    given.gods[card] = civ
                elif kind != "creature":
                    p = player(given, civ)
                    if card not in p.cards:
                        p.cards.append(card)
            for card, m, w in outside:
                assert m.uses(given, civ, w) == [], (card, w)
    assert asked > 0


def test_joint_choices_as_the_long_way() -> None:
    """The choices of units from several places (a joint move) drawn with the places as
    bits are the choices of `compositions` that draw from two places or more, in order."""
    rng = Rng(5)
    for _ in range(400):
        units = [Unit(id=rng.below(60), owner="rome", kind=("legion", "creature")[rng.below(2)],
                      area=("latium", "etruria", "campania")[rng.below(3)],
                      post=("", "city")[rng.below(2)]) for _ in range(rng.below(9))]
        units = list({u.id: u for u in units}.values())
        long_way = [c for c in unit_choices.compositions(units) if len({u.area for u in c}) > 1]
        assert from_several_places(units) == long_way
