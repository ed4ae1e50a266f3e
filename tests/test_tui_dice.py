"""The dice before every decision that depends on them (issue 30, point 2): a power asked
after a battle's dice (Mars, Ajax) and the losses show both sides' dice, automatic values,
bonuses with the card behind each, totals and the losses they cost, from the engine's
battle quote; each choice that changes a total says what it makes of the battle."""

from __future__ import annotations

import pytest

from engine.actions import Move
from engine.game import apply
from engine.prompts import ChooseLosses, Reaction
from tests.powers.support import give, give_god
from tests.test_military import game, put, start_military
from tests.test_tui_fixtures import settle
from tests.test_tui_pilot import sync
from tests.test_tui_snapshots import (  # noqa: F401  (the fixture pins the bot levels)
    LARGE,
    SMALL,
    _fixed_bot_levels,
    game_app,
    open_decision,
    top_is,
)
from tui.decisions import DecisionScreen
from tui.session import HUMAN, GameSession

MIDDLE = (160, 48)


def mars_state(holder: str = "carthage", dice: list[int] | None = None):
    """Carthage (Hannibal: +1 a legion's die) attacks Atlantis in Numidia with three legions;
    Atlantis has a legion and a fortress there (an automatic 6). `holder` holds Mars."""
    s = game(["carthage", "atlantis", "rome"])
    give_god(s, holder, "mars")
    give(s, "carthage", "hannibal")
    mine = put(s, "carthage", "legion", "mauretania_caesariensis", 3)
    put(s, "atlantis", "legion", "numidia")
    put(s, "atlantis", "fortress", "numidia")
    start_military(s, "carthage", "ground")
    s.forced_dice = dice or [2, 1, 3, 4]  # Carthage 2 1 3 +3, Atlantis 4 + 6
    ev = apply(s, Move(units=mine, to="numidia"))
    return s, ev


def session_of(state, events) -> GameSession:
    seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
    seats = [HUMAN if i == seat else "random" for i in range(len(state.players))]
    return GameSession(state, seats, events=events, autosave=False, save_name="test")


def mars_session(holder: str = "carthage") -> GameSession:
    s, ev = mars_state(holder)
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "after_dice"
    return session_of(s, ev)
