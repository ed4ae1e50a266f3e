"""The battle log: every event the viewer may see, one readable line each, newest last;
dice are shown as [n], civilizations in their colours. Scroll it with the arrow and page
keys when it has the focus."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.events import Resize
from textual.geometry import Region
from textual.strip import Strip
from textual.theme import Theme
from textual.widgets import RichLog

from engine import events as E
from engine.data.cards import CIV_NAMES
from engine.render import plain
from engine.view import visible_events

from .. import bridge
from ..sessions.base import ChatEntry
from ..textual_seams import LinesAddedInPlace, size_known
from .pane import SCROLL_KEYS

_DICE = re.compile(r"\[\d+\]")
_CIV_RE = re.compile(r"\b(" + "|".join(CIV_NAMES.values()) + r")\b")
_CIV_BY_NAME = {v: k for k, v in CIV_NAMES.items()}


def event_line(ev: E.Event) -> str:
    return bridge.describe(ev)


def _chat_entry(c: ChatEntry) -> tuple[str, str]:
    return f"{plain(c.who)}: {plain(c.text, 200)}", "chat"


def log_entries(events: list[E.Event], civ: str | None, chat: Sequence[ChatEntry] = (),
                versions: Sequence[int] = ()) -> list[tuple[str, str]]:
    """The log's (line, kind) entries: the events `civ` may see, and each chat line after
    the events of the steps up to the version it was said at (`versions`: each event's).
    A line of unknown version, or all of them when the events' versions are not known,
    go at the end."""
    known = len(versions) == len(events)
    waiting = sorted((c for c in chat if c.version >= 0 and known), key=lambda c: c.version)
    entries: list[tuple[str, str]] = []
    for i, ev in enumerate(events):
        while waiting and waiting[0].version < versions[i]:
            entries.append(_chat_entry(waiting.pop(0)))
        if visible_events([ev], civ):
            entries.append((event_line(ev), _kind(ev)))
    entries += [_chat_entry(c) for c in waiting]
    entries += [_chat_entry(c) for c in chat if c.version < 0 or not known]
    return entries


def _kind(ev: E.Event) -> str:
    if isinstance(ev, E.TurnStarted):
        return "turn"
    if isinstance(ev, E.PhaseStarted):
        return "phase"
    if isinstance(ev, E.Victory):
        return "victory"
    return ""


MAX_LINES = 4000  # the log keeps the last lines only


class BattleLog(LinesAddedInPlace, RichLog):
    BINDINGS = SCROLL_KEYS
    DEFAULT_CSS = """
    BattleLog { height: 1fr; width: 1fr; padding: 0 1; background: $surface; }
    """

    def __init__(self, **kw: Any) -> None:  # RichLog's own
        super().__init__(wrap=True, markup=False, highlight=False, auto_scroll=True,
                         max_lines=MAX_LINES, min_width=20, **kw)
        self.border_title = "Log"
        self._entries: list[tuple[str, str]] = []  # (text, kind)
        self._written = 0  # how many entries are in the lines (the others wait to be shown)
        self._stale = False  # the lines must all be wrapped again (a theme or a reset)
        self._style_cache: dict[str, Style] = {}
        self.count = 0  # events shown

    _style_now: Style | None = None  # the log's style while its lines are drawn

    @property
    def rich_style(self) -> Style:
        """The log's style (from its and its ancestors' styles): RichLog asks for it twice
        per line drawn, and a table update scrolls every line in sight, so it is worked
        out once per drawing."""
        return self._style_now if self._style_now is not None else super().rich_style

    def render_lines(self, crop: Region) -> list[Strip]:
        self._style_now = super().rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style_now = None

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self._width = 0

    def on_resize(self, event: Resize) -> None:
        # RichLog wraps a line when it is written: wrap them all again at a new width, and
        # write what came while the log was hidden (the first known size is RichLog's own
        # business: it writes what was deferred)
        width = event.size.width
        if not size_known(self) or not width:
            return
        if (self._width and width != self._width) or self._stale:
            self.call_after_refresh(self._rewrite)
        elif self._written < len(self._entries):
            self.call_after_refresh(self._catch_up)
        self._width = width

    def _hidden(self) -> bool:
        """On no screen now: a line written now would be wrapped at the minimum width
        (a hidden widget has none of its own), so it waits until the log is shown."""
        return size_known(self) and not self.scrollable_content_region.width

    def _theme_changed(self, _theme: Theme) -> None:
        self._style_cache.clear()
        self._rewrite()

    def _var_style(self, var: str, bold: bool = False) -> Style:
        key = f"{var}:{bold}"
        st = self._style_cache.get(key)
        if st is None:
            value = self.app.theme_variables.get(var)
            try:
                color = Color.parse(value).rich_color if value else None
            except Exception:  # noqa: BLE001
                color = None
            st = Style(color=color, bold=bold)
            self._style_cache[key] = st
        return st

    def _text(self, line: str, kind: str) -> Text:
        text = Text(line)
        if kind in ("turn", "phase"):
            text.stylize(self._var_style("log-turn", bold=True))
            return text
        if kind == "chat":
            text.stylize(Style(italic=True))
            return text
        if kind == "victory":
            text.stylize(Style(bold=True, reverse=True))
        for m in _CIV_RE.finditer(line):
            civ = _CIV_BY_NAME[m.group(1)]
            text.stylize(self._var_style(f"civ-{civ}-fg", bold=True), m.start(), m.end())
        for m in _DICE.finditer(line):
            text.stylize(self._var_style("dice", bold=True), m.start(), m.end())
        return text

    def _add(self, line: str, kind: str) -> None:
        self._entries.append((line, kind))
        if self._written == len(self._entries) - 1 and not self._stale and not self._hidden():
            self.write(self._text(line, kind))
            self._written = len(self._entries)

    def add_events(self, events: list[E.Event], civ: str | None) -> None:
        for ev in visible_events(events, civ):
            self._add(event_line(ev), _kind(ev))
        self.count += len(events)

    def add_chat(self, who: str, text: str) -> None:
        """A line said at the table now (plain text: never read as markup)."""
        self._add(*_chat_entry(ChatEntry(who=who, text=text)))

    def reset(self, events: list[E.Event], civ: str | None,
              chat: Sequence[ChatEntry] = (), versions: Sequence[int] = ()) -> None:
        """Show the whole history again, as the viewer `civ` may see it, with the lines
        said at the table in their places (`log_entries`)."""
        self._entries = log_entries(events, civ, chat, versions)
        self.count = len(events)
        self._rewrite()

    def _rewrite(self) -> None:
        if self._hidden():
            self._stale = True  # wrapped again when shown
            return
        self._stale = False
        self.clear()
        for line, kind in self._entries[-MAX_LINES:]:
            self.write(self._text(line, kind))
        self._written = len(self._entries)

    def _catch_up(self) -> None:
        """Write the lines that came while the log was hidden, at its width now."""
        if self._stale:
            self._rewrite()
            return
        if self._hidden():
            return
        for line, kind in self._entries[max(self._written, len(self._entries) - MAX_LINES):]:
            self.write(self._text(line, kind))
        self._written = len(self._entries)
