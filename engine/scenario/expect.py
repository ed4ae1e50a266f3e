"""Scenario files: the expectations checked on the state and the events."""

from __future__ import annotations

from collections.abc import Callable
from fnmatch import fnmatchcase
from typing import Any

from ..events import Event
from ..game import legal_actions
from ..record import action_text
from ..render import render
from ..state import GameState
from .format import (
    EXPECT_KEYS,
    EXPECT_MAIN,
    Check,
    Table,
    _Ctx,
    _fields,
    _matches,
    _need,
    _none,
    _tagged,
    _to_builtins,
)
from .position import UNIT_FIELDS, _check_area, _check_civ, _check_path, _player, _unit_index


# --- expectations ---------------------------------------------------------------------------
def check_expect(state: GameState, events: list[Event], exp: Table, ctx: _Ctx) -> Check:
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
        return ok(bool(found), text, f"no such event{seen}")
    if key == "events":
        i = 0
        for e in events:
            if i < len(value) and _matches(value[i], _tagged(e, "type")):
                i += 1
        text = "events in order: " + ", ".join(v.get("type", "?") for v in value)
        return ok(i == len(value), text,
                  f"only the first {i} were found in order; missing {_fields(value[i])}"
                  if i < len(value) else "")
    if key == "any":
        if not isinstance(value, list) or not value or not all(isinstance(t, dict)
                                                               for t in value):
            raise ctx.error("`any` is a list of expectation tables, one of which must pass")
        tried = [check_expect(state, events, t, ctx) for t in value]
        return ok(any(c.ok for c in tried), "any of: " + " | ".join(c.text for c in tried),
                  "; ".join(c.detail for c in tried if c.detail))
    if key == "legal":
        return _check_legal(state, exp, value, ctx, ok)
    if key == "unit":
        if not isinstance(value, dict) or "id" not in value or set(value) - UNIT_FIELDS:
            raise ctx.error("`unit` is a table with `id` and any of "
                            f"{', '.join(sorted(UNIT_FIELDS - {'id'}))}")
        u = next((u for u in state.units if u.id == value["id"]), None)
        text = f"unit {_fields(value)}"
        if exp.get("absent"):
            return ok(u is None, f"no unit {value['id']}",
                      f"found {_fields(_to_builtins(u)) if u else ''}")
        if u is None:
            return ok(False, text, "no such unit (eliminated, or never built)")
        want = {k: (_check_area(v, ctx, card=True) if k == "area" else v)
                for k, v in value.items()}
        got = _to_builtins(u)
        return ok(_matches(want, got), text, f"found {_fields(got)}")
    if key == "units":
        _need(value, ("area", "count"), ctx, "units")
        area = _check_area(value["area"], ctx, card=True)
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
        built = [b for b in bs if ("kind" not in value or b.kind == value["kind"])
                 and ("site" not in value or b.site == value["site"])]
        want = {k: v for k, v in value.items() if k != "count"}
        return ok(len(built) == value["count"], f"buildings {_fields(want)}: {value['count']}",
                  f"found {len(built)} (in {pr}: "
                  f"{', '.join(b.kind + (':' + b.site if b.site else '') for b in bs) or 'none'})")
    if key == "influence":
        bad: dict[str, Any] = {pr: state.provinces[_check_area(pr, ctx, land=True)].influence
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
        shown = _to_builtins(state.prompt) if state.prompt is not None else None
        if not value:
            return ok(shown is None, "no prompt", f"found {_fields(shown or {})}")
        return ok(shown is not None and _matches(value, shown), f"prompt {_fields(value)}",
                  f"found {_fields(shown) if shown else 'no prompt'}")
    if key == "state":
        doc = _to_builtins(state)
        bad = {}
        for path, want in value.items():
            keys = _unit_index(state, path.split("."), ctx, path)
            _check_path(state, keys, ctx, path, for_set=False)
            node: Any = doc
            for k in keys:
                node = node[int(k)] if isinstance(node, list) else node[k]
            if not _matches(want, node):
                bad[path] = node
        return ok(not bad, f"state {_fields(value)}", "found " + _fields(bad))
    raise ctx.error(f"unknown expectation {key!r}")  # pragma: no cover


def _like(want: Any, got: Any) -> bool:
    """A pattern on an action: every field given matches, a text with * or ? as a shell
    pattern ("mare_*"), a list as a list of patterns."""
    if isinstance(want, dict) and isinstance(got, dict):
        return all(k in got and _like(v, got[k]) for k, v in want.items())
    if isinstance(want, list) and isinstance(got, list):
        return len(want) == len(got) and all(_like(w, g) for w, g in zip(want, got,
                                                                        strict=True))
    if isinstance(want, str) and isinstance(got, str) and any(c in want for c in "*?["):
        return fnmatchcase(got, want)
    return bool(want == got)


def _check_legal(state: GameState, exp: dict[str, Any], value: Any, ctx: _Ctx,
                 ok: Callable[..., Check]) -> Check:
    """`legal = { type = "UsePower", card = "croesus" }`: such an action is offered now
    (`absent = true`: none is; `count = N`: exactly N are)."""
    if not isinstance(value, dict) or "type" not in value:
        raise ctx.error("`legal` is a table with a `type`, e.g. { type = \"UsePower\", "
                        "card = \"ajax\" }")
    listed = legal_actions(state)
    found = [a for a in listed if _like(value, _tagged(a, "type"))]
    text = f"offered: {_fields(value)}"
    shown = "; ".join(action_text(a) for a in listed[:6]) or "nothing"
    if exp.get("absent"):
        return ok(not found, f"not {text}",
                  f"offered {len(found)}: " + "; ".join(action_text(a) for a in found[:3]))
    if "count" in exp:
        return ok(len(found) == exp["count"], f"{text} x{exp['count']}",
                  f"found {len(found)}; offered: {shown}")
    return ok(found, text, f"not offered; offered: {shown}")


def _render1(e: Event) -> str:
    return render(e)
