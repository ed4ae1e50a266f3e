"""The work the screens skip to keep a decision's round trip short: the map redrawn only
when what it shows changed, the board beside a dialog drawn from its own lines and reused
while it is unchanged (the pictures themselves are the snapshots' business)."""

from __future__ import annotations

import asyncio

from engine import game
from tests.test_tui_fixtures import phase_session, settle
from tui.app import MareNostrumApp
from tui.decisions.base import DecisionScreen
from tui.screens.game import GameScreen
from tui.widgets.map import MapView

SMALL = (80, 24)


def test_the_map_is_redrawn_only_when_what_it_shows_changed():
    state = phase_session("ConstructionTurn").state
    m = MapView(game.clone(state))
    m._lines = ["drawn"]  # type: ignore[list-item]
    same = game.clone(state)
    same.turn += 1  # not drawn on the map
    m.set_state(same)
    assert m._lines == ["drawn"] and m._state is same
    moved = game.clone(state)
    moved.units[0].area = "mare_nostrum" if moved.units[0].area != "mare_nostrum" else "roma"
    m.set_state(moved)
    assert m._lines is None


def test_the_board_beside_a_dialog_is_drawn_once_while_unchanged():
    from tui.widgets import beneath

    calls = []
    real = beneath._inert

    def counted(strip, base):
        calls.append(1)
        return real(strip, base)

    async def run():
        beneath._inert = counted
        try:
            app = MareNostrumApp(session=phase_session("ConstructionTurn"), bot_delay=0,
                                 autosave=False)
            async with app.run_test(size=SMALL) as pilot:
                await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
                await pilot.pause(0.2)
                game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
                key, lines = game_screen.beneath_cache
                assert len(lines) == SMALL[1] and calls
                # nothing on the board changes: drawing the dialog again reuses the lines
                drawn = len(calls)
                app.screen.refresh()
                await pilot.pause(0.1)
                assert len(calls) == drawn
                # no click target of the board is left under the dialog
                assert all(not (seg.style and seg.style.meta) for line in lines
                           for seg in line)
                # the board changes (the map cursor moves): it is drawn again
                game_screen.map.action_move("right")
                await pilot.pause(0.2)
                assert len(calls) > drawn and game_screen.beneath_cache[0] != key
        finally:
            beneath._inert = real
    asyncio.run(run())
