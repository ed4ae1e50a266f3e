"""Replaying game records (`engine.record`): each action played again through a match
(`engine.match`), step by step, with the recorded hashes checked (`verify`) and, for the
replay viewer, any step rebuilt on demand (`Replay`).

    result = verify(rec)                          # replay it and compare the hashes
    result.ok, result.message
    for step in replay(rec): ...                  # each action with its events and state
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .actions import Action
from .errors import IllegalAction
from .events import Event
from .game import decode_state, encode_state, state_hash
from .match import replay_match
from .record import ENGINE_FAILURE, GameRecord, action_text
from .render import civ, phase_name
from .state import Config, GameState


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
        i = max(0, min(self.last, i))
        if i == self.last:
            return decode_state(self._last)
        base = max(k for k in self._checkpoints if k <= i)
        match = replay_match(self.record, decode_state(self._checkpoints[base]))
        for action in self.actions[base:i]:
            seat = match.pending_seat()
            match.act(seat if seat is not None else -1, action)
        return match.state
