"""The end of the game: who won and why, and where everyone stood."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from engine.data.cards import ROLES
from engine.render import civ as civ_name

from .. import bridge
from ..sessions.local import LocalSession
from ..text import civ_markup, esc
from ..widgets.keybar import KeyBar
from .base import BaseModal
from .game_app import game_app


def standings_markup(session: LocalSession) -> str:
    state = session.view(None).state  # what everyone may see
    lines = []
    if state.winner:
        lines.append(f"[b]{civ_markup(state.winner)} wins[/]: {esc(state.win_reason)}.")
    else:
        lines.append("[b]The game is over.[/]")
    decisions = f" and {len(session.actions)} decisions" if session.actions else ""
    lines.append(f"After {state.turn} turns{decisions}.")
    lines.append("")
    # narrow columns, so that a player with two roles still fits on his line
    lines.append("[b]  civilization  heroes & wonders  provinces[/]")
    progress = {pr.civ: pr for pr in session.quotes().progress}
    for p in state.players:
        pr = progress[p.civ]
        prov = sum(1 for ps in state.provinces.values() if ps.influence == p.civ)
        roles = ", ".join(ROLE_SHORT[r] for r in ROLES if state.roles.get(r) == p.civ)
        mark = "★" if p.civ == state.winner else " "
        pad = " " * max(0, 12 - len(civ_name(p.civ)))
        lines.append(f"{mark} {civ_markup(p.civ)}{pad}  {pr.heroes_wonders:>6}/{pr.needed:<9}  "
                     f"{prov:>9}")
        if roles:
            lines.append(f"    [dim]roles: {roles}[/]")
    return "\n".join(lines)


ROLE_SHORT = {"director_of_commerce": "Commerce", "high_priest": "Priest",
              "political_leader": "Politics", "military_leader": "Military"}


class GameOverScreen(BaseModal):
    CSS_PATH = Path(__file__).with_name("game_over.tcss")  # its own rules: tui/sheets.py

    BINDINGS = [
        Binding("r", "replay", "Replay", id="game_over.replay"),
        Binding("s", "save_record", "Save", id="game_over.save-record"),
        Binding("n", "new_game", "New game", id="game_over.new-game"),
        Binding("t", "title", "Title", id="game_over.title"),
        Binding("b", "board", "Board", id="game_over.board"),
        Binding("escape", "board", "Board", show=False, id="game_over.board-escape"),
    ]

    def __init__(self, session: LocalSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="over-dialog", classes="dialog"):
            yield Static("[b]Game over[/]", classes="d-title")
            yield Static(standings_markup(self.session), id="standings")
            yield Static("", id="over-note")
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """At a server's table the record stays on the server: no replay or save here."""
        if action in ("replay", "save_record", "new_game", "title"):
            return getattr(self.session, "runs_bots", True)
        return True

    def action_board(self) -> None:
        self.dismiss(None)

    def action_replay(self) -> None:
        from .replay import ReplayScreen
        self.app.push_screen(ReplayScreen(self.session.replay()))

    def action_save_record(self) -> None:
        s = self.session
        try:
            path = bridge.save_game(s.state, s.record, s.save_name, seats=s.seats)
        except Exception as e:  # noqa: BLE001
            self.query_one("#over-note", Static).update(f"Could not save: {esc(str(e))}")
            return
        self.query_one("#over-note", Static).update(
            f"Saved (replay it with [b]mare-nostrum replay {esc(str(path))}[/]).")

    def action_new_game(self) -> None:
        game_app(self).action_new_game()

    def action_title(self) -> None:
        game_app(self).action_title()
