"""The computer players' turns at a local table: in a blink on the screen's own thread
when they are quick, else in a worker thread, then taken into the game."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from textual.worker import Worker, WorkerState

from engine.bots import THINKING

from .table_talk import TableTalk
from .waiting import Waiting

if TYPE_CHECKING:
    from ..sessions.local import BotTurn, LocalSession

# Fast computer players that decide in a blink play on the screen's own thread for up to
# this long (seconds) before a worker takes over: the next dialog then follows the last
# one at once, with no frame of the board and no thread between them.
IN_LINE_BUDGET = 0.05


class ComputerPlayers(TableTalk):
    """The game screen's part that lets a local table's computer players play."""

    fast: bool  # fast play: the computer players' moves are not shown one by one
    bot_delay: float  # seconds between their moves shown one by one

    def refresh_all(self, reset_log: bool = False) -> None:
        raise NotImplementedError

    def _quick_bots(self) -> bool:
        """Fast play, and no computer player at the table deliberates by the clock."""
        return self.fast and self.waiting is not Waiting.IN_LINE and \
            not any(level in THINKING for level in self.session.seats)

    def _start_bots(self) -> None:
        if self.waiting is Waiting.COMPUTERS:
            return
        s = self._local()
        if self._quick_bots():
            self.now_waiting(Waiting.IN_LINE)
            try:  # the same moves as the worker's; what is left after the budget goes there
                self._bots_played(s.think(s.snapshot(), s.version, max_steps=500,
                                          budget=IN_LINE_BUDGET))
            finally:
                if self.waiting is Waiting.IN_LINE:  # nothing came after their moves
                    self.now_waiting(Waiting.BOARD)
            return
        self.now_waiting(Waiting.COMPUTERS)
        self._show_status()
        if self.fast:
            think = partial(s.think, s.snapshot(), s.version, max_steps=500, budget=0.05,
                            delay=0.0)
        else:
            think = partial(s.think, s.snapshot(), s.version, max_steps=1, budget=1.0,
                            delay=self.bot_delay)
        self.run_worker(think, name="bots", group="bots", thread=True, exit_on_error=False)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "bots":
            return
        if event.state == WorkerState.SUCCESS:
            self.now_waiting(Waiting.BOARD)
            self._bots_played(cast("BotTurn", event.worker.result))  # what `think` returns
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self.now_waiting(Waiting.BOARD)
            err = event.worker.error
            self._note = "a computer player failed"
            if err is not None:
                self.notify(f"Computer player error: {err}", severity="error", timeout=10)
            self._show_status()

    def _local(self) -> LocalSession:
        """The table whose computer players think in this program: a session that
        `runs_bots` is a local game's (tui/sessions/local.py)."""
        return cast("LocalSession", self.session)

    def _bots_played(self, turn: BotTurn) -> None:
        """Take the computer players' moves into the game and go on from there."""
        self._local().adopt(turn)
        self.refresh_all()
        if turn.error:
            self.now_waiting(Waiting.FAILED)
            self._note = "a computer player failed: press f to retry"
            self.notify(f"Computer player error: {turn.error}", severity="error",
                        timeout=10)
            self._show_status()
            return
        self.advance()

