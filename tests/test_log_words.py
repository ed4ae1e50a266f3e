"""The log says who did what (issue 30, point 4): a pass in a reaction window or a power's
question names the power let go, not a turn skipped; the Greek blockade's pass names the
convoy; a military turn ends with a line, even one that moves nothing."""

from __future__ import annotations

import pytest

from engine import events as E
from engine.actions import EndMilitary, EndNaval, Move, Pass
from engine.game import apply
from engine.prompts import GroundTurn, NavalTurn, Reaction
from engine.render import render
from tests.test_military import _blockade_position, game, of, put, start_military
from tests.test_tui_dice import MIDDLE, mars_session, mars_state, session_of
from tests.test_tui_fixtures import settle
from tests.test_tui_pilot import sync
from tests.test_tui_snapshots import SMALL, _fixed_bot_levels, game_app, open_decision  # noqa: F401
from tui.screens.game import GameScreen
from tui.widgets.battle_log import BattleLog


def _lines(events: list) -> list[str]:
    return [render(e) for e in events]


def test_a_pass_in_a_reaction_window_names_the_power_let_go():
    """docs/rules.md, Powers and reactions: in a reaction window each player uses a power or passes. Rome holds
    Mars in Carthage's battle with Atlantis: its pass is about Mars, not its turn."""
    s, _ = mars_state("rome")
    assert isinstance(s.prompt, Reaction) and s.prompt.civ == "rome"
    ev = apply(s, Pass())
    passed = of(ev, E.Passed)
    assert passed == [E.Passed(civ="rome", phase="military", powers=["mars"])]
    assert "Rome lets Mars' power go unused" in _lines(ev)
    assert not [line for line in _lines(ev) if "passes" in line]


def test_the_pass_of_a_blockade_names_the_convoy():
    """Rulebook, The Greek Blockade: Greece may let the convoy pass."""
    s, legion, _ = _blockade_position()
    apply(s, Move(units=[legion], to="epirus"))
    ev = apply(s, Pass())
    assert of(ev, E.Passed) == [E.Passed(civ="greece", phase="military", convoy="rome")]
    assert "Greece lets Rome's convoy pass (no blockade)" in _lines(ev)


def test_a_military_turn_that_moves_nothing_has_its_line():
    """Rulebook, Military Phase: each player in turn moves, or not. Rome ends its naval and
    ground movement at once: the log says its turn is over."""
    s = game(["rome", "carthage", "greece"])
    start_military(s, "rome", "naval")
    assert isinstance(s.prompt, NavalTurn)
    ev = apply(s, EndNaval())
    # the naval step alone ends nothing (Rome has no trireme: that is all it says)
    assert [p.reason for p in of(ev, E.Passed)] in ([], ["no_trireme"])
    assert isinstance(s.prompt, GroundTurn)
    ev = apply(s, EndMilitary())
    assert of(ev, E.Passed)[0] == E.Passed(civ="rome", phase="military")
    assert _lines(ev)[0] == "Rome ends its military turn"


def test_the_turn_ends_after_the_battles_of_its_end():
    """docs/rules.md, Military: movement: at the end of a player's ground step his units that have not fought
    fight again where the province is at war: that battle is part of his turn, whose line
    comes after it."""
    s = game(["rome", "carthage", "greece"])
    put(s, "rome", "legion", "numidia")
    put(s, "carthage", "legion", "numidia")
    start_military(s, "rome", "ground")
    s.forced_dice = [1, 1]  # 1 against 1: nobody falls, the war goes on
    ev = apply(s, EndMilitary())
    kinds = [type(e).__name__ for e in ev]
    assert kinds.index("BattleEnded") < kinds.index("Passed")
    assert _lines(ev)[kinds.index("Passed")] == "Rome ends its military turn"


def test_every_kind_of_pass_reads_as_what_was_let_go():
    cases = [
        (E.Passed(civ="egypt", phase="offering"), "Egypt passes (offering to the gods)"),
        (E.Passed(civ="egypt", phase="military", powers=["mars"]),
         "Egypt lets Mars' power go unused"),
        (E.Passed(civ="babylon", phase="construction", powers=["ishtar"]),
         "Babylon lets Ishtar's power go unused"),
        (E.Passed(civ="atlantis", phase="military", powers=["poseidon", "vulcan"]),
         "Atlantis lets Poseidon's and Vulcan's powers go unused"),
        (E.Passed(civ="rome", phase="military", sacks=2),
         "Rome stops sacking (2 more buildings allowed)"),
        (E.Passed(civ="greece", phase="military", convoy="atlantis"),
         "Greece lets Atlantis' convoy pass (no blockade)"),
        (E.Passed(civ="rome", phase="military"), "Rome ends its military turn"),
    ]
    assert [render(event) for event, _ in cases] == [line for _, line in cases]


# --- as a player meets it ----------------------------------------------------------------------
def log_lines(app) -> list[str]:
    """The lines of the game screen's log pane (under any dialog)."""
    screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    return [line for line, _ in screen.query_one(BattleLog)._entries]


@pytest.mark.parametrize("size", [SMALL, MIDDLE], ids=["80x24", "160x48"])
@sync
async def test_the_log_pane_shows_whose_power_went_unused(size):
    session = mars_session("rome")
    app = game_app(session)
    async with app.run_test(size=size) as pilot:
        await open_decision(pilot)
        await pilot.press("n")  # Not now
        assert await settle(pilot, lambda: "mars" not in str(session.state.prompt))
        await pilot.pause()
        lines = log_lines(app)
    assert "Rome lets Mars' power go unused" in lines
    assert not [line for line in lines if "passes (military)" in line]


@pytest.mark.parametrize("size", [SMALL, MIDDLE], ids=["80x24", "160x48"])
@sync
async def test_the_log_pane_shows_a_military_turn_without_a_move(size):
    s = game(["rome", "carthage", "greece"])
    start_military(s, "rome", "ground")
    app = game_app(session_of(s, []))
    async with app.run_test(size=size) as pilot:
        await open_decision(pilot)
        await pilot.press("e")  # end the military turn
        assert await settle(pilot, lambda: any(
            "Rome ends its military turn" in line
            for line in log_lines(app)))
