"""The main game screen: the map with the selected province's detail, the hand, the roles,
the gods and cards, the battle log, and the status line.

It plays through a session (tui.sessions.base): local play or a seat at a game server's
table, with the same panes and dialogs. After every change it looks at the prompt; a
computer player's turn runs in a worker thread (on a copy of the state; at a server's
table the server's computers think), a human's turn opens the decision's dialog (after
the pass-the-keyboard screen when another human played last). At a server's table the
status line says whom the table waits for and who is disconnected, and `t` opens the
table chat (tui/screens/table_talk.py: its lines go to the log and show at once).

Layouts (the screen's breakpoint classes):
    80 x 24          the map fills the screen; 2-6 show a pane instead, 1 the map again
    80 x 34 and up   the map on top, the chosen pane below it
    118 wide and up  the map on the left, the chosen pane on the right (with the battle
                     log under it from 34 rows)
    160 x 44 and up  the same with the large 120 x 40 map
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import ContentSwitcher, Input

from engine import actions as A
from engine.errors import IllegalAction
from engine.prompts import NamePlayer
from engine.quotes import Quotes
from engine.render import action_text, rule_name
from engine.render import civ as civ_name
from engine.view import View

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.events import Event

from .. import news
from ..decisions import make_decision
from ..decisions.base import Undo, can_undo
from ..decisions.roles import NameOrder
from ..sessions.base import TableSession
from ..status_parts import StatusParts, note_parts
from ..widgets.battle_log import BattleLog
from ..widgets.detail import ProvinceDetail
from ..widgets.gods_cards import GodsCardsPane
from ..widgets.hand import HandPane
from ..widgets.keybar import KeyBar
from ..widgets.map import MapView
from ..widgets.players import PlayersPane
from ..widgets.roles import RolesPane
from ..widgets.status import StatusBar, local_parts
from .computers import ComputerPlayers
from .game_over import GameOverScreen
from .pass_keyboard import PassKeyboardScreen
from .province import ProvinceScreen
from .waiting import OPEN, Waiting, check_move

PANES = Binding.Group("Panes", compact=True)
PANE_IDS = {"hand": "hand-pane", "roles": "roles-pane", "gods": "gods-pane", "log": "log-pane",
            "players": "players-pane"}
SIDE_WIDTH = 40


class GameScreen(ComputerPlayers):
    CSS_PATH = Path(__file__).with_name("game.tcss")  # its own rules: tui/sheets.py

    # in the key bar's order: acting first, leaving last (every key fits at 80 columns)
    BINDINGS = [
        Binding("d", "decide", "Decide", id="game.decide"),
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("h", "hint", "Hint", id="game.hint"),
        Binding("c", "app.cards", "Cards", id="game.cards"),
        Binding("1", "pane('map')", "Map", group=PANES, id="game.pane-1"),
        Binding("2", "pane('hand')", "Hand", group=PANES, id="game.pane-2"),
        Binding("3", "pane('roles')", "Roles", group=PANES, id="game.pane-3"),
        Binding("4", "pane('gods')", "Gods", group=PANES, id="game.pane-4"),
        Binding("5", "pane('log')", "Log", group=PANES, id="game.pane-5"),
        Binding("6", "pane('players')", "Players", group=PANES, id="game.pane-6"),
        Binding("enter", "detail", "Detail", show=False, id="game.detail"),
        Binding("t", "chat", "Talk", id="game.chat"),
        Binding("b", "reclaim", "Seat back", id="game.reclaim"),
        Binding("f", "fast", "Fast", id="game.fast"),
        Binding("escape", "leave", "Lobby", id="game.leave"),
        Binding("question_mark", "app.help", "Help", id="game.help"),
        Binding("tab", "app.focus_next", "Focus", show=False, id="game.focus-next"),
    ]

    DEFAULT_CSS = """
    GameScreen #chat { dock: bottom; margin-bottom: 1; height: 1; display: none; }
    GameScreen.-chatting #chat { display: block; }
    """

    def __init__(self, session: TableSession, *, bot_delay: float = 0.15) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.fast = bot_delay <= 0
        humans = session.human_seats
        pending = session.pending_seat
        # at a shared keyboard nobody's hand shows until its player has taken the keyboard
        # (the first decision too): the board is seen as a spectator sees it until then
        self.viewer: int | None = (None if session.hot_seat else
                                   pending if session.is_human(pending) else
                                   humans[0] if humans else None)
        self.pane = "map"
        # an order the role holder named at once: (holder, phase, turn, players still to name)
        self._order_plan: tuple[str, str, int, list[str]] | None = None
        self.side_pane = "hand"
        self._dirty: set[str] = set()
        self.waiting = Waiting.BOARD  # what the screen waits for (tui/screens/waiting.py)
        self.decision_version = -1  # the game's version when the open dialog was made
        self._note = ""
        self._q: Quotes | None = None  # the quotes of the view on screen, once asked

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="body"):
            with Vertical(id="board"):
                yield MapView(id="map")
                yield ProvinceDetail(id="detail")
            with Vertical(id="side"):
                with ContentSwitcher(id="panes", initial="hand-pane"):
                    yield HandPane(id="hand-pane")
                    yield RolesPane(id="roles-pane")
                    yield GodsCardsPane(id="gods-pane")
                    yield PlayersPane(id="players-pane")
                yield BattleLog(id="log-pane")
        yield Input(placeholder="say something to the table; Enter sends, Escape closes",
                    id="chat", max_length=200, compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.map = self.query_one(MapView)
        self.detail = self.query_one(ProvinceDetail)
        self.log_pane = self.query_one(BattleLog)
        cap = self._viewer_capital()
        if cap:
            self.map.cursor = cap
        self.map.focus()
        # a server's table may have a clock: it ticks only while one runs (`_wind_clock`)
        self.clock_tick = self.set_interval(1.0, self._tick_clock, pause=True)
        self.refresh_all(reset_log=True)  # the chat said so far in its place among the events
        self._kept = self.kept_by()
        self.tell_kept()
        self.session.subscribe(self._table_changed)
        self.call_after_refresh(self.advance)

    def _tick_clock(self) -> None:
        """Count a table's clock down on the status line and the players' pane."""
        if hasattr(self, "_v") and getattr(self.session, "ticking", False):
            self._dirty.add("players")
            self._show_panes()
            self._show_status()

    def _wind_clock(self) -> None:
        """Tick only while a clock runs for the pending decision: a session at a table
        without one (or whose game is over) is not woken every second for nothing."""
        if getattr(self.session, "ticking", False):
            self.clock_tick.resume()
        else:
            self.clock_tick.pause()

    def on_unmount(self) -> None:
        self.session.subscribe(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The key bar shows what each key can do now: local play has no chat and no
        lobby, a server's table no computer speed (and hints only where it offers them);
        nobody decides or takes back for a watcher; Decide is dim while another seat
        decides; while a computer holds the player's seat, the seat is taken back (and
        nothing undone)."""
        s = self.session
        if action in ("chat", "leave"):
            return not s.runs_bots
        if action == "fast":
            return s.runs_bots
        if action == "hint":
            return s.runs_bots or bool(getattr(s, "hints", False))
        if action == "reclaim":
            return bool(self.kept_by())
        if action == "undo":
            return self.viewer is not None and bool(s.human_seats) and not self.kept_by()
        if action == "decide":
            if s.over:
                return True  # the game's end again
            if not s.human_seats:
                return False  # a watcher decides nothing
            return True if s.is_human(s.pending_seat) else None
        return True

    def action_leave(self) -> None:
        if self.has_class("-chatting"):
            self.close_chat()
            return
        self.app.pop_screen()

    def _viewer_capital(self) -> str | None:
        """The capital of the seat on screen: the one at the keyboard, or at a server's
        table the player's own (a computer may hold it)."""
        seat = self.viewer if self.viewer is not None else getattr(self.session, "seat", None)
        if seat is None:
            return None
        return self.session.view(seat).state.players[seat].capital

    def on_resize(self, _event: events.Resize | None = None) -> None:
        self._fit()

    def _fit(self) -> None:
        w, h = self.size
        wide = w >= 118
        tall = h >= 34
        aw = w - (SIDE_WIDTH if wide else 0)
        big = aw >= 120 and h - 4 >= 40
        self.map.styles.height = 40 if big else 20
        self.set_class(big, "-bigmap")
        self.set_class(not wide and not tall and self.pane != "map", "-panes")
        detail_lines = 2 if not (tall or big) else None
        self._detail_lines = detail_lines
        self._show_detail()
        self._show_panes()
        self.read_if_in_sight()

    def action_pane(self, pane: str) -> None:
        self.pane = pane
        if pane != "map":
            self.side_pane = pane
            self.set_class(pane == "log", "-pane-log")
            if pane != "log":
                self.query_one(ContentSwitcher).current = PANE_IDS[pane]
        self._fit()
        if pane == "map":
            self.map.focus()
        else:
            self.query_one(f"#{PANE_IDS[pane]}").focus()

    # --- showing the game ---------------------------------------------------------------
    def view(self) -> View:
        return self.session.view(self.viewer)

    def shown_view(self) -> View | None:  # None until the first (the card browser asks)
        return getattr(self, "_v", None)

    def quotes(self) -> Quotes:  # the seat on screen's, asked once per change
        if self._q is None:
            self._q = self.session.quotes(self.viewer)
        return self._q

    def refresh_all(self, reset_log: bool = False) -> None:
        v = self.view()
        self._v = v
        self._wind_clock()
        self._q = None
        self.map.set_state(v.state, self.quotes().board.at_war)
        self._dirty = {"hand", "roles", "gods", "players"}
        self._show_panes()
        civ = v.civ
        if reset_log:
            self._progress = {pr.civ: pr.heroes_wonders for pr in self.quotes().progress}
            self.log_pane.reset(self.session.events, civ, self.session.chat_lines,
                                self.session.event_versions)
        else:
            new = self.session.events[self.log_pane.count:]
            self._tell(new)
            self.log_pane.add_events(new, civ)
        self._show_detail()
        self._show_status()
        self._show_undo()

    def _show_undo(self) -> None:
        """The key bar says whether the last decision can be taken back now (the engine,
        or the game server, decides): "u Undo" or "u No undo"."""
        ok = self.viewer is not None and can_undo(self.session, self.viewer)
        if ok == getattr(self, "_undo_ok", None):
            return
        self._undo_ok = ok
        self.describe_key("undo", "Undo" if ok else "No undo")

    def _tell(self, events: list[Event]) -> None:
        """Notify the players at this keyboard of what just happened to them (a dialog may
        hide the log: a notification shows at any size)."""
        s = self.session
        civs = [s.civ_of(seat) for seat in s.human_seats] or \
            ([self._v.civ] if self._v.civ else [])
        q = self.quotes()
        count = {pr.civ: pr.heroes_wonders for pr in q.progress}
        before = getattr(self, "_progress", None)
        self._progress = count
        for civ in civs:
            told = news.notices(events, civ)
            if before is not None:
                told += news.near_victory(q, civ, before)
            for n in told:
                title = n.title if len(civs) == 1 else f"{civ_name(civ)}: {n.title}"
                self.notify(n.text, title=title, severity=n.severity,
                            timeout=12 if n.severity == news.WARNING else 8, markup=False)
            if before is not None:
                break  # the race to victory is told once

    def _show_panes(self) -> None:
        """Bring the visible panes up to date (hidden ones wait until they are shown)."""
        if not hasattr(self, "_v"):
            return
        w, h = self.size
        side = w >= 118 or h >= 34 or self.pane != "map"
        shown = self.side_pane if self.side_pane != "log" else ""
        if w >= 118 and h >= 34 and self.side_pane == "log":
            current = self.query_one(ContentSwitcher).current
            shown = current.removesuffix("-pane") if current else ""
        if not side or shown not in self._dirty:
            return
        self._dirty.discard(shown)
        if shown == "hand":
            self.query_one(HandPane).show(self._v, self.quotes())
        elif shown == "roles":
            self.query_one(RolesPane).show(self._v.state, self.quotes())
        elif shown == "gods":
            self.query_one(GodsCardsPane).show(self._v, self.quotes())
        elif shown == "players":
            clocks = getattr(self.session, "clocks", None)  # a server's table only
            self.query_one(PlayersPane).show(self._v, self.quotes(),
                                             clocks() if clocks is not None else None)

    def _show_detail(self) -> None:
        if not hasattr(self, "_v"):
            return
        self.detail.show(self._v.state, self.map.cursor, self.quotes().board,
                         getattr(self, "_detail_lines", 2))

    def _show_status(self) -> None:
        note = self._note
        s = self.session
        if s.autosave_error and not note:  # before the usual hint: the game is not saved
            note = s.autosave_error
        hint = ""
        if not note and s.is_human(s.pending_seat) and self.waiting not in OPEN \
                and not s.over:
            hint = "press d to decide"
        parts = s.status_parts(self.unread)
        if parts is None:
            parts = local_parts(self._v.state, s.seats, viewer=self.viewer, note=note,
                                hint=hint)
        else:
            parts = StatusParts(parts.head, parts.body + note_parts(note, hint))
        self.query_one(StatusBar).show(parts)
        self.refresh_bindings()  # whose decision it is: Decide comes, goes or dims

    def point_at(self, area: str) -> None:
        """Move the map cursor to the area and show its detail now (a dialog previewing
        it: both in the dialog's next frame, not one frame later)."""
        self.map.select(area)
        self._show_detail()

    @on(MapView.CursorMoved)
    def _cursor_moved(self, event: MapView.CursorMoved) -> None:
        self._show_detail()

    @on(MapView.AreaSelected)
    def _area_selected(self, event: MapView.AreaSelected) -> None:
        self.action_detail()

    def action_detail(self) -> None:
        self.app.push_screen(ProvinceScreen(self._v.state, self.map.cursor,
                                            self.quotes().board))

    def action_fast(self) -> None:
        if self.waiting is Waiting.FAILED:  # after a computer player's failure: try again
            self.now_waiting(Waiting.BOARD)
            self._note = ""
            self.advance()
            return
        self.fast = not self.fast
        self.notify("Computer players: " + ("fast" if self.fast else "at watching speed"),
                    timeout=2)

    # --- driving the game ---------------------------------------------------------------
    def on_screen_resume(self, _event: events.ScreenResume | None = None) -> None:
        self.read_if_in_sight()  # a dialog closed over the log
        if self.waiting is Waiting.RESUME:
            self.now_waiting(Waiting.BOARD)
            self.call_after_refresh(self.advance)

    def now_waiting(self, then: Waiting) -> None:  # the moves: tui/screens/waiting.py
        check_move(self.waiting, then)
        self.waiting = then

    def advance(self) -> None:
        """Look at the prompt and do what it asks: a bot thinks, a human decides."""
        s = self.session
        if s.over:
            self._show_status()
            self._game_over()
            return
        seat = s.pending_seat
        if not s.is_human(seat):
            if s.runs_bots:
                self._start_bots()
            else:
                self._show_status()
            return
        if self.waiting in OPEN:
            return
        if self._pass_empty_step():
            return
        if self.app.screen is not self:
            self.now_waiting(Waiting.RESUME)
            return
        if self._name_from_plan():
            return
        if self.viewer != seat:
            if s.hot_seat:
                assert seat is not None  # a human's seat
                self._pass_keyboard(seat)
                return
            self.viewer = seat
            self.refresh_all(reset_log=True)
        self.open_decision()

    def _pass_empty_step(self) -> bool:
        """A step with nothing to do in it (no trireme for the naval step, an empty hand
        for the construction turn) is passed with a line in the log, not shown as a dialog
        (the engine says which; at a server's table the server passes it)."""
        passer = getattr(self.session, "pass_empty_steps", None)
        if passer is None or not passer():
            return False
        self.refresh_all()
        self.advance()
        return True

    def _name_from_plan(self) -> bool:
        """Name the next player of an order the role holder gave at once, if it is still
        his to name and the engine still allows it; else forget the plan."""
        plan = self._order_plan
        if not plan:
            return False
        state = self.session.view(self.viewer).state
        holder, phase, turn, civs = plan
        if state.turn != turn or not civs:
            self._order_plan = None  # that turn is over
            return False
        prompt = state.prompt
        if not isinstance(prompt, NamePlayer):
            return False  # the named players are playing
        if (prompt.civ, prompt.phase) != (holder, phase):
            self._order_plan = None  # another phase's order
            return False
        action = A.Name(civ=civs.pop(0))
        if self.session.check(action) is not None:
            self._order_plan = None
            return False
        self.session.apply(action)
        self.refresh_all()
        self.call_after_refresh(self.advance)
        return True

    def _pass_keyboard(self, seat: int) -> None:
        self.now_waiting(Waiting.KEYBOARD)
        civ = self.session.civ_of(seat)
        self.app.push_screen(PassKeyboardScreen(civ, self.session.seat_label(seat)),
                             callback=partial(self._passed, seat))

    def _passed(self, seat: int, _result: object = None) -> None:
        self.now_waiting(Waiting.BOARD)
        self.viewer = seat
        cap = self._viewer_capital()
        if cap:
            self.map.cursor = cap
        self.refresh_all(reset_log=True)
        self.call_after_refresh(self.advance)

    def action_decide(self) -> None:
        if self.waiting in OPEN:
            return
        s = self.session
        if s.over:
            self.now_waiting(Waiting.BOARD)
            self._game_over()
        elif s.is_human(s.pending_seat):  # else d is dim: the status line says who decides
            self.advance()

    def open_decision(self) -> None:
        s = self.session
        seat = s.pending_seat
        if seat is None:
            return
        screen = make_decision(s, seat)
        self.now_waiting(Waiting.DECISION)
        self.decision_version = s.version
        self._show_status()
        self.app.push_screen(screen, callback=self._decided)

    def _decided(self, action: Action | Undo | NameOrder | None) -> None:
        self.now_waiting(Waiting.BOARD)
        if action is None:  # closed to look at the board
            self._show_status()
            return
        if isinstance(action, Undo):  # UNDO
            self.action_undo()
            return
        if isinstance(action, NameOrder):  # the rest is named when its turn comes
            st = self.session.view(self.viewer).state
            pr = st.prompt
            assert pr is not None  # a decision was just made on it
            self._order_plan = (pr.civ, getattr(pr, "phase", ""), st.turn, list(action.civs[1:]))
            action = A.Name(civ=action.civs[0])
        try:
            self.session.apply(action)
        except IllegalAction as e:
            self.notify(f"{e.reason} (rule: {rule_name(e.rule)})" if e.rule else e.reason,
                        severity="error", markup=False)
        self.refresh_all()
        # at once: the next dialog (or the computer players) follows this one with no
        # frame of the board between them
        self.advance()

    def action_hint(self) -> None:
        """What the hard player would do at the pending decision (tui/screens/hint.py)."""
        # lazy: the hint (the hard player's search) loads at the first `h`
        from .hint import open_hint
        open_hint(self, self.session)

    def action_undo(self) -> None:
        """Take back the last decision of the player at the keyboard, when the engine
        allows it (nothing hidden revealed, no die rolled since)."""
        s = self.session
        seat = self.viewer
        if seat is None or not can_undo(s, seat):  # a session without undo says no
            why = getattr(s, "undo_refusal", "") or "not offered here"
            self.notify(f"No undo: {why}", timeout=4, markup=False)
            return
        try:
            step = s.undo(seat)
        except IllegalAction as e:
            self.notify(e.reason, severity="error", markup=False)
            return
        if step is None:  # a server's table: its update (or refusal) answers
            self._show_status()
            return
        self.notify(f"Taken back: {action_text(step.action, self.session.view(seat).state)}",
                    timeout=4, markup=False)
        self.refresh_all(reset_log=True)
        self.call_after_refresh(self.advance)

    def _game_over(self) -> None:
        if self.waiting is Waiting.OVER:
            return
        self.now_waiting(Waiting.OVER)
        # a server's table too: GameOverScreen is typed for a local one, and offers a
        # server's table none of what only a local one has (its check_action)
        self.app.push_screen(GameOverScreen(self.session))  # type: ignore[arg-type]
