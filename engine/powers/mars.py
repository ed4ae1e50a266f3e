"""Mars: add +6 to the total of a single combat roll, after having seen the result
(rulebook, card text). Used in the reaction window after a battle's dice and before the
losses (docs/rules.md, Powers and reactions); `target` names the side (a civ fighting the battle)
whose total gets +6. One use: the god is then face down. Mars is aimed at a battle, not at a player,
so Ishtar does not answer it."""

from __future__ import annotations

from ..actions import UsePower
from ..events import Event, PowerUsed
from ..state import Battle, GameState
from .base import battle_in_window, check_god, god_ready, refuse, spend_god

CARD = "mars"
HOOKS = ("uses", "use")  # the hook points it takes part in
WINDOW = "after_dice"
WINDOWS = (WINDOW,)  # the reaction windows its power may be used in
FACE_UP_ONLY = True  # its `uses` lists nothing once the god is spent (face down)
IN_WINDOWS_ONLY = True  # asked in those windows alone, in none of its holder's decisions
WHEN = "after the dice of a battle, before the losses"
PREVIEW = True  # its use rolls no die: the battle quote shows what it would make of the totals


def _battle(state: GameState, window: str) -> Battle | None:
    return battle_in_window(state, window) if window == WINDOW else None


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    b = _battle(state, window)
    if b is None or not god_ready(state, civ, CARD):
        return []
    sides = (b.attacker,) if b.ranged else (b.attacker, b.defender)  # a Titan's: one-sided
    return [UsePower(card=CARD, target=side) for side in sides]


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    check_god(state, civ, CARD)
    b = _battle(state, window)
    if b is None:
        raise refuse(CARD, f"Mars is used {WHEN}")
    if action.target not in (b.attacker, b.defender):
        raise refuse(CARD, f"Mars adds +6 to a side of this battle: {b.attacker} or "
                           f"{b.defender}, not {action.target!r}")
    spend_god(state, CARD)
    if action.target == b.attacker:
        b.attacker_bonus += 6
        b.attacker_total += 6
    else:
        b.defender_bonus += 6
        b.defender_total += 6
    ev.append(PowerUsed(civ=civ, card=CARD, detail=f"+6 to {action.target}'s total"))
