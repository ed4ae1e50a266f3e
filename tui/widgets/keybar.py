"""The key bar: every key that does something on this screen, on one line at the bottom.

A light replacement for Textual's Footer (which builds a widget per key and rebuilds them
at every change of focus; here the whole bar is one line of text). Bindings in the same
`Binding.Group` show as one entry ("↑↓ Move", a run of digits as "1-6"); the command
palette's key comes last. When the entries do not fit with two spaces between them they
are set one space apart, so that every key shows in full at 80 columns (tests check every
screen). A key the screen's `check_action` dims (None: not now) is drawn dim; one it
hides (False: nothing to do here) is left out. Clicking a key presses it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from textual.binding import Binding
from textual.content import Content
from textual.events import Click
from textual.screen import Screen
from textual.widget import Widget


class KeyEntry(NamedTuple):
    """One entry of the bar: its keys [(key, key as shown)], its words, drawn dim or not."""

    keys: list[tuple[str, str]]
    description: str
    dimmed: bool = False


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom; height: 1; width: 1fr; background: $panel; color: $foreground;
    }
    """

    def __init__(self, **kw: Any) -> None:  # Widget's own
        super().__init__(**kw)
        self._spans: list[tuple[int, int, str]] = []  # x from, x to, key
        self._drawn: list[KeyEntry] | None = None  # the entries of the last line drawn
        self._asked = False  # a look at the keys is due (after the handler that asked)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen: Screen[object]) -> None:
        # the bindings are announced after every change of focus and several times in one
        # table update, most of them showing the same keys: the keys are looked at once,
        # when the handler that announced them is done, and the line is drawn again only
        # when they changed
        if not self._asked:
            self._asked = True
            self.call_next(self._look_at_keys)

    def _look_at_keys(self) -> None:
        self._asked = False
        if self._drawn is None or self.entries() != self._drawn:
            self.refresh()

    def entries(self) -> list[KeyEntry]:
        """The entries in display order."""
        active = self.screen.active_bindings
        by_action: dict[str, tuple[Binding, bool]] = {}
        for _node, binding, enabled, _tip in active.values():
            if binding.show and binding.action not in by_action:
                by_action[binding.action] = (binding, enabled)
        out: list[KeyEntry] = []
        last_group = None
        palette = self.app.COMMAND_PALETTE_BINDING
        for binding, enabled in by_action.values():
            if binding.key == palette:
                continue
            shown = self.app.get_key_display(binding)
            group = binding.group
            if group is not None and group is last_group and out:
                out[-1].keys.append((binding.key, shown))
                continue
            out.append(KeyEntry([(binding.key, shown)],
                                group.description if group else binding.description,
                                dimmed=not enabled))
            last_group = group
        for entry in out:
            _digit_run(entry.keys)
        if self.app.ENABLE_COMMAND_PALETTE and palette in active:
            binding = active[palette][1]
            entry = KeyEntry([(binding.key, self.app.get_key_display(binding))], "palette")
            # the palette's key comes last, and only when the line has room for it (the
            # help names it): a key cut in half at 80 columns helps nobody
            width = self.size.width
            gap = 2 if self._width(out, 2) <= width else 1
            if self._width(out + [entry], gap) <= width or not width:
                out.append(entry)
        return out

    @staticmethod
    def _width(entries: list[KeyEntry], gap: int = 2) -> int:
        return 1 + sum(len(keys_text(e.keys)) + len(e.description) + 1 + gap
                       for e in entries)

    def _gap(self, entries: list[KeyEntry]) -> int:
        """Two spaces between the entries, or one when two do not fit."""
        width = self.size.width
        return 2 if not width or self._width(entries, 2) <= width else 1

    def render(self) -> Content:
        parts: list[tuple[str, str]] = []
        spans: list[tuple[int, int, str]] = []
        x = 1
        entries = self.entries()
        self._drawn = entries
        gap = " " * self._gap(entries)
        for keys, desc, dimmed in entries:
            for i, (key, shown) in enumerate(keys):
                if i and _joined(keys[i - 1][1], shown):
                    parts.append(("/", "dim" if dimmed else ""))
                    x += 1
                parts.append((shown, "dim key" if dimmed else "key"))
                spans.append((x, x + len(shown), key))
                x += len(shown)
            parts.append((f" {desc}", "dim" if dimmed else ""))
            parts.append((gap, ""))
            x += len(desc) + 1 + len(gap)
        self._spans = spans
        content = Content(" ")
        for text, kind in parts:
            # dim: faded in a colour theme, the terminal's faint text in the ansi one
            style = {"key": "bold $accent", "dim key": "dim", "dim": "dim"}.get(kind)
            content += Content.styled(text, style) if style else Content(text)
        return content

    @property
    def text(self) -> str:
        """The bar's words (a dim key in brackets: "[d Decide]")."""
        return "  ".join(f"[{keys_text(e.keys)} {e.description}]" if e.dimmed else
                         f"{keys_text(e.keys)} {e.description}" for e in self.entries())

    def on_click(self, event: Click) -> None:
        for x0, x1, key in self._spans:
            if x0 <= event.x < x1:
                self.app.simulate_key(key)
                return


def _joined(before: str, key: str) -> bool:
    """Keys of one group shown side by side need a '/' between them when either is a word
    (PgUp/PgDn); single symbols (↑↓, ←→) read well run together."""
    return len(before) > 1 or len(key) > 1


def keys_text(keys: list[tuple[str, str]]) -> str:
    out = ""
    for i, (_key, shown) in enumerate(keys):
        out += ("/" if i and _joined(keys[i - 1][1], shown) else "") + shown
    return out


def _digit_run(keys: list[tuple[str, str]]) -> None:
    """Keys 1, 2, … 6 of one group show as '1-6' (on the first key; the others show
    nothing, and a click anywhere on it presses the first)."""
    shown = [s for _k, s in keys]
    digits = "".join(shown)
    if len(keys) > 2 and digits.isdigit() and len(digits) == len(keys) and \
            digits == "".join(str(int(digits[0]) + i) for i in range(len(keys))):
        keys[:] = [(keys[0][0], f"{digits[0]}-{digits[-1]}")]
