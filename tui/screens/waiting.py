"""What the game screen is waiting for: one state, not a flag per screen it may have open.

    BOARD      the board shows: the pending player presses d, or the table's server moves
    IN_LINE    fast computer players play on the screen's own thread (tui/screens/game.py)
    COMPUTERS  computer players think in a worker thread
    FAILED     a computer player failed: f tries again
    RESUME     a decision is due, but another screen (help, a province) is over the board:
               it opens when the board is back
    DECISION   a decision's dialog is open (its answer comes to `GameScreen._decided`)
    KEYBOARD   the pass-the-keyboard screen is open (a shared keyboard)
    GUIDE      the guide's page is open (a guided game: the game waits for it as for a
               decision)
    OVER       the game-over screen was shown (d shows it again)

A state goes only where `NEXT` allows; the game screen changes it in one place
(`GameScreen.now_waiting`), which refuses any other move.
"""

from __future__ import annotations

from enum import Enum


class Waiting(Enum):
    BOARD = "board"
    IN_LINE = "in line"
    COMPUTERS = "computers"
    FAILED = "failed"
    RESUME = "resume"
    DECISION = "decision"
    KEYBOARD = "keyboard"
    GUIDE = "guide"
    OVER = "over"


B, IN, C, F, R, D, K, G, OV = Waiting
# a screen of the game's own over the board: the game waits for its answer
OPEN = frozenset({D, K, G})

NEXT: dict[Waiting, frozenset[Waiting]] = {
    B: frozenset({IN, C, R, D, K, G, OV}),
    # computer players on the screen's thread: their moves bring the next decision, a
    # worker for what the budget left, a failure, the game's end, or the board
    IN: frozenset({B, C, F, R, D, K, G, OV}),
    C: frozenset({B, IN, C, F, R, D, K, G, OV}),  # the worker answered (or a new one)
    F: frozenset({B, IN, C, R, D, K, G, OV}),  # f: try again (or the game went on)
    R: frozenset({B, D, K, G, OV}),
    D: frozenset({B}),  # decided, closed to look at the board, or closed by the server
    K: frozenset({B}),
    G: frozenset({B}),
    OV: frozenset({B}),  # d: the game's end again
}


def check_move(now: Waiting, then: Waiting) -> None:
    """Refuse a move the screen never makes (a second dialog over an open one)."""
    if then is not now and then not in NEXT[now]:
        raise AssertionError(f"the game screen cannot go from {now.value} to {then.value}")
