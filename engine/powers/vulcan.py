"""Vulcan: destroy one caravan of another player (or of a neutral civilization), anywhere,
at any time his holder decides (as Baal). `target` is the province, `choice` the caravan's
commodity site. Ishtar may cancel it. The mechanism, shared with Baal's:
engine/powers/destruction.py."""

from __future__ import annotations

from ..actions import UsePower
from ..data import board
from ..data.cards import RESOURCE_NAMES
from ..events import Event
from ..state import GameState
from .base import ANY_WINDOW, others_buildings
from .destruction import Destruction

CARD = "vulcan"
HOOKS = ("uses", "use", "resolve", "cancelled")  # the hook points it takes part in
WINDOWS = (ANY_WINDOW,)  # the reaction windows its power may be used in
FACE_UP_ONLY = True  # its `uses` lists nothing once the god is spent (face down)
KIND = "caravan"


def _what(pr: str, site: str) -> str:
    return f"the {RESOURCE_NAMES.get(site, site)} caravan in {board.area_name(pr)}"


POWER = Destruction(
    card=CARD, kind=KIND, by_site=True,
    noun=lambda site: f"{RESOURCE_NAMES.get(site, site or 'commodity')} caravan",
    named=_what,
    of_owner=lambda pr, site, owner: f"{_what(pr, site)} of {owner}",
)


def targets(state: GameState, civ: str) -> list[tuple[str, str]]:
    return others_buildings(state, civ, KIND)


def uses(state: GameState, civ: str, window: str) -> list[UsePower]:
    return POWER.uses(state, civ, window)


def use(state: GameState, civ: str, action: UsePower, ev: list[Event], window: str) -> None:
    POWER.use(state, civ, action, ev, window)


def resolve(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    POWER.resolve(state, by, action, ev)


def cancelled(state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
    """Ishtar cancelled it: the caravan stands, Vulcan is spent."""
