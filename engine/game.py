"""The public API of the engine (docs/architecture.md, The engine contract).

    state, events = new_game(Config(civs=["rome", "greece", "egypt"], seed=7))
    state.prompt                      # who must decide what
    legal_actions(state)              # what he may do
    events = apply(state, action)     # IllegalAction (state untouched) or the events

Everything else (the TUI, the bots, saves and records) goes through these functions.
"""

from __future__ import annotations

import hashlib

import msgspec

from . import powers, rules  # noqa: F401  (register the cards and the phase modules)
from .actions import Action, Item
from .errors import IllegalAction
from .events import Event
from .rules import empty, reading
from .rules.flow import advance
from .rules.registry import HANDLERS, LEGAL
from .rules.setup import SETUP_VERSION, start
from .rules.setup import check_config as _check_config
from .state import Config, GameState, clone, from_snapshot, snapshot
from .wellformed import R_FORM, fault, wellformed

_encoder = msgspec.json.Encoder()
_state_decoder = msgspec.json.Decoder(GameState)


def new_game(config: Config, setup_version: int = SETUP_VERSION
             ) -> tuple[GameState, list[Event]]:
    """Set up a game; returns the state (waiting on its first prompt) and the events.
    `setup_version`: the setup rules' version (a record replays by its own)."""
    return start(config, setup_version)


def legal_actions(state: GameState) -> list[Action]:
    """The legal actions for the current prompt (payments in the compact form of
    `engine.rules.payment.payment_options`)."""
    prompt = state.prompt
    if prompt is None or state.phase == "over":
        return []
    # reading.remembered, begin and end in one look at the thread's read (every decision)
    local = _READ
    before = local.read
    if before is not None and before.state is state:
        # a state being read (a computer player deciding) is listed once
        memo = before.memo
        listed: list[Action] | None = memo.get(_LISTED)
        if listed is None:
            listed = memo[_LISTED] = LEGAL[type(prompt)](state, prompt)
        return list(listed)  # the caller's own list, of the same actions
    local.read = reading.Read(state)  # listing changes nothing: the rules may index it
    try:
        return LEGAL[type(prompt)](state, prompt)
    finally:
        local.read = before


_READ = reading.LOCAL
_LISTED = "legal_actions"  # the key of a read state's listing in its memo (engine.rules.reading)


def listed(state: GameState, action: Action) -> bool:
    """Is `action` the very object `legal_actions` listed for `state`, which is being read
    (engine.rules.reading) and so has not changed since?"""
    memo = reading.remembered(state)
    acts = memo.get(_LISTED) if memo is not None else None
    if acts is None:
        return False
    for a in acts:
        if a is action:
            return True
    return False


def passed_step(state: GameState) -> Action | None:
    """The one action of a step with nothing to do in it (a naval step without a trireme,
    a construction turn with an empty hand, no power to use there), which the game loop
    takes for a person (engine/rules/empty.py); None when the step holds a choice."""
    if state.prompt is None or state.phase == "over" or not empty.pass_reason(state):
        return None
    return empty.passed_step(state, legal_actions(state))


def refusal(state: GameState, action: Action) -> IllegalAction | None:
    """None if the action is legal now, else the refusal (its reason and its rule)."""
    try:
        _apply_to(clone(state), action)  # one copy: the clone itself may be spent
    except IllegalAction as e:
        return e
    return None


def validate(state: GameState, action: Action) -> str | None:
    """None if the action is legal now, else the reason it is not (with its rule)."""
    e = refusal(state, action)
    return str(e) if e is not None else None


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply one player decision. An illegal action raises IllegalAction and leaves the
    state exactly as it was; a legal one advances the game to the next prompt. Anything
    malformed (wrong types, unknown ids, absurd sizes) is refused the same way."""
    if state.phase == "over" or state.prompt is None:
        wellformed(action)  # a malformed action is refused as such first
        raise IllegalAction("The game is over", "Object of the Game")
    work = clone(state)
    ev = _apply_to(work, action)
    restore(state, work)
    return ev


_FIELDS = GameState.__struct_fields__


# --- engine.match's fast paths: `apply` is the one way in for everyone else ---------------
def _play_in_place(state: GameState, action: Action) -> list[Event]:
    """`apply` for a state whose parts no one else holds (the match's own: views are
    copies, engine.view): changed in place instead of through a copy, so a decision costs
    no copy of the state. A refused action leaves the state as it was: its parts are put
    back from a snapshot taken before (a MessagePack encoding, far cheaper than a copy)."""
    if state.phase == "over" or state.prompt is None:
        return apply(state, action)  # refused, untouched
    before = snapshot(state)
    try:
        return _apply_to(state, action)
    except BaseException:
        restore(state, from_snapshot(before))
        raise


def _play_listed(state: GameState, action: Action) -> list[Event]:
    """`_play_in_place` of an action that is the very object `legal_actions` listed for this position
    (`listed`): its form was the engine's own making, so it is neither checked nor copied
    (`wellformed`), and no snapshot is taken. The rules never refuse what they listed; if
    they do (a fault of the engine), the state may be left half changed and the caller must
    put it back another way (engine.match replays its record)."""
    ev: list[Event] = []
    prompt = state.prompt
    assert prompt is not None
    HANDLERS[type(prompt)](state, prompt, action, ev)
    state.actions_taken += 1
    if state.prompt is None and state.phase != "over":  # else advance has nothing to run
        advance(state, ev)
    return ev


def restore(state: GameState, back: GameState) -> None:
    """Put `back`'s parts into `state` (the object stays the one its holders know)."""
    for f in _FIELDS:
        setattr(state, f, getattr(back, f))


def _apply_to(work: GameState, action: Action) -> list[Event]:
    """`apply` on a state that may be spent: it is changed even when the action is refused."""
    action = wellformed(action)
    if work.phase == "over" or work.prompt is None:
        raise IllegalAction("The game is over", "Object of the Game")
    ev: list[Event] = []
    prompt = work.prompt
    assert prompt is not None
    bad = fault(action)  # the rules' own reason comes first (engine/wellformed.py)
    try:
        HANDLERS[type(prompt)](work, prompt, action, ev)
        work.actions_taken += 1
        advance(work, ev)
    except IllegalAction:
        raise
    except Exception:
        if bad is None:
            raise
        raise IllegalAction(bad, R_FORM) from None
    if bad is not None:
        raise IllegalAction(bad, R_FORM)
    return ev


def check_config(config: Config) -> None:
    """IllegalAction (reason and rule) if a game cannot be set up with this config."""
    _check_config(config)


def state_hash(state: GameState) -> str:
    """A stable hash of the complete state (hex SHA-256 of its canonical JSON)."""
    return digest(_encoder.encode(state))


def digest(encoded: bytes) -> str:
    """`state_hash` of the state whose `encode_state` is `encoded`."""
    return hashlib.sha256(encoded).hexdigest()


def encode_state(state: GameState) -> bytes:
    return _encoder.encode(state)


def decode_state(data: bytes) -> GameState:
    return _state_decoder.decode(data)


def seat_of(state: GameState, civ: str) -> int:
    for p in state.players:
        if p.civ == civ:
            return p.seat
    raise KeyError(civ)


def civ_of(state: GameState, seat: int) -> str:
    return state.players[seat].civ


from .quotes import Quotes, price, quotes  # noqa: E402
from .view import View, visible_events  # noqa: E402
from .view import shared_view as _shared_view  # noqa: E402


def view(state: GameState, seat: int | None) -> View:
    """What `seat` may see (None: a spectator), a copy: the state may later change in place
    (engine.match), the view never does."""
    return _shared_view(clone(state), seat)

# The public face (tests/test_tui_face.py keeps the TUI to it).
__all__ = [
    "SETUP_VERSION",
    "Action", "Config", "Event", "GameState", "IllegalAction", "Item", "Quotes", "View",
    "apply", "check_config", "civ_of", "clone", "decode_state", "encode_state", "from_snapshot",
    "legal_actions", "new_game", "passed_step", "price", "quotes", "refusal", "seat_of", "snapshot",
    "state_hash",
    "validate",
    "view", "visible_events",
]
