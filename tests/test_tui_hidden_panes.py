"""Panes that receive text while they are hidden show it at their own width when shown.

The battle log wraps a line when it is written (a RichLog); a hidden log has no width, so
it keeps what arrives until it is on the screen again. The other panes (hand, roles, gods,
players) are drawn when shown, from the position of that moment: they are checked too.
"""

from __future__ import annotations

import asyncio

from tests.test_tui_fixtures import phase_session, settle
from tests.waiting import settled, until
from tui.app import MareNostrumApp
from tui.decisions.base import DecisionScreen
from tui.screens.game import GameScreen
from tui.sessions.local import HUMAN
from tui.widgets.battle_log import BattleLog
from tui.widgets.hand import HandPane
from tui.widgets.players import PlayersPane


def wrapped(log: BattleLog, width: int) -> list[str]:
    """The log's entries as they read wrapped at `width` (what the pane should show)."""
    out: list[str] = []
    for line, kind in log._entries[-log.max_lines:]:
        lines = log._text(line, kind).wrap(log.app.console, width)
        out += [str(piece).rstrip() for piece in lines] or [""]
    return out


def shown(log: BattleLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


def assert_full_width(log: BattleLog, least: int) -> None:
    """Every line of the log is wrapped at the pane's width (at least `least` columns),
    none at the 20 columns of a hidden widget."""
    width = log.scrollable_content_region.width
    assert width >= least, width
    assert shown(log) == wrapped(log, width)
    assert max(strip.cell_length for strip in log.lines) > 20


def top_is(app, cls):
    return lambda: isinstance(app.screen, cls)


def run_sequence(size: tuple[int, int], least: int) -> None:
    """Pane 6, a decision, Escape, pane 5: what the bots did meanwhile reads full width."""
    s = phase_session("ConstructionTurn")
    me = s.pending_seat
    s.seats = [HUMAN if i == me else "random" for i in range(len(s.seats))]

    async def go() -> None:
        app = MareNostrumApp(session=s, bot_delay=0, autosave=False)
        async with app.run_test(size=size) as pilot:
            assert await settle(pilot, top_is(app, DecisionScreen))
            await pilot.press("escape")
            assert await settle(pilot, top_is(app, GameScreen))
            game = app.screen
            log = game.query_one(BattleLog)
            await pilot.press("5")  # the log has been on the screen at its width once
            await until(pilot, lambda: log.region.width > 20, what="the log shown")
            await pilot.press("6")
            await settled(pilot)
            await pilot.press("d")
            assert await settle(pilot, top_is(app, DecisionScreen))
            acted = len(s.actions)
            await pilot.press("e")  # end the construction turn
            # Egypt holds the Political Leader: he names who builds next (the first one
            # named builds meanwhile, then the next name is asked)
            assert await settle(pilot, lambda: isinstance(app.screen, DecisionScreen) and
                                len(s.actions) > acted)
            named = len(log._entries)
            await pilot.press("enter")
            assert await settle(pilot, lambda: len(log._entries) > named + 2 and
                                isinstance(app.screen, DecisionScreen), timeout=20)
            await pilot.press("escape")
            assert await settle(pilot, top_is(app, GameScreen))
            players = game.query_one(PlayersPane)
            assert players.text.strip(), "the players' pane shows the position"
            await pilot.press("5")
            await until(pilot, lambda: log.region.width > 20, what="the log shown")
            await settled(pilot)
            assert_full_width(log, least)
            await pilot.press("2")  # the hand was hidden all along: drawn when shown
            hand = game.query_one(HandPane)
            await until(pilot, lambda: hand.region.width > 0, what="the hand shown")
            await settled(pilot)
            assert hand.region.width >= least and hand.text.strip()

    asyncio.run(go())


def test_log_written_while_hidden_80x24():
    run_sequence((80, 24), least=76)  # the log in place of the map


def test_log_written_while_hidden_160x48():
    run_sequence((160, 48), least=35)  # the log beside the map



def test_log_wrapped_again_while_hidden_80x24():
    """A new theme (or a new viewer at a shared keyboard) writes the whole log again: while
    the log is hidden that waits until it is shown."""
    s = phase_session("ConstructionTurn")

    async def go() -> None:
        app = MareNostrumApp(session=s, bot_delay=0, autosave=False)
        async with app.run_test(size=(80, 24)) as pilot:
            assert await settle(pilot, top_is(app, DecisionScreen))
            await pilot.press("escape")
            assert await settle(pilot, top_is(app, GameScreen))
            game = app.screen
            log = game.query_one(BattleLog)
            await pilot.press("5")
            await until(pilot, lambda: log.region.width > 20, what="the log shown")
            await pilot.press("1")  # the map again: the log is hidden
            await until(pilot, lambda: log.region.width == 0, what="the log hidden")
            app.theme = "mare-nostrum-high-contrast"
            log.reset(s.events, game._v.civ)
            await settled(pilot)
            await pilot.press("5")
            await until(pilot, lambda: log.region.width > 20, what="the log shown")
            await settled(pilot)
            assert_full_width(log, 76)

    asyncio.run(go())
