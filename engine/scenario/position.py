"""Scenario files: the starting position (a new game or a save) and the edits that change
it through the state's fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from ..data import board
from ..data.cards import ALL_CARDS, GODS, RESOURCES, ROLES
from ..data.costs import MILITARY
from ..errors import IllegalAction
from ..events import Event
from ..game import clone, new_game
from ..prompts import Prompt
from ..record import start_state
from ..replay import ReplayError, replay
from ..rules import flow
from ..rules.registry import PHASES
from ..saves import SaveError, load_save
from ..state import Building, Config, GameState, Player, Unit
from .format import EDIT_KEYS, Table, _Ctx, _to_builtins


# --- the starting position --------------------------------------------------------------------
def _start(doc: Table, base: Path, ctx: _Ctx) -> tuple[GameState, list[Event]]:
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
    p = Path(spec)
    if not p.is_absolute():
        p = base / p
    try:
        save = load_save(p)
    except SaveError as e:
        raise ctx.error(str(e)) from None
    if at is None:
        return save.state, []
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


ON_CARD = "card"  # a unit on its card (a dived Kraken, a dead Phoenix): its area is ""


def _check_area(area: str, ctx: _Ctx, land: bool = False, card: bool = False) -> str:
    """A province or sea id; with `card`, also "card" for a unit on its card (returns "")."""
    if area in board.PROVINCES or (not land and area in board.SEAS):
        return area
    if card and area == ON_CARD:
        return ""
    raise ctx.error(f"{area!r} is not a {'province' if land else 'province or sea'} id"
                    + (" (or \"card\")" if card else ""))


def _by_id(state: GameState, uid: Any, ctx: _Ctx) -> Unit:
    u = next((u for u in state.units if u.id == uid), None)
    if u is None:
        raise ctx.error(f"there is no unit {uid}")
    return u


UNIT_FIELDS = {"id", "owner", "kind", "area", "post", "moved", "fought", "moves_left"}


def _edit_unit(state: GameState, spec: Any, ctx: _Ctx) -> None:
    """{ id = 40, area = "etruria", fought = true }: change the fields of the unit with
    that id ("card" for the area of a unit on its card)."""
    if not isinstance(spec, dict) or "id" not in spec or set(spec) - UNIT_FIELDS:
        raise ctx.error(f"bad unit edit {spec!r}: a table with `id` and any of "
                        f"{', '.join(sorted(UNIT_FIELDS - {'id'}))}")
    u = _by_id(state, spec["id"], ctx)
    for k, v in spec.items():
        if k == "area":
            v = _check_area(v, ctx, card=True)
        elif k == "owner":
            _check_civ(state, v, ctx, players_only=False)
        elif k == "kind" and v not in MILITARY:
            raise ctx.error(f"bad unit kind {v!r} (one of {', '.join(MILITARY)})")
        setattr(u, k, v)


def _unit_index(state: GameState, keys: list[str], ctx: _Ctx, path: str) -> list[str]:
    """`units.#40.fought`: "#40" after "units" names the unit with id 40 (its index)."""
    out = list(keys)
    for n, k in enumerate(keys):
        if k.startswith("#") and n > 0 and keys[n - 1] == "units":
            if not k[1:].isdigit():
                raise ctx.error(f"bad unit id {k!r} in {path!r}")
            uid = int(k[1:])
            i = next((i for i, u in enumerate(state.units) if u.id == uid), None)
            if i is None:
                raise ctx.error(f"no unit {uid} for {path!r}")
            out[n] = str(i)
    return out


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


def _player(state: GameState, civ: str) -> Player:
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
    keys = _unit_index(state, path.split("."), ctx, path)
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


def apply_edit(state: GameState, edit: Table, ctx: _Ctx, events: list[Event]) -> GameState:
    """Apply one [[edit]] table; returns the (possibly new) state."""
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
            for r, civ in value.items():
                if r not in ROLES:
                    raise ctx.error(f"{r!r} is not a role (one of {', '.join(ROLES)})")
                state.roles[r] = _check_civ(state, civ, ctx) if civ else None
        elif key == "gods":
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
                area = _check_area(area, ctx, card=True)
                new_units = _unit_specs(state, area, specs, ctx)
                if key == "units":
                    state.units = [u for u in state.units if u.area != area]
                state.units.extend(new_units)
        elif key == "unit":
            for spec in value if isinstance(value, list) else [value]:
                _edit_unit(state, spec, ctx)
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
