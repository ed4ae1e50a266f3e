"""A game being played on this screen: the state, who sits at each seat (a human, or a
computer player of some level), the actions taken and the events they caused.

The session is the only thing in the TUI that changes the game, and it does so only through
the engine's public API (`engine.game.apply`). Computer players think on a *copy* of the
state (`think`, run in a Textual worker thread by the game screen); the main thread then
`adopt`s their moves, so the live state is never touched from two threads.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from engine import game
from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.prompts import Prompt
from engine.state import Config, GameState

from . import bridge

HUMAN = "human"


def _default_name(state: GameState) -> str:
    return bridge.save_name_for(state.config)


def bot_levels() -> tuple[str, ...]:
    from engine.bots import LEVELS
    return tuple(LEVELS)


def default_bot_level() -> str:
    """The strongest computer player that exists in this engine."""
    levels = bot_levels()
    for level in ("greedy", "random"):
        if level in levels and _bot_available(level):
            return level
    return levels[0] if levels else "random"


def _bot_available(level: str) -> bool:
    from engine.bots import make_bot
    try:
        make_bot(level, 0)
    except Exception:  # noqa: BLE001  (a level whose module is not written yet)
        return False
    return True


def available_bot_levels() -> list[str]:
    return [lv for lv in bot_levels() if _bot_available(lv)]


def make_seat_bot(level: str, seed: int):
    """A computer player; an unknown or not yet written level falls back to random."""
    from engine.bots import make_bot
    try:
        return make_bot(level, seed)
    except Exception:  # noqa: BLE001
        return make_bot("random", seed)


@dataclass
class BotTurn:
    """What computer players did on a copy of the state (see `GameSession.think`)."""

    base_version: int
    state: GameState
    steps: list[tuple[Action, list[Event], str]] = field(default_factory=list)
    error: str | None = None


class GameSession:
    def __init__(self, state: GameState, seats: list[str], *, events: list[Event] | None = None,
                 actions: list[Action] | None = None, record=None, fresh: bool = False,
                 save_name: str | None = None, autosave: bool = True) -> None:
        """`record`: the game's record so far (a save's); else a new one, from the setup
        when the game is `fresh` (just set up), or from this position."""
        if len(seats) != len(state.players):
            raise ValueError(f"{len(state.players)} seats needed, {len(seats)} given")
        self.state = state
        self.seats = list(seats)
        self.events: list[Event] = list(events or [])
        self.record = record if record is not None else bridge.new_record(state, fresh)
        self.actions: list[Action] = list(actions if actions is not None else
                                          bridge.record_actions(self.record))
        self.hashes: list[str] = []  # the hash after each action of this session
        self.save_name = save_name or _default_name(state)
        self.autosave_enabled = autosave
        self.autosave_error: str | None = None
        self.version = 0
        self._bots: dict[int, object] = {}
        self._legal: tuple[int, list[Action]] | None = None

    @classmethod
    def new(cls, config: Config, seats: list[str], **kw) -> GameSession:
        state, events = game.new_game(config)
        return cls(state, seats, events=events, fresh=True, **kw)

    # --- who is who -------------------------------------------------------------------------
    @property
    def config(self) -> Config:
        return self.state.config

    @property
    def over(self) -> bool:
        return self.state.phase == "over" or self.state.prompt is None

    @property
    def prompt(self) -> Prompt | None:
        return self.state.prompt

    def seat_of(self, civ: str | None) -> int | None:
        if civ is None:
            return None
        for p in self.state.players:
            if p.civ == civ:
                return p.seat
        return None

    def civ_of(self, seat: int) -> str:
        return self.state.players[seat].civ

    @property
    def pending_seat(self) -> int | None:
        p = self.state.prompt
        return None if p is None or self.state.phase == "over" else self.seat_of(p.civ)

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == HUMAN

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == HUMAN]

    @property
    def hot_seat(self) -> bool:
        return len(self.human_seats) > 1

    def seat_label(self, seat: int) -> str:
        names = self.config.names
        if seat < len(names) and names[seat]:
            return names[seat]
        if self.seats[seat] == HUMAN:
            return "you" if not self.hot_seat else f"player {seat + 1}"
        return f"computer, {self.seats[seat]}"

    # --- asking the engine ------------------------------------------------------------------
    def legal(self) -> list[Action]:
        """The legal actions now (cached until the state changes). An engine that cannot
        list them yet for this prompt gives an empty list."""
        if self._legal is None or self._legal[0] != self.version:
            try:
                acts = game.legal_actions(self.state)
            except (KeyError, NotImplementedError):
                acts = []
            self._legal = (self.version, acts)
        return self._legal[1]

    def check(self, action: Action) -> IllegalAction | None:
        """None if the engine accepts the action now, else its IllegalAction (reason and
        rule). The live state is not touched."""
        try:
            game.apply(game.clone(self.state), action)
        except IllegalAction as e:
            return e
        except Exception as e:  # noqa: BLE001  (an engine bug must not kill the screen)
            return IllegalAction(f"the engine could not apply this: {e}", "engine error")
        return None

    def view(self, seat: int | None):
        return game.view(self.state, seat)

    # --- changing the game ------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a human decision (IllegalAction if the engine refuses it)."""
        events = game.apply(self.state, action)
        self._record(action, events)
        self._changed()
        return events

    def _record(self, action: Action, events: list[Event],
                digest: str | None = None) -> None:
        digest = digest or game.state_hash(self.state)
        self.actions.append(action)
        self.events.extend(events)
        self.hashes.append(digest)
        bridge.record_add(self.record, action, digest)

    def _changed(self) -> None:
        self.version += 1
        if self.autosave_enabled:
            err = bridge.autosave(self.state, self.record, self.save_name, self.seats)
            if err and not self.autosave_error:
                self.autosave_error = err

    def snapshot(self) -> GameState:
        return game.clone(self.state)

    def think(self, snapshot: GameState, base_version: int, max_steps: int = 1,
              budget: float = 0.1, delay: float = 0.0) -> BotTurn:
        """Let the computer players decide on `snapshot` (a copy) until a human must
        decide, the game ends, `max_steps` moves are made or `budget` seconds pass.
        Safe to run in a worker thread: it touches only the copy and the bots."""
        if delay:
            time.sleep(delay)
        turn = BotTurn(base_version=base_version, state=snapshot)
        start = time.perf_counter()
        while len(turn.steps) < max_steps:
            if snapshot.prompt is None or snapshot.phase == "over":
                break
            seat = next(p.seat for p in snapshot.players if p.civ == snapshot.prompt.civ)
            if self.seats[seat] == HUMAN:
                break
            bot = self._bots.get(seat)
            if bot is None:
                bot = make_seat_bot(self.seats[seat], snapshot.config.seed * 131 + seat)
                self._bots[seat] = bot
            try:
                action = bot.choose(game.view(snapshot, seat))
                events = game.apply(snapshot, action)
            except Exception as e:  # noqa: BLE001
                turn.error = f"{snapshot.players[seat].civ} ({self.seats[seat]}): {e}"
                break
            turn.steps.append((action, events, game.state_hash(snapshot)))
            if time.perf_counter() - start > budget:
                break
        return turn

    def adopt(self, turn: BotTurn) -> list[Event]:
        """Take over the computer players' moves (if the game has not moved meanwhile)."""
        if turn.base_version != self.version or not turn.steps:
            return []
        new_events: list[Event] = []
        self.state = turn.state
        for action, events, digest in turn.steps:
            self._record(action, events, digest)
            new_events.extend(events)
        self._changed()
        return new_events

    def replay_data(self):
        """The game so far, for the replay viewer."""
        from .replay_data import ReplayData
        rec = self.record
        start = getattr(rec, "start", None)
        hashes = getattr(rec, "hashes", None)
        return ReplayData(self.config, list(self.actions),
                          hashes if isinstance(hashes, dict) else None, start)

    def replace_state(self, state: GameState) -> None:
        """Start over from another state (tests, loading)."""
        self.state = state
        self._changed()

    # --- quotes: the numbers a screen shows that are rules -----------------------------------
    def quotes(self, seat: int | None = None) -> game.Quotes:
        """What the engine quotes to this seat (its costs, its hand's sets, the standings)."""
        return game.quotes(self.state, seat)

    def price(self, seat: int, items: list[game.Item]) -> int:
        """What these items cost the seat's player bought together with one set."""
        return game.price(self.state, self.state.players[seat].civ, items)
