"""Athena: +2 toward one role of her holder's choice.

He names the role when roles are next assigned, at the start of the turn after the offering
where he took her (docs/rules.md, Roles): window "athena", before any role is computed. Naming it
uses her power (the card is flipped); the choice counts for that assignment only (the
offering phase clears it when the gods return)."""

from __future__ import annotations

from ..actions import Action, Pass, UsePower
from ..data.cards import ROLE_NAMES, ROLES
from ..events import Event, PowerUsed
from ..prompts import Reaction
from ..rules.common import holds_god, is_player
from ..rules.windows import queue
from ..state import GameState, PendingPower
from .base import god_ready, passed, refuse, spend_god

CARD = "athena"
# the hook points it takes part in (engine/rules/hook_points.py)
HOOKS = ("role_bonus", "gods_returned", "before_roles", "ask", "legal", "answer")
WHEN = "she counts when roles are assigned, where her holder names the role"
BONUS = 2


def _key(civ: str) -> str:
    return f"{CARD}:{civ}"


def role_bonus(state: GameState, civ: str, role: str) -> int:
    if holds_god(state, civ, CARD) and state.power_choices.get(_key(civ)) == role:
        return BONUS
    return 0


def gods_returned(state: GameState) -> None:
    """The role Athena's holder named lapses when the gods go back to the heavens."""
    state.power_choices = {k: v for k, v in state.power_choices.items()
                           if not k.startswith(f"{CARD}:")}


def before_roles(state: GameState) -> bool:
    holder = state.gods.get(CARD)
    if holder is not None and is_player(state, holder) and god_ready(state, holder, CARD) \
            and _key(holder) not in state.power_choices:
        queue(state, PendingPower(card=CARD, civ=holder))
        return True
    return False


def ask(state: GameState, pp: PendingPower, ev: list[Event]) -> Reaction | None:
    if not god_ready(state, pp.civ, CARD):
        return None
    return Reaction(civ=pp.civ, window=CARD, powers=[CARD],
                    detail="Athena: name the role she helps you toward (+2)")


def legal(state: GameState, pp: PendingPower) -> list[Action]:
    return [Pass(), *(UsePower(card=CARD, choice=r) for r in ROLES)]


def answer(state: GameState, pp: PendingPower, action: Action, ev: list[Event]) -> bool:
    if passed(state, pp, action, ev, CARD, "Name the role Athena helps you toward, or pass"):
        return True
    assert isinstance(action, UsePower)  # passed() refuses anything else
    if action.choice not in ROLES:
        raise refuse(CARD, f"{action.choice!r} is not a role: name one of "
                           f"{', '.join(ROLES)}")
    state.power_choices[_key(pp.civ)] = action.choice
    spend_god(state, CARD)
    ev.append(PowerUsed(civ=pp.civ, card=CARD,
                        detail=f"+{BONUS} toward the {ROLE_NAMES[action.choice]}"))
    return True
