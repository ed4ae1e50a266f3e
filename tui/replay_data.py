"""A game record replayed through the engine, for the replay viewer: the state after any
number of actions, the events of each step, where the turns begin.

Step 0 is the game as set up; step i is the game after its first i actions. States are kept
at checkpoints (every `every` steps) and rebuilt from the nearest one on demand.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import game
from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.state import Config, GameState


@dataclass
class Step:
    turn: int
    phase: str
    civ: str | None  # who made the decision that led here (None for step 0)
    events: list[Event]


class ReplayData:
    def __init__(self, config: Config, actions: list[Action],
                 hashes: dict[int, str] | None = None, start: GameState | None = None,
                 every: int = 10) -> None:
        """`hashes`: the state hash after k actions, for the k the record checks;
        `start`: the position the game began from, when it is not `new_game(config)`."""
        self.config = config
        self.actions = list(actions)
        self.hashes = dict(hashes or {})
        self.every = every
        self.error: str | None = None
        self.diverged_at: int | None = None
        if start is not None:
            state, events = game.clone(start), []
        else:
            state, events = game.new_game(config)
        self.steps: list[Step] = [Step(state.turn, state.phase, None, list(events))]
        self._checkpoints: dict[int, bytes] = {0: game.encode_state(state)}
        for i, action in enumerate(self.actions, start=1):
            civ = state.prompt.civ if state.prompt is not None else None
            try:
                ev = game.apply(state, action)
            except IllegalAction as e:
                self.error = f"action {i} is illegal here: {e}"
                self.actions = self.actions[:i - 1]
                break
            self.steps.append(Step(state.turn, state.phase, civ, ev))
            if i % every == 0:
                self._checkpoints[i] = game.encode_state(state)
            h = self.hashes.get(i)
            if h and self.diverged_at is None and h != game.state_hash(state):
                self.diverged_at = i
        self._last = (len(self.steps) - 1, state)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def state_at(self, i: int) -> GameState:
        i = max(0, min(self.last, i))
        if i == self._last[0]:
            return game.clone(self._last[1])
        base = max(k for k in self._checkpoints if k <= i)
        state = game.decode_state(self._checkpoints[base])
        for action in self.actions[base:i]:
            game.apply(state, action)
        return state

    def events_upto(self, i: int) -> list[Event]:
        out: list[Event] = []
        for st in self.steps[:i + 1]:
            out.extend(st.events)
        return out

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
