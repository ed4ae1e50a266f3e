"""A seat at a table of the game server, as the game screens see it (the session interface,
`tui.sessions.base`).

It holds only what the server sent: the last update (this seat's view, its quotes, its
prompt and legal actions, who sits where and who is connected), the events and chat lines
received since joining. A decision is sent with the version it was decided on; until the
server answers (an update, or a refusal with its reason) nothing is pending for this seat,
so the screen never opens a dialog on a stale position.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import msgspec

from engine import game
from engine.actions import Action, Item
from engine.errors import IllegalAction
from engine.events import Event
from engine.prompts import Prompt
from engine.quotes import Quotes
from engine.render import prompt_doing, prompt_title, rule_name
from engine.view import View
from tui.net import protocol as p
from tui.net.audience import SPECTATORS
from tui.net.clock import left_text
from tui.net.words import REMOTE, clock_text, waited_for, waiting_text

from ..status_parts import (
    CLOCK,
    PHASE,
    Part,
    StatusParts,
    head_parts,
    plain_text,
)
from ..text import civ_markup, esc
from .base import ChatEntry, Listener, Said

if TYPE_CHECKING:
    from engine.bots import Advice

HintAnswer = Callable[["Advice | str"], None]  # the advice, or why there is none

HUMAN = "human"
MUTE, UNMUTE = "/mute", "/unmute"  # typed in the chat line: the spectators' channel
RECLAIM_KEY = "b"  # the game screen's key that takes one's own seat back from a computer


class RemoteSession:
    runs_bots = False  # the server's computer players think on the server
    autosave_error: str | None = None

    def __init__(self, table: int, send: Callable[[p.Msg], None],
                 first: p.Update | None = None, *, me: str = "") -> None:
        self.table = table
        self.me = me  # this player's name: their own lines are not news to them
        self._send = send
        self.last: p.Update | None = None
        self.events: list[Event] = []
        self.event_versions: list[int] = []  # beside each event, its step's version
        self.chat_lines: list[ChatEntry] = []
        self.sent: int | None = None  # the version a decision was sent on, unanswered
        self._listener: Listener | None = None
        self.shown = False  # a game screen plays it (a new sit or watch gets a new session)
        self.muted = False  # the spectators' channel is not shown
        self.received = time.monotonic()  # when the last update came (clocks count down)
        self._hint: tuple[int, HintAnswer] | None = None  # the version a hint was asked on
        if first is not None:
            self.update(first)

    # --- what the server says ----------------------------------------------------------------
    def update(self, up: p.Update) -> None:
        self.last = up
        self.received = time.monotonic()
        if self.sent is not None and up.version != self.sent:
            self.sent = None
        if self._hint is not None and up.version != self._hint[0]:
            self._answer_hint("the game moved on: the decision the hint was for is made")
        versions = list(up.versions) if len(up.versions) == len(up.events) else \
            [up.version] * len(up.events)
        if up.taken_back:  # a decision was taken back: the server sent the whole log
            self.events = list(up.events)
            self.event_versions = versions
        else:
            self.events.extend(up.events)
            self.event_versions.extend(versions)
        self._tell("update", up)

    def chat_line(self, line: p.ChatLine) -> None:
        name = line.name
        if line.channel == SPECTATORS:
            if self.muted:
                return
            name = f"{name} (watching)"
        self.chat_lines.append(ChatEntry(who=name, text=line.text, version=line.version))
        self._tell("chat", Said(who=name, text=line.text,
                                own=bool(self.me) and line.name == self.me))

    def refused(self, reason: str, rule: str = "") -> None:
        """The server refused something (a decision: it is ours to make again; while a
        hint is asked for, the hint: no decision is sent from under its screen)."""
        if self._hint is not None:
            self._answer_hint(reason)
            return
        self.sent = None
        self._tell("refused", f"{reason} (rule: {rule_name(rule)})" if rule else reason)

    def lost(self, reason: str) -> None:
        self._tell("lost", reason)

    def subscribe(self, listener: Listener | None) -> None:
        self._listener = listener

    def _tell(self, what: str, detail: object) -> None:
        if self._listener is not None:
            self._listener(what, detail)

    @property
    def up(self) -> p.Update:
        assert self.last is not None, "no update from the server yet"
        return self.last

    # --- who is who --------------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        return self.up.seat

    @property
    def seats(self) -> list[str]:
        return [HUMAN if s.kind == REMOTE else s.kind for s in self.up.info.seats]

    @property
    def human_seats(self) -> list[int]:
        """The seat this screen decides for (none for a watcher, or while a computer keeps
        the seat)."""
        seat = self.up.seat
        return [seat] if seat is not None and self.up.info.seats[seat].kind == REMOTE else []

    hot_seat = False

    @property
    def kept_by(self) -> str:
        """The level of the computer that holds this player's own seat ("": none does)."""
        seat = self.up.seat
        kind = self.up.info.seats[seat].kind if seat is not None else REMOTE
        return "" if kind == REMOTE or self.over else kind

    def reclaim(self) -> None:
        """Take this player's own seat back from the computer that holds it (the server
        answers with an update, or a refusal)."""
        if self.up.seat is not None:
            self._send(p.HandOver(table=self.table, seat=self.up.seat, to_bot=False))

    @property
    def pending_seat(self) -> int | None:
        return None if self.sent is not None else self.up.info.pending

    @property
    def prompt(self) -> Prompt | None:
        return self.up.prompt or self.up.view.state.prompt

    @property
    def over(self) -> bool:
        return self.up.info.status == "over"

    @property
    def version(self) -> int:
        return self.up.version

    @property
    def actions(self) -> list[Action]:
        return []  # the record stays on the server while the game runs

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.human_seats

    def civ_of(self, seat: int) -> str:
        return self.up.info.seats[seat].civ

    def seat_label(self, seat: int) -> str:
        s = self.up.info.seats[seat]
        if s.kind != REMOTE:
            return f"computer, {s.kind}"
        return s.name or "free seat"

    def mine(self) -> bool:
        """This seat's decision is pending (and not sent yet)."""
        return self.sent is None and bool(self.up.legal) and \
            self.up.seat is not None and self.up.info.pending == self.up.seat

    # --- the table's clock ----------------------------------------------------------------
    @property
    def ticking(self) -> bool:
        """A clock runs for the pending decision (the screen shows it count down)."""
        return self.up.info.left is not None and not self.over

    def _info_now(self) -> p.TableInfo:
        info = self.up.info
        if info.left is None:
            return info
        return msgspec.structs.replace(info, left=info.left - (time.monotonic() - self.received))

    def clocks(self) -> dict[str, str]:
        """Civilization -> its time left, for the seat whose decision is pending."""
        info = self._info_now()
        if info.left is None or info.pending is None:
            return {}
        return {info.seats[info.pending].civ: left_text(info.left)}

    def status_parts(self, unread: int = 0) -> StatusParts:
        """Where the game is; who you are; whom the table waits for and what they do, in
        the third person ('Egypt (anna) is building'), or that it is your decision; the
        clock; who is away, and whether a computer holds your seat."""
        up = self.up
        info = self._info_now()
        state = up.view.state
        body: list[Part] = []
        if up.seat is None:
            body.append(Part("watching", PHASE))
        elif info.seats[up.seat].kind != REMOTE:
            body.append(Part(f"a computer holds your seat: {RECLAIM_KEY} takes it back",
                             short=f"a computer plays for you ({RECLAIM_KEY})"))
        else:
            body.append(Part(f"{civ_markup(info.seats[up.seat].civ)} (you)", PHASE))
        body.append(self._awaited(info, state.prompt))
        clock = clock_text(info).removeprefix(" · ")
        if clock and info.status != "over":
            body.append(Part(esc(clock), CLOCK))
        away = [s.name for i, s in enumerate(info.seats) if s.kind == REMOTE and s.taken
                and not s.connected and i != info.pending]
        if away:
            body.append(Part(f"{esc(', '.join(away))} disconnected"))
        return StatusParts(head_parts(state, unread), body)

    def _awaited(self, info: p.TableInfo, prompt: Prompt | None) -> Part:
        if info.status == "over" or info.pending is None:
            return Part(esc(waiting_text(info)) or "nobody to wait for")
        if self.sent is not None:
            return Part("sent: waiting for the server")
        if self.mine():
            return Part(f"[b]your decision[/]: {esc(prompt_title(prompt))}",
                        short="[b]your decision[/]")
        s = info.seats[info.pending]
        gone = s.kind == REMOTE and s.taken and not s.connected
        who = waited_for(s) + (", disconnected" if gone else "")
        if prompt is None or prompt.civ != s.civ:
            prompt = None
        doing = prompt_doing(prompt) if prompt else "is deciding"
        short = prompt_doing(prompt, short=True) if prompt else "decides"
        return Part(f"{civ_markup(s.civ)} ({esc(who)}) {esc(doing)}",
                    short=f"{civ_markup(s.civ)} ({esc(who)}) {esc(short)}")

    def status_line(self) -> str:
        """The whole status line in words: 'Turn 3 · Construction │ Rome (you) · Egypt
        (anna) is building · bruno disconnected'."""
        return plain_text(self.status_parts())

    # --- what this seat may see and do ---------------------------------------------------------
    def view(self, seat: int | None = None) -> View:
        return self.up.view  # the only view this client has: its own

    def quotes(self, seat: int | None = None) -> Quotes:
        if self.up.quotes is not None:
            return self.up.quotes
        return game.quotes(self.up.view.state, self.up.seat)

    def price(self, seat: int, items: list[Item]) -> int:
        state = self.up.view.state
        return game.price(state, state.players[seat].civ, items)

    def legal(self) -> list[Action]:
        return list(self.up.legal) if self.mine() else []

    def check(self, action: Action) -> IllegalAction | None:
        """The server has the last word; a refusal known from the view is shown at once
        (the view holds everything this seat's own decisions depend on)."""
        if action in self.up.legal:
            return None
        try:
            return game.refusal(self.up.view.state, action)
        except Exception:  # noqa: BLE001  (the server decides)
            return None

    def apply(self, action: Action) -> list[Event]:
        """Send the decision; the server's update (or refusal) answers it."""
        self._send(p.Act(table=self.table, version=self.up.version, action=action))
        self.sent = self.up.version
        return []

    # --- the hint: the server's hard player thinks (tui/screens/hint.py shows it) ---------------
    @property
    def hints(self) -> bool:
        """The table offers hints (its creator chose so)."""
        return self.up.info.hints

    def ask_hint(self, answered: HintAnswer) -> None:
        """Ask the server for a hint at this seat's pending decision: `answered` gets the
        advice, or the server's reason for none."""
        self._hint = (self.up.version, answered)
        self._send(p.RequestHint(table=self.table, version=self.up.version))

    def forget_hint(self) -> None:
        """The hint's screen closed: an answer that comes now is dropped."""
        self._hint = None

    def hint_came(self, msg: p.Hint) -> None:
        if self._hint is not None and msg.version == self._hint[0]:
            self._answer_hint(msg.advice)

    def _answer_hint(self, answer: Advice | str) -> None:
        assert self._hint is not None
        answered = self._hint[1]
        self._hint = None
        answered(answer)

    # --- taking back (the server decides, with the engine's rule) ------------------------------
    def can_undo(self, seat: int | None) -> bool:
        return self.last is not None and seat is not None and seat == self.up.seat and \
            self.sent is None and not self.up.no_undo

    @property
    def undo_refusal(self) -> str:
        """Why there is nothing to take back (the server's words)."""
        if self.sent is not None:
            return "waiting for the server's answer"
        return self.up.no_undo if self.last is not None else "not connected"

    def undo(self, seat: int) -> None:
        """Ask the server to take back this seat's last decision; its update (or refusal)
        answers. Nothing is pending for this seat until then."""
        self._send(p.TakeBack(table=self.table, version=self.up.version))
        self.sent = self.up.version

    def chat(self, text: str) -> None:
        """Say something at the table; `/mute` and `/unmute` hide or show what the
        spectators say."""
        if text.strip().lower() in (MUTE, UNMUTE):
            self.muted = text.strip().lower() == MUTE
            self._tell("chat", Said(who="note", own=True,
                                    text="spectators' chat muted (/unmute shows it again)"
                                    if self.muted else "spectators' chat shown"))
        elif text.strip():
            self._send(p.Chat(table=self.table, text=text))
