"""Forms and lists as a player meets them at 80x24: a marked box differs from an unmarked one
by its glyph ("[x]" / "[ ]") in every theme, not by colour alone; a field's default stays
when the first key is typed; a refusal leaves when the cursor moves or the form changes."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from tests.test_tui_fixtures import decision_session, phase_session, settle
from tests.waiting import on_top_and_focused, until
from tui.app import MareNostrumApp
from tui.decisions import DecisionScreen
from tui.screens.create_table import CreateTableScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.new_game import NewGameScreen

SMALL = (80, 24)
THEMES = ["default", "high-contrast", "ansi"]
TUI = Path(__file__).resolve().parent.parent / "tui"


@pytest.fixture(autouse=True)
def _fixed_levels(monkeypatch):
    from tui.screens import create_table
    monkeypatch.setattr(create_table, "_levels", lambda: ["easy", "normal", "hard"])


def _screen_text(app) -> str:
    return "\n".join(s.text for s in app.screen._compositor.render_strips())


def _run(app, steps, size=SMALL) -> None:
    async def go():
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await steps(pilot)
    asyncio.run(go())


def test_every_box_of_the_app_is_a_marked_one():
    """No screen uses Textual's own Checkbox or SelectionList, whose X is the same marked
    or not (tui/widgets/checkbox.py, tui/widgets/marks.py)."""
    plain = re.compile(r"\b(Checkbox|SelectionList|RadioButton|RadioSet|Switch)\(")
    used = []
    for path in TUI.rglob("*.py"):
        for line in path.read_text().splitlines():
            if plain.search(line) and not line.lstrip().startswith(("class ", "#")):
                used.append(f"{path.relative_to(TUI)}: {line.strip()}")
    assert used == []


@pytest.mark.parametrize("theme", THEMES)
def test_a_new_tables_boxes_show_their_marks(theme):
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), theme=theme,
                         autosave=False)

    async def steps(pilot):
        screen = CreateTableScreen()
        app.push_screen(screen)
        await settle(pilot, lambda: on_top_and_focused(app, screen))
        text = _screen_text(app)
        assert "[ ] Long game" in text and "[x] Spectators may watch" in text
        screen.query_one("#long").focus()
        await pilot.press("space")
        await until(pilot, lambda: "[x] Long game" in _screen_text(app))
    _run(app, steps)


@pytest.mark.parametrize("theme", THEMES)
def test_the_units_marked_to_lose_show_their_marks(theme):
    from tui.widgets.marks import MarkList
    app = MareNostrumApp(session=decision_session("ChooseLosses"), bot_delay=0,
                         autosave=False, theme=theme)

    async def steps(pilot):
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen)
                     and bool(app.screen.query(MarkList)))
        marks = app.screen.query_one(MarkList)
        n = marks.option_count
        text = _screen_text(app)
        assert text.count("[ ] ") >= n and "[x]" not in text
        await pilot.press("space")
        await until(pilot, lambda: "[x] " in _screen_text(app))
        assert _screen_text(app).count("[x] ") == 1
    _run(app, steps)


# --- a field's default ------------------------------------------------------------------------
def test_typing_in_a_new_tables_field_keeps_its_default():
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), autosave=False)

    async def steps(pilot):
        from textual.widgets import Input
        screen = CreateTableScreen()
        app.push_screen(screen)
        await settle(pilot, lambda: on_top_and_focused(app, screen))
        civs = screen.query_one("#civs", Input)
        assert screen.focused is civs
        before = civs.value
        await pilot.press(*", atlantis")
        assert civs.value == before + ", atlantis"  # added to, not replaced
        await pilot.press("tab")  # the next field, its default kept too
        seats = screen.query_one("#seats", Input)
        assert screen.focused is seats
        await pilot.press(*", hard")
        assert seats.value.endswith(", hard") and seats.value.startswith("remote, remote")
    _run(app, steps)


def test_typing_in_the_new_games_seed_keeps_it():
    app = MareNostrumApp(first_screen=NewGameScreen(seed=7), autosave=False)

    async def steps(pilot):
        from textual.widgets import Input
        seed = app.screen.query_one("#seed", Input)
        seed.focus()
        await until(pilot, lambda: app.screen.focused is seed)
        await pilot.press("3")
        assert seed.value == "73"
    _run(app, steps, size=(80, 30))


# --- a refusal leaves ---------------------------------------------------------------------------
def test_a_dialogs_refusal_leaves_when_the_cursor_moves():
    """The engine's reason for a refused choice stands under it; moving to another choice
    takes it away (it was about that one)."""
    from textual.widgets import Static
    app = MareNostrumApp(session=phase_session("ConstructionTurn"), bot_delay=0,
                         autosave=False)

    def error() -> str:
        return str(app.screen.query_one("#d-error", Static).render())

    async def steps(pilot):
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen)
                     and bool(app.screen._entries))
        screen = app.screen
        refused = next(i for i, e in enumerate(screen._entries)
                       if e.action is not None and not e.legal)  # a hero beyond his cards
        screen.query_one("#choices").highlighted = refused
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: error().startswith(("Not allowed", "Not now")))
        said = error()  # the engine's reason (an item it lacks a set or a site for)
        await pilot.press("x")  # a key that moves nothing: the reason stays
        await settle(pilot)
        assert error() == said
        await pilot.press("up")
        await until(pilot, lambda: error() == "")
    _run(app, steps)


def test_the_new_games_refusal_leaves_when_a_field_changes():
    from textual.widgets import Select, Static
    app = MareNostrumApp(first_screen=NewGameScreen(seed=7), autosave=False)

    def error() -> str:
        return str(app.screen.query_one("#new-error", Static).render())

    async def steps(pilot):
        screen = app.screen
        screen.query_one("#civ1", Select).value = "rome"  # two seats of Rome
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        assert error() != ""
        screen.query_one("#civ1", Select).value = "carthage"
        await until(pilot, lambda: error() == "")
    _run(app, steps, size=(80, 30))


# --- snapshots --------------------------------------------------------------------------------
@pytest.mark.parametrize("theme", ["high-contrast", "ansi"])
def test_create_table_marks(snap_compare, theme):
    """The new-table form's boxes, one marked by the player, in the themes without the
    default's colours."""
    app = MareNostrumApp(first_screen=LobbyScreen(tables=[], name="anna"), theme=theme,
                         autosave=False)

    async def run_before(pilot):
        screen = CreateTableScreen()
        app.push_screen(screen)
        await settle(pilot, lambda: on_top_and_focused(app, screen))
        screen.query_one("#three").focus()
        await pilot.press("space")
        await until(pilot, lambda: "[x] Holding three" in _screen_text(app))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


@pytest.mark.parametrize("theme", ["high-contrast", "ansi"])
def test_losses_marks(snap_compare, theme):
    app = MareNostrumApp(session=decision_session("ChooseLosses"), bot_delay=0,
                         autosave=False, theme=theme)

    async def run_before(pilot):
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
        await pilot.press("space")
        await until(pilot, lambda: "[x] " in _screen_text(app))
        await settle(pilot)

    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)
