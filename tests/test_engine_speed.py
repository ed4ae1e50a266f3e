"""The shortcuts the engine takes for speed answer exactly as the long way would."""

from __future__ import annotations

from engine.actions import Item
from engine.data import board
from engine.data.cards import ALL_CARDS
from engine.game import new_game
from engine.match import HUMAN, REMOTE, Match, replay_match
from engine.rules.hooks import CARDS, _best, base_cost, cost, costs, declares, reducers
from engine.state import Config


def _every_item() -> list[Item]:
    kinds = ("influence", "city", "caravan", "temple", "market", "legion", "trireme",
             "fortress", "creature")
    items = [Item(kind=k, province=pr) for pr in board.PROVINCES for k in kinds]
    return items + [Item(kind="card", card=c) for c in ALL_CARDS]


def test_a_reduction_is_its_holders_alone() -> None:
    """`reducers` asks only the held cards: every other card's reduction must be None."""
    state, _ = new_game(Config(civs=["rome", "greece", "egypt"], seed=3))
    with_reduction = [c for c, m in CARDS.items() if declares(m, "reduction")]
    assert len(with_reduction) >= 5
    holder = state.players[0]
    holder.cards += with_reduction
    state.construction.new_influence = list(board.PROVINCES)
    for pr in board.PROVINCES:
        state.provinces[pr].influence = "greece"
    own = state.players[1].cards  # greece's own hero may be one of them
    for item in _every_item():
        for card in with_reduction:
            if card not in own:
                assert CARDS[card].reduction(state, "greece", item) is None, (card, item)
    assert reducers(state, "greece") == tuple(
        CARDS[c].reduction for c in with_reduction if c in own)
    assert len(reducers(state, "rome")) == len(with_reduction)


def test_costs_of_many_items_are_each_items_cost() -> None:
    state, _ = new_game(Config(civs=["rome", "greece", "egypt"], seed=3))
    state.players[1].cards += [c for c, m in CARDS.items() if declares(m, "reduction")]
    state.construction.new_influence = list(board.PROVINCES)
    for pr in list(board.PROVINCES)[::2]:
        state.provinces[pr].influence = "greece"
    items = _every_item()
    for civ in ("rome", "greece"):
        assert costs(state, civ, items) == [cost(state, civ, it) for it in items]
        assert [base_cost(state, it) - _best(state, civ, it)[0] for it in items] == \
            costs(state, civ, items)


def test_listing_with_the_index_lists_as_without_and_changes_nothing() -> None:
    """`legal_actions` reads the state through engine.rules.reading: the same actions as
    the rules give without the index, and the state is left byte for byte as it was."""
    from engine.game import apply, encode_state, legal_actions
    from engine.rng import Rng
    from engine.rules.registry import LEGAL
    for seed in (5, 6):
        state, _ = new_game(Config(civs=["rome", "greece", "egypt", "carthage"], seed=seed))
        rng = Rng(seed)
        for _ in range(1500):
            if state.prompt is None or state.phase == "over":
                break
            before = encode_state(state)
            acts = legal_actions(state)
            assert encode_state(state) == before
            assert acts == LEGAL[type(state.prompt)](state, state.prompt)
            apply(state, acts[rng.below(len(acts))])


def _played(levels: list[str], seed: int, decisions: int):  # type: ignore[no-untyped-def]
    """A match of computer players, each step's events encoded as they came."""
    import msgspec

    from engine.match import Match
    match = Match.new(Config(civs=["rome", "greece", "egypt", "carthage", "babylon"],
                             seed=seed), levels, bot_secret=b"speed")
    steps = []
    for _ in range(decisions):
        got = match.play_bots(1)
        if not got:
            break
        steps.append((got[0], msgspec.json.encode(got[0].events)))
    return match, steps


def test_events_keep_what_they_said_when_the_state_changes_in_place() -> None:
    """The match changes its state in place (engine.game._play_in_place): no event may hold a part of
    the state, or it would change with it."""
    import msgspec
    for levels, seed in ((["random"] * 5, 11), (["greedy"] * 5, 12)):
        match, steps = _played(levels, seed, 2500)
        assert len(steps) > 300
        for step, then in steps:
            assert msgspec.json.encode(step.events) == then, step.version


def test_a_view_is_a_snapshot_and_a_refusal_changes_nothing() -> None:
    from engine.actions import Take
    from engine.game import encode_state
    from engine.match import HUMAN
    match, _ = _played(["random"] * 5, 13, 200)
    seat = match.pending_seat()
    assert seat is not None
    match.seats[seat] = HUMAN
    seen = [match.view(s) for s in range(5)]
    before_views = [encode_state(v.state) for v in seen]
    before = encode_state(match.state)
    import pytest

    from engine.errors import IllegalAction
    with pytest.raises(IllegalAction):
        match.act(seat, Take(source="nobody", card="wine"))
    assert encode_state(match.state) == before
    match.seats[seat] = "random"
    match.play_bots(40)
    assert [encode_state(v.state) for v in seen] == before_views


def test_active_powers_ask_only_the_cards_a_player_has_a_stake_in() -> None:
    """`active_powers` skips the heroes, wonders and gods a player does not hold: the same
    actions as asking every card, in every position of the phase saves and of random games,
    for every player and window."""
    from pathlib import Path

    from engine.game import apply, legal_actions
    from engine.rng import Rng
    from engine.rules.hooks import _each, active_powers
    from engine.saves import load_save
    windows = ["", "phase_start", "move_declared", "before_battle", "after_dice"]
    phases = Path(__file__).parent.parent / "saves" / "phases"
    states = [load_save(p).state for p in sorted(phases.glob("*.json"))]
    state, _ = new_game(Config(civs=["rome", "greece", "egypt", "carthage"], seed=21))
    rng = Rng(21)
    for i in range(1200):
        if state.prompt is None or state.phase == "over":
            break
        if i % 7 == 0:
            states.append(state)
            state = _copy(state)
        acts = legal_actions(state)
        apply(state, acts[rng.below(len(acts))])
    for s in states:
        for p in s.players:
            for w in windows:
                every = [a for f in _each("uses") for a in f(s, p.civ, w)]
                assert active_powers(s, p.civ, w) == every


def _copy(state):  # type: ignore[no-untyped-def]
    from engine.game import clone
    return clone(state)


def test_a_record_of_computer_players_holds_every_hash_when_read() -> None:
    """After a computer player's action the match hashes the state only when the record is
    read: the record reads exactly as if every hash had been computed at once."""
    from engine.game import state_hash
    from engine.match import Match
    from engine.replay import verify

    match = Match.new(Config(civs=["rome", "greece", "egypt"], seed=31), ["random"] * 3,
                      bot_secret=b"speed")
    match.play_bots(137)
    rec = match.record
    assert sorted(rec.hashes) == [*range(0, 137, 10), 137]
    assert rec.hashes[137] == state_hash(match.state)
    assert verify(rec, final_hash=state_hash(match.state)).ok

    class Reader:
        def on_step(self, m: Match, step: object) -> None:
            assert m.record.hashes[m.version] == state_hash(m.state)
            seen.append(m.version)

    seen: list[int] = []
    match.add_observer(Reader())
    match.play_bots(25)
    assert seen == list(range(138, 163))
    assert sorted(match.record.hashes) == [*range(0, 161, 10), 162]


def test_checkpoints_owed_by_computer_players_read_as_if_hashed_at_once() -> None:
    """The checkpoints a computer player passes are hashed when the record is read; a
    person deciding in between (a player over the network, who may also take back), or one
    at this keyboard, leaves the same record, its hashes in order, as a replay that hashes
    every position at once."""
    for person, undo_kinds in ((REMOTE, (HUMAN,)), (REMOTE, (HUMAN, REMOTE)), (HUMAN, (HUMAN,))):
        match = Match.new(Config(civs=["rome", "greece", "egypt"], seed=41),
                          ["random", person, "random"], bot_secret=b"owed")
        match.undo_kinds = undo_kinds  # a game server lets remote players take back
        _owed_checkpoints(match)


def _owed_checkpoints(match: Match) -> None:
    took_back = False
    while match.version < 160:
        match.play_bots()
        seat = match.pending_seat()
        if seat is None:
            break
        action = match.legal()[-1]
        match.act(seat, action, match.version)
        if not took_back and match.version > 40 and match.can_undo(seat):
            match.undo(seat)  # the record drops the decision, keeps what was owed before it
            took_back = True
            match.act(seat, action, match.version)
    assert took_back == (match.seats[1] in match.undo_kinds)
    rec = match.record
    again = replay_match(rec)  # remote seats: every position hashed at once
    for action in rec.actions:
        again.act(again.pending_seat(), action, again.version)
    assert list(again.record.hashes.items()) == list(rec.hashes.items())
    assert [k for k in rec.hashes if k % 10] == [len(rec.actions)]


def test_a_game_between_computers_no_one_reads_encodes_no_position(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The checkpoints computer players pass cost nothing until the record is read: no
    position is encoded for its hash meanwhile. Read, the record holds the hashes a replay
    that hashes every position at once gives."""
    import engine.game

    encoded = 0
    real = engine.game.encode_state

    def counting(state):  # type: ignore[no-untyped-def]
        nonlocal encoded
        encoded += 1
        return real(state)

    monkeypatch.setattr(engine.game, "encode_state", counting)
    match = Match.new(Config(civs=["rome", "greece", "egypt"], seed=43), ["random"] * 3,
                      bot_secret=b"bound")
    match.play_bots(95)
    assert encoded == 0
    again = replay_match(match.record)
    for action in match.record.actions:
        again.act(again.pending_seat(), action, again.version)
    assert list(again.record.hashes.items()) == list(match.record.hashes.items())
    assert sorted(match.record.hashes) == [*range(0, 91, 10), 95]


def test_checkpoints_a_replay_cannot_vouch_for_are_left_unhashed() -> None:
    """Were the match's position not the one its record's actions lead to (a fault of the
    engine), reading the record writes no hash for the checkpoints owed: a wrong hash
    would make a sound record look broken. The final hash is the position's own."""
    from engine.game import state_hash

    match = Match.new(Config(civs=["rome", "greece", "egypt"], seed=47), ["random"] * 3,
                      bot_secret=b"fault")
    match.play_bots(25)
    match.state.players[0].cards.append("pyramids")  # not through an action: no replay gets it
    rec = match.record
    assert sorted(rec.hashes) == [0, 25]
    assert rec.hashes[25] == state_hash(match.state)


def _cycle(root: object) -> list[str] | None:
    """The path of a reference cycle under `root` (through Structs, lists, dicts, tuples
    and sets), or None: what gc=False on the engine's Structs relies on."""
    import msgspec
    path: list[int] = []
    names: list[str] = []

    def walk(obj: object, name: str) -> list[str] | None:
        if isinstance(obj, (str, int, float, bool, bytes)) or obj is None:
            return None
        if id(obj) in path:
            return [*names, name]
        path.append(id(obj))
        names.append(name)
        if isinstance(obj, msgspec.Struct):
            parts = [(f, getattr(obj, f)) for f in obj.__struct_fields__]
        elif isinstance(obj, dict):
            parts = [(repr(k), v) for k, v in obj.items()]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            parts = [(str(i), v) for i, v in enumerate(obj)]
        else:
            parts = []
        for f, v in parts:
            found = walk(v, f)
            if found:
                return found
        path.pop()
        names.pop()
        return None
    return walk(root, "root")


def test_the_engines_data_holds_no_cycle_the_collector_would_have_to_find() -> None:
    """The state, actions, prompts, events and steps are msgspec Structs with gc=False
    (untracked: cheaper to make and free). That is safe only while none of them is part of
    a reference cycle: a whole game between computers, every step of it, has none."""
    import gc

    from engine.actions import Move
    from engine.state import Unit
    assert not gc.is_tracked(Move(units=[1], to="italia"))
    assert not gc.is_tracked(Unit(id=1, owner="rome", kind="legion", area="italia"))
    match = Match.new(Config(civs=["rome", "greece", "egypt", "carthage"], seed=8),
                      ["random"] * 4, bot_secret=b"cycles")
    steps = match.play_bots(3000)
    assert len(steps) > 500
    for root in (match.state, match.record, *steps):
        assert _cycle(root) is None
    looped: list[object] = []
    looped.append(looped)  # the walker finds a cycle when there is one
    assert _cycle([looped]) == ["root", "0", "0"]
