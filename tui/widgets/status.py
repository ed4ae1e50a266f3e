"""The status line: the turn, the phase and who must decide what.

It is made of parts (tui.status_parts) that give way in order at a narrow terminal: who
decides and what, and who is away, stay; the role holder, the phase, hints and the turn go
first. A player reads their own decision as an instruction ("Rome (you): choose 3 cards…")
and anyone else's in the third person ("Egypt (computer) is choosing its trade offer").
"""

from __future__ import annotations

from engine.render import prompt_doing, prompt_text, prompt_title
from engine.state import GameState

from ..status_parts import Part, StatusParts, fit, fit_content, head_parts, note_parts
from ..text import civ_markup, esc, shown
from .markup import MarkupView


def local_parts(state: GameState, seats: list[str] | None = None, *, viewer: int | None = None,
                note: str = "", hint: str = "") -> StatusParts:
    """Local play: `viewer` is the seat at the keyboard (its decision is an instruction)."""
    head = head_parts(state)
    tail = note_parts(note, hint)
    if state.phase == "over" or state.prompt is None:
        if state.winner:
            body = [Part(f"{civ_markup(state.winner)} wins: {esc(state.win_reason)}",
                         short=f"{civ_markup(state.winner)} wins")]
        else:
            body = [Part("the game is over")]
        return StatusParts(head, body + tail)
    civ = state.prompt.civ
    seat = next((p.seat for p in state.players if p.civ == civ), None)
    who = civ_markup(civ)
    human = seats is None or seat is None or seats[seat] == "human"
    if seats is not None and seat is not None:
        if human:
            names = state.config.names
            name = names[seat] if seat < len(names) and names[seat] else ""
            who += f" ([b]{shown(name)}[/])" if name else " ([b]you[/])"
        else:
            who += " (computer)"
    yours = human and (viewer is None or viewer == seat)
    if yours:
        body = [Part(f"{who}: {esc(prompt_text(state.prompt))}",
                     short=f"{who}: {esc(prompt_title(state.prompt))}")]
    else:
        body = [Part(f"{who} {esc(prompt_doing(state.prompt))}",
                     short=f"{civ_markup(civ)} {esc(prompt_doing(state.prompt, short=True))}")]
    return StatusParts(head, body + tail)


def status_markup(state: GameState, seats: list[str] | None = None, *, note: str = "",
                  hint: str = "", viewer: int | None = None, width: int = 0) -> str:
    """Local play's status line; with a `width`, what gives way first is left out."""
    return fit(local_parts(state, seats, viewer=viewer, note=note, hint=hint), width)


class StatusBar(MarkupView):
    """One line at the top of the game screen."""

    DEFAULT_CSS = """
    StatusBar { height: 1; width: 1fr; background: $panel; color: $foreground; padding: 0 1; }
    """

    _parts: StatusParts | None = None
    _width = -1  # the width `_parts` were fitted to

    def show(self, parts: StatusParts) -> None:
        width = max(0, (self.size.width or self.app.size.width) - 2)
        if parts == self._parts and width == self._width:
            return  # the same line (the screen shows its status again after each change)
        self._parts, self._width = parts, width
        self.set(*fit_content(parts, width))

    def on_resize(self) -> None:
        if self._parts is not None:
            self.show(self._parts)
