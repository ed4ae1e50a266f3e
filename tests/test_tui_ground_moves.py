"""Ground moves chosen as a destination and a count (issue 30, point 9), as a player meets
them at 80x24: one line per destination for the units alike of a place, ← and → change
how many go, Enter moves that many (an action the engine listed)."""

from __future__ import annotations

import asyncio

from engine import actions as A
from tests.test_tui_fixtures import phase_session, settle
from tests.test_tui_snapshots import game_app, open_decision, top_is
from tui.decisions import DecisionScreen
from tui.decisions.military import GroundDecision

SMALL = (80, 24)


def test_one_line_per_destination_and_the_count_chosen_moves_that_many():
    """The military example: Rome has 4 legions in Gallia Cisalpina. Each destination is
    one line (not one per count); → twice and Enter moves 3 of them to Corsica."""
    s = phase_session("GroundTurn")
    app = game_app(s)
    before = len(s.record.actions)

    async def run() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await settle(pilot, top_is(app, DecisionScreen))
            screen = app.screen
            assert isinstance(screen, GroundDecision)
            moves = [e.action for e in screen._entries if isinstance(e.action, A.Move)]
            targets = [m.to for m in moves]
            assert len(targets) == len(set(targets))  # each destination once
            listed = [a for a in s.legal() if isinstance(a, A.Move)]
            assert len(listed) > len(moves)  # the engine lists one move per count
            await pilot.press("right", "right", "left", "right")
            await pilot.pause()
            await pilot.press("enter")
            await settle(pilot, lambda: len(s.record.actions) > before)

    asyncio.run(run())
    move = s.record.actions[before]
    assert isinstance(move, A.Move) and move.to == "corsica" and len(move.units) == 3


def test_snapshot_ground_move_count(snap_compare):
    async def run_before(pilot):
        await open_decision(pilot)
        await pilot.press("right", "right")
        await pilot.pause()

    assert snap_compare(game_app(phase_session("GroundTurn")), terminal_size=SMALL,
                        run_before=run_before)
