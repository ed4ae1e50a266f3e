"""The review of a finished (or saved) game for one seat: at every decision of that seat, the
hard player's judgement of the move played against its own choice, from what the seat knew
then (its View at that moment, never the rest of the record).

    found = review(record, "carthage", budget=0.25, progress=lambda done, total: ...)
    for j in swings(found): j.turn, j.played, j.better, j.loss, j.why

A judgement's `loss` is how much better the hard player's choice did than the move played,
in the points of its evaluation (engine/bots/advice.py), over the same deals of the unknowns.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator

import msgspec

from ..actions import Action
from ..errors import IllegalAction
from ..game import legal_actions, view
from ..match import replay_match
from ..record import GameRecord
from ..render import action_text, phase_name, prompt_title
from ..render_advice import better_why
from ..replay import ReplayError
from ..view import View
from . import REVIEW_BUDGET
from .advice import Advice, advise

REVIEW_VERSION = 1  # a cached review of another version is worked out again
SWINGS = 5  # the biggest swings listed


class Judgement(msgspec.Struct, frozen=True, kw_only=True):
    """One decision of the seat, judged."""

    index: int  # the action's number in the record (from 1): the replay viewer's step
    turn: int
    phase: str  # its name, e.g. "military"
    decision: str  # the decision's title, e.g. "Ground move"
    played: str  # the move played, in words
    better: str = ""  # the hard player's choice when it is not the move played
    loss: float = 0.0  # how much the better move gains over the move played
    why: str = ""  # why it is better, in words
    searched: bool = False  # False: one legal move, or a decision not weighed


class Review(msgspec.Struct, kw_only=True):
    """A seat's review of a record (`fingerprint`), as the replay viewer and the cache keep it."""

    version: int = REVIEW_VERSION
    civ: str
    budget: float
    rounds: int = 0  # rounds per decision instead of the budget (tests); 0: by the budget
    fingerprint: str
    actions: int  # actions in the record
    judgements: list[Judgement] = []


class Decision(msgspec.Struct, frozen=True, kw_only=True):
    """A decision of the seat in the record: what it saw and what it played."""

    index: int
    view: View
    played: Action


def fingerprint(record: GameRecord) -> str:
    """Names the record's game and moves: a review is only good for the very same record."""
    h = hashlib.sha256()
    h.update(msgspec.json.encode(record.config))
    h.update(msgspec.json.encode(record.start))
    h.update(str(record.setup_version).encode())
    h.update(msgspec.json.encode(record.actions))
    return h.hexdigest()


def decisions(record: GameRecord, civ: str) -> Iterator[Decision]:
    """The seat's decisions, each with the seat's view of the position before it."""
    match = replay_match(record)
    for i, action in enumerate(record.actions, start=1):
        seat = match.pending_seat()
        prompt = match.state.prompt
        if seat is not None and prompt is not None and prompt.civ == civ:
            yield Decision(index=i, view=view(match.state, seat), played=action)
        try:
            match.act(seat if seat is not None else -1, action)
        except IllegalAction as e:
            raise ReplayError(i, f"action {i} cannot be replayed: {e}", str(e)) from None


def judge(d: Decision, budget: float, rounds: int | None = None,
          between: Callable[[int], bool] | None = None) -> Judgement:
    """The hard player's judgement of one decision, from the seat's view only."""
    s = d.view.state
    played = action_text(d.played, s, s.prompt)
    head = Judgement(index=d.index, turn=s.turn, phase=phase_name(s.phase),
                     decision=prompt_title(s.prompt), played=played)
    if len(legal_actions(s)) < 2:
        return head
    found: Advice = advise(d.view, budget=budget, rounds=rounds, played=d.played,
                           between=between)
    mine = found.option(d.played)
    best = found.option(found.choice)
    if not found.searched or mine is None or best is None or best.action == d.played:
        return msgspec.structs.replace(head, searched=found.searched)
    return msgspec.structs.replace(head, searched=True, loss=max(0.0, best.gain - mine.gain),
                                   better=action_text(best.action, s, s.prompt),
                                   why=better_why(best, mine))


def review(record: GameRecord, civ: str, budget: float = REVIEW_BUDGET, rounds: int | None = None,
           progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None) -> Review | None:
    """Every decision of `civ` judged; `progress(done, total)` after each. None if
    `cancelled()` said so before the end."""
    todo = list(decisions(record, civ))  # ReplayError if the record does not replay
    out: list[Judgement] = []
    if progress is not None:
        progress(0, len(todo))
    stop = (lambda _n: cancelled()) if cancelled is not None else None
    for k, d in enumerate(todo, start=1):
        if cancelled is not None and cancelled():
            return None
        out.append(judge(d, budget, rounds, between=stop))
        if progress is not None:
            progress(k, len(todo))
    if cancelled is not None and cancelled():
        return None
    return Review(civ=civ, budget=budget, rounds=rounds or 0, fingerprint=fingerprint(record),
                  actions=len(record.actions), judgements=out)


def swings(found: Review, n: int = SWINGS) -> list[Judgement]:
    """The `n` decisions where the move played fell furthest short, biggest first."""
    lost = [j for j in found.judgements if j.loss > 0]
    return sorted(lost, key=lambda j: (-j.loss, j.index))[:n]
