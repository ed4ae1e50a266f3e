"""The review of a finished table of the game server, asked by one of its players: the server
judges that player's own decisions in its bot pool (tui/net/handlers/advice.py); its progress
and the review come back through the lobby's connection, which hands them here, and the
review screen (tui/screens/review.py) listens."""

from __future__ import annotations

from collections.abc import Callable

from tui.net import protocol as p

Heard = p.ReviewProgress | p.ReviewDone | p.Rejected


class RemoteReview:
    def __init__(self, table: int, civ: str, send: Callable[[p.Msg], None]) -> None:
        self.table = table
        self.civ = civ  # the asker's own seat: the only one the server reviews for them
        self._send = send
        self._listener: Callable[[Heard], None] | None = None

    @property
    def waiting(self) -> bool:
        """A review is asked for and its screen listens."""
        return self._listener is not None

    def ask(self, listener: Callable[[Heard], None]) -> None:
        self._listener = listener
        self._send(p.RequestReview(table=self.table))

    def forget(self) -> None:
        """The screen closed: what comes now is dropped (the server finishes and keeps the
        review, or stops once nobody waits for it)."""
        self._listener = None

    def heard(self, msg: Heard) -> None:
        listener = self._listener
        if listener is None:
            return
        if not isinstance(msg, p.ReviewProgress):
            self._listener = None  # the review, or the reason for none: the end
        listener(msg)
