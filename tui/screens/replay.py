"""The replay viewer: step through a recorded game, forward and back, jump to a turn; the
board at that moment, the events of the turn so far, and the events of the step."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import Input, Static

from engine.quotes import quotes
from engine.render import PHASE_NAMES
from engine.replay import Replay

from ..sessions.review import RemoteReview
from ..text import civ_markup, esc
from ..widgets.battle_log import BattleLog, event_line
from ..widgets.field import Field
from ..widgets.keybar import KeyBar
from ..widgets.map import MapView
from .base import BaseModal, BaseScreen
from .game_app import game_app

if TYPE_CHECKING:  # (the review is imported when first asked for: it is heavy)
    from engine.bots.review import Review

STEP = Binding.Group("Step", compact=True)
TURN = Binding.Group("Turn", compact=True)
ENDS = Binding.Group("Ends", compact=True)


class ReplayScreen(BaseScreen):
    CSS_PATH = Path(__file__).with_name("replay.tcss")  # its own rules: tui/sheets.py

    AUTO_FOCUS = ""  # the keys are the screen's
    BINDINGS = [
        Binding("left", "step(-1)", "Step", group=STEP, key_display="←", id="replay.step-left"),
        Binding("right", "step(1)", "Step", group=STEP, key_display="→", id="replay.step-right"),
        Binding("pageup", "turn(-1)", "Turn", group=TURN, key_display="PgUp", id="replay.turn-pageup"),
        Binding("pagedown", "turn(1)", "Turn", group=TURN, key_display="PgDn", id="replay.turn-pagedown"),
        Binding("home", "go(0)", "Ends", group=ENDS, key_display="Home", id="replay.go-home"),
        Binding("end", "go(-1)", "Ends", group=ENDS, key_display="End", id="replay.go-end"),
        Binding("t", "jump", "Go to", id="replay.jump"),
        Binding("space", "play", "Play", id="replay.play"),
        Binding("e", "events", "Log", id="replay.events"),  # the step's events beside the board
        # the footer is full: the first step and the help name it (tui/screens/review.py)
        Binding("r", "review", "Review", show=False, id="replay.review"),
        # every key fits in the footer at 80 columns; q and Escape leave, like b
        Binding("q", "close", "Leave", id="replay.close"),
        Binding("escape", "close", "Leave", show=False, id="replay.close-escape"),
        Binding("b", "close", "Leave", show=False, id="replay.close-b"),
    ]

    def __init__(self, data: Replay, start: int = 0,
                 remote_review: RemoteReview | None = None) -> None:
        """`remote_review`: a server's finished table, which reviews the player's own seat
        (its replay has no record here)."""
        super().__init__()
        self.data = data
        self.remote_review = remote_review
        self.index = max(0, min(start, data.last))
        self._timer: Timer | None = None
        self.show_events = False
        self.review: Review | None = None  # the review whose swings are marked (tui/screens/review.py)

    def compose(self) -> ComposeResult:
        yield Static("", id="replay-status")
        with Horizontal(id="replay-body"):
            with Vertical(id="replay-board"):
                yield MapView(id="replay-map", focusable=False)
                yield Static("", id="replay-step")
            yield BattleLog(id="replay-log")
        yield KeyBar()

    def on_mount(self) -> None:
        self.map = self.query_one(MapView)
        self.map.show_cursor = False
        self.log_view = self.query_one(BattleLog)
        self.log_view.can_focus = False
        self.log_view.border_title = "Events this turn"
        self._show()

    def on_resize(self, _event: events.Resize | None = None) -> None:
        w, h = self.size
        side = 36 if w >= 118 else 0
        big = w - side >= 120 and h - 4 >= 40
        self.map.styles.height = 40 if big else 20
        self.query_one("#replay-log").styles.width = side or "1fr"

    def _show(self) -> None:
        d = self.data
        i = self.index
        state = d.state_at(i)
        step = d.steps[i]
        self.map.set_state(state, quotes(state, None).board.at_war)  # the engine says
        turn_start = d.step_of_turn(step.turn)
        events = []
        for st in d.steps[turn_start:i + 1]:
            events.extend(st.events)
        self.log_view.reset(events, None)
        phase = PHASE_NAMES.get(step.phase, step.phase)
        head = (f"[b]Replay[/] · step {i}/{d.last} · [b]Turn {step.turn}[/] · {phase}")
        if state.phase == "over" and state.winner:
            head += f" · {civ_markup(state.winner)} wins"
        if d.error:
            head += f" · [b $error]{esc(d.error)}[/]"
        elif d.diverged_at is not None:
            head += f" · [b $error]diverges from the record at step {d.diverged_at}[/]"
        self.query_one("#replay-status", Static).update(head)
        if i == 0:
            what = "The game as set up. Key r: the hard player reviews one seat's decisions."
        else:
            lines = [event_line(e) for e in step.events if not e.visible_to]
            who = civ_markup(step.civ) if step.civ else "?"
            what = esc("; ".join(lines[:3])) if lines else f"{who} decides (in secret)"
        if self.review is not None:
            # lazy: the review (the hard player's search) loads with the first review
            from .review import swing_mark
            mark = swing_mark(self.review, i)
            what = f"{mark}\n{what}" if mark else what
        self.query_one("#replay-step", Static).update(what)

    def action_step(self, n: int) -> None:
        self.action_go(self.index + n)

    def action_go(self, i: int) -> None:
        if i < 0:
            i = self.data.last
        i = max(0, min(self.data.last, i))
        if i != self.index:
            self.index = i
            self._show()

    def action_turn(self, n: int) -> None:
        turn = self.data.steps[self.index].turn + n
        starts = self.data.turn_starts()
        if n < 0 and self.index != starts.get(turn - n, -1):
            turn -= n  # first go back to the start of this turn
        self.action_go(self.data.step_of_turn(turn) if turn >= min(starts) else 0)

    def action_jump(self) -> None:
        def done(turn: int | None) -> None:
            if turn is not None:
                self.action_go(self.data.step_of_turn(turn))
        last_turn = self.data.steps[-1].turn
        self.app.push_screen(JumpScreen(last_turn), callback=done)

    def action_play(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            return
        self._timer = self.set_interval(0.4, self._tick)

    def _tick(self) -> None:
        if self.index >= self.data.last and self._timer is not None:
            self._timer.stop()
            self._timer = None
            return
        self.action_step(1)

    def action_events(self) -> None:
        self.show_events = not self.show_events
        self.set_class(self.show_events, "-events")

    def action_review(self) -> None:
        """The hard player's review of one seat's decisions; its swings marked here."""
        # lazy: the review (the hard player's search) loads with the first review
        from .review import ReviewPick, ReviewScreen
        record = getattr(self.data, "record", None)
        if record is None and self.remote_review is None:
            self.notify("Only the players of this table may review it", timeout=3)
            return

        def done(pick: ReviewPick | None) -> None:
            if pick is None or pick.review is None:
                return
            self.review = pick.review
            if pick.step is not None:
                self.index = -1  # shown again even if it is the current step
                self.action_go(pick.step)
            else:
                self._show()
        self.app.push_screen(ReviewScreen(record, remote=self.remote_review), callback=done)

    def action_close(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            game_app(self).action_title()


class JumpScreen(BaseModal):
    CSS_PATH = Path(__file__).with_name("replay.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [Binding("b", "cancel", "Back", show=False, id="replay.cancel"),
                Binding("escape", "cancel", "Back", show=False, id="replay.cancel-escape")]

    def __init__(self, last_turn: int) -> None:
        super().__init__()
        self.last_turn = last_turn

    def compose(self) -> ComposeResult:
        with Vertical(id="jump-dialog", classes="dialog"):
            yield Static(f"[b]Jump to turn[/] (1 to {self.last_turn}), then Enter.\n"
                         "Enter with no number goes back.")
            yield Field(placeholder="turn", type="integer", id="jump-input")
            yield Static("", id="jump-error")
        yield KeyBar()

    def on_input_changed(self) -> None:
        self.query_one("#jump-error", Static).update("")  # typed again: said again if wrong

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self.dismiss(None)
            return
        try:
            turn = int(event.value)
        except ValueError:
            self.query_one("#jump-error", Static).update("Type a turn number")
            return
        self.dismiss(max(0, min(self.last_turn, turn)))

    def action_cancel(self) -> None:
        self.dismiss(None)
