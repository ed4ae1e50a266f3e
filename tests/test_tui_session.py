"""The TUI's game session and its bridge to the engine (no screen): decisions go through
the engine, computer players think on a copy, the game is autosaved and loads again, the
map can reach every area with the arrow keys."""

from __future__ import annotations

import msgspec
import pytest

from engine import actions as A
from engine import events as E
from engine import game, render
from engine.data import board
from engine.state import Config
from tests.test_tui_fixtures import ROOT, WHOLE_GAME, load_session, phase_session
from tui import bridge
from tui.app import session_from_save
from tui.sessions.local import HUMAN, LocalSession, default_bot_level
from tui.widgets.map import AREAS, area_centres, layout, nearest_area

CIVS3 = ["rome", "greece", "egypt"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path))
    return tmp_path


def test_illegal_action_keeps_the_state_and_gives_the_reason():
    s = phase_session("TakeTradeCard")
    before = game.state_hash(s.state)
    err = s.check(A.Take(source=s.state.prompt.civ, card="tax"))
    assert err is not None and err.reason and err.rule
    assert game.state_hash(s.state) == before
    assert s.check(s.legal()[0]) is None


def test_bots_think_on_a_copy_and_the_result_is_adopted():
    s = LocalSession.new(Config(civs=CIVS3, seed=5), ["random"] * 3, autosave=False)
    live = game.state_hash(s.state)
    turn = s.think(s.snapshot(), s.version, max_steps=50, budget=10)
    assert game.state_hash(s.state) == live  # the live state was not touched
    assert len(turn.actions) == 50 and turn.error is None
    s.adopt(turn)
    assert len(s.actions) == 50 and s.record.hashes[50] == game.state_hash(s.state)
    # the same actions replay to the same state
    replay = s.replay()
    assert game.state_hash(replay.state_at(replay.last)) == game.state_hash(s.state)


def test_stale_bot_result_is_dropped():
    s = LocalSession.new(Config(civs=CIVS3, seed=5), ["random"] * 3, autosave=False)
    turn = s.think(s.snapshot(), s.version, max_steps=3)
    s.apply(s.legal()[0])
    assert s.adopt(turn) == []


def test_think_stops_at_a_human():
    s = LocalSession.new(Config(civs=CIVS3, seed=5), [HUMAN, "random", "random"],
                        autosave=False)
    turn = s.think(s.snapshot(), s.version, max_steps=10_000, budget=30)
    s.adopt(turn)
    assert s.over or s.is_human(s.pending_seat)


def test_autosave_then_resume(home):
    s = LocalSession.new(Config(civs=CIVS3, seed=9), [HUMAN, "random", "random"])
    for _ in range(5):
        if s.is_human(s.pending_seat):
            s.apply(s.legal()[0])
        else:
            s.adopt(s.think(s.snapshot(), s.version, max_steps=1))
    assert s.autosave_error is None
    info = bridge.latest_save()
    assert info is not None
    loaded = bridge.load_game(info.path)
    assert game.state_hash(loaded.state) == game.state_hash(s.state)
    assert len(loaded.record.actions) == len(s.actions)
    assert bridge.history_events(loaded.record, loaded.state)


def _play(s: LocalSession, moves: int) -> None:
    for _ in range(moves):
        if s.is_human(s.pending_seat):
            s.apply(s.legal()[0])
        else:
            s.adopt(s.think(s.snapshot(), s.version, max_steps=1))


def test_the_seats_are_saved_and_resumed(home):
    seats = ["greedy", HUMAN, "random"]
    s = LocalSession.new(Config(civs=CIVS3, seed=9), seats)
    _play(s, 4)
    assert s.autosave_error is None
    loaded = bridge.load_game(bridge.latest_save().path)
    assert loaded.seats == seats
    resumed = session_from_save(loaded, autosave=False)
    assert resumed.seats == seats
    # --seats (or any seats given) still override the saved ones
    assert session_from_save(loaded, seats=[HUMAN] * 3, autosave=False).seats == [HUMAN] * 3
    # a change of seats is written by the next autosave
    s.seats = [HUMAN, HUMAN, "random"]
    _play(s, 1)
    assert bridge.load_game(bridge.latest_save().path).seats == [HUMAN, HUMAN, "random"]


def test_a_save_without_seats_resumes_with_one_human():
    loaded = bridge.load_game(ROOT / "saves" / "golden" / "v1-start-3p.json")
    assert loaded.seats is None
    bot = default_bot_level()
    assert session_from_save(loaded, autosave=False).seats == [HUMAN, bot, bot]


def test_resume_command_uses_the_saved_seats(home, monkeypatch):
    import argparse

    import tui.app
    from tui.commands import play
    s = LocalSession.new(Config(civs=CIVS3, seed=3), ["random", "greedy", HUMAN])
    _play(s, 2)
    seen = []
    monkeypatch.setattr(tui.app, "run_app", lambda session, **kw: seen.append(session) or 0)
    args = argparse.Namespace(file=None, seats="", theme=None, bot_delay=0,
                              no_autosave=True)
    assert play.run_resume(args) == 0
    assert seen[-1].seats == ["random", "greedy", HUMAN]
    args.seats = "human,human,random"
    assert play.run_resume(args) == 0
    assert seen[-1].seats == [HUMAN, HUMAN, "random"]


def test_load_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(bridge.LoadError) as e:
        bridge.load_game(bad)
    assert "\n" not in str(e.value)
    with pytest.raises(bridge.LoadError):
        bridge.load_record(tmp_path / "missing.json")


def test_replay_of_the_example_game():
    s = load_session(WHOLE_GAME, humans=[0])
    data = s.replay()
    assert data.error is None and data.diverged_at is None
    assert data.state_at(data.last).phase == "over"
    assert data.step_of_turn(3) < data.step_of_turn(4)


def test_every_event_has_a_text():
    """engine.render has a renderer for every event type, and the TUI uses it."""
    assert set(render.RENDERERS) == set(E.Event.__args__)

    def value(t):
        text = str(t)
        if text.startswith("dict"):
            return {}
        if text.startswith("list"):
            return []
        return {int: 1, bool: False}.get(t, "rome")

    for cls in E.Event.__args__:
        ev = cls(**{f.name: value(f.type) for f in msgspec.structs.fields(cls) if f.required})
        text = bridge.describe(ev)
        assert text == render.render(ev)
        assert text and not text.startswith(cls.__name__)  # not the fallback of render


def test_map_labels_and_cursor():
    for sx, sy in ((2, 1), (3, 2)):
        lay = layout(sx, sy)
        assert set(lay.labels) == set(AREAS)
        for x, y in lay.labels.values():
            assert 0 <= x < lay.width and 0 <= y < lay.height
    # every area can be reached from Roma with the arrow keys
    seen, todo = {"roma"}, ["roma"]
    while todo:
        a = todo.pop()
        for d in ("up", "down", "left", "right"):
            b = nearest_area(a, d)
            if b not in seen:
                seen.add(b)
                todo.append(b)
    assert seen == set(area_centres()) == set(board.PROVINCES) | set(board.SEAS)


def test_kraken_titan_and_joint_moves_are_described_in_words():
    """Menus say what a creature's power does, and where a joint move comes from."""
    from engine.render import action_text
    from engine.rules.common import new_unit
    state, _ = game.new_game(Config(civs=["atlantis", "rome", "carthage"], seed=1))
    k = new_unit(state, "atlantis", "creature", "mare_africum").id
    legion = new_unit(state, "atlantis", "legion", "sardinia").id
    assert action_text(A.UsePower(card="kraken", units=[k], choice="emerge",
                                  target="mare_africum"), state) == \
        f"Kraken #{k} emerges in Mare Africum"
    assert "dives under the sea" in action_text(
        A.UsePower(card="kraken", units=[k], choice="dive"), state)
    assert action_text(A.UsePower(card="titan", units=[3, 4], target="etruria",
                                  choice="carthage"), state).startswith("Titans #3, #4 shoot at")
    move = action_text(A.Move(units=[legion, k], to="carthago"), state)
    assert "from Sardinia" in move and "Mare Africum" in move


def test_a_failed_autosave_is_said_and_retried(home):
    """The saves folder cannot be written (a file stands in its place: a read-only folder
    would not stop root): the game goes on in memory, says so, and saves at the next move."""
    s = LocalSession.new(Config(civs=CIVS3, seed=9), [HUMAN, "random", "random"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "saves").write_text("in the way")
    _play(s, 1)
    assert s.autosave_error and "autosave failed" in s.autosave_error
    assert "goes on in memory" in s.autosave_error
    (home / "saves").unlink()
    _play(s, 1)
    assert s.autosave_error is None
    loaded = bridge.load_game(bridge.latest_save().path)
    assert game.state_hash(loaded.state) == game.state_hash(s.state)
