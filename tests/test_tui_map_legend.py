"""The map's legend is written from the map's own table of marks: every mark the map can
draw is in it, and the map draws nothing it does not explain (both scales, Unicode and
ASCII terminals). The whole map while a dialog waits, and back to the dialog as it was."""

from __future__ import annotations

import asyncio

import pytest
from textual.content import Content

from engine.data import board
from engine.quotes import quotes
from engine.replay import Replay
from tests.test_tui_fixtures import WHOLE_GAME, decision_session, load_session, settle
from tests.waiting import settled, until
from tui.app import MareNostrumApp
from tui.decisions.base import DecisionScreen
from tui.screens.game import GameScreen
from tui.screens.help import HELP_TEXT
from tui.screens.legend import LegendScreen, legend_markup
from tui.screens.whole_map import WholeMapScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.map import AREAS, MapView, draw_map, layout
from tui.widgets.map_marks import (
    MARKS,
    MarkerPart,
    Shown,
    area_marks,
    area_names,
    explained,
    fit_marks,
    legend_rows,
)

SCALES = [(2, 1), (3, 2)]
# positions with buildings and units everywhere, a battle (war), many owners
POSITIONS = ["ConstructionTurn", "GroundTurn", "ChooseOpponent", "ChooseLosses",
             "ChooseConquest"]


def legend_text(ascii_only: bool, width: int = 76) -> str:
    return Content.from_markup(legend_markup(None, ascii_only, width)).plain


def key_of(state, cursor: str = "roma") -> dict[str | None, str]:
    """Each area's style key, as the map gives it (owner, sea, cursor)."""
    players = {p.civ for p in state.players}
    out: dict[str | None, str] = {None: "void"}
    for a in AREAS:
        if board.is_sea(a):
            out[a] = "sea"
        else:
            owner = state.provinces[a].influence
            out[a] = "land" if owner is None else f"civ-{owner}" if owner in players \
                else "neutral"
        if a == cursor:
            out[a] += "+r"
    return out


def drawn_glyphs(state, scale, ascii_only: bool) -> tuple[set[str], set[str]]:
    """(characters drawn outside the labels, the labels drawn)."""
    lay = layout(*scale)
    war = frozenset(quotes(state, None).board.at_war)
    d = draw_map(lay, state, key_of(state), war, ascii_only)
    chars = {d.chars[y][x] for y in range(lay.height) for x in range(lay.width)
             if (x, y) not in d.label_cells}
    labels = {"".join(d.chars[ly][lx:lx + len(board.area_label(a))])
              for a, (lx, ly) in lay.labels.items()}
    return chars, labels


def whole_game_states():
    """A whole game of six at its start, its middle and its end."""
    data = Replay(load_session(WHOLE_GAME).record)
    return [data.state_at(i) for i in (0, data.last // 2, data.last)]


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("scale", SCALES)
def test_the_map_draws_nothing_the_legend_does_not_explain(scale, ascii_only):
    legend = legend_text(ascii_only)
    allowed = explained(ascii_only)
    states = [decision_session(kind).state for kind in POSITIONS] + whole_game_states()
    for state in states:
        chars, labels = drawn_glyphs(state, scale, ascii_only)
        assert chars <= allowed, f"unexplained on the map: {sorted(chars - allowed)}"
        for label in labels:  # every label drawn whole, and named in the legend
            assert label in {lab for lab, _ in area_names()}
            assert label in legend
    if ascii_only:
        assert all(ord(ch) < 128 for ch in allowed)


def test_every_mark_is_in_the_legend_and_the_help():
    """A new mark in the table shows in the legend (both) with its meaning."""
    for ascii_only in (False, True):
        legend = legend_text(ascii_only)
        for row in legend_rows(ascii_only):
            assert row.meaning in legend
            for form in row.shown:
                assert form in legend
    for mark in MARKS:
        assert mark.meaning in HELP_TEXT
    for label, name in area_names():
        assert f"`{label}` {name}" in HELP_TEXT
    names = legend_text(False, 76)
    assert all(label in names for label, _ in area_names())


def test_war_is_marked_first():
    """Where the engine says two players' ground units stand (at war), the marker line
    starts with the war mark, on the small map too."""
    state = decision_session("ChooseOpponent").state
    war = quotes(state, None).board.at_war
    assert war == ["iudaea"]
    parts = area_marks(state, "iudaea", at_war=True)
    assert parts[0] == MarkerPart("!", "!", "war")
    for room in (2, 3, 4, 8):
        shown = fit_marks(parts, room)
        assert shown[0].key == "war"
        assert sum(len(s.text) for s in shown) + len(shown) - 1 <= room
    lay = layout(2, 1)
    d = draw_map(lay, state, key_of(state), frozenset(war))
    mx, my, room = lay.markers["iudaea"]
    assert "!" in "".join(d.chars[my][mx:mx + room])
    assert "war" in d.keys[my][mx:mx + room]


def test_counts_are_never_run_together():
    """Two owners' counts keep a space between them ("1 5", not "15"); what is cut is
    marked "+"."""
    parts = [MarkerPart("c$", "2b", "build"), MarkerPart("2LF", "3", "unit:rome"),
             MarkerPart("5L", "5", "unit:greece"), MarkerPart("S", "S", "unit:egypt")]
    assert fit_marks(parts, 20) == [Shown("c$", "build"), Shown("2LF", "unit:rome"),
                                    Shown("5L", "unit:greece"), Shown("S", "unit:egypt")]
    assert [s.text for s in fit_marks(parts, 8)] == ["2b", "3", "5", "S"]
    assert [s.text for s in fit_marks(parts, 5)] == ["3", "5", "S"]
    assert [s.text for s in fit_marks(parts, 4)] == ["3", "+"]
    assert [s.text for s in fit_marks(parts, 2)] == ["+"]
    one = [MarkerPart("F", "F", "unit:rome")]
    assert fit_marks(one, 2) == [Shown("F", "unit:rome")]  # a letter says more than "1"


def test_no_unexplained_block_near_arabia():
    """The Sinus Arabicus is no space: it is drawn blank, not as a block of '#'."""
    for scale in SCALES:
        assert "#" not in "".join(layout(*scale).chars)


# --- by keys, as a player meets it ---------------------------------------------------------
def run(size, steps, kind: str = "ConstructionTurn") -> None:
    s = decision_session(kind)

    async def go() -> None:
        app = MareNostrumApp(session=s, bot_delay=0, autosave=False)
        async with app.run_test(size=size) as pilot:
            assert await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
            await steps(app, pilot)

    asyncio.run(go())


def bar(app) -> str:
    return app.screen.query_one(KeyBar).text


def test_whole_map_while_a_dialog_waits_80x24():
    """At 80 columns the dialog covers two thirds of the map: `1` shows all of it, `1`
    goes back to the very dialog, with what was marked in it."""
    async def steps(app, pilot) -> None:
        dialog = app.screen
        assert "1 Map" in bar(app)
        board_map = app.screen_stack[-2].query_one(MapView)
        assert board_map.region.width - dialog.query_one("#dialog").region.width < 80
        await pilot.press("down", "space")  # mark a purchase
        await until(pilot, lambda: dialog.marked, what="a purchase marked")
        marked = list(dialog.marked)
        assert marked
        await pilot.press("1")
        assert await settle(pilot, lambda: isinstance(app.screen, WholeMapScreen))
        whole = app.screen.query_one(MapView)
        assert whole.size.width >= 80 and whole.scale == (2, 1)
        text = "\n".join(whole.render_line(y).text for y in range(whole.size.height))
        assert "ARAB" in text and "OGYG" in text  # east and west at once
        assert "1 Dialog" in bar(app) and "l Legend" in bar(app)
        await pilot.press("right")
        moved = whole.cursor
        await pilot.press("l")
        assert await settle(pilot, lambda: isinstance(app.screen, LegendScreen))
        await pilot.press("escape")
        assert await settle(pilot, lambda: isinstance(app.screen, WholeMapScreen))
        await pilot.press("1")
        assert await settle(pilot, lambda: app.screen is dialog)
        assert list(dialog.marked) == marked
        assert board_map.cursor == moved  # the board's cursor followed
    run((80, 24), steps)


def test_no_whole_map_key_when_the_map_has_room_160x48():
    async def steps(app, pilot) -> None:
        assert "Map" not in bar(app)
        await pilot.press("1")
        await settled(pilot)
        assert isinstance(app.screen, DecisionScreen)
    run((160, 48), steps)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_legend_key_on_the_board(size):
    async def steps(app, pilot) -> None:
        await pilot.press("escape")
        assert await settle(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("l")  # the help names it (tested below)
        assert await settle(pilot, lambda: isinstance(app.screen, LegendScreen))
        legend = app.screen.query_one("#legend-text").render()
        assert "legion" in str(legend) and "Aquitania" in str(legend)
        await pilot.press("escape")
        assert await settle(pilot, lambda: isinstance(app.screen, GameScreen))
    run(size, steps)


def test_the_help_names_the_legend_key_and_opens_it():
    assert "| game, help | `l` | the map's legend" in HELP_TEXT

    async def steps(app, pilot) -> None:
        await pilot.press("question_mark")
        assert await settle(pilot, lambda: type(app.screen).__name__ == "HelpScreen")
        assert "l Map legend" in bar(app)
        await pilot.press("l")
        assert await settle(pilot, lambda: isinstance(app.screen, LegendScreen))
        assert app.screen.state is not None  # the players' colours of the game
    run((80, 24), steps)
