"""The gods who destroy one building of another player's (or of a neutral
civilization's), anywhere, at any time their holder decides: in any of his decisions or in
a reaction window, except while roles are assigned (docs/rules.md, Powers and reactions). The token goes back
to the supply (rulebook Q&A) and Ishtar may cancel the power (engine/powers/ishtar.py).
Baal destroys a city, Vulcan a caravan: each card module gives its kind of building and its
words, and its hooks call these."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from ..actions import UsePower
from ..data import board
from ..events import Event, PowerUsed
from ..rules.common import building_controller
from ..state import GameState
from .base import (
    any_time,
    card_name,
    check_god,
    destroy_building,
    find_building,
    god_ready,
    other_owner,
    others_buildings,
    player_target,
    refuse,
    spend_god,
)
from .ishtar import aim


class Destruction(msgspec.Struct, frozen=True):
    """One god's power to destroy a building of one kind. `by_site`: the UsePower names the
    building's commodity site in `choice` (a caravan; a province has one city at most).
    The words, of (province, site): `noun`, the building as in "there is no ... in";
    `named`, the building as it starts a sentence; `of_owner` (with its controller), the
    building in the power's events."""

    card: str
    kind: str
    by_site: bool
    noun: Callable[[str], str]
    named: Callable[[str, str], str]
    of_owner: Callable[[str, str, str | None], str]

    def uses(self, state: GameState, civ: str, window: str) -> list[UsePower]:
        if not any_time(state, window) or not god_ready(state, civ, self.card):
            return []
        if self.by_site:
            return [UsePower(card=self.card, target=pr, choice=site)
                    for pr, site in others_buildings(state, civ, self.kind)]
        return [UsePower(card=self.card, target=pr)
                for pr, _ in others_buildings(state, civ, self.kind)]

    def use(self, state: GameState, civ: str, action: UsePower, ev: list[Event],
            window: str) -> None:
        """Validate, flip the god, then aim it (Ishtar may cancel) or destroy at once."""
        card, kind, name = self.card, self.kind, card_name(self.card)
        check_god(state, civ, card)
        if not any_time(state, window):
            raise refuse(card, f"{name} is not used while roles are assigned")
        pr, site = action.target, self._site(action)
        if pr not in board.PROVINCES:
            raise refuse(card, f"Name the province of the {kind} {name} destroys, not {pr!r}")
        if find_building(state, pr, kind, site) is None:
            raise refuse(card, f"There is no {self.noun(site)} in {board.area_name(pr)}")
        owner = building_controller(state, pr, kind, site)
        if not other_owner(state, civ, owner):
            raise refuse(card, f"{self.named(pr, site)} is yours: {name} destroys another "
                               f"player's {kind}")
        spend_god(state, card)
        ev.append(PowerUsed(civ=civ, card=card,
                            detail=f"aimed at {self.of_owner(pr, site, owner)}"))
        if aim(state, civ, action, player_target(state, owner), ev):
            return
        self.resolve(state, civ, action, ev)

    def resolve(self, state: GameState, by: str, action: UsePower, ev: list[Event]) -> None:
        """The power takes effect (at once, or when Ishtar's holder let it pass): the
        building, if it still stands, is destroyed."""
        pr, site = action.target, self._site(action)
        i = find_building(state, pr, self.kind, site)
        if i is None:
            return
        owner = building_controller(state, pr, self.kind, site)
        destroy_building(state, pr, i)
        ev.append(PowerUsed(civ=by, card=self.card,
                            detail=f"destroyed {self.of_owner(pr, site, owner)}"))

    def _site(self, action: UsePower) -> str:
        return action.choice if self.by_site else ""
