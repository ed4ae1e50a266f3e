"""Scenario files: the format (TOML tables and their keys), loading and parsing, and the
small helpers the other parts share (docs/scenarios.md)."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from ..events import Event
from ..state import GameState


class ScenarioError(Exception):
    """A scenario file that cannot be run (not TOML, an unknown key, a bad value)."""


@dataclass
class Check:
    ok: bool
    text: str
    detail: str = ""


@dataclass
class Result:
    path: str
    name: str
    checks: list[Check] = field(default_factory=list)
    lines: list[str | Check] = field(default_factory=list)  # the script, its events, checks
    state: GameState | None = None
    events: list[Event] = field(default_factory=list)  # of the edits and the script

    @property
    def passed(self) -> bool:
        return bool(self.checks) and all(c.ok for c in self.checks)


TOP_KEYS = {"name", "description", "setup", "from_save", "edit", "play", "expect"}
EDIT_KEYS = {"hand", "bank", "cards", "display", "set_aside", "roles", "gods", "gods_used",
             "influence", "buildings", "units", "add_units", "unit", "remove_units",
             "next_unit_id",
             "turn", "phase", "step", "start_phase", "prompt", "dice", "set", "advance",
             "note"}
PLAY_KEYS = {"action", "dice", "as", "illegal", "expect", "note", "bot", "seed", "count", "edit",
             "until_phase", "until_prompt", "until_turn"}
EXPECT_KEYS = {"event", "events", "count", "absent", "units", "buildings", "influence", "hand",
               "hand_size", "holds", "roles", "gods", "winner", "phase", "step", "turn",
               "prompt", "state", "bank", "note", "unit", "legal", "any"}
EXPECT_MAIN = EXPECT_KEYS - {"count", "absent", "note"}

_to_builtins = msgspec.to_builtins


Table = dict[str, Any]  # a TOML table, as read


# --- small helpers --------------------------------------------------------------------------
def _fmt(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}={_fmt(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_fmt(x) for x in v) + "]"
    if v is None or v == "":
        return "none"
    return str(v)


def _fields(d: Table) -> str:
    return " ".join(f"{k}={_fmt(v)}" for k, v in d.items())


def _tagged(obj: Any, tag: str) -> Table:
    d = _to_builtins(obj)
    return d if isinstance(d, dict) else {tag: d}


def _matches(want: Any, got: Any) -> bool:
    """Every field given in `want` equals the one in `got` (tables match recursively)."""
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and _matches(v, got[k]) for k, v in want.items())
    return bool(want == got)


def _none(v: Any) -> Any:
    """TOML has no null: "" stands for nobody."""
    return None if v == "" else v


class _Ctx:
    """Where a scenario is, for error messages."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.where = ""

    def error(self, msg: str) -> ScenarioError:
        where = f" {self.where}" if self.where else ""
        return ScenarioError(f"{self.path}:{where}: {msg}")


# --- loading --------------------------------------------------------------------------------
def load(path: str | os.PathLike[str]) -> Table:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError(f"{p}: cannot be read ({e})") from None
    return parse(text, str(p))


def parse(text: str, source: str = "<scenario>") -> Table:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{source}: not a valid TOML file ({e})") from None
    unknown = set(doc) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"{source}: unknown key(s) {', '.join(sorted(unknown))} (known: "
                            f"{', '.join(sorted(TOP_KEYS))})")
    if ("setup" in doc) == ("from_save" in doc):
        raise ScenarioError(f"{source}: give either `setup` or `from_save`")
    return doc


def _need(value: Any, keys: tuple[str, ...], ctx: _Ctx, what: str) -> None:
    if not isinstance(value, dict) or any(k not in value for k in keys):
        raise ctx.error(f"`{what}` is a table with {', '.join(keys)}")


def _prompt(state: GameState) -> Any:
    return _to_builtins(state.prompt) if state.prompt is not None else None


def _tables(doc: Table, key: str, ctx: _Ctx) -> list[Table]:
    v = doc.get(key, [])
    if isinstance(v, dict):
        v = [v]
    if not isinstance(v, list) or not all(isinstance(t, dict) for t in v):
        ctx.where = ""
        raise ctx.error(f"`{key}` entries are tables: write [[{key}]]")
    return v
