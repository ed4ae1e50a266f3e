"""The status line: the turn, the phase and who must decide what."""

from __future__ import annotations

from textual.content import Content

from engine.render import PHASE_NAMES, prompt_text
from engine.render import role as role_name
from engine.state import GameState

from ..text import civ_markup, esc, shown
from .markup import MarkupView

PHASE_ROLE = {"commerce": "director_of_commerce", "offering": "high_priest",
              "construction": "political_leader", "military": "military_leader"}


def _width(markup: str) -> int:
    return Content.from_markup(markup).cell_length


def status_markup(state: GameState, seats: list[str] | None = None, *,
                  thinking: bool = False, note: str = "", width: int = 0) -> str:
    """The status line; with a `width`, the optional parts (the phase's role holder, the
    note) are left out when they do not fit."""
    full = _status(state, seats, thinking=thinking, note=note, role=True)
    if not width or _width(full) <= width:
        return full
    shorter = _status(state, seats, thinking=thinking, note=note, role=False)
    if _width(shorter) <= width:
        return shorter
    return _status(state, seats, thinking=thinking, note="", role=False)


def table_status_markup(state: GameState, line: str, *, note: str = "",
                        width: int = 0) -> str:
    """The status line at a server's table: the turn and phase, then the server's words
    on who is awaited and who is away (`line`); the phase is left out when it does not fit."""
    tail = f"  [dim]{esc(note)}[/]" if note else ""
    phase = PHASE_NAMES.get(state.phase, state.phase)
    for text in (f"[b]Turn {state.turn}[/] · [b]{phase}[/] │ {esc(line)}{tail}",
                 f"[b]Turn {state.turn}[/] │ {esc(line)}{tail}"):
        if not width or _width(text) <= width:
            return text
    return f"{esc(line)}{tail}"


def _status(state: GameState, seats: list[str] | None, *, thinking: bool, note: str,
            role: bool) -> str:
    phase = PHASE_NAMES.get(state.phase, state.phase)
    head = f"[b]Turn {state.turn}[/] · [b]{phase}[/]"
    holder_role = PHASE_ROLE.get(state.phase)
    if role and holder_role and state.roles.get(holder_role):
        head += (f" ([i]{role_name(holder_role)}[/]: "
                 f"{civ_markup(state.roles[holder_role], bold=False)})")
    if state.phase == "over" or state.prompt is None:
        if state.winner:
            return f"{head} │ {civ_markup(state.winner)} wins: {esc(state.win_reason)}"
        return f"{head} │ the game is over"
    civ = state.prompt.civ
    seat = next((p.seat for p in state.players if p.civ == civ), None)
    who = civ_markup(civ)
    if seats is not None and seat is not None:
        if seats[seat] == "human":
            names = state.config.names
            name = names[seat] if seat < len(names) and names[seat] else ""
            who += f" ([b]{shown(name)}[/])" if name else " ([b]you[/])"
        else:
            who += " (computer)"
    what = esc(prompt_text(state.prompt))
    tail = ""
    if thinking and seats is not None and seat is not None and seats[seat] != "human":
        who += " [i]is thinking[/]"  # first, where a cut line still shows it
    elif thinking:
        tail = " [i]thinking…[/]"
    if note:
        tail += f"  [dim]{esc(note)}[/]"
    return f"{head} │ {who}: {what}{tail}"


class StatusBar(MarkupView):
    """One line at the top of the game screen."""

    DEFAULT_CSS = """
    StatusBar { height: 1; width: 1fr; background: $panel; color: $foreground; padding: 0 1; }
    """

    def show(self, state: GameState, seats: list[str] | None = None, *,
             thinking: bool = False, note: str = "", line: str | None = None) -> None:
        """`line`: a server's words on whom the table waits for (instead of the seats')."""
        self._args = (state, seats, thinking, note, line)
        width = max(0, (self.size.width or self.app.size.width) - 2)
        if line is not None:
            self.set(table_status_markup(state, line, note=note, width=width))
            return
        self.set(status_markup(state, seats, thinking=thinking, note=note, width=width))

    def on_resize(self) -> None:
        if getattr(self, "_args", None):
            state, seats, thinking, note, line = self._args
            self.show(state, seats, thinking=thinking, note=note, line=line)

