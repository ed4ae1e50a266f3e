"""The session interface the game screens talk to (never to the engine state directly).

A local session (`tui.sessions.local.LocalSession`) runs a match in this process, its
computer players in a worker; a remote session (`tui.sessions.remote.RemoteSession`) holds
only the last update of the game server (the seat's view, quotes, prompt, legal actions
and the events it may see) and sends its decisions there. The screens read the same members of
both, so a remote player gets the same map, panes and decision dialogs as local play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import msgspec

from engine.actions import Action, Item
from engine.errors import IllegalAction
from engine.events import Event
from engine.match import Step
from engine.prompts import Prompt
from engine.quotes import Quotes
from engine.view import View

from ..status_parts import StatusParts

Listener = Callable[[str, object], None]  # (what changed, its detail)


class Said(msgspec.Struct, frozen=True):
    """A chat line as a listener hears it ('chat'): `own`, the player's own words (or the
    session's note on them), are no news to them."""
    who: str
    text: str
    own: bool = False


class ChatEntry(msgspec.Struct, frozen=True, kw_only=True):
    """A line said at the table, with the table's version when it was said (-1: not known):
    in the log it goes after the events of the steps up to that version."""

    who: str
    text: str
    version: int = -1


class TableSession(Protocol):
    runs_bots: bool  # True: the screen lets computer players think (local play)
    events: list[Event]  # the battle log so far, as this session may see it
    event_versions: list[int]  # beside each event, the version of the step that caused it
    chat_lines: list[ChatEntry]  # said at the table
    autosave_error: str | None

    # who is who
    @property
    def seats(self) -> list[str]: ...  # per seat: "human" or a computer level
    @property
    def human_seats(self) -> list[int]: ...  # the seats this screen decides for
    @property
    def hot_seat(self) -> bool: ...
    @property
    def pending_seat(self) -> int | None: ...
    @property
    def prompt(self) -> Prompt | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def version(self) -> int: ...
    def is_human(self, seat: int | None) -> bool: ...
    def civ_of(self, seat: int) -> str: ...
    def seat_label(self, seat: int) -> str: ...
    # a server's words on who waits for whom (None: local play, the state says it all)
    def status_parts(self, unread: int = 0) -> StatusParts | None: ...

    # what a seat may see and do
    def view(self, seat: int | None) -> View: ...
    def quotes(self, seat: int | None = None) -> Quotes: ...
    def price(self, seat: int, items: list[Item]) -> int: ...
    def legal(self) -> list[Action]: ...
    def check(self, action: Action) -> IllegalAction | None: ...
    def apply(self, action: Action) -> list[Event]: ...
    # take back the seat's last decision: the step taken back (None: a server's table,
    # whose update answers); IllegalAction when it may not
    def undo(self, seat: int) -> Step | None: ...

    # the table
    def chat(self, text: str) -> None: ...
    def subscribe(self, listener: Listener | None) -> None: ...
