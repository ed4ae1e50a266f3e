"""Free pieces that come with a card, placed when the card is acquired (the cards that give
them say so through the `on_acquire` and `on_influence` hooks)."""

from __future__ import annotations

from ..actions import Action, Item, PlaceAt
from ..data import board
from ..errors import IllegalAction
from ..events import Event, PowerUsed
from ..prompts import PlaceFree
from ..state import FreePlacement, GameState
from .common import controlled
from .hooks import placement_bound
from .placement import FREE, check, place
from .registry import decision

R_FREE = "Card text: the free piece goes where the card says, by the usual rules"


def options(state: GameState, fp: FreePlacement) -> list[str]:
    def ok(pr: str) -> bool:
        try:
            check(state, fp.civ, Item(kind=fp.item, province=pr), FREE)
        except IllegalAction:
            return False
        return True

    if fp.province and ok(fp.province):
        return [fp.province]
    if fp.province and placement_bound(state, fp):
        return []
    pool = board.PROVINCES if fp.item == "influence" else controlled(state, fp.civ)
    return [pr for pr in pool if ok(pr)]


def step(state: GameState, ev: list[Event]) -> None:
    """Place the first waiting free piece, or ask where it goes."""
    fp = state.free_placements[0]
    opts = options(state, fp)
    if not opts:
        state.free_placements.pop(0)
        ev.append(PowerUsed(civ=fp.civ, card=fp.card,
                            detail=f"no place for the free {fp.item}: it is lost"))
    elif len(opts) == 1:
        state.free_placements.pop(0)
        place(state, fp.civ, Item(kind=fp.item, province=opts[0]), FREE, ev, free=True)
    else:
        state.prompt = PlaceFree(civ=fp.civ, item=fp.item, card=fp.card, options=opts)


def _legal(state: GameState, prompt: PlaceFree) -> list[Action]:
    return [PlaceAt(province=p) for p in prompt.options]


@decision(PlaceFree, _legal)
def _place(state: GameState, prompt: PlaceFree, action: Action, ev: list[Event]) -> None:
    if not isinstance(action, PlaceAt) or action.province not in prompt.options:
        raise IllegalAction(f"Place the free {prompt.item} in one of: "
                            f"{', '.join(prompt.options)}", R_FREE)
    fp = state.free_placements.pop(0)
    place(state, fp.civ, Item(kind=fp.item, province=action.province), FREE, ev, free=True)
    state.prompt = None
