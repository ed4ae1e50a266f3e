"""Victory (rulebook, Object of the Game; docs/rules.md, Victory)."""

from __future__ import annotations

from ..data.cards import ROLES, is_hero_or_wonder
from ..events import Event, Victory
from ..state import GameState
from .common import player
from .hooks import wins_by_card


def cards_needed(state: GameState) -> int:
    return 5 if state.config.long_game else 4


def hero_wonder_count(state: GameState, civ: str) -> int:
    return sum(1 for c in player(state, civ).cards if is_hero_or_wonder(c))


def win(state: GameState, civ: str, reason: str, ev: list[Event]) -> None:
    state.winner = civ
    state.win_reason = reason
    state.phase = "over"
    state.prompt = None
    ev.append(Victory(civ=civ, reason=reason))


def check_acquisition(state: GameState, civ: str, ev: list[Event]) -> bool:
    """Called after every acquisition: a card that wins at once, or the 4th (5th) hero or
    wonder."""
    if state.phase == "over":
        return True
    player(state, civ)  # civ must be a player
    reason = wins_by_card(state, civ)
    if reason:
        win(state, civ, reason, ev)
        return True
    n = hero_wonder_count(state, civ)
    if n >= cards_needed(state):
        win(state, civ, f"holds {n} heroes and wonders", ev)
        return True
    return False


def check_roles(state: GameState, ev: list[Event]) -> bool:
    """The three-roles option: holding 3 role cards at once wins."""
    if not state.config.three_roles_win or state.phase == "over":
        return False
    for p in state.players:
        held = sum(1 for r in ROLES if state.roles.get(r) == p.civ)
        if held >= 3:
            win(state, p.civ, f"holds {held} roles", ev)
            return True
    return False
