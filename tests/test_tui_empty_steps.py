"""No empty dialogs (issue 30, point 9), as a player meets them: at 80x24 a naval step
without a trireme is passed with a log line and the ground moves open at once; with a
power usable there the dialog opens and names it; a remote player at a server's table is
never sent the empty step either."""

from __future__ import annotations

import asyncio

import pytest

from engine.actions import EndConstruction, EndNaval, Name, Pass
from engine.match import Match
from engine.prompts import GroundTurn, NamePlayer, NavalTurn
from engine.render import render
from engine.state import GameState
from tests.helpers import start
from tests.net_helpers import anna_against_computers, cleanup, running, short_dir
from tests.powers.support import construction_turn, give_god
from tests.test_military import game as military_game
from tests.test_military import put, start_military
from tests.test_tui_fixtures import settle
from tests.test_tui_snapshots import game_app, open_decision, top_is
from tests.waiting import settled
from tui.decisions import DecisionScreen
from tui.decisions.construction import ConstructionDecision
from tui.decisions.military import GroundDecision, NavalDecision
from tui.net import protocol as p
from tui.screens.game import GameScreen
from tui.sessions.local import LocalSession

SMALL = (80, 24)
PASS_LINE = "Rome has no trireme: its naval step is passed"


def _naval_state(god: str | None = None) -> GameState:
    """Rome's military turn, its naval step next: a legion in Roma, no trireme."""
    s = military_game(["rome", "greece", "egypt"])
    put(s, "rome", "legion", "roma")
    put(s, "greece", "trireme", "mare_aegaeum")
    if god is not None:
        give_god(s, "rome", god)
    start_military(s, "rome")
    return s


def _session(god: str | None = None) -> LocalSession:
    return LocalSession(_naval_state(god), ["human", "random", "random"], autosave=False,
                       save_name="test")


def test_the_empty_naval_step_is_passed_and_the_ground_moves_open():
    s = _session()
    app = game_app(s)

    async def run() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, top_is(app, DecisionScreen))
            assert isinstance(app.screen, GroundDecision)
            assert s.record.actions == [EndNaval()]  # a real action of the record
            assert PASS_LINE in [render(e) for e in s.events]
            assert not s.can_undo(0)  # nothing of the player's own to take back

    asyncio.run(run())


def test_a_power_usable_in_the_empty_step_keeps_the_dialog_and_names_it():
    """Baal (a god held): usable at any time, so the naval step is asked for it."""
    s = _session("baal")
    app = game_app(s)

    async def run() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, top_is(app, DecisionScreen))
            assert isinstance(app.screen, NavalDecision)
            assert "Baal can still be used" in str(app.screen.intro_markup())
            assert s.record.actions == []

    asyncio.run(run())


def test_snapshot_naval_step_only_a_power(snap_compare):
    assert snap_compare(game_app(_session("baal")), terminal_size=SMALL,
                        run_before=open_decision)


def test_snapshot_the_log_says_why_the_step_was_passed(snap_compare):
    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press("v")
        await settle(pilot, top_is(pilot.app, GameScreen))
        await pilot.press("5")
        await settled(pilot)

    assert snap_compare(game_app(_session()), terminal_size=SMALL, run_before=run_before)


# --- a server's table -----------------------------------------------------------------------
@pytest.fixture
def data():
    d = short_dir()
    yield d
    cleanup(d)


def _naming_state() -> GameState:
    """The military phase begins; Rome, its leader, names who plays first."""
    s = _naval_state()
    s.roles["military_leader"] = "rome"
    from tests.helpers import begin_phase
    begin_phase(s, "military")
    while not isinstance(s.prompt, NamePlayer):
        from engine.game import apply
        apply(s, Pass())
    assert s.prompt.civ == "rome"
    return s


def test_a_remote_player_is_never_sent_the_empty_step(data):
    async def go() -> None:
        async with running(data) as server:
            anna, tid = await anna_against_computers(server)
            table = server.tables[tid]
            match = Match(_naming_state(), ["remote", "greedy", "greedy"])
            match.undo_kinds = ("remote",)
            match.add_observer(table)
            table.match = match
            anna.send(p.Act(table=tid, version=match.version, action=Name(civ="rome")))
            prompts: list = []
            lines: list[str] = []
            while True:
                up = await anna.expect(p.Update)
                prompts.append(type(up.prompt).__name__)
                lines += [render(e) for e in up.events]
                if isinstance(up.prompt, GroundTurn):
                    break
            assert "NavalTurn" not in prompts
            assert PASS_LINE in lines
            assert match.record.actions[-2:] == [Name(civ="rome"), EndNaval()]
            assert not isinstance(match.state.prompt, NavalTurn)

    asyncio.run(asyncio.wait_for(go(), 60))


# --- the construction turn -------------------------------------------------------------------
def _construction_session(god: str | None = None) -> LocalSession:
    """Rome's construction turn with no card in hand (and a god, if given)."""
    s = start(["rome", "greece", "egypt"])
    if god is not None:
        give_god(s, "rome", god)
    construction_turn(s, "rome", {})
    return LocalSession(s, ["human", "random", "random"], autosave=False, save_name="test")


def test_an_empty_hand_passes_the_construction_turn():
    s = _construction_session()
    app = game_app(s)

    async def run() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, lambda: bool(s.record.actions))
            await settled(pilot)
            assert s.record.actions[0] == EndConstruction()
            assert "Rome has no card in hand: its construction turn is passed" in \
                [render(e) for e in s.events]
            assert not isinstance(app.screen, ConstructionDecision) or \
                app.screen.prompt.civ != "rome"

    asyncio.run(run())


def test_snapshot_construction_empty_hand_only_a_power(snap_compare):
    """Baal held: the turn is asked, and says the hand is empty but Baal can be used."""
    assert snap_compare(game_app(_construction_session("baal")), terminal_size=SMALL,
                        run_before=open_decision)
