"""A server's table as a player meets it on the game screen (Pilot, 80x24 and 160x48/50):
chat that reaches them wherever they look, the status line that says in the third person
what another player is doing, and a seat a computer held while they were away."""

from __future__ import annotations

import asyncio

import msgspec

from tests.test_net_lobby import _remote_app, _update
from tests.test_tui_fixtures import settle
from tests.test_tui_footer import assert_fits
from tests.waiting import settled, until
from tui.decisions.base import DecisionScreen
from tui.net import protocol as p
from tui.screens.game import GameScreen
from tui.widgets.status import StatusBar

SMALL = (80, 24)
LARGE = (160, 50)


def say(remote, who: str, text: str, channel: str = "players") -> None:
    remote.chat_line(p.ChatLine(table=1, name=who, text=text, at="", channel=channel))


def status(app) -> str:
    """The status line as drawn (plain text)."""
    screen = app.screen if isinstance(app.screen, GameScreen) else app.screen_stack[-2]
    bar = screen.query_one(StatusBar)
    return bar.render().plain


def toasts(app) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


def kept(up, level: str = "normal"):
    """The update as the player sees it while a computer holds their seat."""
    seats = list(up.info.seats)
    seats[up.seat] = msgspec.structs.replace(seats[up.seat], kind=level)
    return msgspec.structs.replace(up, info=msgspec.structs.replace(up.info, seats=seats),
                                   prompt=None, legal=[])


def run(app, steps, size=SMALL) -> None:
    async def go():
        async with app.run_test(size=size, notifications=True) as pilot:  # toasts drawn
            await settle(pilot, lambda: isinstance(app.screen, GameScreen | DecisionScreen))
            await settled(pilot)
            await steps(pilot)
    asyncio.run(go())


# --- chat ---------------------------------------------------------------------------------
def test_a_chat_line_shows_on_the_map_and_is_counted_until_the_log_is_opened():
    app, remote, _ = _remote_app(_update("construction", mine=False))
    remote.me = "bruno"  # Carthage's player

    async def steps(pilot):
        say(remote, "carla", "brb 2 min")
        await until(pilot, lambda: "carla says: brb 2 min" in toasts(app))
        await until(pilot, lambda: status(app).startswith("chat: 1 new (5) · Turn 3"))
        say(remote, "bruno", "ok")  # one's own words are no news
        say(remote, "dario", "your move soon!")
        await until(pilot, lambda: status(app).startswith("chat: 2 new (5)"))
        assert not any("bruno says" in t for t in toasts(app))
        await pilot.press("5")  # the log: read
        await until(pilot, lambda: not status(app).startswith("chat"))
        assert "unread" not in status(app)
        n = len(toasts(app))
        say(remote, "carla", "back")  # the log is in sight: no notification, no count
        await settled(pilot)
        assert len(toasts(app)) == n and not status(app).startswith("chat")
        await pilot.press("1")
        say(remote, "anna", "hurry", channel="spectators")  # a watcher, not muted
        await until(pilot, lambda: "anna (watching) says: hurry" in toasts(app))
        remote.chat("/mute")
        say(remote, "anna", "hurry up", channel="spectators")
        await settled(pilot)
        assert not any("hurry up" in t for t in toasts(app))
        assert status(app).startswith("chat: 1 new (5)")

    run(app, steps)


def test_a_chat_line_over_an_open_dialog_stays_clear_of_its_options():
    app, remote, _ = _remote_app(_update("roles", mine=True))

    async def steps(pilot):
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
        say(remote, "carla", "your move! " * 12)
        await until(pilot, lambda: app.screen.query("Toast"), what="the toast")
        await settled(pilot)
        dialog = app.screen.query_one("#dialog").region
        toast = [t for t in app.screen.query("Toast")]
        assert toast and all(t.region.right <= dialog.x for t in toast)
        assert status(app).startswith("chat: 1 new") and " Turn 4 " in status(app)
        await pilot.press("escape")  # to the board: the map, not the log
        await until(pilot, lambda: not isinstance(app.screen, DecisionScreen))
        await settled(pilot)
        assert status(app).startswith("chat: 1 new")

    run(app, steps)


def test_at_160_columns_the_log_is_in_sight_unless_a_dialog_covers_it():
    app, remote, _ = _remote_app(_update("roles", mine=True))

    async def steps(pilot):
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen))
        say(remote, "carla", "take Egypt")
        await until(pilot, lambda: app.screen.query("Toast"), what="the toast")
        await settled(pilot)
        assert status(app).startswith("chat: 1 new (5) · Turn 4")
        toast = [t for t in app.screen.query("Toast")]
        dialog = app.screen.query_one("#dialog").region
        assert toast and all(t.region.right <= dialog.x for t in toast)
        await pilot.press("escape")  # the dialog put away: the log under the pane shows it
        await until(pilot, lambda: not status(app).startswith("chat"))

    run(app, steps, size=(160, 48))


# --- the status line ------------------------------------------------------------------------
def test_the_waiting_line_keeps_who_what_and_who_is_away_at_80_columns():
    """Rome's player waits while Egypt's, disconnected, chooses its trade offer: the line
    says so in the third person; decoration goes first, never who, what or 'disconnected'."""
    from tui.sessions.remote import RemoteSession
    from tui.status_parts import fit, plain_text
    from tui.text import esc  # noqa: F401  (the parts are markup)

    up = _update("commerce", mine=False)
    info = up.info
    seats = [msgspec.structs.replace(s, connected=i != info.pending)
             for i, s in enumerate(info.seats)]
    up = msgspec.structs.replace(up, info=msgspec.structs.replace(info, seats=seats))
    remote = RemoteSession(1, lambda m: None, up)
    whole = remote.status_line()
    assert "your offer" not in whole and "Trade:" not in whole
    decider = info.seats[info.pending]
    from textual.content import Content
    for width in (158, 78, 60):
        line = Content.from_markup(fit(remote.status_parts(2), width)).plain
        assert len(line) <= width, line
        assert f"({decider.name}, disconnected)" in line
        assert " takes a card" in line or " is taking a card from another offer" in line
    line = Content.from_markup(fit(remote.status_parts(2), 78)).plain
    assert line.startswith("chat: 2 new") and " Turn 3 " in line
    assert plain_text(remote.status_parts()) == whole


def test_local_play_names_a_computer_s_decision_in_the_third_person():
    from engine.saves import load_save
    from tests.test_net_lobby import PHASES
    from tui.status_parts import plain_text
    from tui.widgets.status import local_parts

    state = load_save(PHASES / "construction.json").state
    seat = next(pl.seat for pl in state.players if pl.civ == state.prompt.civ)
    seats = ["human" if i != seat else "normal" for i in range(len(state.players))]
    line = plain_text(local_parts(state, seats, viewer=(seat + 1) % len(seats)))
    assert line.endswith("│ Egypt (computer) is building")
    seats[seat] = "human"  # hot seat: another player's turn, the keyboard not passed yet
    line = plain_text(local_parts(state, seats, viewer=(seat + 1) % len(seats)))
    assert line.endswith("│ Egypt (you) is building")
    line = plain_text(local_parts(state, seats, viewer=seat, hint="press d to decide"))
    assert line.endswith("│ Egypt (you): build, or end the construction turn  press d to decide")


# --- coming back to a seat a computer holds ---------------------------------------------------
def test_coming_back_to_a_seat_a_computer_holds():
    """The game screen says a computer holds the seat, with the key that takes it back;
    the key sends the hand-back for this seat; the map's cursor starts on the player's
    own capital."""
    up = kept(_update("construction", mine=False))
    app, remote, sent = _remote_app(up)

    async def steps(pilot):
        screen = app.screen
        assert isinstance(screen, GameScreen)
        capital = up.view.state.players[up.seat].capital
        assert capital and screen.map.cursor == capital
        assert any("holds your seat" in t and "Press b" in t for t in toasts(app))
        assert "a computer plays for you (b)" in status(app)  # short words at 80
        assert status(app).endswith(" disconnected")  # nothing essential cut
        line = assert_fits(app, "a kept seat")
        assert "b Seat back" in line
        await pilot.press("b")
        await until(pilot, lambda: sent, what="the hand-back sent")
        assert sent and sent[-1] == p.HandOver(table=1, seat=up.seat, to_bot=False)
        back = _update("construction", mine=False)  # the server gives it back
        remote.update(msgspec.structs.replace(back, version=back.version + 1))
        await until(pilot, lambda: "a computer plays for you" not in status(app))
        await settled(pilot)
        assert "holds your seat" not in status(app)
        assert "b Seat back" not in assert_fits(app, "seat back")

    run(app, steps)


# --- snapshots ----------------------------------------------------------------------------------
async def _heard(pilot, remote, *lines: tuple[str, str]) -> None:
    app = pilot.app
    await settle(pilot, lambda: isinstance(app.screen, GameScreen | DecisionScreen))
    await settled(pilot)
    for who, text in lines:
        say(remote, who, text)
    if lines:  # the last line heard: shown (a toast, or the log in sight)
        await until(pilot, lambda: lines[-1][1][:9] in "\n".join(
            strip.text for strip in app.screen._compositor.render_strips()), what="the line")
    await settled(pilot)


def test_snapshot_chat_on_the_map(snap_compare):
    """80x24, waiting: a friend's line shows at once over the map, counted on the status
    line, which says what the other player is doing."""
    app, remote, _ = _remote_app(_update("construction", mine=False))
    assert snap_compare(app, terminal_size=SMALL, run_before=lambda pilot: _heard(
        pilot, remote, ("carla", "brb 2 min"), ("dario", "your move soon!")))


def test_snapshot_chat_beside_a_dialog(snap_compare):
    """80x24, a decision open: the line shows over the board, never over the options."""
    app, remote, _ = _remote_app(_update("roles", mine=True))
    assert snap_compare(app, terminal_size=SMALL, run_before=lambda pilot: _heard(
        pilot, remote, ("carla", "your move! take Egypt, they lead")))


def test_snapshot_chat_waiting_large(snap_compare):
    """160x50, waiting: the log is in sight with what was said; the whole waiting line."""
    app, remote, _ = _remote_app(_update("construction", mine=False),
                                 [("carla", "brb 2 min")])
    assert snap_compare(app, terminal_size=LARGE, run_before=lambda pilot: _heard(
        pilot, remote, ("dario", "your move soon!")))


def test_snapshot_chat_beside_a_dialog_large(snap_compare):
    """160x50, a decision open over the log: the line shows beside it, counted."""
    app, remote, _ = _remote_app(_update("roles", mine=True))
    assert snap_compare(app, terminal_size=LARGE, run_before=lambda pilot: _heard(
        pilot, remote, ("carla", "your move! take Egypt, they lead")))


def test_snapshot_seat_kept_by_a_computer(snap_compare):
    """80x24, back at a seat a computer holds: said on the status line and in a notice,
    with the key that takes it back; the cursor on the player's own capital."""
    app, remote, _ = _remote_app(kept(_update("construction", mine=False)))
    assert snap_compare(app, terminal_size=SMALL, run_before=lambda pilot: _heard(
        pilot, remote))
