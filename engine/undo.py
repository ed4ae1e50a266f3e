"""Taking back a decision: the rule of when it is allowed.

A player may take back his last decision (and the one before, and so on, within a run of
his own decisions) while it told nobody anything they did not know and drew on no chance:
no die rolled and no card shuffled or drawn (the random state did not move), no face-down
card turned up, no card passed in secret, and the game not ended. Otherwise what was
learned cannot be unlearned and the decision stands.
"""

from __future__ import annotations

from . import events as E
from .state import GameState

# events that show a player something that was hidden before they happened
REVEALING = (E.OffersRevealed, E.DiceRolled, E.Victory)


def take_back_refusal(before: GameState, after: GameState, events: list[E.Event]) -> str:
    """Why the decision that led from `before` to `after` with `events` cannot be taken back
    ("" when it can)."""
    if after.phase == "over":
        return "the game is over"
    if before.rng != after.rng:
        return "chance was drawn on (dice or cards)"
    for e in events:
        if isinstance(e, E.DiceRolled):
            return "dice were rolled"
        if isinstance(e, REVEALING):
            return "hidden cards were revealed"
        if e.visible_to:
            return "a card was passed in secret"
    return ""
