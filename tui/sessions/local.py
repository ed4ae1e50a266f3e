"""A game being played on this screen: a match (engine.match: the state, its record and
who sits at each seat, a human or a computer player of some level) and the events shown in
the battle log.

The session is the only thing in the TUI that changes the game, and it does so only through
the match (`Match.act`); the match's record is the game's one history. Computer players
think on a *copy* of the state (`think`, run in a Textual worker thread by the game
screen); the main thread then `adopt`s their moves through the match, so the live state is
never touched from two threads.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine import game
from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.match import Match, Step
from engine.prompts import Prompt
from engine.record import GameRecord
from engine.render import plain
from engine.state import Config, GameState
from engine.view import View

from .. import bridge
from ..status_parts import StatusParts
from .base import ChatEntry, Listener

if TYPE_CHECKING:
    from engine.replay import Replay

HUMAN = "human"


def _default_name(state: GameState) -> str:
    return bridge.save_name_for(state.config)


def bot_levels() -> tuple[str, ...]:
    from engine.bots import LEVELS
    return tuple(LEVELS)


def default_bot_level() -> str:
    """The computer players of a new game unless the player picks others."""
    from engine.bots import DEFAULT_LEVEL
    return DEFAULT_LEVEL


def available_bot_levels() -> list[str]:
    """The computer levels a player picks from (older levels stay playable in saves)."""
    from engine.bots import PICKABLE
    return list(PICKABLE)


def seat_kind(level: str) -> str:
    """A seat's player kind; an unknown level falls back to random."""
    if level == HUMAN or level in bot_levels():
        return level
    return "random"


@dataclass
class BotTurn:
    """What computer players decided on a copy of the state (see `LocalSession.think`)."""

    base_version: int
    state: GameState
    actions: list[Action] = field(default_factory=list)
    error: str | None = None


class LocalSession:
    """The local session (tui.sessions.base.TableSession): the match runs here."""

    runs_bots = True  # the game screen lets computer players think in a worker

    def __init__(self, state: GameState, seats: list[str], *, events: list[Event] | None = None,
                 record: GameRecord | None = None, fresh: bool = False,
                 save_name: str | None = None, autosave: bool = True,
                 bot_secret: bytes | None = None) -> None:
        """`record`: the game's record so far (a save's); else a new one, from the setup
        when the game is `fresh` (just set up), or from this position. `bot_secret` seeds
        the computer players (engine.match; a fresh one when None)."""
        if len(seats) != len(state.players):
            raise ValueError(f"{len(state.players)} seats needed, {len(seats)} given")
        if record is None and fresh:
            from engine.record import new_record
            record = new_record(state.config, game.state_hash(state))
        self.match = Match(state, [seat_kind(s) for s in seats], record=record,
                           bot_secret=bot_secret)
        self.events: list[Event] = list(events or [])
        self.match.add_observer(self)
        self.save_name = save_name or _default_name(state)
        self.autosave_enabled = autosave
        self.autosave_error: str | None = None
        self.chat_lines: list[ChatEntry] = []  # one keyboard: nobody to chat with
        self.event_versions: list[int] = []  # (no chat to place among the events)

    @classmethod
    def new(cls, config: Config, seats: list[str], **kw: Any) -> LocalSession:  # __init__'s
        state, events = game.new_game(config)
        return cls(state, seats, events=events, fresh=True, **kw)

    def on_step(self, match: Match, step: Step) -> None:
        """The match applied a decision: its events go to the battle log."""
        self.events.extend(step.events)

    def on_undo(self, match: Match, step: Step) -> None:
        """The match took a decision back: its events leave the battle log."""
        if step.events:
            del self.events[-len(step.events):]

    # --- taking back --------------------------------------------------------------------------
    def can_undo(self, seat: int | None) -> bool:
        return self.match.can_undo(seat)

    @property
    def undo_refusal(self) -> str:
        """Why there is nothing to take back (the engine's words)."""
        return self.match.undo_refusal

    def undo(self, seat: int) -> Step:
        """Take back the seat's last decision (IllegalAction when not allowed)."""
        step = self.match.undo(seat)
        self._changed()
        return step

    # --- the game -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def record(self) -> GameRecord:
        """The game's history (the match's record)."""
        return self.match.record

    @property
    def actions(self) -> list[Action]:
        return self.match.record.actions

    @property
    def seats(self) -> list[str]:
        """Who plays each seat: "human" or a computer level (the match's seats)."""
        return self.match.seats

    @seats.setter
    def seats(self, kinds: list[str]) -> None:
        """Hand seats over (a computer player takes over, a human comes back)."""
        for seat, kind in enumerate(kinds):
            if kind != self.match.seats[seat]:
                self.match.replace_seat(seat, seat_kind(kind))

    @property
    def version(self) -> int:
        return self.match.version

    # --- who is who -------------------------------------------------------------------------
    @property
    def config(self) -> Config:
        return self.state.config

    @property
    def over(self) -> bool:
        return self.match.over

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
        return self.match.pending_seat()

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
            return plain(names[seat])
        if self.seats[seat] == HUMAN:
            return "you" if not self.hot_seat else f"player {seat + 1}"
        return f"computer, {self.seats[seat]}"

    def status_parts(self, unread: int = 0) -> StatusParts | None:
        """None: the status line says it all from the state (no connections here)."""
        return None

    def chat(self, text: str) -> None:
        pass

    def subscribe(self, listener: Listener | None) -> None:
        """Nothing changes behind the screen's back in local play."""

    # --- asking the engine ------------------------------------------------------------------
    def legal(self) -> list[Action]:
        """The legal actions now (kept until the state changes). An engine that cannot
        list them yet for this prompt gives an empty list."""
        try:
            return self.match.legal()
        except (KeyError, NotImplementedError):
            return []

    def check(self, action: Action) -> IllegalAction | None:
        """None if the engine accepts the action now, else its IllegalAction (reason and
        rule). The live state is not touched."""
        seat = self.pending_seat
        try:
            self.match.check(seat if seat is not None else -1, action)
        except IllegalAction as e:
            return e
        except Exception as e:  # noqa: BLE001  (an engine bug must not kill the screen)
            return IllegalAction(f"the engine could not apply this: {e}", "engine error")
        return None

    def view(self, seat: int | None) -> View:
        return self.match.view(seat)

    # --- changing the game ------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a human decision (IllegalAction if the engine refuses it)."""
        seat = self.pending_seat
        step = self.match.act(seat if seat is not None else -1, action)
        self._changed()
        return step.events

    def pass_empty_steps(self) -> list[Event]:
        """Pass the steps with nothing to do in them that come to a human now (the engine
        says which: engine.match.Match.pass_empty_steps); their events, which say why."""
        steps = self.match.pass_empty_steps()
        if steps:
            self._changed()
        return [e for step in steps for e in step.events]

    def _changed(self) -> None:
        if self.autosave_enabled:
            # tried again after every action; a success clears the warning
            err = bridge.autosave(self.state, self.record, self.save_name, self.seats)
            self.autosave_error = (f"{err} (the game goes on in memory; saving again after "
                                   "the next move)" if err else None)

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
        while len(turn.actions) < max_steps:
            if snapshot.prompt is None or snapshot.phase == "over":
                break
            seat = game.seat_of(snapshot, snapshot.prompt.civ)
            if self.seats[seat] == HUMAN:
                break
            try:
                action = self.match.bot_action(snapshot)
                game.apply(snapshot, action)  # looking ahead on the copy only
            except Exception as e:  # noqa: BLE001
                turn.error = f"{snapshot.players[seat].civ} ({self.seats[seat]}): {e}"
                break
            turn.actions.append(action)
            if time.perf_counter() - start > budget:
                break
        return turn

    def adopt(self, turn: BotTurn) -> list[Event]:
        """Play the computer players' moves in the match (if it has not moved meanwhile)."""
        if turn.base_version != self.version or not turn.actions:
            return []
        new_events: list[Event] = []
        for action in turn.actions:
            seat = self.pending_seat
            assert seat is not None
            new_events.extend(self.match.act(seat, action).events)
        self._changed()
        return new_events

    def replace_state(self, state: GameState) -> None:
        """Go on from another position (a position edited by hand, in tests): a new match
        whose history starts there, with the same players."""
        old = self.match
        self.match = Match(state, list(old.seats), bot_secret=old.bot_secret)
        self.match.add_observer(self)
        self._changed()

    def replay(self) -> Replay:
        """The game so far, for the replay viewer."""
        from engine.replay import Replay
        return Replay(self.record)

    # --- quotes: the numbers a screen shows that are rules -----------------------------------
    def quotes(self, seat: int | None = None) -> game.Quotes:
        """What the engine quotes to this seat (its costs, its hand's sets, the standings)."""
        return game.quotes(self.state, seat)

    def price(self, seat: int, items: list[game.Item]) -> int:
        """What these items cost the seat's player bought together with one set."""
        return game.price(self.state, self.state.players[seat].civ, items)
