"""The session interface the game screens play through: the local and the remote session
both offer every member of it."""

from __future__ import annotations

import inspect

from tui.sessions.base import TableSession
from tui.sessions.local import LocalSession
from tui.sessions.remote import RemoteSession


def _members() -> set[str]:
    names = {n for n, _ in inspect.getmembers(TableSession) if not n.startswith("_")}
    return names | set(TableSession.__annotations__)


def test_both_sessions_offer_the_whole_interface():
    for cls in (LocalSession, RemoteSession):
        members = {n for n, _ in inspect.getmembers(cls)}
        init = inspect.getsource(cls.__init__)
        missing = {n for n in _members() if n not in members and f"self.{n}" not in init}
        assert not missing, f"{cls.__name__} lacks {sorted(missing)}"
