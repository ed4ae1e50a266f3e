"""Scenario files: set up a position, play a script of actions, check expectations.

The format is TOML, documented with examples in docs/scenarios.md:

    name = "Rome builds a legion"
    setup = { civs = ["rome", "greece", "egypt"], seed = 7 }   # or from_save = "file.json"

    [[edit]]                       # change the position (keys applied in order)
    hand = { rome = { tax = 3 } }
    start_phase = "construction"   # then the engine runs on to the next prompt

    [[play]]                       # one action, in the JSON shape of engine.actions
    action = { type = "Name", civ = "rome" }

    [[play]]
    action = { type = "Buy", items = [{ kind = "legion", province = "roma" }], payment = { tax = 3 } }
    dice = [6, 6]                  # dice results forced before the action (state.forced_dice)

    [[play.expect]]                # checked right after this action, on its events
    event = { type = "Built", civ = "rome", kind = "legion", province = "roma" }

    [[expect]]                     # checked at the end, on the events of the whole script
    units = { area = "roma", owner = "rome", kind = "legion", count = 2 }

The scenario engine is generic: it changes the state through its fields, calls the engine's
public API (`apply`) and `engine.rules.flow` to recompute the prompt, and never holds any
rule of the game itself.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from .actions import Action
from .data import board
from .data.cards import ALL_CARDS, RESOURCES
from .data.costs import MILITARY
from .errors import IllegalAction
from .events import Event
from .prompts import Prompt
from .state import Building, Config, GameState, Unit


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

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]


TOP_KEYS = {"name", "description", "setup", "from_save", "edit", "play", "expect"}
EDIT_KEYS = {"hand", "bank", "cards", "display", "set_aside", "roles", "gods", "gods_used",
             "influence", "buildings", "units", "add_units", "remove_units", "next_unit_id",
             "turn", "phase", "step", "start_phase", "prompt", "dice", "set", "advance",
             "note"}
PLAY_KEYS = {"action", "dice", "as", "illegal", "expect", "note", "bot", "seed", "count",
             "until_phase", "until_prompt", "until_turn"}
EXPECT_KEYS = {"event", "events", "count", "absent", "units", "buildings", "influence", "hand",
               "hand_size", "holds", "roles", "gods", "winner", "phase", "step", "turn",
               "prompt", "state", "bank", "note"}
EXPECT_MAIN = EXPECT_KEYS - {"count", "absent", "note"}

_to_builtins = msgspec.to_builtins


# --- small helpers --------------------------------------------------------------------------
def _fmt(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}={_fmt(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_fmt(x) for x in v) + "]"
    if v is None or v == "":
        return "none"
    return str(v)


def _fields(d: dict) -> str:
    return " ".join(f"{k}={_fmt(v)}" for k, v in d.items())


def _tagged(obj: Any, tag: str) -> dict:
    d = _to_builtins(obj)
    return d if isinstance(d, dict) else {tag: d}


def _matches(want: Any, got: Any) -> bool:
    """Every field given in `want` equals the one in `got` (tables match recursively)."""
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and _matches(v, got[k]) for k, v in want.items())
    return want == got


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
def load(path: str | os.PathLike) -> dict:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError(f"{p}: cannot be read ({e})") from None
    return parse(text, str(p))


def parse(text: str, source: str = "<scenario>") -> dict:
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


# --- the starting position --------------------------------------------------------------------
def _start(doc: dict, base: Path, ctx: _Ctx) -> tuple[GameState, list[Event]]:
    from .game import new_game
    if "setup" in doc:
        ctx.where = "setup"
        setup = doc["setup"]
        if not isinstance(setup, dict):
            raise ctx.error("`setup` is a table such as { civs = [\"rome\", ...], seed = 1 }")
        unknown = set(setup) - set(Config.__struct_fields__)
        if unknown:
            raise ctx.error(f"unknown setup key(s) {', '.join(sorted(unknown))} (known: "
                            f"{', '.join(Config.__struct_fields__)})")
        try:
            config = msgspec.convert(setup, Config)
        except msgspec.ValidationError as e:
            raise ctx.error(f"bad setup: {e}") from None
        try:
            return new_game(config)
        except IllegalAction as e:
            raise ctx.error(f"the game cannot be set up: {e}") from None
        except Exception as e:
            raise ctx.error(f"the engine fails to set up the game: {type(e).__name__}: "
                            f"{e}") from None
    ctx.where = "from_save"
    spec = doc["from_save"]
    at = None
    if isinstance(spec, dict):
        unknown = set(spec) - {"file", "at"}
        if unknown or "file" not in spec:
            raise ctx.error("`from_save` is a path, or { file = \"...\", at = N }")
        at = spec.get("at")
        spec = spec["file"]
    if not isinstance(spec, str):
        raise ctx.error("`from_save` is a path to a save file")
    from .saves import SaveError, load_save
    p = Path(spec)
    if not p.is_absolute():
        p = base / p
    try:
        save = load_save(p)
    except SaveError as e:
        raise ctx.error(str(e)) from None
    if at is None:
        return save.state, []
    from .game import clone
    from .record import ReplayError, replay, start_state
    if not isinstance(at, int) or not 0 <= at <= len(save.record.actions):
        raise ctx.error(f"`at` is a number of actions from 0 to {len(save.record.actions)}")
    state = start_state(save.record)[0] if at == 0 else None
    try:
        for step in replay(save.record, stop=at):
            state = step.state
    except ReplayError as e:
        raise ctx.error(f"the save cannot be replayed to action {at}: {e.message}") from None
    assert state is not None
    return clone(state), []


# --- edits ----------------------------------------------------------------------------------
def _check_civ(state: GameState, civ: str, ctx: _Ctx, players_only: bool = True) -> str:
    civs = [p.civ for p in state.players]
    ok = civs if players_only else civs + list(state.neutrals)
    if civ not in ok:
        raise ctx.error(f"{civ!r} is not {'a player' if players_only else 'in the game'} "
                        f"(players: {', '.join(civs)})")
    return civ


def _check_area(area: str, ctx: _Ctx, land: bool = False) -> str:
    if area in board.PROVINCES or (not land and area in board.SEAS):
        return area
    raise ctx.error(f"{area!r} is not a {'province' if land else 'province or sea'} id")


def _check_card(c: str, ctx: _Ctx) -> str:
    if c not in ALL_CARDS:
        raise ctx.error(f"{c!r} is not a card id")
    return c


def _check_resources(hand: Any, ctx: _Ctx) -> dict[str, int]:
    if not isinstance(hand, dict):
        raise ctx.error("a hand is a table of resource = count")
    for c, n in hand.items():
        if c not in RESOURCES:
            raise ctx.error(f"{c!r} is not a resource card (one of {', '.join(RESOURCES)})")
        if not isinstance(n, int) or n < 0:
            raise ctx.error(f"the count of {c} must be a whole number >= 0")
    return {c: n for c, n in hand.items() if n}


def _player(state: GameState, civ: str):
    return next(p for p in state.players if p.civ == civ)


def _unit_specs(state: GameState, area: str, specs: Any, ctx: _Ctx) -> list[Unit]:
    """"rome legion", "2 rome legion", "rome legion @city", or tables
    { owner, kind, count = 1, post = "", id = N }."""
    if not isinstance(specs, list):
        raise ctx.error(f"the units of {area} are a list such as [\"2 rome legion\"]")
    out: list[Unit] = []
    for spec in specs:
        if isinstance(spec, str):
            words = spec.split()
            count, post, uid = 1, "", None
            if words and words[0].isdigit():
                count = int(words.pop(0))
            if words and words[-1].startswith("@"):
                post = words.pop()[1:]
            if len(words) != 2:
                raise ctx.error(f"bad unit {spec!r}: write \"[count] owner kind [@post]\"")
            owner, kind = words
        elif isinstance(spec, dict):
            unknown = set(spec) - {"owner", "kind", "count", "post", "id", "moved", "fought"}
            if unknown or "owner" not in spec or "kind" not in spec:
                raise ctx.error(f"bad unit {spec!r}: give owner and kind (and count, post, id)")
            owner, kind = spec["owner"], spec["kind"]
            count, post, uid = spec.get("count", 1), spec.get("post", ""), spec.get("id")
        else:
            raise ctx.error(f"bad unit {spec!r}")
        _check_civ(state, owner, ctx, players_only=False)
        if kind not in MILITARY:
            raise ctx.error(f"bad unit kind {kind!r} (one of {', '.join(MILITARY)})")
        for _ in range(count):
            if uid is None:
                i = state.next_unit_id
                state.next_unit_id += 1
            else:
                i = uid
                if any(u.id == i for u in state.units + out):
                    raise ctx.error(f"unit id {i} is taken")
                state.next_unit_id = max(state.next_unit_id, i + 1)
            u = Unit(id=i, owner=owner, kind=kind, area=area, post=post)
            if isinstance(spec, dict):
                u.moved = bool(spec.get("moved", False))
                u.fought = bool(spec.get("fought", False))
            out.append(u)
    return out


def _check_path(state: GameState, keys: list[str], ctx: _Ctx, path: str,
                for_set: bool) -> None:
    """Every step of a dotted path names a field of a struct, an index of a list or (the
    last step of a `set`) a key of a table."""
    obj: Any = state
    for n, k in enumerate(keys):
        last = n == len(keys) - 1
        if isinstance(obj, msgspec.Struct):
            if k not in obj.__struct_fields__:
                raise ctx.error(f"no field {path!r} in the state ({k!r} is not one of "
                                f"{', '.join(obj.__struct_fields__)})")
            obj = getattr(obj, k)
        elif isinstance(obj, list):
            if not k.lstrip("-").isdigit() or not -len(obj) <= int(k) < len(obj):
                raise ctx.error(f"no field {path!r} in the state ({k!r} is no index of a "
                                f"list of {len(obj)})")
            obj = obj[int(k)]
        elif isinstance(obj, dict):
            if k not in obj and not (last and for_set):
                raise ctx.error(f"no field {path!r} in the state (no key {k!r})")
            obj = obj.get(k)
        else:
            raise ctx.error(f"no field {path!r} in the state")


def _set_path(state: GameState, path: str, value: Any, ctx: _Ctx) -> GameState:
    """Set one field anywhere in the state by a dotted path ("order.active",
    "players.0.hand.tax"), checking the whole state's types afterwards."""
    keys = path.split(".")
    _check_path(state, keys, ctx, path, for_set=True)
    doc = _to_builtins(state)
    node: Any = doc
    for k in keys[:-1]:
        node = node[int(k)] if isinstance(node, list) else node[k]
    last = keys[-1]
    if value == "" and last in _NULLABLE:
        value = None
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    try:
        return msgspec.convert(doc, GameState)
    except msgspec.ValidationError as e:
        raise ctx.error(f"`set` {path} = {value!r} gives an invalid state: {e}") from None


_NULLABLE = {"influence", "winner", "prompt", "active", "to_take", "last_taker", "battle",
             "pending_move", "attacker_chosen", "defender_chosen"}


def apply_edit(state: GameState, edit: dict, ctx: _Ctx, events: list[Event]) -> GameState:
    """Apply one [[edit]] table; returns the (possibly new) state."""
    from .rules import flow
    unknown = set(edit) - EDIT_KEYS
    if unknown:
        raise ctx.error(f"unknown edit key(s) {', '.join(sorted(unknown))} (known: "
                        f"{', '.join(sorted(EDIT_KEYS))})")
    for key, value in edit.items():
        if key == "note":
            continue
        if key == "hand":
            for civ, hand in value.items():
                _check_civ(state, civ, ctx)
                new = _check_resources(hand, ctx)
                p = _player(state, civ)
                for c in set(p.hand) | set(new):
                    delta = new.get(c, 0) - p.hand.get(c, 0)
                    if state.bank.get(c, 0) < delta:
                        raise ctx.error(f"the bank has only {state.bank.get(c, 0)} {c} for "
                                        f"{civ}'s hand (set `bank` first)")
                    state.bank[c] = state.bank.get(c, 0) - delta
                p.hand = dict(new)
        elif key == "bank":
            state.bank.update(_check_resources(value, ctx) | {
                c: 0 for c, n in value.items() if n == 0})
        elif key == "cards":
            for civ, held in value.items():
                _check_civ(state, civ, ctx)
                for c in held:
                    _check_card(c, ctx)
                    if c in state.display:
                        state.display.remove(c)
                    if c in state.set_aside:
                        state.set_aside.remove(c)
                    for q in state.players:
                        if q.civ != civ and c in q.cards:
                            q.cards.remove(c)
                _player(state, civ).cards = list(held)
        elif key in ("display", "set_aside", "gods_used"):
            for c in value:
                _check_card(c, ctx)
            setattr(state, key, list(value))
        elif key == "roles":
            from .data.cards import ROLES
            for r, civ in value.items():
                if r not in ROLES:
                    raise ctx.error(f"{r!r} is not a role (one of {', '.join(ROLES)})")
                state.roles[r] = _check_civ(state, civ, ctx) if civ else None
        elif key == "gods":
            from .data.cards import GODS
            for g, civ in value.items():
                if g not in GODS:
                    raise ctx.error(f"{g!r} is not a god (one of {', '.join(GODS)})")
                state.gods[g] = _check_civ(state, civ, ctx) if civ else None
        elif key == "influence":
            for pr, civ in value.items():
                _check_area(pr, ctx, land=True)
                state.provinces[pr].influence = _check_civ(state, civ, ctx, False) \
                    if civ else None
        elif key == "buildings":
            for pr, items in value.items():
                _check_area(pr, ctx, land=True)
                bs: list[Building] = []
                for it in items:
                    kind, _, site = str(it).partition(":")
                    if kind not in ("city", "caravan", "temple", "market"):
                        raise ctx.error(f"bad building {it!r} (city, caravan:<commodity>, "
                                        "temple, market)")
                    if kind == "city" and not site:
                        site = board.PROVINCES[pr].city_site or ""
                    if kind == "caravan" and site not in RESOURCES:
                        raise ctx.error(f"bad caravan {it!r}: write caravan:<commodity>")
                    bs.append(Building(kind=kind, site=site))
                state.provinces[pr].buildings = bs
        elif key in ("units", "add_units"):
            for area, specs in value.items():
                _check_area(area, ctx)
                new_units = _unit_specs(state, area, specs, ctx)
                if key == "units":
                    state.units = [u for u in state.units if u.area != area]
                state.units.extend(new_units)
        elif key == "remove_units":
            ids = value if isinstance(value, list) else [value]
            known = {u.id for u in state.units}
            for i in ids:
                if i not in known:
                    raise ctx.error(f"there is no unit {i}")
            state.units = [u for u in state.units if u.id not in ids]
        elif key in ("next_unit_id", "turn"):
            if not isinstance(value, int):
                raise ctx.error(f"`{key}` is a number")
            setattr(state, key, value)
        elif key in ("phase", "step"):
            if not isinstance(value, str):
                raise ctx.error(f"`{key}` is a text")
            setattr(state, key, value)
        elif key == "start_phase":
            from .rules.registry import PHASES
            if value not in PHASES:
                raise ctx.error(f"{value!r} is not a phase (one of {', '.join(PHASES)})")
            state.prompt = None
            flow.start_phase(state, value, events)
        elif key == "prompt":
            try:
                state.prompt = None if not value else msgspec.convert(value, Prompt)
            except msgspec.ValidationError as e:
                raise ctx.error(f"bad prompt: {e}") from None
        elif key == "dice":
            if not all(isinstance(d, int) and 1 <= d <= 6 for d in value):
                raise ctx.error("dice are numbers from 1 to 6")
            state.forced_dice = list(value)
        elif key == "set":
            for path, v in value.items():
                state = _set_path(state, path, v, ctx)
        elif key == "advance":
            pass
    try:  # every field still of its type (an edit cannot make a state that cannot be saved)
        state = msgspec.convert(_to_builtins(state), GameState)
    except msgspec.ValidationError as e:
        raise ctx.error(f"the edit gives an invalid state: {e}") from None
    rerun = edit.get("advance")
    if rerun is None:
        rerun = "prompt" not in edit and bool(
            {"phase", "step", "start_phase"} & set(edit))
    if rerun:
        state.prompt = None
        try:
            flow.advance(state, events)
        except IllegalAction as e:
            raise ctx.error(f"the engine refuses the edited position: {e}") from None
        except Exception as e:
            raise ctx.error(f"the engine cannot go on from the edited position: "
                            f"{type(e).__name__}: {e}") from None
    return state


# --- expectations ---------------------------------------------------------------------------
def check_expect(state: GameState, events: list[Event], exp: dict, ctx: _Ctx) -> Check:
    """One expectation, on the state now and the events in scope."""
    unknown = set(exp) - EXPECT_KEYS
    if unknown:
        raise ctx.error(f"unknown expect key(s) {', '.join(sorted(unknown))} (known: "
                        f"{', '.join(sorted(EXPECT_KEYS))})")
    main = [k for k in exp if k in EXPECT_MAIN]
    if len(main) != 1:
        raise ctx.error("each expect table checks one thing: give one of "
                        f"{', '.join(sorted(EXPECT_MAIN))}")
    key = main[0]
    value = exp[key]
    note = f" ({exp['note']})" if "note" in exp else ""

    def ok(cond: bool, text: str, detail: str = "") -> Check:
        return Check(bool(cond), text + note, "" if cond else detail)

    if key == "event":
        if not isinstance(value, dict) or "type" not in value:
            raise ctx.error("`event` is a table with a `type`, e.g. { type = \"Built\" }")
        found = [e for e in events if _matches(value, _tagged(e, "type"))]
        text = f"event {_fields(value)}"
        if exp.get("absent"):
            return ok(not found, f"no {text}",
                      f"found {len(found)}: " + "; ".join(_render1(e) for e in found[:3]))
        same = [_render1(e) for e in events if type(e).__name__ == value["type"]]
        seen = "; events of that type: " + ("; ".join(same[:4]) if same else "none")
        if "count" in exp:
            return ok(len(found) == exp["count"], f"{text} x{exp['count']}",
                      f"found {len(found)}{seen}")
        return ok(found, text, f"no such event{seen}")
    if key == "events":
        i = 0
        for e in events:
            if i < len(value) and _matches(value[i], _tagged(e, "type")):
                i += 1
        text = "events in order: " + ", ".join(v.get("type", "?") for v in value)
        return ok(i == len(value), text,
                  f"only the first {i} were found in order; missing {_fields(value[i])}"
                  if i < len(value) else "")
    if key == "units":
        _need(value, ("area", "count"), ctx, "units")
        area = _check_area(value["area"], ctx)
        got = [u for u in state.units if u.area == area
               and ("owner" not in value or u.owner == value["owner"])
               and ("kind" not in value or u.kind == value["kind"])
               and ("post" not in value or u.post == value["post"])]
        want = {k: v for k, v in value.items() if k != "count"}
        return ok(len(got) == value["count"], f"units {_fields(want)}: {value['count']}",
                  f"found {len(got)} (in {area}: "
                  f"{', '.join(f'{u.owner} {u.kind}#{u.id}' for u in state.units if u.area == area) or 'none'})")
    if key == "buildings":
        _need(value, ("province", "count"), ctx, "buildings")
        pr = _check_area(value["province"], ctx, land=True)
        bs = state.provinces[pr].buildings
        got = [b for b in bs if ("kind" not in value or b.kind == value["kind"])
               and ("site" not in value or b.site == value["site"])]
        want = {k: v for k, v in value.items() if k != "count"}
        return ok(len(got) == value["count"], f"buildings {_fields(want)}: {value['count']}",
                  f"found {len(got)} (in {pr}: "
                  f"{', '.join(b.kind + (':' + b.site if b.site else '') for b in bs) or 'none'})")
    if key == "influence":
        bad = {pr: state.provinces[_check_area(pr, ctx, land=True)].influence
               for pr, civ in value.items()
               if state.provinces[pr].influence != _none(civ)}
        return ok(not bad, f"influence {_fields(value)}",
                  "found " + _fields({k: v or "none" for k, v in bad.items()}))
    if key in ("hand", "hand_size", "holds"):
        bad = {}
        for civ, want in value.items():
            _check_civ(state, civ, ctx)
            p = _player(state, civ)
            if key == "hand" and p.hand != {c: n for c, n in want.items() if n}:
                bad[civ] = p.hand
            elif key == "hand_size" and sum(p.hand.values()) != want:
                bad[civ] = sum(p.hand.values())
            elif key == "holds" and not set(want) <= set(p.cards):
                bad[civ] = p.cards
        return ok(not bad, f"{key} {_fields(value)}", "found " + _fields(bad))
    if key in ("roles", "gods"):
        table = state.roles if key == "roles" else state.gods
        bad = {k: table.get(k) for k, civ in value.items() if table.get(k) != _none(civ)}
        return ok(not bad, f"{key} {_fields(value)}",
                  "found " + _fields({k: v or "none" for k, v in bad.items()}))
    if key == "bank":
        bad = {c: state.bank.get(c, 0) for c, n in value.items() if state.bank.get(c, 0) != n}
        return ok(not bad, f"bank {_fields(value)}", "found " + _fields(bad))
    if key == "winner":
        return ok(state.winner == _none(value), f"winner {value or 'none'}",
                  f"found {state.winner or 'none'} ({state.win_reason or 'no winner'})")
    if key in ("phase", "step", "turn"):
        got = getattr(state, key)
        return ok(got == value, f"{key} {value}", f"found {got!r}")
    if key == "prompt":
        got = _to_builtins(state.prompt) if state.prompt is not None else None
        if not value:
            return ok(got is None, "no prompt", f"found {_fields(got or {})}")
        return ok(got is not None and _matches(value, got), f"prompt {_fields(value)}",
                  f"found {_fields(got) if got else 'no prompt'}")
    if key == "state":
        doc = _to_builtins(state)
        bad = {}
        for path, want in value.items():
            keys = path.split(".")
            _check_path(state, keys, ctx, path, for_set=False)
            node: Any = doc
            for k in keys:
                node = node[int(k)] if isinstance(node, list) else node[k]
            if not _matches(want, node):
                bad[path] = node
        return ok(not bad, f"state {_fields(value)}", "found " + _fields(bad))
    raise ctx.error(f"unknown expectation {key!r}")  # pragma: no cover


def _need(value: Any, keys: tuple[str, ...], ctx: _Ctx, what: str) -> None:
    if not isinstance(value, dict) or any(k not in value for k in keys):
        raise ctx.error(f"`{what}` is a table with {', '.join(keys)}")


def _render1(e: Event) -> str:
    from .render import render
    return render(e)


# --- running ----------------------------------------------------------------------------------
def run(path: str | os.PathLike) -> Result:
    """Run one scenario file. Raises ScenarioError for a file that cannot be run; a failed
    expectation (or an unexpected illegal action) is a failed Check in the result."""
    p = Path(path)
    return run_doc(load(p), p.parent, str(p))


def run_text(text: str, base: str | os.PathLike = ".", source: str = "<scenario>") -> Result:
    return run_doc(parse(text, source), Path(base), source)


def run_doc(doc: dict, base: Path, source: str) -> Result:
    from .render import render_events

    ctx = _Ctx(source)
    res = Result(path=source, name=str(doc.get("name", Path(source).stem)))
    state, setup_events = _start(doc, base, ctx)
    if setup_events:
        res.lines.append("setup:")
        res.lines += [f"  {line}" for line in render_events(setup_events)]
    for i, edit in enumerate(_tables(doc, "edit", ctx), start=1):
        ctx.where = f"edit {i}"
        edit_events: list[Event] = []
        state = apply_edit(state, edit, ctx, edit_events)
        if edit_events:  # what the engine did on from the edited position
            res.lines.append(f"edit {i}:")
            res.lines += [f"  {line}" for line in render_events(edit_events)]
            res.events += edit_events
    last_events: list[Event] = list(res.events)  # what a checks-only play entry looks at

    stopped = ""  # why the script stopped, if it did
    for i, play in enumerate(_tables(doc, "play", ctx), start=1):
        ctx.where = f"play {i}"
        unknown = set(play) - PLAY_KEYS
        if unknown:
            raise ctx.error(f"unknown play key(s) {', '.join(sorted(unknown))} (known: "
                            f"{', '.join(sorted(PLAY_KEYS))})")
        if "action" in play and "bot" in play:
            raise ctx.error("a play entry has an `action` or a `bot`, not both")
        if "action" not in play and "bot" not in play and "expect" not in play:
            raise ctx.error("a play entry has an `action`, a `bot`, or only `expect` checks")
        exps = play.get("expect", [])
        if isinstance(exps, dict):
            exps = [exps]
        if not stopped:
            if "note" in play:
                res.lines.append(f"play {i}: # {play['note']}")
            if "bot" in play:
                step_events, ok = _play_bots(state, play, i, res, ctx)
            elif "action" in play:
                step_events, ok = _play_action(state, play, i, res, ctx)
            else:
                res.lines.append(f"play {i}: (checks only)")
                step_events, ok = last_events, True
            if not ok:
                stopped = f"the script stopped at play {i}"
            elif "action" in play or "bot" in play:
                res.events += step_events
                last_events = step_events
        for j, exp in enumerate(exps, start=1):
            ctx.where = f"play {i} expect {j}"
            if stopped:
                _add(res, Check(False, f"play {i} expect {j}: not checked", stopped))
                continue
            c = check_expect(state, step_events, exp, ctx)
            c.text = f"play {i}: {c.text}"
            _add(res, c)

    for j, exp in enumerate(_tables(doc, "expect", ctx), start=1):
        ctx.where = f"expect {j}"
        c = check_expect(state, res.events, exp, ctx)  # (a malformed table is refused)
        _add(res, Check(False, f"expect {j}: not checked", stopped) if stopped else c)
    if not res.checks:
        ctx.where = ""
        raise ctx.error("the scenario checks nothing: add [[expect]] tables")
    res.state = state
    return res


def _play_bots(state: GameState, play: dict, i: int, res: Result,
               ctx: _Ctx) -> tuple[list[Event], bool]:
    """Computer players decide until the entry's condition holds."""
    from .bots import make_bot
    from .game import apply, view
    from .render import render_events
    try:
        bot = make_bot(play["bot"], int(play.get("seed", 0)))
    except ValueError as e:
        raise ctx.error(str(e)) from None
    limit = int(play.get("count", 10_000))
    events: list[Event] = []
    ok = True
    n = 0
    while n < limit and state.prompt is not None and state.phase != "over":
        if "until_phase" in play and state.phase == play["until_phase"]:
            break
        if "until_turn" in play and state.turn >= play["until_turn"]:
            break
        if "until_prompt" in play and type(state.prompt).__name__ == play["until_prompt"]:
            break
        seat = next(q.seat for q in state.players if q.civ == state.prompt.civ)
        try:
            events += apply(state, bot.choose(view(state, seat)))
        except Exception as e:
            _add(res, Check(False, f"play {i}: the {play['bot']} players play",
                            f"decision {n + 1} fails: {type(e).__name__}: {e}"))
            ok = False
            break
        n += 1
    res.lines.append(f"play {i}: {play['bot']} players made {n} decisions")
    res.lines += [f"  {line}" for line in render_events(events)]
    return events, ok


def _play_action(state: GameState, play: dict, i: int, res: Result,
                 ctx: _Ctx) -> tuple[list[Event], bool]:
    """One action: applied, or refused as the entry expects. False: the script stops."""
    from .game import apply, legal_actions
    from .record import action_text
    from .render import render_events
    try:
        action = msgspec.convert(play["action"], Action)
    except msgspec.ValidationError as e:
        raise ctx.error(f"bad action {_fmt(play['action'])}: {e}") from None
    dice = play.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(d, int) and 1 <= d <= 6
                                             for d in dice):
        raise ctx.error("dice are numbers from 1 to 6")
    who = state.prompt.civ if state.prompt is not None else "nobody"
    res.lines.append(f"play {i}: {who} {action_text(action)}")
    if "as" in play and who != play["as"]:
        _add(res, Check(False, f"play {i}: {play['as']} decides",
                        f"the prompt is for {who}: {_fmt(_prompt(state))}"))
        return [], False
    before_dice = list(state.forced_dice)
    state.forced_dice = before_dice + list(dice)
    try:
        events = apply(state, action)
    except IllegalAction as e:
        state.forced_dice = before_dice
        res.lines.append(f"  illegal: {e}")
        if "illegal" in play:
            want = str(play["illegal"])
            hit = want.lower() in str(e).lower()
            _add(res, Check(hit, f"play {i} is illegal: \"{want}\"",
                            "" if hit else f"the reason is: {e}"))
            return [], True
        _add(res, Check(False, f"play {i} is legal", f"illegal: {e}"))
        res.lines.append(f"  the prompt: {_fmt(_prompt(state))}")
        try:
            opts = legal_actions(state)[:6]
        except Exception:  # a hint only
            opts = []
        if opts:
            res.lines.append("  legal now: " + "; ".join(action_text(a) for a in opts))
        return [], False
    except Exception as e:  # an engine failure is reported, not raised
        state.forced_dice = before_dice
        _add(res, Check(False, f"play {i} is applied",
                        f"the engine fails: {type(e).__name__}: {e}"))
        return [], False
    res.lines += [f"  {line}" for line in render_events(events)]
    if "illegal" in play:
        _add(res, Check(False, f"play {i} is illegal: \"{play['illegal']}\"",
                        "the action was legal"))
    if state.forced_dice and dice:
        res.lines.append(f"  note: forced dice not used: {state.forced_dice}")
    return events, True


def _add(res: Result, c: Check) -> None:
    res.checks.append(c)
    res.lines.append(c)


def _prompt(state: GameState) -> Any:
    return _to_builtins(state.prompt) if state.prompt is not None else None


def _tables(doc: dict, key: str, ctx: _Ctx) -> list[dict]:
    v = doc.get(key, [])
    if isinstance(v, dict):
        v = [v]
    if not isinstance(v, list) or not all(isinstance(t, dict) for t in v):
        ctx.where = ""
        raise ctx.error(f"`{key}` entries are tables: write [[{key}]]")
    return v


def report(res: Result, verbose: bool = True) -> list[str]:
    """The lines `mare-nostrum scenario` prints for one scenario."""
    out = [f"{res.path}: {res.name}"]
    for item in res.lines:
        if isinstance(item, Check):
            out.append(f"  {'PASS' if item.ok else 'FAIL'} {item.text}")
            if item.detail:
                out.append(f"       {item.detail}")
        elif verbose:
            out.append(f"  {item}")
    n_ok = sum(c.ok for c in res.checks)
    out.append(f"  {'passed' if res.passed else 'FAILED'}: {n_ok} of {len(res.checks)} "
               "expectations")
    return out
