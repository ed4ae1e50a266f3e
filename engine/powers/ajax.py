"""Ajax: in ground combat his holder may re-roll, once, any of the dice he rolled (rulebook,
card text); a re-rolled die stands (Q&A). Used in the reaction window after the dice
(`choice`: the positions of the dice to re-roll in his side's dice, e.g. "0,2"), once per
battle. The legal list offers every distinct choice (dice showing one value are alike)."""

from __future__ import annotations

from ..actions import UsePower
from ..events import Event, PowerUsed
from ..rules.common import holds, roll
from ..state import Battle, GameState
from .base import battle_in_window, check_holds, refuse

CARD = "ajax"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOW = "after_dice"
WINDOWS = (WINDOW,)  # the reaction windows its power may be used in
IN_WINDOWS_ONLY = True  # asked in those windows alone, in none of its holder's decisions
WHEN = "after the dice of a ground battle he fights, before the losses"


def _battle(state: GameState, civ: str, window: str) -> Battle | None:
    return battle_in_window(state, window, civ, ground=True) if window == WINDOW else None


def _dice(b: Battle, civ: str) -> list[int]:
    return b.attacker_dice if civ == b.attacker else b.defender_dice


def rerolls(dice: list[int]) -> list[str]:
    """Every distinct choice of dice to re-roll: for each value shown, none, some or all of
    the dice showing it (dice of one value are alike, so the first ones are named)."""
    by_value: dict[int, list[int]] = {}
    for i, d in enumerate(dice):
        by_value.setdefault(d, []).append(i)
    choices: list[list[int]] = [[]]
    for v in sorted(by_value):
        pos = by_value[v]
        choices = [c + pos[:k] for c in choices for k in range(len(pos) + 1)]
    return [",".join(map(str, sorted(c))) for c in choices if c]


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    b = _battle(state, civ, window)
    if b is None or not holds(state, civ, CARD) or f"{CARD}:{civ}" in b.powers_used:
        return []
    return [UsePower(card=CARD, choice=c) for c in rerolls(_dice(b, civ))]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    b = _battle(state, civ, window)
    if b is None:
        raise refuse(CARD, f"Ajax re-rolls {WHEN}")
    if f"{CARD}:{civ}" in b.powers_used:
        raise refuse(CARD, "Ajax re-rolls once: a re-rolled die stands")
    dice = _dice(b, civ)
    parts = [p for p in action.choice.split(",") if p]
    if not parts or not all(p.isdigit() and int(p) < len(dice) for p in parts) or \
            len(set(parts)) != len(parts):
        raise refuse(CARD, f"Name the dice to re-roll by position, 0 to {len(dice) - 1}, "
                           f"e.g. '0,2', not {action.choice!r}")
    b.powers_used.append(f"{CARD}:{civ}")
    idx = sorted(int(p) for p in parts)
    new = roll(state, len(idx))
    for i, d in zip(idx, new, strict=True):
        dice[i] = d
    if civ == b.attacker:
        b.attacker_total = sum(b.attacker_dice) + sum(b.attacker_auto) + b.attacker_bonus
    else:
        b.defender_total = sum(b.defender_dice) + sum(b.defender_auto) + b.defender_bonus
    ev.append(PowerUsed(civ=civ, card=CARD, detail=f"re-rolled {len(idx)} dice: {new}"))
