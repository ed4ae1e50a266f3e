"""No internal identifier on a decision screen (issue 30, point 2): every decision dialog
met in the shipped example games (engine.examples: saves/games, golden and phases), at
every kind of prompt their records pass through, is opened and read; a snake_case word
("after_dice", "mauretania_caesariensis") is an id of the engine that reached a player."""

from __future__ import annotations

import re

from textual.widgets import OptionList, SelectionList, Static

from engine import game
from engine.examples import example_paths
from engine.prompts import Reaction
from engine.replay import replay
from engine.saves import load_save
from engine.state import GameState
from tests.test_tui_fixtures import settle
from tests.test_tui_pilot import sync
from tests.test_tui_snapshots import SMALL, game_app, open_decision
from tui.decisions import DecisionScreen, make_decision
from tui.sessions.local import HUMAN, LocalSession

SNAKE = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")


def _key(state: GameState) -> tuple[str, str]:
    """A kind of decision screen: the prompt's kind (a power's window or question apart)."""
    p = state.prompt
    return type(p).__name__, p.window if isinstance(p, Reaction) else ""


def example_positions() -> dict[tuple[str, str], tuple[str, GameState]]:
    """The first position of each kind of decision in the example games: each record
    replayed (the golden saves, whose records need not replay, at their saved position)."""
    found: dict[tuple[str, str], tuple[str, GameState]] = {}

    def keep(name: str, state: GameState) -> None:
        if state.prompt is not None and state.phase != "over":
            found.setdefault(_key(state), (name, game.clone(state)))

    for path in example_paths():
        save = load_save(path)
        keep(path.name, save.state)
        if "golden" in path.parts:
            continue
        for step in replay(save.record):
            keep(f"{path.name} #{step.index}", step.state)
    return found


def screen_text(screen: DecisionScreen) -> str:
    """Every word the dialog shows: its texts and the choices of its lists."""
    parts = [str(s.visual) for s in screen.query(Static) if not isinstance(s, OptionList)]
    for ol in screen.query(OptionList):
        parts += [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
    for sl in screen.query(SelectionList):
        parts += [str(sl.get_option_at_index(i).prompt) for i in range(sl.option_count)]
    return "\n".join(parts)


def session_at(state: GameState) -> LocalSession:
    seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
    seats = [HUMAN if i == seat else "random" for i in range(len(state.players))]
    return LocalSession(state, seats, autosave=False, save_name="test")


def battle_windows() -> dict[tuple[str, str], tuple[str, GameState]]:
    """The windows of a battle, which no example game reaches (its computer players hold
    no power used there): a power before the dice (Hamilcar), powers after them (Mars,
    Ajax, after a fixed die); and a power's own question (Isis)."""
    from engine.actions import Move, Pass, UsePower
    from engine.game import apply
    from tests.powers.support import give, give_god
    from tests.test_military import game as military_game
    from tests.test_military import put, start_military
    from tests.test_tui_dice import mars_state

    out: dict[tuple[str, str], tuple[str, GameState]] = {}
    s, _ = mars_state()
    out[("Reaction", "after_dice mars")] = ("mars", s)
    s = military_game(["rome", "carthage", "greece"])
    give(s, "rome", "ajax")
    give(s, "rome", "hamilcar")
    give_god(s, "carthage", "mars")
    mine = put(s, "rome", "legion", "mauretania_caesariensis", 3)
    put(s, "carthage", "legion", "numidia", 2)
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 5, 3, 3]
    apply(s, Move(units=mine, to="numidia"))
    out[("Reaction", "before_battle")] = ("hamilcar", game.clone(s))
    apply(s, UsePower(card="hamilcar", choice="1"))
    out[("Reaction", "after_dice ajax")] = ("ajax and a fixed 4", game.clone(s))
    apply(s, Pass())
    out[("Reaction", "after_dice mars other")] = ("mars of a third player", game.clone(s))
    # a power's own question (Isis), from the positions of the dialogs' snapshots
    from tests.test_tui_fixtures import decision_session
    out[("Reaction", "isis")] = ("isis", game.clone(decision_session("Reaction").state))
    return out


def test_the_scan_meets_every_kind_of_decision_and_the_battle_windows():
    kinds = {**example_positions(), **battle_windows()}
    assert len([k for k in kinds if k[0] != "Reaction"]) >= 15, sorted(kinds)
    assert {("Reaction", "after_dice ajax"), ("Reaction", "before_battle"),
            ("Reaction", "isis")} <= set(kinds)


@sync
async def test_no_decision_screen_of_the_examples_shows_an_engine_id():
    positions = {**example_positions(), **battle_windows()}
    first = next(iter(positions.values()))[1]
    app = game_app(session_at(game.clone(first)))
    shown: dict[str, list[str]] = {}
    read: list[str] = []
    async with app.run_test(size=SMALL) as pilot:
        await open_decision(pilot)
        for (kind, window), (name, state) in positions.items():
            session = session_at(game.clone(state))
            seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
            dialog = make_decision(session, seat)
            app.push_screen(dialog)
            await settle(pilot, lambda d=dialog: d.is_mounted and bool(d.query(Static)))
            await pilot.pause()
            text = screen_text(dialog)
            read.append(text)
            words = SNAKE.findall(text)
            if words:
                shown[f"{kind} {window} ({name})"] = sorted(set(words))
            dialog.dismiss(None)
            await pilot.pause()
    assert not shown, shown
    # the dialogs were read, the battle's among them (its dice and the card of a bonus)
    assert len(read) == len(positions)
    assert any("Hannibal (+1 a die)" in t and "after the dice" in t for t in read)
