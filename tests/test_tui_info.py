"""The player's information (issue 13): the card browser, notices of what happened to the
player, the dice before a power is asked for, Escape in the dialogs, the undo."""

from __future__ import annotations

import pytest

from tests.test_tui_fixtures import phase_session, settle
from tests.test_tui_pilot import sync
from tests.test_tui_snapshots import (  # noqa: F401  (the fixture pins the bot levels)
    LARGE,
    SMALL,
    _fixed_bot_levels,
    board_only,
    game_app,
    top_is,
)
from tui.app import MareNostrumApp
from tui.screens.cards import CardBrowserScreen, browser_markup


async def open_cards(pilot) -> None:
    await board_only(pilot)
    await pilot.press("c")
    await settle(pilot, top_is(pilot.app, CardBrowserScreen))


# --- 1. what cards do --------------------------------------------------------------------
def test_every_card_has_its_power_in_the_browser():
    from engine.data.cards import ALL_CARDS
    from engine.render import card_text
    text = browser_markup(None, None)
    for c in ALL_CARDS:
        assert card_text(c), c
        assert card_text(c).replace("[", r"\[") in text


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_card_browser(snap_compare, size):
    s = phase_session("ConstructionTurn")
    assert snap_compare(game_app(s), terminal_size=size, run_before=open_cards)


def test_card_browser_without_a_game(snap_compare):
    app = MareNostrumApp(first_screen=CardBrowserScreen(), autosave=False)
    assert snap_compare(app, terminal_size=SMALL)


@sync
async def test_card_browser_closes_with_escape():
    app = game_app(phase_session("ConstructionTurn"))
    async with app.run_test(size=SMALL) as pilot:
        await open_cards(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, CardBrowserScreen)


# --- 5. rules named for players ----------------------------------------------------------
def _rule_refs() -> set[str]:
    """Every rule reference the engine raises an IllegalAction with (literal strings)."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "engine"
    consts: dict[str, str] = {}
    refs: set[str] = set()
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                    isinstance(node.value.value, str) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], ast.Name) and \
                    node.targets[0].id.startswith("R_"):
                consts[node.targets[0].id] = node.value.value
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                    "IllegalAction", "illegal") and len(node.args) > 1:
                arg = node.args[1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    refs.add(arg.value)
                elif isinstance(arg, ast.Name) and arg.id in consts:
                    refs.add(consts[arg.id])
    return refs


def test_every_rule_reference_names_a_section_of_the_shipped_rules_or_a_card():
    from pathlib import Path

    from engine.render import RULES_DOC, rule_name
    doc = (Path(__file__).resolve().parent.parent / "docs" / RULES_DOC).read_text()
    sections = {line[3:].strip() for line in doc.splitlines() if line.startswith("## ")}
    refs = _rule_refs()
    assert len(refs) > 20
    for ref in refs:
        name = rule_name(ref)
        assert "base-game" not in name and ".md " not in name.replace(RULES_DOC, ""), ref
        if name.startswith(RULES_DOC):
            section = name.removeprefix(f"{RULES_DOC} § ").split(" — ")[0]
            assert section in sections, (ref, section)
        else:
            assert name.startswith("the card "), (ref, name)
