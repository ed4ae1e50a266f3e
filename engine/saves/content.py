"""What a save file holds, checked before a game is built on it.

The checksum only says the file is what some writer wrote: anyone can recompute it. These
checks say the position is one the game could reach: known civilizations, areas, cards and
unit kinds, counts within the supply, numbers in range, a prompt that fits the phase, and a
record that can be replayed. Bytes nested absurdly deep are refused before any decoder
recurses into them.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from ..data.board import CIVS, PROVINCES
from ..data.cards import ALL_CARDS, RESOURCES, ROLES
from ..game import SETUP_VERSION, legal_actions, quotes, state_hash, view
from ..record import GameRecord
from ..replay import verify
from ..state import GameState

MAX_DEPTH = 64  # a real save nests about 10 deep
MAX_NUMBER = 1_000_000  # no count, id, turn or die in a game comes near it
BIG_NUMBERS = frozenset({"rng", "seed"})  # keys whose values are random 64-bit states
MAX_PLAYERS = 6

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")

# The decisions each phase asks for (a reaction window or a free piece may come up in any).
_ANY_PHASE = frozenset({"Reaction", "PlaceFree", "NamePlayer"})
PHASE_PROMPTS: dict[str, frozenset[str]] = {
    "setup": frozenset({"ChooseCapital", "FreeSetupTurn"}),
    "roles": frozenset({"ChooseRoleHolder"}),
    "commerce": frozenset({"AnnounceTrade", "ChooseTradeOffer", "TakeTradeCard",
                           "GiveBalancingCard"}),
    "offering": frozenset({"MakeOffering"}),
    "construction": frozenset({"ConstructionTurn", "KeepCommodities"}),
    "military": frozenset({"NavalTurn", "GroundTurn", "ChooseOpponent", "ChooseLosses",
                           "ChooseConquest", "GreekBlockade"}),
}


def nesting_depth(data: bytes) -> int:
    """How deep the JSON arrays and objects of `data` nest (brackets inside strings do
    not count). Linear, and no recursion."""
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    depth = deepest = 0
    for b in brackets:
        if b in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _numbers(obj: Any, key: str, out: list[str], where: str) -> None:
    """Report every integer out of range (random states excepted), depth-first."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            _numbers(v, str(k), out, f"{where}.{k}")
            if len(out) > 3:
                return
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _numbers(v, key, out, f"{where}[{i}]")
            if len(out) > 3:
                return
    elif isinstance(obj, int) and not isinstance(obj, bool) and key not in BIG_NUMBERS:
        if not -MAX_NUMBER <= obj <= MAX_NUMBER:
            out.append(f"the number {obj} at {where} is out of range")


def _known(state: GameState) -> list[str]:
    out: list[str] = []
    civs = state.config.civs
    if not 1 <= len(civs) <= MAX_PLAYERS:
        out.append(f"{len(civs)} players (1 to {MAX_PLAYERS} play)")
    for civ in [*civs, *state.neutrals]:
        if civ not in CIVS:
            out.append(f"unknown civilization {civ!r}")
    for p in state.players:
        if p.capital and p.capital not in PROVINCES:
            out.append(f"{p.civ}'s capital {p.capital!r} is no province")
        out += [f"{p.civ}'s hand holds {c!r}, which is no resource"
                for c in p.hand if c not in RESOURCES]
    out += [f"the bank holds {c!r}, which is no resource" for c in state.bank
            if c not in RESOURCES]
    out += [f"unknown card {c!r}" for c in [*state.display, *state.set_aside, *state.gods,
                                            *state.roles] if c not in ALL_CARDS and
            c not in ROLES]
    return out


def _prompt(state: GameState) -> list[str]:
    p = state.prompt
    if state.phase == "over":
        return [] if state.winner in {*state.config.civs, None} else [
            f"the winner {state.winner!r} is not a player"]
    if state.phase not in PHASE_PROMPTS:
        return [f"unknown phase {state.phase!r}"]
    if p is None:
        return ["no decision is pending in a game that is not over"]
    kind = type(p).__name__
    out = []
    if p.civ not in state.config.civs:
        out.append(f"the pending decision is for {p.civ!r}, who is not a player")
    if kind not in PHASE_PROMPTS[state.phase] | _ANY_PHASE:
        out.append(f"a {kind} decision cannot be pending in the {state.phase} phase")
    return out


def _record(record: GameRecord, state: GameState) -> list[str]:
    out = []
    if record.hash_every < 1:
        out.append(f"the record keeps a hash every {record.hash_every} actions (at least 1)")
    if record.config.civs != state.config.civs:
        out.append("the record is of another game (other civilizations)")
    if not 1 <= record.setup_version <= SETUP_VERSION:
        out.append(f"the record was set up by setup rules version {record.setup_version}; "
                   f"this engine knows versions 1 to {SETUP_VERSION} (a newer Mare Nostrum "
                   "reads it)")
    n = len(record.actions)
    if any(not 0 <= k <= n for k in record.hashes):
        out.append("the record holds hashes for actions it does not have")
    return out


def problems(state: GameState, record: GameRecord) -> list[str]:
    """What is impossible about a decoded save, in words; empty when it may be played."""
    out: list[str] = []
    _numbers(msgspec.to_builtins(state), "", out, "$.state")
    _numbers(msgspec.to_builtins(record), "", out, "$.record")
    if out:  # nothing below is safe with absurd numbers
        return out
    from ..invariants import check  # lazy: only a save being opened is checked, not `--help`
    for part in (_known(state), _prompt(state), _record(record, state), check(state)):
        out += part
    if record.start is not None and not out:
        out += [f"its starting position: {w}" for w in _known(record.start) +
                check(record.start)]
    return out


def playable(state: GameState) -> str:
    """Build what the game screen shows for each seat (the view, the quotes, the legal
    actions); the fault in words if that fails, else ""."""
    try:
        legal_actions(state)
        for seat in [None, *range(len(state.players))]:
            view(state, seat)
            quotes(state, seat)
    except Exception as e:  # any fault of an impossible position that passed the checks
        return f"the position cannot be played ({type(e).__name__}: {e})"[:300]
    return ""


def replays(record: GameRecord, state: GameState) -> str:
    """"" when the record replays to the saved state, else why not."""
    try:
        verdict = verify(record, final_hash=state_hash(state))
    except Exception as e:  # a damaged record must not crash the loader
        return f"its record cannot be replayed ({type(e).__name__}: {e})"[:300]
    return "" if verdict.ok else f"its record does not lead to the saved game: {verdict.message}"
