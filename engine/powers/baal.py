"""Baal: destroy one city of another player (or of a neutral civilization), anywhere,
at any time his holder decides: in any of his decisions or in a reaction window, except
while roles are assigned (docs/rules.md, Powers and reactions). The token goes back to the
supply, so the holder may build a city with it at once (rulebook Q&A). Ishtar may cancel
it. The mechanism, shared with Vulcan's: engine/powers/destruction.py."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..events import Event
from ..state import GameState
from .base import ANY_WINDOW, others_buildings
from .destruction import Destruction

CARD = "baal"
HOOKS = ("uses", "use", "resolve", "cancelled")  # the hook points it takes part in
WINDOWS = (ANY_WINDOW,)  # the reaction windows its power may be used in
FACE_UP_ONLY = True  # its `uses` lists nothing once the god is spent (face down)
KIND = "city"

POWER = Destruction(
    card=CARD, kind=KIND, by_site=False,
    noun=lambda site: KIND,
    named=lambda pr, site: f"The city of {board.area_name(pr)}",
    of_owner=lambda pr, site, owner: f"the city of {owner} in {board.area_name(pr)}",
)


def targets(state: GameState, civ: str) -> list[str]:
    """Provinces with a city controlled by someone other than civ."""
    return [pr for pr, _ in others_buildings(state, civ, KIND)]


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    return POWER.uses(state, civ, window)


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    POWER.use(state, civ, action, ev, window)


def resolve(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    POWER.resolve(state, by, action, ev)


def cancelled(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    """Ishtar cancelled it: the city stands, Baal is spent."""
