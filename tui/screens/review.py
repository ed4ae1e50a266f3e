"""The review in the replay viewer (key r): pick a civilization, the hard player judges every
decision it made (engine/bots/review.py) in a worker with a progress bar, or at once from
its side file (engine/saves/review_cache.py); the five biggest swings are listed, Enter goes
to one. Escape cancels the work or closes the list.

A finished table of a game server is reviewed by the server, for the asker's own seat only
(tui.sessions.review.RemoteReview): the same screen shows its progress and its swings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from engine.bots import REVIEW_BUDGET, review_decisions, swings
from engine.record import GameRecord
from engine.render import civ as civ_name
from engine.render_advice import swing_lines
from engine.replay import ReplayError
from engine.saves import load_review, save_review
from tui.net import protocol as p

from ..sessions.review import Heard, RemoteReview
from ..text import civ_markup, esc
from ..widgets.choice import ChoiceList
from ..widgets.keybar import KeyBar
from .base import BaseModal

if TYPE_CHECKING:
    from engine.bots import Judgement, Review



@dataclass
class ReviewPick:
    """What the review screen closes with: the review (None: cancelled) and the step to
    go to (None: stay)."""

    review: Review | None
    step: int | None = None


class ReviewScreen(BaseModal):
    BINDINGS = [Binding("escape", "close", "Close", id="review.close")]
    DEFAULT_CSS = """
    ReviewScreen { align: center middle; }
    #review-box { width: 80; height: auto; max-height: 23; border: round $primary;
                  background: $surface; padding: 0 1; }
    #review-box ChoiceList { height: auto; max-height: 17; }
    #review-bar { margin: 1 0; display: none; }
    ReviewScreen.-working #review-bar { display: block; }
    #review-note { height: auto; color: $text-muted; }
    """

    def __init__(self, record: GameRecord | None, budget: float = REVIEW_BUDGET,
                 rounds: int | None = None, remote: RemoteReview | None = None) -> None:
        """`rounds`: judge by a number of deals instead of the budget (tests); `remote`:
        a server's table, reviewed there (no record here)."""
        super().__init__()
        assert record is not None or remote is not None
        self.record = record
        self.remote = remote
        self.budget = budget
        self.rounds = rounds
        self.found: Review | None = None
        self._cancelled = False

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            yield Static("[b]Review[/] — whose decisions should the hard player judge?",
                         id="review-title")
            civs = self.record.config.civs if self.record is not None else \
                [self.remote.civ] if self.remote is not None else []
            yield ChoiceList(*[Option(civ_name(c), id=c) for c in civs], id="review-civs")
            yield ProgressBar(total=None, show_eta=False, id="review-bar")
            yield Static("From what that seat knew at each decision; a review already made "
                         "opens at once.", id="review-note")
        yield KeyBar()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(ChoiceList).focus()
        if self.remote is not None:  # the player's own seat: nothing to pick
            self.start(self.remote.civ)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        key = event.option.id or ""
        if self.found is not None:  # a swing: go to its step
            self.dismiss(ReviewPick(self.found, int(key)))
            return
        self.start(key)

    def start(self, civ: str) -> None:
        """Open the cached review of `civ`, or work it out in a worker (or on the server)."""
        rounds = self.rounds or 0
        cached = load_review(self.record, civ, self.budget, rounds) \
            if self.record is not None else None
        if cached is not None:
            self.show(cached)
            return
        self.add_class("-working")
        self.query_one(ChoiceList).display = False
        self.query_one("#review-title", Static).update(
            f"[b]Review[/] — {civ_markup(civ)}: the hard player judges each decision…")
        self.query_one("#review-note", Static).update("Escape cancels.")
        if self.remote is not None:
            self.remote.ask(self._heard)
            return
        self.run_worker(lambda: self._work(civ), thread=True, exclusive=True, group="review")

    def _heard(self, msg: Heard) -> None:
        """The server's word on the review: how far it has come, the review, or why none."""
        match msg:
            case p.ReviewProgress(total=0):
                self.query_one("#review-note", Static).update(
                    "The server finishes another review first… Escape cancels.")
            case p.ReviewProgress():
                self.query_one("#review-note", Static).update("Escape cancels.")
                self._progress(msg.done, msg.total)
            case p.ReviewDone():
                self.show(msg.review)
            case p.Rejected():
                self._failed(msg.reason)

    def _work(self, civ: str) -> None:
        assert self.record is not None

        def progress(done: int, total: int) -> None:
            if not self._cancelled:
                self.app.call_from_thread(self._progress, done, total)
        try:
            found = review_decisions(self.record, civ, budget=self.budget, rounds=self.rounds,
                                     progress=progress, cancelled=lambda: self._cancelled)
        except ReplayError as e:  # a record that stops replaying: say so, keep the viewer
            self.app.call_from_thread(self._failed, e.message)
            return
        if found is not None and not self._cancelled:
            save_review(found, self.record)
            self.app.call_from_thread(self.show, found)

    def _failed(self, why: str) -> None:
        self.remove_class("-working")
        self.query_one("#review-note", Static).update(f"No review: {esc(why)}")

    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)

    def show(self, found: Review) -> None:
        """The five biggest swings, one option each."""
        self.found = found
        self.remove_class("-working")
        picked = swings(found)
        title = (f"[b]Review[/] — {civ_markup(found.civ)}, {len(found.judgements)} decisions: "
                 f"the {'five ' if len(picked) == 5 else ''}biggest swings")
        self.query_one("#review-title", Static).update(title)
        menu = self.query_one(ChoiceList)
        menu.clear_options()
        menu.add_options([Option(swing_text(n, j), id=str(j.index))
                          for n, j in enumerate(picked, start=1)])
        menu.display = bool(picked)
        note = "Enter goes to one in the replay. A hero or wonder counts 60 points." \
            if picked else \
            "The hard player would have played every decision as this seat did."
        self.query_one("#review-note", Static).update(note)
        if picked:
            menu.highlighted = 0
            menu.focus()

    def action_close(self) -> None:
        self._cancelled = True  # the worker stops at its next deal
        if self.remote is not None:
            self.remote.forget()
        self.dismiss(ReviewPick(self.found))


def swing_text(n: int, j: Judgement) -> str:
    return esc("\n".join(swing_lines(n, j, None)))


def swing_mark(found: Review, step: int) -> str:
    """The replay's mark on a step that was one of the biggest swings ("" otherwise)."""
    for n, j in enumerate(swings(found), start=1):
        if j.index == step:
            return (f"[b $warning]Swing {n}[/] of {civ_markup(found.civ)}: "
                    f"better {esc(j.better)} ({esc(j.why)})")
    return ""
