"""Scenario files: running one (its edits, its script of actions and computer players,
its expectations) and the report `mare-nostrum scenario` prints."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from ..actions import Action
from ..errors import IllegalAction
from ..events import Event
from ..game import legal_actions
from ..match import REMOTE, Match
from ..record import ENGINE_FAILURE, action_text
from ..render import render_events
from .expect import check_expect
from .format import (
    PLAY_KEYS,
    Check,
    Result,
    Table,
    _Ctx,
    _fmt,
    _prompt,
    _tables,
    load,
    parse,
)
from .position import _start, apply_edit


# --- running ----------------------------------------------------------------------------------
def run(path: str | os.PathLike[str]) -> Result:
    """Run one scenario file. Raises ScenarioError for a file that cannot be run; a failed
    expectation (or an unexpected illegal action) is a failed Check in the result."""
    p = Path(path)
    return run_doc(load(p), p.parent, str(p))


def run_text(text: str, base: str | os.PathLike[str] = ".", source: str = "<scenario>") -> Result:
    return run_doc(parse(text, source), Path(base), source)


def run_doc(doc: Table, base: Path, source: str) -> Result:

    ctx = _Ctx(source)
    match: Match
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
    # The script is played through the match loop, every seat a remote player whose
    # decisions are the script's (or computer players', for a `bot` entry).
    match = Match(state, [REMOTE] * len(state.players), bot_secret=b"")

    stopped = ""  # why the script stopped, if it did
    for i, play in enumerate(_tables(doc, "play", ctx), start=1):
        ctx.where = f"play {i}"
        unknown = set(play) - PLAY_KEYS
        if unknown:
            raise ctx.error(f"unknown play key(s) {', '.join(sorted(unknown))} (known: "
                            f"{', '.join(sorted(PLAY_KEYS))})")
        if "action" in play and "bot" in play:
            raise ctx.error("a play entry has an `action` or a `bot`, not both")
        if not {"action", "bot", "expect", "edit"} & set(play):
            raise ctx.error("a play entry has an `action`, a `bot`, an `edit`, or only "
                            "`expect` checks")
        exps = play.get("expect", [])
        if isinstance(exps, dict):
            exps = [exps]
        if not stopped:
            if "note" in play:
                res.lines.append(f"play {i}: # {play['note']}")
            if "edit" in play:  # a position set mid-game, before the entry's action
                mid_events: list[Event] = []
                state = apply_edit(match.state, play["edit"], ctx, mid_events)
                match = Match(state, [REMOTE] * len(state.players), bot_secret=b"")
                res.lines.append(f"play {i}: edit")
                res.lines += [f"  {line}" for line in render_events(mid_events)]
                res.events += mid_events
                last_events = mid_events
            if "bot" in play:
                step_events, ok = _play_bots(match, play, i, res, ctx)
            elif "action" in play:
                step_events, ok = _play_action(match, play, i, res, ctx)
            else:
                if "edit" not in play:
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
            c = check_expect(match.state, step_events, exp, ctx)
            c.text = f"play {i}: {c.text}"
            _add(res, c)

    for j, exp in enumerate(_tables(doc, "expect", ctx), start=1):
        ctx.where = f"expect {j}"
        c = check_expect(match.state, res.events, exp, ctx)  # (a malformed table is refused)
        _add(res, Check(False, f"expect {j}: not checked", stopped) if stopped else c)
    if not res.checks:
        ctx.where = ""
        raise ctx.error("the scenario checks nothing: add [[expect]] tables")
    res.state = match.state
    return res


def _play_bots(match: Match, play: Table, i: int, res: Result,
               ctx: _Ctx) -> tuple[list[Event], bool]:
    """Computer players (of the entry's level, seeded by its `seed`) decide until the
    entry's condition holds."""
    state = match.state
    match.bot_secret = b"scenario %d" % int(play.get("seed", 0))
    try:
        for seat in range(len(match.seats)):
            match.replace_seat(seat, str(play["bot"]))
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
        seat = match.seat_of(state.prompt.civ)
        try:
            events += match.act(seat, match.bot_action()).events
        except Exception as e:
            _add(res, Check(False, f"play {i}: the {play['bot']} players play",
                            f"decision {n + 1} fails: {type(e).__name__}: {e}"))
            ok = False
            break
        n += 1
    for seat in range(len(match.seats)):
        match.replace_seat(seat, REMOTE)
    res.lines.append(f"play {i}: {play['bot']} players made {n} decisions")
    res.lines += [f"  {line}" for line in render_events(events)]
    return events, ok


def _play_action(match: Match, play: Table, i: int, res: Result,
                 ctx: _Ctx) -> tuple[list[Event], bool]:
    """One action: applied, or refused as the entry expects. False: the script stops."""
    state = match.state
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
    seat = match.pending_seat()
    if "as" in play and who != play["as"]:
        if "illegal" not in play:
            _add(res, Check(False, f"play {i}: {play['as']} decides",
                            f"the prompt is for {who}: {_fmt(_prompt(state))}"))
            return [], False
        # an action by the wrong seat, expected to be refused
        try:
            seat = match.seat_of(play["as"])
        except KeyError:
            raise ctx.error(f"{play['as']!r} is not a player") from None
        res.lines.append(f"  (played by {play['as']})")
    before_dice = list(state.forced_dice)
    # (the one change a script makes to the match's state: the dice it forces)
    state.forced_dice = before_dice + list(dice)
    try:
        events = match.act(seat if seat is not None else -1, action).events
    except IllegalAction as e:
        state.forced_dice = before_dice
        if e.rule == ENGINE_FAILURE:
            _add(res, Check(False, f"play {i} is applied", f"the engine fails: {e.reason}"))
            return [], False
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
