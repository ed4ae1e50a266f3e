"""The game screen of a guided game (`mare-nostrum learn`): the usual game screen, with the
guide (tui/screens/guide.py) opening before a decision of a kind, or in a phase, it has not
explained yet, and `g` to read the page for the moment again (which also turns a guide that
was turned off back on)."""

from __future__ import annotations

from textual.binding import Binding

from ..guide.tour import Page, Tour
from ..sessions.base import TableSession
from .game import GameScreen
from .guide import GUIDE_OFF, GuideScreen
from .waiting import OPEN, Waiting


class GuidedGameScreen(GameScreen):
    BINDINGS = [Binding("g", "guide", "Guide", id="guided.guide")]

    def __init__(self, session: TableSession, tour: Tour, *, bot_delay: float = 0.15) -> None:
        super().__init__(session, bot_delay=bot_delay)
        self.tour = tour

    def open_decision(self) -> None:
        """Before the decision, the guide's page when it has something new to say."""
        s = self.session
        seat = s.pending_seat
        if seat is None or self.waiting is Waiting.GUIDE:
            return
        state = s.view(seat).state
        if self.tour.due(state.prompt, state.phase, state.turn):
            self._show_page(self.tour.page(state.prompt, state.phase, state.turn, s.events))
            return
        super().open_decision()

    def action_guide(self) -> None:
        """Key g: the guide's page for this moment again (its explanation of the decision
        waiting for the player, if one does), and the guide on again."""
        if self.waiting in OPEN:
            return
        s = self.session
        seat = self.viewer
        state = s.view(seat).state
        mine = seat is not None and s.pending_seat == seat and not s.over
        self.tour.on = True
        self._show_page(self.tour.page(state.prompt if mine else None, state.phase,
                                       state.turn, s.events, again=True))

    def _show_page(self, page: Page) -> None:
        self.now_waiting(Waiting.GUIDE)  # the game waits for the page as for a decision
        self._show_status()
        self.app.push_screen(GuideScreen(page), callback=self._page_closed)

    def _page_closed(self, result: str | None) -> None:
        self.now_waiting(Waiting.BOARD)
        if result == GUIDE_OFF:
            self.tour.on = False
            self.notify("The guide is off: you play on alone. Press g to bring it back.",
                        timeout=6, markup=False)
        self._show_status()
        self.advance()  # on to the decision the page explained
