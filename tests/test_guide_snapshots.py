"""Snapshots of the guided first game (`mare-nostrum learn`): each page of the guide in the
first turn and the first of turn 2 at 80x24, the first also at 160x48, and the board of a
guided game with its guide key. The game is the prepared one (tui/guide/first_game.toml),
played by the keys the guide names (tests/guide_walk.py)."""

from __future__ import annotations

import pytest

from tests.guide_walk import FIRST_TURN, guided_app, newcomer
from tests.test_tui_fixtures import settle
from tests.waiting import settled, until
from tui.decisions.base import DecisionScreen
from tui.screens.guided import GuidedGameScreen

SMALL = (80, 24)
LARGE = (160, 48)
PAGES = [*FIRST_TURN, "TurnTwo"]


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path))


def at_page(n: int):
    async def run_before(pilot) -> None:
        await newcomer(pilot, n)
        pilot.app.clear_notifications()  # their timeouts would tie the picture to the pace
        await settled(pilot)
    return run_before


@pytest.mark.parametrize("kind", PAGES)
def test_guide_page(snap_compare, kind):
    assert snap_compare(guided_app(), terminal_size=SMALL,
                        run_before=at_page(PAGES.index(kind) + 1))


def test_guide_first_page_large(snap_compare):
    assert snap_compare(guided_app(), terminal_size=LARGE, run_before=at_page(1))


def test_guided_board_with_the_guide_off(snap_compare):
    """o turns the guide off; Escape puts the decision away: the board, whose key bar
    has g to bring the guide back."""
    async def run_before(pilot) -> None:
        await newcomer(pilot, 1)
        await pilot.press("o")
        await until(pilot, lambda: isinstance(pilot.app.screen, DecisionScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(pilot.app.screen, GuidedGameScreen))
        await settled(pilot)  # (the notice that the guide is off stays: it times out in 6 s)
    assert snap_compare(guided_app(), terminal_size=SMALL, run_before=run_before)
