"""Small helpers for the card-power tests (on top of tests/helpers.py)."""

from __future__ import annotations

from engine.actions import Name, Pass, UsePower
from engine.game import apply, legal_actions
from engine.prompts import ConstructionTurn, NamePlayer, Reaction
from engine.rules import flow
from engine.rules.common import player
from engine.state import GameState

from ..helpers import begin_phase, set_hand


def give(s: GameState, civ: str, card: str) -> None:
    """civ holds the hero or wonder (taken from wherever it was)."""
    for p in s.players:
        if card in p.cards:
            p.cards.remove(card)
    if card in s.display:
        s.display.remove(card)
    if card in s.set_aside:
        s.set_aside.remove(card)
    player(s, civ).cards.append(card)


def give_god(s: GameState, civ: str, god: str) -> None:
    s.gods[god] = civ


def pass_windows(s: GameState, window: str = "phase_start") -> list:
    """Every player asked in the reaction window passes."""
    ev: list = []
    while isinstance(s.prompt, Reaction) and s.prompt.window == window:
        ev += apply(s, Pass())
    return ev


def uses(s: GameState, card: str) -> list[UsePower]:
    return [a for a in legal_actions(s) if isinstance(a, UsePower) and a.card == card]


def construction_turn(s: GameState, civ: str, hand: dict[str, int] | None = None) -> list:
    """Start the construction phase with civ's turn first (windows passed)."""
    if hand is not None:
        set_hand(s, civ, hand)
    s.roles["political_leader"] = civ
    ev = begin_phase(s, "construction")
    ev += pass_windows(s)
    if isinstance(s.prompt, NamePlayer):
        ev += apply(s, Name(civ=civ))
    assert isinstance(s.prompt, ConstructionTurn) and s.prompt.civ == civ, s.prompt
    return ev


def new_turn_roles(s: GameState) -> list:
    """Begin the role assignment of a new turn (as at the start of turn 2)."""
    ev: list = []
    s.prompt = None
    s.turn = 2
    flow.start_phase(s, "roles", ev)
    flow.advance(s, ev)
    return ev


def events_of(ev: list, kind: type) -> list:
    return [e for e in ev if isinstance(e, kind)]
