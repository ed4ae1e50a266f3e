"""Game records: the config, the seed and every action, with state hashes to check a replay
(docs/architecture.md, Records, saves and replays).

    rec = new_record(config)                      # or record_from(start_state)
    events = apply(state, action)
    add_action(rec, action, state_hash(state))    # after every legal action

Replaying and checking a record (`replay`, `verify`, the replay viewer's `Replay`) is
`engine.replay`, which plays the actions through a match (`engine.match`): this module is
below both.

A record holds the hash of the state after action k (k counted from 1) for every k that is a
multiple of `hash_every`, for k = 0 (the position before the first action) and for the last
action. Replaying is `new_game(config, setup_version)`, the setup by the rules of the
record's own version (or the recorded start position, for games that began from a
scenario), and then `apply` of each action in turn; the game's dice come from the RNG kept
in the state, so the replay is bit-identical.

This module knows nothing about files: `engine.saves` keeps a record inside every save.
"""

from __future__ import annotations

from typing import Any

import msgspec

from .actions import Action
from .events import Event
from .game import SETUP_VERSION, clone, new_game, state_hash
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
    # the setup rules' version new_game(config) is replayed with (engine.rules.setup,
    # SETUP_VERSION); a record written before the field existed was set up by version 1
    setup_version: int = 1


def new_record(config: Config, start_hash: str | None = None,
               hash_every: int = HASH_EVERY, setup_version: int | None = None) -> GameRecord:
    """The record of a game set up by `new_game(config, setup_version)` (by default the
    current rules); `start_hash` is the hash of the state new_game returned (computed when
    omitted)."""
    version = SETUP_VERSION if setup_version is None else setup_version
    if start_hash is None:
        start_hash = state_hash(new_game(config, version)[0])
    return GameRecord(config=config, seed=config.seed, hashes={0: start_hash},
                      hash_every=hash_every, setup_version=version)


def record_from(state: GameState, hash_every: int = HASH_EVERY) -> GameRecord:
    """The record of a game that continues from an arbitrary position (a scenario, a
    position edited by hand): the position itself is kept as its start."""
    return GameRecord(config=state.config, seed=state.config.seed, start=clone(state),
                      hashes={0: state_hash(state)}, hash_every=hash_every,
                      setup_version=SETUP_VERSION)


_action_key = msgspec.msgpack.Encoder()

# Equal actions share one object across every record of the process: a game server holds
# many records at once, and most actions repeat within a game (a pass, taking a card, the
# same move) and some between games. Bounded: past SHARED_ACTIONS distinct actions the pool
# starts again (the records keep the objects they hold). 24 games of computers played side
# by side hold 7.0 MB of records with an object per action, 4.0 MB through a pool of 8,192
# (4.4 MB through 2,048 or an unbounded one: docs/performance.md, Where the memory went).
SHARED_ACTIONS = 8192
_shared: dict[object, Action] = {}


def shared_action(action: Action) -> Action:
    """The one object of the actions equal to `action` (actions are frozen, so sharing
    them is safe): a decoded action (a client's frame, a save) is a new object with new
    strings, and a computer's is a new object too. An action is its own key (a struct's
    equality includes its type); one holding a list (unhashable) is keyed by the hash of
    its encoding, and shared only if equal."""
    try:
        key: object = action
        found = _shared.get(action)
    except TypeError:
        key = hash(_action_key.encode(action))
        found = _shared.get(key)
        if found is not None and found != action:  # two encodings' hashes met
            return action
    if found is None:
        if len(_shared) >= SHARED_ACTIONS:
            _shared.clear()
        _shared[key] = found = action
    return found


def share_equal_actions(record: GameRecord) -> None:
    """One object for each distinct action of a record read from a file (`shared_action`):
    a decoded record holds a new object (and new strings) for every action, about 1.8 times
    the memory of the same record made in play."""
    record.actions = [shared_action(a) for a in record.actions]


def add_action(record: GameRecord, action: Action, digest: str | None) -> bool:
    """Append a legal action (as its shared object, `shared_action`); `digest` is
    `state_hash` of the state after it, or None when that hash is owed (engine.match hashes
    a computer player's positions only when the record is next read). Whether the action
    ends on a checkpoint (a hash kept for good)."""
    last = len(record.actions)
    if last and last % record.hash_every and last in record.hashes:
        del record.hashes[last]  # the previous "final" hash is no checkpoint
    record.actions.append(shared_action(action))
    if digest is not None:
        record.hashes[last + 1] = digest
    return (last + 1) % record.hash_every == 0


def truncate(record: GameRecord, n: int) -> GameRecord:
    """The record of its first n actions (with the hashes up to action n)."""
    return msgspec.structs.replace(record, actions=list(record.actions[:n]),
                                   hashes={k: v for k, v in record.hashes.items() if k <= n})


def start_state(record: GameRecord) -> tuple[GameState, list[Event]]:
    """The position before the first action, and the events of the setup."""
    if record.start is not None:
        return clone(record.start), []
    return new_game(record.config, record.setup_version)


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
