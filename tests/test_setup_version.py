"""Records keep the version of the setup rules their game was set up by, so that a game
recorded before a change to the setup (engine.rules.setup.SETUP_VERSION) replays exactly:
its record rebuilds the setup from the config, by the rules of its own version."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine.game import SETUP_VERSION, apply, legal_actions, new_game, state_hash
from engine.match import replay_match
from engine.record import (
    GameRecord,
    add_action,
    new_record,
    record_from,
    start_state,
)
from engine.replay import verify
from engine.saves import load_save, make_save, write_save
from engine.state import Config

ROOT = Path(__file__).resolve().parent.parent
# a 4-player game without Rome, saved before setup version 2: Carthage holds two roles
OLD_GAME = ROOT / "saves" / "golden" / "v2-roles-before-setup-version-4p.json"
NO_ROME = ["carthage", "greece", "egypt", "babylon"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path / "home"))


def test_new_records_carry_the_current_setup_version():
    config = Config(civs=NO_ROME, seed=3)
    state, _ = new_game(config)
    assert SETUP_VERSION == 2
    assert new_record(config, state_hash(state)).setup_version == SETUP_VERSION
    assert new_record(config).hashes[0] == state_hash(state)
    assert record_from(state).setup_version == SETUP_VERSION


def test_a_record_written_before_the_field_is_version_1():
    config = Config(civs=NO_ROME, seed=3)
    data = msgspec.json.encode({"config": config, "seed": 3})
    assert msgspec.json.decode(data, type=GameRecord).setup_version == 1


def test_an_old_record_replays_its_own_setup():
    """The golden file of schema 2: its record (no setup version: 1) rebuilds Carthage's
    two roles and replays every hash; a new game of the same config gives the Military
    Leader to Babylon."""
    f = load_save(OLD_GAME)
    assert f.record.setup_version == 1 and f.record.start is None
    first, _ = start_state(f.record)
    assert first.roles["military_leader"] == "carthage"
    assert state_hash(first) == f.record.hashes[0]
    verdict = verify(f.record, final_hash=state_hash(f.state))
    assert verdict.ok and verdict.actions == len(f.record.actions), verdict.message
    assert new_game(f.record.config)[0].roles["military_leader"] == "babylon"
    # a replay match (the `replay` command, the game server) keeps the record's version
    match = replay_match(f.record)
    assert match.record.setup_version == 1
    assert match.state.roles["military_leader"] == "carthage"


def test_an_old_game_saved_again_keeps_its_version(tmp_path):
    """Continued and saved again, the old game still replays from its old setup."""
    f = load_save(OLD_GAME)
    state, record = f.state, f.record
    for _ in range(3):
        action = legal_actions(state)[0]
        apply(state, action)
        add_action(record, action, state_hash(state))
    path = write_save(tmp_path / "again.json", make_save(state, record, "again"))
    g = load_save(path)
    assert g.record.setup_version == 1
    assert verify(g.record, final_hash=state_hash(g.state)).ok


def test_a_new_game_saved_and_loaded_replays_by_the_current_rules(tmp_path):
    config = Config(civs=NO_ROME, seed=3)
    state, _ = new_game(config)
    record = new_record(config, state_hash(state))
    for _ in range(12):
        action = legal_actions(state)[0]
        apply(state, action)
        add_action(record, action, state_hash(state))
    path = write_save(tmp_path / "new.json", make_save(state, record, "new"))
    g = load_save(path)
    assert g.record.setup_version == SETUP_VERSION
    assert start_state(g.record)[0].roles["military_leader"] == "babylon"
    assert verify(g.record, final_hash=state_hash(g.state)).ok
