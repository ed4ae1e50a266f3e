"""Ishtar: cancel another god's power aimed at her holder (usable only as the target).

A god's module calls `aim` when its power is aimed at a player (Baal at his city, Vulcan at
his caravan, Isis at his gift; Poseidon at his trireme, for the military phase): if the
target holds Ishtar face up, he is asked at once, window "ishtar", and the power waits.
Letting it pass calls the god module's `resolve(state, by, action, ev)`; cancelling flips
Ishtar and calls its `cancelled(state, by, action, ev)`. The aimed god stays used."""

from __future__ import annotations

from types import ModuleType

from ..actions import Action, Pass, UsePower
from ..events import Event, PowerUsed
from ..prompts import Reaction
from ..rules.common import is_player
from ..rules.hooks import card_module
from ..rules.windows import queue
from ..state import GameState, PendingPower
from .base import card_name, god_ready, passed, spend_god

CARD = "ishtar"
HOOKS = ("ask", "legal", "answer")  # the hook points it takes part in
WHEN = "she answers a god's power aimed at her holder, when he is asked"


def can_cancel(state: GameState, civ: str | None) -> bool:
    return civ is not None and is_player(state, civ) and god_ready(state, civ, CARD)


def aim(state: GameState, by: str, action: UsePower, target: str | None,
        ev: list[Event]) -> bool:
    """`by`'s god power in `action` is aimed at `target`. True if `target` is asked first
    (the caller stops; the power's module resolves it later), False to apply it now."""
    if target is None or target == by or not can_cancel(state, target):
        return False
    resume = state.prompt if state.prompt is not None and not isinstance(
        state.prompt, Reaction) else None
    queue(state, PendingPower(card=CARD, civ=target, by=by, action=action, resume=resume),
          front=True)
    state.prompt = None
    return True


def _module(card: str) -> ModuleType:
    return card_module(card)


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    assert pp.action is not None
    if not can_cancel(state, pp.civ):
        _module(pp.action.card).resolve(state, pp.by, pp.action, ev)
        return None
    what = card_name(pp.action.card)
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail=f"{pp.by} uses {what} against you: cancel it with Ishtar?")


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    assert pp.action is not None
    return [Pass(), UsePower(card=CARD, target=pp.action.card)]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    assert pp.action is not None
    aimed = _module(pp.action.card)
    if passed(state, pp, action, ev, CARD, f"Cancel {card_name(pp.action.card)} with Ishtar, "
              "or pass"):
        aimed.resolve(state, pp.by, pp.action, ev)
        return True
    spend_god(state, CARD)
    ev.append(PowerUsed(civ=pp.civ, card=CARD,
                        detail=f"cancels {card_name(pp.action.card)} of {pp.by}"))
    aimed.cancelled(state, pp.by, pp.action, ev)
    return True
