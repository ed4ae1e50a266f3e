"""Game records: the config, the seed and every action, with state hashes to check a replay
(docs/architecture.md, Records, saves and replays).

    rec = new_record(config)                      # or record_from(start_state)
    events = apply(state, action)
    add_action(rec, action, state_hash(state))    # after every legal action
    result = verify(rec)                          # replay it and compare the hashes
    result.ok, result.message

A record holds the hash of the state after action k (k counted from 1) for every k that is a
multiple of `hash_every`, for k = 0 (the position before the first action) and for the last
action. Replaying is `new_game(config)` (or the recorded start position, for games that began
from a scenario) and then `apply` of each action in turn; the game's dice come from the RNG
kept in the state, so the replay is bit-identical.

This module knows nothing about files: `engine.saves` keeps a record inside every save.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec

from .actions import Action
from .errors import IllegalAction
from .events import Event
from .state import Config, GameState

# The rule named by the IllegalAction of an action the engine fails on (a malformed one).
ENGINE_FAILURE = "malformed action"

HASH_EVERY = 10

_encoder = msgspec.json.Encoder()


class GameRecord(msgspec.Struct, kw_only=True):
    """Everything needed to replay a game."""

    config: Config
    seed: int
    actions: list[Action] = []
    hashes: dict[int, str] = {}  # actions applied -> state_hash after them
    hash_every: int = HASH_EVERY
    start: GameState | None = None  # the position the game began from, if not new_game(config)


def new_record(config: Config, start_hash: str | None = None,
               hash_every: int = HASH_EVERY) -> GameRecord:
    """The record of a game set up by `new_game(config)`; `start_hash` is the hash of the
    state new_game returned (computed when omitted)."""
    if start_hash is None:
        from .game import new_game, state_hash
        start_hash = state_hash(new_game(config)[0])
    return GameRecord(config=config, seed=config.seed, hashes={0: start_hash},
                      hash_every=hash_every)


def record_from(state: GameState, hash_every: int = HASH_EVERY) -> GameRecord:
    """The record of a game that continues from an arbitrary position (a scenario, a
    position edited by hand): the position itself is kept as its start."""
    from .game import clone, state_hash
    return GameRecord(config=state.config, seed=state.config.seed, start=clone(state),
                      hashes={0: state_hash(state)}, hash_every=hash_every)


def add_action(record: GameRecord, action: Action, digest: str) -> None:
    """Append a legal action; `digest` is `state_hash` of the state after it."""
    last = len(record.actions)
    if last and last % record.hash_every and last in record.hashes:
        del record.hashes[last]  # the previous "final" hash is no checkpoint
    record.actions.append(action)
    record.hashes[last + 1] = digest


def truncate(record: GameRecord, n: int) -> GameRecord:
    """The record of its first n actions (with the hashes up to action n)."""
    return msgspec.structs.replace(record, actions=list(record.actions[:n]),
                                   hashes={k: v for k, v in record.hashes.items() if k <= n})


def start_state(record: GameRecord) -> tuple[GameState, list[Event]]:
    """The position before the first action, and the events of the setup."""
    from .game import clone, new_game
    if record.start is not None:
        return clone(record.start), []
    return new_game(record.config)


def _short(obj: Any) -> Any:
    """Builtins of a struct without the fields left at their defaults (the tag first)."""
    if isinstance(obj, msgspec.Struct):
        cfg = obj.__struct_config__
        out: dict[str, Any] = {}
        if cfg.tag_field is not None:
            out[cfg.tag_field] = cfg.tag
        for f in msgspec.structs.fields(obj):
            v = getattr(obj, f.name)
            if f.default is not msgspec.NODEFAULT and v == f.default:
                continue
            if f.default_factory is not msgspec.NODEFAULT and v == f.default_factory():
                continue
            out[f.encode_name] = _short(v)
        return out
    if isinstance(obj, list | tuple):
        return [_short(v) for v in obj]
    if isinstance(obj, dict):
        return {k: _short(v) for k, v in obj.items()}
    return obj


def action_text(action: Action) -> str:
    """An action as compact JSON without its default fields, e.g. {"type":"Announce","n":2}
    (the shape scenario files use)."""
    return _encoder.encode(_short(action)).decode()


# --- replay -------------------------------------------------------------------------------
@dataclass
class Step:
    """One replayed action: its number (from 1), who made it, and what it caused."""

    index: int
    civ: str
    action: Action
    events: list[Event]
    state: GameState  # the live replay state (after the action): copy it to keep it


class ReplayError(Exception):
    """A record that cannot be replayed. `index` is the action's number (0: the setup)."""

    def __init__(self, index: int, message: str, reason: str = "") -> None:
        self.index = index
        self.message = message
        self.reason = reason
        super().__init__(message)


def _describe(index: int, action: Action, civ: str | None) -> str:
    who = f" by {civ}" if civ else ""
    return f"action {index}{who} {action_text(action)}"


def replay(record: GameRecord, stop: int | None = None,
           on_start: Callable[[GameState, list[Event]], None] | None = None) -> Iterator[Step]:
    """Replay the record's actions (the first `stop` of them), yielding each step: a match
    (engine.match) fed the record's actions.

    Raises ReplayError at the first action the engine refuses (with the engine's reason) or
    fails on. Hashes are not checked here: see verify()."""
    from .match import replay_match  # engine.match builds on this module
    try:
        match = replay_match(record)
    except IllegalAction as e:
        raise ReplayError(0, f"the game cannot be set up: {e}", str(e)) from None
    except Exception as e:  # a damaged config: never a traceback
        raise ReplayError(0, f"the game cannot be set up: {type(e).__name__}: {e}") from None
    if on_start is not None:
        on_start(match.state, match.setup_events)
    actions = record.actions if stop is None else record.actions[:stop]
    for i, action in enumerate(actions, start=1):
        seat = match.pending_seat()
        civ = match.state.prompt.civ if seat is not None and match.state.prompt else None
        try:
            step = match.act(seat if seat is not None else -1, action)
        except IllegalAction as e:
            if e.rule == ENGINE_FAILURE:
                raise ReplayError(i, f"{_describe(i, action, civ)} makes the engine fail: "
                                  f"{e.reason}") from None
            raise ReplayError(i, f"{_describe(i, action, civ)} is illegal: {e}",
                              str(e)) from None
        yield Step(index=i, civ=civ or "", action=action, events=step.events,
                   state=match.state)


@dataclass
class Verdict:
    ok: bool
    message: str
    actions: int = 0  # actions replayed
    checked: int = 0  # hashes compared
    first_bad: int | None = None  # the first action whose hash (or legality) fails
    last_good: int | None = None  # the last checkpoint that matched
    final: GameState | None = None
    events: list[Event] = field(default_factory=list)


def verify(record: GameRecord, final_hash: str | None = None,
           keep_events: bool = False) -> Verdict:
    """Replay the record and compare its hashes.

    Names the first action after which the state differs from the record (with hashes
    every N actions the difference arose in the actions since the last match), or the first
    illegal action with the engine's reason. `final_hash`, if given, is the hash of a saved
    state the replay must end on."""
    from .game import state_hash
    checked = 0
    last_good: int | None = None
    events: list[Event] = []
    state: GameState | None = None

    class _Diverged(Exception):
        pass

    def check(k: int, st: GameState) -> None:
        nonlocal checked, last_good
        want = record.hashes.get(k)
        if want is None:
            return
        checked += 1
        if state_hash(st) == want:
            last_good = k
            return
        if k == 0:
            msg = "the game does not start as recorded: the setup gives a different position"
        else:
            since = ""
            if last_good is not None and last_good < k - 1:
                since = (f" (last match after action {last_good}: the difference arose in "
                         f"actions {last_good + 1}-{k})")
            msg = f"diverges at action {k}: the state after it differs from the record{since}"
        raise _Diverged(msg, k)

    def on_start(st: GameState, ev: list[Event]) -> None:
        nonlocal state
        state = st
        if keep_events:
            events.extend(ev)
        check(0, st)

    def verdict(ok: bool, msg: str, actions: int, first_bad: int | None = None) -> Verdict:
        return Verdict(ok, msg, actions=actions, checked=checked, first_bad=first_bad,
                       last_good=last_good, final=state, events=events)

    try:
        for step in replay(record, on_start=on_start):
            state = step.state
            if keep_events:
                events.extend(step.events)
            check(step.index, step.state)
    except _Diverged as e:
        msg, k = e.args
        return verdict(False, msg, k, k)
    except ReplayError as e:
        return verdict(False, e.message, max(e.index - 1, 0), e.index)
    assert state is not None
    n = len(record.actions)
    if final_hash is not None and state_hash(state) != final_hash:
        return verdict(False, "the replay ends on a different position from the saved game "
                       f"(after action {n})", n, n)
    from .render import civ, phase_name
    if state.phase == "over":
        end = f"the game is over: {civ(state.winner)} won ({state.win_reason})"
    else:
        end = f"now turn {state.turn}, the {phase_name(state.phase)} phase"
    return verdict(True, f"OK: {n} actions replayed, {checked} hashes match; {end}", n)


# --- the replay viewer's index --------------------------------------------------------------
@dataclass
class Moment:
    """Where a replay stands after a step: turn and phase, who made the decision that led
    here (None for step 0, the setup) and the events it caused."""

    turn: int
    phase: str
    civ: str | None
    events: list[Event]


class Steps:
    """What a replay viewer moves along: the moments of a game, step 0 the setup, with its
    turns (a record replayed here, or frames a game server sent)."""

    steps: list[Moment]

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def turn_starts(self) -> dict[int, int]:
        """Turn -> the first step of that turn."""
        out: dict[int, int] = {}
        for i, st in enumerate(self.steps):
            out.setdefault(st.turn, i)
        return out

    def step_of_turn(self, turn: int) -> int:
        starts = self.turn_starts()
        if turn in starts:
            return starts[turn]
        later = [t for t in starts if t >= turn]
        return starts[min(later)] if later else self.last


class Replay(Steps):
    """A record replayed once, for stepping through it forward and back: step 0 is the game
    as set up, step i the game after its first i actions. States are kept at checkpoints
    (every `every` steps) and rebuilt from the nearest one on demand.

    A record that stops replaying is kept up to its last good action (`error` says why);
    `diverged_at` is the first action whose recorded hash differs."""

    def __init__(self, record: GameRecord, every: int = 10) -> None:
        from .game import encode_state, state_hash
        self.record = record
        self.every = every
        self.error: str | None = None
        self.diverged_at: int | None = None
        self.steps: list[Moment] = []
        self._checkpoints: dict[int, bytes] = {}
        state: GameState | None = None

        def on_start(st: GameState, ev: list[Event]) -> None:
            nonlocal state
            state = st
            self.steps.append(Moment(st.turn, st.phase, None, list(ev)))
            self._checkpoints[0] = encode_state(st)

        try:
            for step in replay(record, on_start=on_start):
                state = step.state
                self.steps.append(Moment(state.turn, state.phase, step.civ or None,
                                         step.events))
                if step.index % every == 0:
                    self._checkpoints[step.index] = encode_state(state)
                want = record.hashes.get(step.index)
                if want and self.diverged_at is None and want != state_hash(state):
                    self.diverged_at = step.index
        except ReplayError as e:
            self.error = e.message
            if state is None:
                raise
        assert state is not None
        self.actions = list(record.actions[:self.last])
        self._last = encode_state(state)

    @property
    def config(self) -> Config:
        return self.record.config

    def state_at(self, i: int) -> GameState:
        from .game import decode_state
        from .match import replay_match
        i = max(0, min(self.last, i))
        if i == self.last:
            return decode_state(self._last)
        base = max(k for k in self._checkpoints if k <= i)
        match = replay_match(self.record, decode_state(self._checkpoints[base]))
        for action in self.actions[base:i]:
            seat = match.pending_seat()
            match.act(seat if seat is not None else -1, action)
        return match.state
