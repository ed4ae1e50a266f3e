"""Kraken (Atlantis' creature), in part: on land it moves only in coastal territories, and
it cannot be convoyed (rulebook, creature text; the convoy rule is in
`engine.powers.can_be_convoyed`). Not implemented yet: moving into seas and attacking
triremes there, diving onto its card and emerging in any sea."""

from __future__ import annotations

from ..data import board
from ..data.cards import CIV_CREATURE
from ..state import GameState

CARD = "kraken"


def ground_steps(state: GameState, u, steps: list[str]) -> list[str]:
    if u.kind != "creature" or CIV_CREATURE.get(u.owner) != CARD:
        return steps
    return [p for p in steps if board.PROVINCES[p].coastal]
