"""What the game screen does at a server's table beyond local play: the chat, which reaches
the player wherever they look, and their own seat, taken back from a computer.

A chat line goes to the log (5) and shows at once as a notification, on the map, a pane or
an open dialog (a dialog puts notifications beside it, over the board: tui/app.tcss); until
the log is in sight, the status line counts the lines not read. The spectators' channel
comes the same way unless muted (`/mute`). When a computer holds the player's own seat (an
absence, a clock run out), the status line says so with the key that takes it back.
"""

from __future__ import annotations

from textual import on
from textual.widgets import Input

from engine.render import civ as civ_name
from engine.view import View

from ..decisions.base import DecisionScreen, PaymentScreen
from ..sessions.base import Said, TableSession
from ..sessions.remote import RECLAIM_KEY, RemoteSession
from ..widgets.battle_log import BattleLog
from ..widgets.map import MapView
from .base import BaseScreen
from .waiting import Waiting

CHAT_SECONDS = 8  # how long a chat line's notification stays
CHAT_SHOWN = 160  # characters of a line in its notification (the log has it whole)


class TableTalk(BaseScreen):
    """The game screen's part at a server's table (GameScreen builds on it)."""

    session: TableSession
    log_pane: BattleLog
    map: MapView
    pane: str  # on screen at 80 x 24: the map or a pane
    side_pane: str  # the pane chosen last
    unread = 0  # chat lines come since the log was last in sight

    _v: View  # the view on screen
    _note: str
    waiting: Waiting  # what the screen waits for
    decision_version: int  # the game's version when the open dialog was made
    _kept = ""  # the level of the computer that held this player's seat at the last update

    def _show_status(self) -> None:
        raise NotImplementedError

    def refresh_all(self, reset_log: bool = False) -> None:
        raise NotImplementedError

    def advance(self) -> None:
        raise NotImplementedError

    def now_waiting(self, then: Waiting) -> None:
        raise NotImplementedError

    # --- what the server says -----------------------------------------------------------------
    def _table_changed(self, what: str, detail: object) -> None:
        """The server said something (an update, a chat line, a refusal, a lost link)."""
        if not self.is_mounted or not hasattr(self, "_v"):
            return
        if what == "update":
            if self.waiting is Waiting.DECISION and (
                    self.session.version != self.decision_version
                    or self.session.over):  # moved on, or closed
                self._close_stale_decision()
            taken_back = str(getattr(detail, "taken_back", ""))
            if taken_back:
                mine = self._v.civ == taken_back
                self.notify("Your last decision was taken back" if mine else
                            f"{civ_name(taken_back)} took back their last decision",
                            timeout=4, markup=False)
            self.refresh_all(reset_log=bool(taken_back))
            self.refresh_bindings()  # a seat handed over: Decide comes or goes
            kept, self._kept = self._kept, self.kept_by()
            if self._kept and not kept:
                self.tell_kept()
            self.advance()
        elif what == "chat" and isinstance(detail, Said):
            self.heard(detail)
        elif what == "refused":
            self.notify(str(detail), severity="error", timeout=6)
            self._show_status()
            self.advance()
        elif what == "lost":
            self._note = f"{detail}: ctrl+q quits"
            self._show_status()

    def _close_stale_decision(self) -> None:
        """The game moved on under an open dialog (a computer took the seat over): close
        it and its payment dialogs; the next prompt opens its own."""
        while isinstance(self.app.screen, DecisionScreen | PaymentScreen):
            self.app.pop_screen()
        self.now_waiting(Waiting.BOARD)
        self.notify("The game moved on: that decision is no longer yours to make", timeout=4)

    # --- the chat ---------------------------------------------------------------------------
    def heard(self, said: Said) -> None:
        self.log_pane.add_chat(said.who, said.text)
        if said.own:
            if said.who == "note":  # the session's answer to /mute, /unmute
                self.notify(said.text, timeout=4, markup=False)
            return
        if self.log_in_sight():
            return
        self.unread += 1
        text = said.text if len(said.text) <= CHAT_SHOWN else said.text[:CHAT_SHOWN - 1] + "…"
        self.notify(text, title=f"{said.who} says", timeout=CHAT_SECONDS, markup=False)
        self._show_status()

    def log_in_sight(self) -> bool:
        """The log pane is on screen, with nothing over it: what comes there is read."""
        if self.app.screen is not self:
            return False
        w, h = self.size
        if w >= 118 and h >= 34:
            return True  # the log stands under the side pane
        return self.side_pane == "log" and (
            h >= 34 or w >= 118 or self.pane == "log")

    def read_if_in_sight(self) -> None:
        """The log came into sight (its pane chosen, a dialog closed, a larger terminal):
        nothing is unread any more."""
        if self.unread and self.log_in_sight():
            self.unread = 0
            self._show_status()

    def action_chat(self) -> None:
        self.add_class("-chatting")
        self.query_one("#chat", Input).focus()

    @on(Input.Submitted, "#chat")
    def _chat_sent(self, event: Input.Submitted) -> None:
        event.stop()
        self.session.chat(event.value)
        event.input.value = ""
        self.close_chat()

    def close_chat(self) -> None:
        self.remove_class("-chatting")
        self.map.focus()

    # --- one's own seat ---------------------------------------------------------------------
    def kept_by(self) -> str:
        """The level of the computer that holds this player's seat ("": none, or local)."""
        return self.session.kept_by if isinstance(self.session, RemoteSession) else ""

    def tell_kept(self) -> None:
        """Coming back to a seat a computer holds: say so, with the key to take it back."""
        level = self.kept_by()
        if level:
            self.notify(f"A computer player ({level}) holds your seat while you were away. "
                        f"Press {RECLAIM_KEY} to take it back.", title="Your seat",
                        severity="warning", timeout=15, markup=False)

    def action_reclaim(self) -> None:
        if not self.kept_by() or not isinstance(self.session, RemoteSession):
            self.notify("You play your own seat", timeout=3)
            return
        self.session.reclaim()
        self.notify("Taking your seat back…", timeout=3)
