"""Hamilcar: in ground combat his holder may take an automatic 4 instead of rolling, for
some or all of the dice he is to roll (rulebook, card text); with Hannibal's +1 such a die
counts 5 (Q&A). Decided in the reaction window before the dice (`choice`: how many dice,
"1" up to all of them), once per battle."""

from __future__ import annotations

from ..actions import UsePower
from ..events import Event, PowerUsed
from ..rules.combat import dice_rolled
from ..rules.common import holds
from ..state import Battle, GameState
from .base import battle_in_window, check_holds, refuse

CARD = "hamilcar"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOW = "before_battle"
WINDOWS = (WINDOW,)  # the reaction windows its power may be used in
IN_WINDOWS_ONLY = True  # asked in those windows alone, in none of its holder's decisions
WHEN = "before the dice of a ground battle he fights"


def _battle(state: GameState, civ: str, window: str) -> Battle | None:
    return battle_in_window(state, window, civ, ground=True) if window == WINDOW else None


def _dice(state: GameState, b: Battle, civ: str) -> int:
    return dice_rolled(state, b, civ)


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    b = _battle(state, civ, window)
    if b is None or not holds(state, civ, CARD) or civ in b.fours:
        return []
    return [UsePower(card=CARD, choice=str(n)) for n in range(1, _dice(state, b, civ) + 1)]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_holds(state, civ, CARD)
    b = _battle(state, civ, window)
    if b is None:
        raise refuse(CARD, f"Hamilcar's automatic 4s are chosen {WHEN}")
    if civ in b.fours:
        raise refuse(CARD, "Hamilcar's dice are chosen once per battle: chosen already")
    n = _dice(state, b, civ)
    if not action.choice.isdigit() or not 1 <= int(action.choice) <= n:
        raise refuse(CARD, f"Say how many of your {n} dice are automatic 4s (1 to {n}), "
                           f"not {action.choice!r}")
    b.fours[civ] = int(action.choice)
    ev.append(PowerUsed(civ=civ, card=CARD, detail=f"{action.choice} dice count 4"))
