"""Pilot tests: the game played by key presses, as over SSH.

- a full phase of each kind, every seat a human at the same keyboard (hot seat: the
  pass-the-keyboard screen comes up between them);
- a whole turn, from the roles to the end of the military phase;
- a whole game against computer players, to its end.
"""

from __future__ import annotations

import asyncio
import functools

import pytest

from engine import game
from engine.state import Config
from tests.test_tui_fixtures import (
    CIVS3,
    KeyPlayer,
    phase_session,
    session_at,
    settle,
)
from tests.waiting import until
from tui.app import MareNostrumApp
from tui.decisions.base import DecisionScreen
from tui.screens.game_over import GameOverScreen
from tui.sessions.local import HUMAN, LocalSession

SIZE = (80, 24)


def sync(fn):
    """Run an async test with asyncio (no async pytest plugin is installed)."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))
    return wrapper


def app_for(session: LocalSession, **kw) -> MareNostrumApp:
    return MareNostrumApp(session=session, bot_delay=0, autosave=False, **kw)


def all_human(session: LocalSession) -> LocalSession:
    session.seats = [HUMAN] * len(session.seats)
    return session


def two_humans(session: LocalSession) -> LocalSession:
    """The deciding seat and the next one at the keyboard (hot seat), the others
    computer players."""
    first = session.pending_seat or 0
    humans = {first, (first + 1) % len(session.seats)}
    session.seats = [HUMAN if i in humans else "greedy" for i in range(len(session.seats))]
    return session


def left_phase(session: LocalSession):
    phase, turn = session.state.phase, session.state.turn
    return lambda: session.state.phase != phase or session.state.turn != turn


PHASES = ["FreeSetupTurn", "ChooseRoleHolder", "TakeTradeCard", "MakeOffering",
          "ConstructionTurn", "GroundTurn"]


@pytest.mark.parametrize("kind", PHASES)
@sync
async def test_phase_by_keys(kind):
    """From the example save of the phase, two players at the keyboard (and computer
    players): keys until the phase ends."""
    s = two_humans(phase_session(kind))
    start = len(s.actions)
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        player = KeyPlayer()
        log = await player.play(pilot, left_phase(s), timeout=10)
        assert len(s.actions) > start
        decided = [a for a in log if a not in ("pass", "pay", "wait")]
        assert decided and player.presses >= len(decided)
        if len(decided) > 1 and kind != "ChooseRoleHolder":
            assert "pass" in log, "hot seat: the keyboard is passed between players"
    # the engine accepted every decision, and the state replays from the record
    assert game.state_hash(s.state) == s.record.hashes[s.version]


@sync
async def test_full_turn_by_keys():
    """Three players at one keyboard play a whole turn: roles, commerce, offering,
    construction, military."""
    s = all_human(session_at("AnnounceTrade", seed=3, civs=CIVS3))
    turn = s.state.turn
    app = app_for(s)
    phases = set()

    def done():
        phases.add(s.state.phase)
        return s.state.turn > turn or s.over

    async with app.run_test(size=SIZE) as pilot:
        log = await KeyPlayer().play(pilot, done, timeout=10)
    assert {"commerce", "offering", "construction", "military"} <= phases
    assert "offer" in log or "announce" in " ".join(log).lower() or log


@sync
async def test_whole_game_against_computers():
    """You (Rome) against two greedy computer players, 80 x 24, to the end of the game
    (seed 16: a short game, some 90 decisions of yours)."""
    s = LocalSession.new(Config(civs=CIVS3, seed=16), [HUMAN, "greedy", "greedy"],
                        autosave=False, bot_secret=b"")
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        log = await KeyPlayer().play(pilot, lambda: isinstance(app.screen, GameOverScreen),
                                     limit=3000, timeout=30)
        assert s.over and s.state.winner
        assert "over" not in log
        assert any(x == "buy" for x in log)
    assert len(s.actions) > 50


@sync
async def test_illegal_choice_shows_reason():
    """A choice the engine refuses shows its reason and rule; the state is untouched."""
    s = phase_session("TakeTradeCard")
    before = game.state_hash(s.state)
    app = app_for(s)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
        await pilot.press("end", "enter")
        await pilot.pause()
        err = str(app.screen.query_one("#d-error").render())
        assert "Not allowed" in err
        assert "Rule" in err
    assert game.state_hash(s.state) == before


@sync
async def test_theme_from_the_command_palette():
    app = MareNostrumApp(seed=7, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        from textual.command import CommandList, CommandPalette
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), what="the palette")
        await pilot.press(*"high contrast")
        await until(pilot, lambda: "contrast" in str(app.screen.query_one(
            CommandList).get_option_at_index(0).prompt).lower()
            if app.screen.query_one(CommandList).option_count else False, what="the match")
        await pilot.press("enter")
        await until(pilot, lambda: app.theme == "mare-nostrum-high-contrast")


def test_theme_flag_names():
    from themes.palette import ANSI, DEFAULT, HIGH_CONTRAST, resolve_theme_name
    assert resolve_theme_name(None) == DEFAULT
    assert resolve_theme_name("ansi") == ANSI
    assert resolve_theme_name("high-contrast") == HIGH_CONTRAST
    assert MareNostrumApp(theme="ansi", autosave=False).theme == ANSI
