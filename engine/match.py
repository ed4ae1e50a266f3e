"""THE game loop (docs/architecture.md, The match loop): one game's state, its record and who
sits at each seat; every decision of every seat goes through `Match.act`.

    match = Match.new(config, ["human", "greedy", "greedy"])
    match.pending_seat()                 # whose decision it is (None when the game is over)
    match.legal()                        # what that seat may do
    step = match.act(seat, action, version=match.version)   # IllegalAction, or the step
    match.play_bots()                    # computer players move until a human must decide

A seat is "human" (this keyboard), "remote" (a player over the network) or a computer level
(`engine.bots.LEVELS`). Observers (autosave, the battle log, a screen, the network) are told
of every step. A replay is a match fed the record's actions.

One rule seeds the computer players: a bot's seed is a SHA-256 of the game seed, a secret of
the match and the seat. The secret is never shown to a player and views never hold the game
seed, so no player can foresee a bot's choices.
"""

from __future__ import annotations

import hashlib
import os
import typing
from collections.abc import Callable, Sequence
from typing import Protocol

from . import game
from .actions import Action
from .bots import LEVELS, THINKING, Bot, make_bot
from .errors import IllegalAction
from .events import Event
from .match_steps import BotChoice, Listing, Undoable
from .match_steps import Step as Step  # the match's steps, known by this name
from .record import ENGINE_FAILURE, GameRecord, add_action, new_record, record_from, start_state
from .rules import reading
from .state import Config, GameState
from .undo import take_back_refusal
from .view import View, shared_view

HUMAN = "human"
REMOTE = "remote"

_ACTION_TYPES: tuple[type, ...] = typing.get_args(Action)


class Observer(Protocol):
    """Told of every step of a match (autosave, record, battle log, screen, network)."""

    def on_step(self, match: Match, step: Step) -> None: ...


def bot_seed(game_seed: int, secret: bytes, seat: int) -> int:
    """The seed of the computer player at `seat`: not derivable without the secret."""
    digest = hashlib.sha256(b"mare-nostrum bot\0%d\0%d\0" % (game_seed, seat) + secret)
    return int.from_bytes(digest.digest()[:8], "big")


_PEOPLE = (HUMAN, REMOTE)


def is_bot(kind: str) -> bool:
    return kind not in _PEOPLE


class Match:
    def __init__(self, state: GameState, seats: list[str], *, record: GameRecord | None = None,
                 bot_secret: bytes | None = None, bot_budget: float = 1.0,
                 bot_seeds: list[int] | None = None) -> None:
        """`record`: the game's history so far (it must end on `state`); without one the
        history starts at `state`. `bot_secret`: what seeds the computer players (a fresh
        random one when None, so two matches play differently). `bot_seeds`: a seed per
        seat instead, for the example games that must come out the same every time."""
        if len(seats) != len(state.players):
            raise ValueError(f"{len(state.players)} seats needed, {len(seats)} given")
        for kind in seats:
            if is_bot(kind) and kind not in LEVELS:
                raise ValueError(f"unknown player kind {kind!r} (human, remote or one of "
                                 f"{', '.join(LEVELS)})")
        self.state = state
        self.seats = list(seats)
        # a game's civilizations keep their seats: whose decision it is, in one look-up
        self._seat_by_civ = {p.civ: p.seat for p in state.players}
        self._record = record if record is not None else record_from(state)
        self._unhashed = False  # the hash after the last action is still to be computed
        # checkpoints passed by computer players, hashed when the record is next read
        # (`record`): their positions are rebuilt then from `_base`, the snapshot (and the
        # number of actions) of a position before them
        self._owed: list[int] = []
        self._base: tuple[int, bytes] | None = None
        self.bot_secret = bot_secret if bot_secret is not None else os.urandom(16)
        self.bot_budget = bot_budget
        self.bot_seeds = bot_seeds
        self.setup_events: list[Event] = []
        self._observers: list[Observer] = []
        self._bots: dict[int, Bot] = {}
        self._legal: Listing | None = None  # `legal`'s answer, for one version
        self._thinking: int | None = None
        # a computer player's choice that `bot_action` found the engine had listed for
        # the match's position: `act` plays that very object unchecked (see `act`)
        self._listed: BotChoice | None = None
        # the decisions that may still be taken back, the last one last (engine/undo.py)
        self._undoable: list[Undoable] = []
        self.undo_refusal = "nothing to take back yet"
        # the kinds of seat whose decisions may be taken back (a game server adds remote)
        self.undo_kinds: tuple[str, ...] = (HUMAN,)
        self._put_away: int | None = None  # the version of a game over whose record is kept
        # elsewhere (`put_away`)

    @classmethod
    def new(cls, config: Config, seats: list[str], *, bot_secret: bytes | None = None,
            bot_budget: float = 1.0, bot_seeds: list[int] | None = None) -> Match:
        """A new game set up from `config`; its setup events are kept in `setup_events`."""
        state, events = game.new_game(config)
        record = new_record(config, game.state_hash(state))
        match = cls(state, seats, record=record, bot_secret=bot_secret, bot_budget=bot_budget,
                    bot_seeds=bot_seeds)
        match.setup_events = events
        return match

    # --- asking -------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The number of actions applied since the game began."""
        return len(self._record.actions) if self._put_away is None else self._put_away

    def put_away(self) -> None:
        """A game over whose record is kept elsewhere (a game server's save file): the
        match lets go of its history (the bulk of its memory); its state and version stay.
        Reading `record` afterwards is a mistake, and says so."""
        if not self.over:
            raise ValueError("only a game that is over puts its record away")
        self._put_away = self.version
        self._record = GameRecord(config=self._record.config, seed=self._record.seed)
        self._owed.clear()
        self._base = None
        self._undoable.clear()
        self.undo_refusal = "the game is over"

    @property
    def over(self) -> bool:
        return self.state.phase == "over" or self.state.prompt is None

    def seat_of(self, civ: str) -> int:
        return game.seat_of(self.state, civ)

    def pending_seat(self) -> int | None:
        state = self.state
        prompt = state.prompt
        if prompt is None or state.phase == "over":
            return None
        return self._seat_by_civ[prompt.civ]

    def legal(self) -> list[Action]:
        """The legal actions for the pending prompt (kept until the state changes)."""
        if self._legal is None or self._legal.version != self.version:
            self._legal = Listing(self.version, game.legal_actions(self.state))
        return self._legal.actions

    def view(self, seat: int | None) -> View:
        return game.view(self.state, seat)

    def events_for(self, step: Step, seat: int | None) -> list[Event]:
        """The events of a step that `seat` may see (None: a spectator)."""
        civ = game.civ_of(self.state, seat) if seat is not None else None
        return game.visible_events(step.events, civ)

    # --- acting -------------------------------------------------------------------------------
    def check(self, seat: int, action: object, version: int | None = None) -> None:
        """IllegalAction if `act` would refuse this; nothing is changed either way."""
        self._precheck(seat, action, version)
        self._play(game.clone(self.state), typing.cast(Action, action))

    @staticmethod
    def _play(state: GameState, action: Action) -> list[Event]:
        """engine.game._play_in_place (in place: the match's state is its own; untouched if it raises);
        an action the engine fails on is refused like an illegal one, so a malformed action
        never passes."""
        try:
            return game._play_in_place(state, action)
        except IllegalAction:
            raise
        except Exception as e:  # noqa: BLE001 - any failure is a refusal
            raise IllegalAction(f"{type(e).__name__}: {e}", ENGINE_FAILURE) from None

    def _listed_refused(self, e: BaseException) -> typing.NoReturn:
        """game._play_listed failed on an action the engine listed for this very position
        (a fault of the engine: the rules never refuse what they listed): the state is put
        back by replaying the record, and the action is refused like an illegal one."""
        game.restore(self.state, self._replayed())
        if isinstance(e, IllegalAction):
            raise e
        if not isinstance(e, Exception):
            raise e
        raise IllegalAction(f"{type(e).__name__}: {e}", ENGINE_FAILURE) from None

    def _replayed(self) -> GameState:
        """The match's position rebuilt from its record (the way a replay reaches it)."""
        state, _ = start_state(self._record)
        for a in self._record.actions:
            game._play_in_place(state, a)
        return state

    def _precheck(self, seat: int, action: object, version: int | None) -> None:
        if version is not None and version != self.version:
            raise IllegalAction(f"the game has moved on (version {self.version}, not "
                                f"{version})", "stale version")
        if not isinstance(action, _ACTION_TYPES):
            raise IllegalAction(f"not an action: {type(action).__name__}", ENGINE_FAILURE)
        pending = self.pending_seat()
        if pending is None:
            raise IllegalAction("The game is over", "Object of the Game")
        if seat != pending:
            raise IllegalAction(f"it is not seat {seat}'s decision but seat {pending}'s",
                                "wrong seat")

    def act(self, seat: int, action: Action, version: int | None = None) -> Step:
        """Apply `seat`'s decision. IllegalAction (with its reason), and nothing changes,
        for the wrong seat, a stale version, a malformed or an illegal action."""
        listed, self._listed = self._listed, None
        n = len(self._record.actions)
        if not (listed is not None and listed.action is action and listed.version == n
                and listed.state is self.state and listed.seat == seat
                and (version is None or version == n)):
            listed = None  # the long way
            self._precheck(seat, action, version)
        return self._apply(seat, action, listed is not None)

    def pass_empty_steps(self) -> list[Step]:
        """Take the one action of each step with nothing to do in it (engine.game.passed_step:
        a naval step without a trireme, a construction turn with an empty hand) for a person
        whose decision it is, so that no empty dialog is shown; the steps taken. Each is an
        action of the record, as if chosen, and its events say why. Computer players answer
        such steps themselves (their choices, and so the records they make, are unchanged)."""
        steps: list[Step] = []
        while True:
            seat = self.pending_seat()
            if seat is None or self.seats[seat] not in _PEOPLE:
                return steps
            action = game.passed_step(self.state)
            if action is None:
                return steps
            self._listed = None
            self._precheck(seat, action, None)
            steps.append(self._apply(seat, action, False, automatic=True))

    def _apply(self, seat: int, action: Action, listed: bool, automatic: bool = False) -> Step:
        """`act` once the decision is known to be `seat`'s, at this version, and legal or
        to be checked by the rules (`listed`: the very object the engine listed for this
        position, which needs no check)."""
        rec = self._record
        n = len(rec.actions)
        # only a person takes back (a replay or a computer never does, and they pay no copy
        # of the state per action)
        kind = self.seats[seat]
        by_bot = kind not in _PEOPLE  # (is_bot)
        if self._owed and not by_bot:  # replays reach the position before this change
            self._hash_owed()
        if kind in self.undo_kinds:
            before: GameState | None = game.clone(self.state)
            hash_before = self.record.hashes.get(n)
        else:
            before = hash_before = None
            if self._base is None and by_bot:  # where a replay of the stretch begins
                self._base = (n, game.snapshot(self.state))
        if listed:
            # checked already (the seat's decision, at this version): game._play_listed
            # needs no check of its form and no snapshot
            try:
                events = game._play_listed(self.state, action)
            except BaseException as e:
                self._listed_refused(e)
        else:
            events = self._play(self.state, action)
        self._unhashed = False  # the last action's hash, owed: superseded by this one's
        # A computer player's action is recorded without the hash of the state after it:
        # that is computed when the record is next read (the match's state changes only
        # through `act` meanwhile), and most are superseded by the next action's before
        # anyone reads them. A checkpoint passed is owed (`_hash_owed`): a game no one saves
        # (a simulation, a benchmark) never pays for its positions' encodings. (What
        # computers owed was hashed before a person's action: the keys stay in order.)
        checkpoint = add_action(rec, action, None if by_bot else game.state_hash(self.state))
        if by_bot:
            if checkpoint:
                self._owed.append(n + 1)
            else:
                self._unhashed = True
        step = Step(version=n + 1, seat=seat, action=action, events=events)
        if before is None:  # _keep_for_undo's answer for a decision no one takes back
            if self._undoable:
                self._undoable.clear()
            self.undo_refusal = "another player has decided since"
        else:
            self._keep_for_undo(step, before, hash_before, automatic)
        if self._observers:
            for obs in list(self._observers):
                obs.on_step(self, step)
        return step

    @property
    def record(self) -> GameRecord:
        """The game's history: every action, and the state hashes a replay checks."""
        if self._put_away is not None:
            raise RuntimeError("this match's record was put away: read it where it is kept")
        rec = self._record
        if self._owed:
            self._hash_owed()
        if self._unhashed:
            self._unhashed = False
            rec.hashes[len(rec.actions)] = game.state_hash(self.state)
        return rec

    @record.setter
    def record(self, record: GameRecord) -> None:
        self._record = record
        self._unhashed = False
        self._owed.clear()
        self._base = None
        self._listed = None

    def _hash_owed(self) -> None:
        """Hash the checkpoints owed, in order (the record's keys stay ascending): the
        record's actions are replayed from `_base` (the engine is deterministic), through to
        the match's own position, which the replay must reach. If it does not (a fault of
        the engine), no owed hash is written: the record keeps only hashes it can vouch for,
        and a replay of it names the action where the positions part."""
        owed, self._owed = self._owed, []
        assert self._base is not None
        start, snapshot = self._base
        self._base = None
        actions = self._record.actions
        state = game.from_snapshot(snapshot)
        hashes: dict[int, str] = {}
        try:
            for n in owed:
                for a in actions[start:n]:
                    game._play_listed(state, a)
                start = n
                hashes[n] = game.state_hash(state)
            for a in actions[start:]:
                game._play_listed(state, a)
        except Exception:  # noqa: BLE001 - the replay failed: no hash it gave is written
            return
        if game.snapshot(state) == game.snapshot(self.state):
            self._record.hashes.update(hashes)

    # --- taking back ----------------------------------------------------------------------------
    def _keep_for_undo(self, step: Step, before: GameState | None,
                       hash_before: str | None, automatic: bool = False) -> None:
        if self._undoable and self._undoable[-1].step.seat != step.seat:
            self._undoable.clear()  # another seat decided since: that run stands
        if before is None:
            self._undoable.clear()
            self.undo_refusal = "another player has decided since"
            return
        refusal = take_back_refusal(before, self.state, step.events)
        if refusal:
            self._undoable.clear()
            self.undo_refusal = refusal
            return
        self._undoable.append(Undoable(step, before, hash_before, automatic))

    def can_undo(self, seat: int | None) -> bool:
        """`seat` may take back its last decision now (engine/undo.py says when): one it
        made itself, not only passes the match took for it (those go back with it)."""
        undoable = self._undoable
        return bool(undoable) and undoable[-1].step.seat == seat and \
            any(not u.automatic for u in undoable)

    def no_undo(self, seat: int | None) -> str:
        """Why `seat` cannot take back its last decision now ("" when it can)."""
        if self.can_undo(seat):
            return ""
        if self._undoable and self._undoable[-1].step.seat == seat:
            return "the step was passed for you: nothing of yours to take back"
        return self.undo_refusal if not self._undoable else "it was not your decision"

    def undo(self, seat: int) -> Step:
        """Take back `seat`'s last decision: the state and the record are as before it.
        IllegalAction when it is not allowed; returns the step taken back."""
        if not self.can_undo(seat):
            raise IllegalAction(f"Cannot take back the last decision: {self.no_undo(seat)}",
                                "take back")
        # the passes taken for the seat since its decision go back first, then the decision
        while True:
            last = self._take_back_one()
            if not last.automatic:
                return last.step

    def _take_back_one(self) -> Undoable:
        """Take back the last undoable step: the state and the record as before it."""
        last = self._undoable.pop()
        rec = self.record  # what is owed first: hashes of the positions before this one
        self._listed = None
        n = last.step.version - 1
        self.state = last.before
        rec.actions.pop()
        rec.hashes = {k: v for k, v in rec.hashes.items() if k <= n}
        if last.hash_before is not None:
            rec.hashes[n] = last.hash_before
        else:
            rec.hashes[n] = game.state_hash(self.state)
        self._legal = None
        if not self._undoable:
            self.undo_refusal = "nothing more to take back"
        for obs in list(self._observers):
            on_undo = getattr(obs, "on_undo", None)
            if on_undo is not None:
                on_undo(self, last.step)
        return last

    # --- computer players ---------------------------------------------------------------------
    def bot_to_move(self) -> bool:
        seat = self.pending_seat()
        return seat is not None and is_bot(self.seats[seat])

    def bot(self, seat: int) -> Bot:
        """The computer player of `seat`, seeded by the one rule (or by `bot_seeds`)."""
        bot = self._bots.get(seat)
        if bot is None:
            seed = (self.bot_seeds[seat] if self.bot_seeds is not None
                    else bot_seed(self.state.config.seed, self.bot_secret, seat))
            bot = make_bot(self.seats[seat], seed, budget=self.bot_budget)
            self._bots[seat] = bot
        return bot

    def bot_action(self, state: GameState | None = None) -> Action:
        """The pending computer player's decision on `state` (default: the match's). It
        changes no state, so it may run in a worker thread while the match waits (and
        `thinking` names its seat meanwhile)."""
        state = state if state is not None else self.state
        assert state.prompt is not None
        return self._decide(state, game.seat_of(state, state.prompt.civ))

    def _decide(self, state: GameState, seat: int) -> Action:
        """`bot_action` of the computer player at `seat`, whose decision it is."""
        action, listed = self._choice(state, seat)
        if listed and state is self.state:
            self._listed = BotChoice(len(self._record.actions), state, seat, action)
        return action

    def _choice(self, state: GameState, seat: int) -> tuple[Action, bool]:
        """`_decide`'s action, and whether it is one of the very objects the engine listed
        for `state` (which `game._play_listed` may apply unchecked)."""
        self._thinking = seat
        try:
            bot = self._bots.get(seat)
            if bot is None:
                bot = self.bot(seat)
            # a Picker needs its options only, listed on the state itself; any other player
            # gets a view sharing the state's parts (good while the state does not change)
            pick: Callable[[Sequence[Action]], int] | None = getattr(bot, "pick_index", None)
            if pick is not None:
                # it answers a number: the action is one of the very objects listed, which
                # game._play_listed may apply (no copy to hand it, no search for its choice)
                options = game.legal_actions(state)
                i = pick(options)
                try:
                    if i < 0:
                        raise IndexError
                    action = options[i]
                except (IndexError, TypeError):
                    raise IllegalAction(f"the computer player picked option {i!r} of "
                                        f"{len(options)}", ENGINE_FAILURE) from None
                listed = True
            else:
                v = shared_view(state, seat)
                # the bot decides before the state changes and only reads it, so the rules
                # may index it meanwhile (engine/rules/reading.py)
                before = reading.begin(v.state)
                try:
                    action = bot.choose(v)
                    listed = game.listed(v.state, action)
                finally:
                    reading.end(before)
            return action, listed
        finally:
            self._thinking = None

    @property
    def thinking(self) -> int | None:
        """The seat whose computer player is deciding right now, if it is one that takes
        its time (`engine.bots.THINKING`: hard, planner); None otherwise."""
        seat = self._thinking
        return seat if seat is not None and self.seats[seat] in THINKING else None

    def play_bots(self, limit: int | None = None, max_turns: int | None = None) -> list[Step]:
        """Computer players move until a human or remote seat must decide, the game ends,
        `limit` moves are made or (`max_turns`) a decision falls past that turn."""
        steps: list[Step] = []
        while limit is None or len(steps) < limit:
            state = self.state  # pending_seat, in place (every decision)
            prompt = state.prompt
            if prompt is None or state.phase == "over":
                break
            if max_turns is not None and state.turn > max_turns:
                break
            seat = self._seat_by_civ[prompt.civ]
            if self.seats[seat] in _PEOPLE:  # (not is_bot)
                break
            # act on _decide's choice, without their handshake: a listed choice is this
            # seat's, at this version, on this state
            action, listed = self._choice(state, seat)
            self._listed = None  # (as act would)
            steps.append(self._apply(seat, action, listed))
        return steps

    # --- seats and observers ------------------------------------------------------------------
    def add_observer(self, obs: Observer) -> None:
        self._observers.append(obs)

    def replace_seat(self, seat: int, kind: str) -> None:
        """Hand a seat to another player kind (a bot takes over, a human comes back)."""
        if is_bot(kind) and kind not in LEVELS:
            raise ValueError(f"unknown player kind {kind!r}")
        self.seats[seat] = kind
        self._bots.pop(seat, None)


def replay_match(record: GameRecord, start: GameState | None = None) -> Match:
    """A match at the start of `record` (or at `start`, a position of it), every seat
    remote, ready to be fed its actions."""
    if start is not None:
        return Match(start, [REMOTE] * len(start.players), bot_secret=b"")
    state, events = start_state(record)
    fresh = record.start is None
    history = (new_record(record.config, record.hashes.get(0) or game.state_hash(state),
                          hash_every=record.hash_every, setup_version=record.setup_version)
               if fresh else record_from(state, hash_every=record.hash_every))
    match = Match(state, [REMOTE] * len(state.players), record=history, bot_secret=b"")
    match.setup_events = events
    return match
