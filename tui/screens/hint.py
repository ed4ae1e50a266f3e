"""The hint (key h at a decision): the hard player, asked what it would do here from the
seat's own view, with its two best alternatives and why (engine/bots/advice.py; the words are
engine/render_advice.py's). In a local game it thinks in a worker; at a server's table that
offers hints the server thinks (tui/net/handlers/advice.py) and the session brings its
answer. The screen stays live meanwhile; Escape cancels."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import ProgressBar, Static

from engine.bots import advise
from engine.render import phase_name
from engine.render_advice import leader_words, option_line, option_why, shown
from engine.view import View

from ..sessions.base import TableSession
from ..text import civ_markup, esc
from ..widgets.keybar import KeyBar
from .base import BaseModal

if TYPE_CHECKING:
    from engine.bots import Advice

HINT_BUDGET = 1.0  # seconds the hard player thinks, as a computer seat of its level does


class HintAsker(Protocol):
    """A server's table that offers hints (tui.sessions.remote.RemoteSession)."""

    def ask_hint(self, answered: Callable[[Advice | str], None]) -> None: ...
    def forget_hint(self) -> None: ...


class HintScreen(BaseModal):
    """Dismissed with nothing; the advice, once found, is in `advice`."""

    BINDINGS = [Binding("escape", "close", "Close", id="hint.close"),
                Binding("h", "close", "Close", show=False, id="hint.close-h")]
    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    #hint-box { width: 78; height: auto; max-height: 22; border: round $primary;
                background: $surface; padding: 0 1; }
    #hint-bar { margin: 1 0; }
    #hint-body { height: auto; }
    HintScreen.-done #hint-bar { display: none; }
    """

    def __init__(self, view: View, budget: float = HINT_BUDGET, rounds: int | None = None,
                 asker: HintAsker | None = None) -> None:
        """`rounds`: think by a number of deals instead of the budget (tests); `asker`: the
        server's table that thinks instead of this process."""
        super().__init__()
        self.view = view
        self.asker = asker
        self.budget = budget
        self.rounds = rounds
        self.advice: Advice | None = None
        self._cancelled = False
        self._started = 0.0

    def compose(self) -> ComposeResult:
        s = self.view.state
        with Vertical(id="hint-box"):
            yield Static(f"[b]Hint[/] — {civ_markup(self.view.civ)}, turn {s.turn}, "
                         f"{esc(phase_name(s.phase))}: what the hard player would do",
                         id="hint-title")
            yield ProgressBar(total=100, show_eta=False, id="hint-bar")
            yield Static("Thinking from what you can see… (Escape cancels)", id="hint-body")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self._started = time.perf_counter()
        self._ticker = self.set_interval(0.1, self._tick)
        if self.asker is not None:
            self.asker.ask_hint(self._answered)
        else:
            self.run_worker(self._think, thread=True, exclusive=True, group="hint")

    def _tick(self) -> None:
        if self.advice is None and self.budget > 0:
            done = (time.perf_counter() - self._started) / self.budget
            self.query_one(ProgressBar).update(progress=min(99.0, 100 * done))

    def _think(self) -> None:
        found = advise(self.view, budget=self.budget, rounds=self.rounds,
                       between=lambda _n: self._cancelled)
        if not self._cancelled:
            self.app.call_from_thread(self._show, found)

    def _answered(self, found: Advice | str) -> None:
        """The server's answer: the advice, or why there is none."""
        if not isinstance(found, str):
            self._show(found)
            return
        self._ticker.stop()
        self.add_class("-done")
        self.query_one("#hint-body", Static).update(f"No hint: {esc(found)}.")

    def _show(self, found: Advice) -> None:
        self.advice = found
        self._ticker.stop()
        self.add_class("-done")
        self.query_one("#hint-body", Static).update(hint_markup(found, self.view))

    def action_close(self) -> None:
        self._cancelled = True  # the worker stops at its next deal
        if self.asker is not None:
            self.asker.forget_hint()  # (the server stops when the decision is made)
        self.dismiss(None)


def hint_view(session: TableSession) -> View | str:
    """The view of the seat a hint is for (the player deciding now), or why there is none."""
    if not session.runs_bots and not getattr(session, "hints", False):
        return "Hints are off at this table (its creator chose so)"
    seat = session.pending_seat
    if session.over or session.prompt is None or seat is None:
        return "No decision is waiting"
    if not session.is_human(seat):
        return ("A computer player is deciding: hints are for your own decisions"
                if session.runs_bots else "Hints are for your own decisions")
    return session.view(seat)


def open_hint(screen: Screen[Any], session: TableSession) -> None:
    """Key h: the hint screen over `screen`, or a note saying why not."""
    found = hint_view(session)
    if isinstance(found, str):
        screen.notify(found, timeout=3, markup=False)
        return
    asker = None if session.runs_bots else cast(HintAsker, session)  # a server's table
    screen.app.push_screen(HintScreen(found, asker=asker))


def hint_markup(found: Advice, view: View) -> str:
    """The choice, the two best alternatives, each with its gain and why."""
    state = view.state
    lines: list[str] = []
    threat = leader_words(found)
    if threat:
        lines.append(f"[$warning]{esc(threat)}.[/]")
    for k, o in enumerate(shown(found)):
        what = esc(option_line(o, state))
        lines.append(f"[b $success]▶[/] [b]{what}[/]" if k == 0 else f"· {what}")
        why = option_why(o)
        if k == 0 and o.normal and found.searched:
            why += "; nothing else did clearly better"
        lines.append(f"    [dim]{esc(why)}[/]")
    if not found.searched:
        lines.append("The hard player answers this decision as the normal player does.")
    else:
        lines.append(f"[dim]Weighed over {found.rounds} deals of the cards you cannot see, "
                     "from what you can see only.[/]")
    return "\n".join(lines)
