"""Saves: round trips, continuing a loaded game exactly, golden files, bad files, atomic
writes (a writer killed mid-save), migrations and the `saves` / `resume` commands."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import msgspec
import pytest

from engine import saves
from engine.bots import make_bot
from engine.errors import IllegalAction
from engine.game import apply, clone, decode_state, encode_state, new_game, state_hash, view
from engine.record import add_action, new_record
from engine.rng import Rng
from engine.saves import SavedGame, SaveError, load_save, make_save, write_save
from engine.state import Config
from tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "saves" / "golden").glob("v1-*.json"))
GOLDEN_V2 = sorted((ROOT / "saves" / "golden").glob("v2-*.json"))
SIX = ["rome", "greece", "egypt", "carthage", "babylon", "atlantis"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """Never touch the real user data directory."""
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def bots_for(state, level="random", seed=0):
    return [make_bot(level, seed * 100 + i) for i in range(len(state.players))]


def step(state, bots):
    seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
    action = bots[seat].choose(view(state, seat))
    return action, apply(state, action)


def play(config: Config, n: int, level="random"):
    """A seeded game of up to n actions: (state, record)."""
    state, _ = new_game(config)
    record = new_record(config, state_hash(state))
    bots = bots_for(state, level, config.seed)
    for _ in range(n):
        if state.phase == "over":
            break
        action, _ev = step(state, bots)
        add_action(record, action, state_hash(state))
    return state, record


# --- round trips ------------------------------------------------------------------------------
@pytest.mark.parametrize("civs,seed,setup", [
    (["rome", "greece", "egypt"], 1, "predetermined"),
    (SIX, 2, "predetermined"),
    (["carthage", "atlantis", "babylon", "greece"], 3, "free"),
])
def test_round_trip_after_every_action(civs, seed, setup):
    state, _ = new_game(Config(civs=civs, seed=seed, setup=setup))
    record = new_record(state.config, state_hash(state))
    bots = bots_for(state, "random", seed)
    n = 0
    while state.phase != "over" and n < 1200:
        action, _ = step(state, bots)
        add_action(record, action, state_hash(state))
        n += 1
        assert decode_state(encode_state(state)) == state, f"after action {n}"
        if n % 97 == 0:  # the whole save file too
            f = saves.decode_save(saves.encode_save(make_save(state, record, "rt")))
            assert f.state == state and f.record == record
    assert n > 100


def test_save_file_round_trip_keeps_everything(tmp_path):
    state, record = play(Config(civs=SIX, seed=5), 300)
    path = write_save(tmp_path / "g.json", make_save(state, record, "my game"))
    f = load_save(path)
    assert f.state == state
    assert f.record == record
    assert f.name == "my game"
    assert f.schema == saves.SCHEMA
    assert f.engine_version == saves.ENGINE_VERSION
    assert f.record.hashes[len(record.actions)] == state_hash(state)


def test_loading_continues_the_game_exactly(tmp_path):
    config = Config(civs=SIX, seed=11)
    game, _ = SavedGame.new(config, name="cont", directory=tmp_path)
    bots = bots_for(game.state, "random", 11)
    for _ in range(250):
        action, _ = step(game.state, bots)
        game.record.actions.append(action)  # (the record is not under test here)
    game.save()
    a = game.state
    b = load_save(game.path).state
    assert b == a and state_hash(b) == state_hash(a)
    # the same future dice: the RNG lives in the state
    ra, rb = Rng(clone(a).rng), Rng(clone(b).rng)
    assert [ra.die() for _ in range(50)] == [rb.die() for _ in range(50)]
    # the same prompts and the same states from here on, whatever is decided
    bots_a = bots_for(a, "random", 99)
    bots_b = bots_for(b, "random", 99)
    for i in range(400):
        if a.phase == "over":
            break
        assert a.prompt == b.prompt, f"prompt {i}"
        step(a, bots_a)
        step(b, bots_b)
        assert state_hash(a) == state_hash(b), f"after {i + 1} more actions"


def test_saved_game_autosaves_after_every_action(tmp_path):
    game, _ = SavedGame.new(Config(civs=["rome", "greece", "egypt"], seed=2), name="auto",
                            directory=tmp_path)
    assert game.path == tmp_path / "auto.json"
    bots = bots_for(game.state)
    for i in range(1, 40):
        seat = next(p.seat for p in game.state.players if p.civ == game.state.prompt.civ)
        game.apply(bots[seat].choose(view(game.state, seat)))
        on_disk = load_save(game.path)
        assert len(on_disk.record.actions) == i
        assert on_disk.state == game.state


def test_an_illegal_action_changes_nothing_on_disk(tmp_path):
    game, _ = SavedGame.new(Config(civs=["rome", "greece", "egypt"], seed=2), name="ill",
                            directory=tmp_path)
    before = game.path.read_bytes()
    from engine.actions import Announce
    with pytest.raises(IllegalAction):
        game.apply(Announce(n=99))
    assert game.path.read_bytes() == before
    assert game.record.actions == []


def test_a_new_game_never_replaces_a_save(tmp_path):
    a, _ = SavedGame.new(Config(civs=["rome", "greece", "egypt"], seed=1), name="same",
                         directory=tmp_path)
    b, _ = SavedGame.new(Config(civs=["rome", "greece", "egypt"], seed=2), name="same",
                         directory=tmp_path)
    assert a.path.name == "same.json" and b.path.name == "same-2.json"
    assert load_save(a.path).state.config.seed == 1 and b.name == "same-2"


def test_autosave_of_a_game_in_play(tmp_path):
    """autosave(state, record, name) also takes a plain record: config, seed, actions and
    the hash after each action (what the screen keeps)."""
    state, _ = new_game(Config(civs=["rome", "greece", "egypt"], seed=4))
    config = state.config
    bots = bots_for(state)
    actions, hashes = [], []
    for _ in range(23):
        action, _ = step(state, bots)
        actions.append(action)
        hashes.append(state_hash(state))
    plain = {"config": config, "seed": 4, "actions": actions, "hashes": hashes}
    path = saves.autosave(state, plain, "in play", directory=tmp_path)
    f = load_save(path)
    assert f.state == state and f.record.actions == actions
    assert sorted(f.record.hashes) == [10, 20, 23]
    from engine.replay import verify
    assert verify(f.record, final_hash=state_hash(state)).ok
    created = f.created
    saves.autosave(state, f.record, "in play", directory=tmp_path)
    assert load_save(path).created == created
    assert saves.load(path).state == state
    assert saves.latest_save(tmp_path).name == "in play"


def test_default_directory(monkeypatch, home):
    assert saves.saves_dir() == home / "saves"
    monkeypatch.delenv("MARE_NOSTRUM_HOME")
    import platformdirs
    assert saves.saves_dir() == Path(platformdirs.user_data_dir("mare-nostrum")) / "saves"


def test_names_and_paths(tmp_path):
    assert saves.safe_name("my game / 2") == "my-game-2"
    assert saves.resolve("abc", tmp_path) == tmp_path / "abc.json"
    assert saves.resolve("x/abc.json", tmp_path) == Path("x/abc.json")


def test_the_seats_are_saved(tmp_path):
    """Who plays each seat is kept in the save (and covered by its checksum, like every
    field); [] when not given."""
    state, record = play(Config(civs=["rome", "greece", "egypt"], seed=6), 20)
    seats = ["greedy", "human", "random"]
    path = write_save(tmp_path / "s.json", make_save(state, record, "s", seats=seats))
    f = load_save(path)
    assert f.seats == seats and f.state == state and f.record == record
    plain = write_save(tmp_path / "p.json", make_save(state, record, "p"))
    assert load_save(plain).seats == []
    assert load_save(plain).checksum != f.checksum
    path = saves.autosave(state, record, "in play", directory=tmp_path, seats=seats)
    assert load_save(path).seats == seats
    saves.autosave(state, record, "in play", directory=tmp_path, seats=["human"] * 3)
    assert load_save(path).seats == ["human"] * 3


# --- golden files (kept forever) ------------------------------------------------------------------
def test_golden_files_exist():
    assert len(GOLDEN) >= 3, "saves/golden/v1-*.json are missing"


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_file_loads(path):
    f = load_save(path)
    assert msgspec.json.decode(path.read_bytes())["schema"] == 1
    assert f.schema == saves.SCHEMA and f.seats == []  # written before saves kept the seats
    assert f.state.players and f.record.actions
    assert decode_state(encode_state(f.state)) == f.state
    info = saves.inspect(path)
    assert not info.error and info.civs == f.state.config.civs


@pytest.mark.parametrize("path", GOLDEN_V2, ids=lambda p: p.name)
def test_golden_v2_file_loads_and_replays(path):
    """Schema 2 files are read as they are, and their records replay hash for hash: each
    was written before a change of the rules it plays through (saves/README.md)."""
    from engine.replay import verify
    f = load_save(path)
    assert msgspec.json.decode(path.read_bytes())["schema"] == 2
    assert f.schema == saves.SCHEMA and f.state.players and f.record.actions
    verdict = verify(f.record, final_hash=state_hash(f.state))
    assert verdict.ok, verdict.message


# --- migrations -------------------------------------------------------------------------------------
def test_an_older_schema_is_migrated(monkeypatch, tmp_path):
    calls = []

    def v1_to_v2(doc: dict) -> dict:
        calls.append(doc["schema"])
        doc["name"] = doc["name"] + " (migrated)"
        doc["state"]["win_reason"] = "migrated"
        return doc

    monkeypatch.setattr(saves.format, "SCHEMA", 2)
    monkeypatch.setitem(saves.MIGRATIONS, 1, v1_to_v2)
    src = GOLDEN[0]
    f = load_save(src)
    assert calls == [1]
    assert f.schema == 2 and f.name.endswith("(migrated)")
    assert f.state.win_reason == "migrated"
    # saved again, it is a schema-2 file that loads without migrating
    game = SavedGame(f, tmp_path / "m.json")
    game.save()
    g = load_save(tmp_path / "m.json")
    assert calls == [1] and g.schema == 2 and g.state == f.state


def test_a_missing_migration_is_refused(monkeypatch):
    monkeypatch.setattr(saves.format, "SCHEMA", 3)
    monkeypatch.setattr(saves.format, "MIGRATIONS", {1: lambda d: d})
    with pytest.raises(SaveError, match="no migration from schema 2 to 3"):
        load_save(GOLDEN[0])


# --- bad files ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def good_bytes() -> bytes:
    state, record = play(Config(civs=SIX, seed=21), 400)
    return saves.encode_save(make_save(state, record, "good"))


def _rewrite(data: bytes, fn) -> bytes:
    """Edit a save's JSON and compute a correct checksum (a deliberate hand edit)."""
    doc = msgspec.json.decode(data)
    fn(doc)
    return _sealed(doc)


def _sealed(doc: dict, full: bool = True) -> bytes:
    """The document with the checksum of its fields (`full`), or of its state and record
    only (the form schema 1 files may carry)."""
    enc = msgspec.json.encode
    raw = saves.format._raw_decoder.decode(enc(doc))
    header = saves.format._header(raw) if full else b""
    doc["checksum"] = saves.format._checksum(enc(doc["state"]), enc(doc["record"]), header)
    return enc(doc)


def _bad_files(good: bytes) -> dict[str, tuple[bytes, str]]:
    flipped = bytearray(good)
    flipped[len(good) // 2] ^= 0x55

    def bad_type(doc):
        doc["state"]["players"][0]["seat"] = "first"

    def bad_action(doc):
        doc["record"]["actions"][3] = {"type": "Fly", "to": "moon"}

    return {
        "truncated": (good[: len(good) // 3], "truncated"),
        "empty": (b"", "empty"),
        "binary": (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "not a Mare Nostrum save (not JSON)"),
        "text": (b"Hello, world\n", "not JSON"),
        "json list": (b"[1, 2, 3]", "not a JSON object"),
        "foreign json": (b'{"name": "x", "version": 3}', "without the \"format\""),
        "damaged": (bytes(flipped), ""),
        "hand-edited": (good.replace(b'"turn":', b'"turn":1', 1), "edited by hand"),
        "newer schema": (good.replace(b'"schema":2', b'"schema":99', 1),
                         "newer Mare Nostrum"),
        "unknown schema": (good.replace(b'"schema":2', b'"schema":"one"', 1),
                           "unknown save schema"),
        "wrong type": (_rewrite(good, bad_type), "`$.state.players[0].seat`"),
        "bad action": (_rewrite(good, bad_action), "`$.record.actions[3]"),
        "zeros": (b"\0" * 4096, "not JSON"),
    }


def test_each_kind_of_bad_file_has_its_message(good_bytes, tmp_path):
    for kind, (data, msg) in _bad_files(good_bytes).items():
        p = tmp_path / f"{kind.replace(' ', '-')}.json"
        p.write_bytes(data)
        with pytest.raises(SaveError) as e:
            load_save(p)
        text = str(e.value)
        assert "\n" not in text, kind
        assert text.startswith(str(p)), kind
        assert msg in text, f"{kind}: {text}"


@pytest.mark.parametrize("command", [["replay", "--verify"], ["log"], ["resume"]])
def test_bad_files_give_one_line_and_exit_code_2(good_bytes, tmp_path, capsys, command):
    for kind, (data, _msg) in _bad_files(good_bytes).items():
        p = tmp_path / f"{kind.replace(' ', '-')}.json"
        p.write_bytes(data)
        argv = [command[0], str(p), *command[1:]]
        assert main(argv) == 2, kind
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        assert len(err.strip().splitlines()) == 1, (kind, err)
        assert str(p) in err
        assert p.read_bytes() == data, "a bad file is never rewritten"
    assert main([command[0], str(tmp_path / "missing.json"), *command[1:]]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_failed_write_never_replaces_a_good_save(good_bytes, tmp_path, monkeypatch):
    path = tmp_path / "keep.json"
    path.write_bytes(good_bytes)
    f = load_save(path)
    f.name = "newer"

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.files.os, "fsync", broken_fsync)
    with pytest.raises(SaveError, match="previous save, if any, is intact"):
        write_save(path, f)
    monkeypatch.undo()
    assert path.read_bytes() == good_bytes
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"], "no temporary file left"


@pytest.mark.skipif(os.name != "posix", reason="file modes")
def test_saves_are_private(tmp_path, home, good_bytes):
    """A save holds every hand and the dice to come: 0600 files in a 0700 folder."""
    p = tmp_path / "m.json"
    saves.atomic_write(p, b"{}")
    assert p.stat().st_mode & 0o777 == 0o600
    p.chmod(0o644)
    saves.atomic_write(p, b"{ }")
    assert p.stat().st_mode & 0o777 == 0o600 and p.read_bytes() == b"{ }"
    folder = saves.saves_dir()
    folder.mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)
    written = saves.write_save(folder / "g.json", saves.decode_save(good_bytes))
    assert written.stat().st_mode & 0o777 == 0o600
    assert folder.stat().st_mode & 0o777 == 0o700


def test_saves_lists_games_and_flags_bad_files(good_bytes, home, capsys):
    d = home / "saves"
    d.mkdir(parents=True)
    (d / "good.json").write_bytes(good_bytes)
    (d / "broken.json").write_bytes(good_bytes[:1000])
    (d / ".hidden.json.123.tmp").write_bytes(b"partial")
    state, record = play(Config(civs=["rome", "greece", "egypt"], seed=3), 30)
    write_save(d / "later.json", make_save(state, record, "later",
                                           updated="2999-01-01T00:00:00+00:00"))
    assert main(["saves"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["NAME", "CIVILIZATIONS", "TURN", "PHASE", "LAST", "PLAYED"]
    table = [line for line in out if not line.startswith(("broken", "("))]
    assert max(len(line) for line in table) <= 80  # the civilizations wrap (issue 13)
    named = [line for line in out[1:] if not line.startswith(" ")]  # one per save
    assert named[0].startswith("later ") and "Rome, Greece, Egypt" in named[0]
    assert named[1].startswith("good ")
    assert named[2].startswith("broken") and "truncated" in named[2]
    assert saves.most_recent(d).name == "later"


def test_saves_with_no_games(capsys):
    assert main(["saves"]) == 0
    assert "No saved games" in capsys.readouterr().out


def test_resume_without_the_screen(good_bytes, home, capsys, monkeypatch):
    d = home / "saves"
    d.mkdir(parents=True)
    (d / "good.json").write_bytes(good_bytes)
    monkeypatch.setitem(sys.modules, "tui.app", None)  # the screen cannot be imported
    assert main(["resume"]) == 1
    err = capsys.readouterr().err
    assert "screen is not available" in err and "'good'" in err
    assert main(["resume", "good"]) == 1
    assert main(["resume", "nosuch"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_resume_opens_the_screen(good_bytes, home, monkeypatch):
    """A good save goes to the screen's own resume command (the TUI's), or to
    tui.app.run_app(save=path) when there is no such command."""
    import types

    from tui.commands import saves_cmd
    d = home / "saves"
    d.mkdir(parents=True)
    (d / "good.json").write_bytes(good_bytes)
    seen = {}
    fake_play = types.SimpleNamespace(run_resume=lambda args: seen.setdefault("file",
                                                                            args.file) and 0)
    monkeypatch.setattr(saves_cmd, "screen_commands", lambda: fake_play)
    assert main(["resume"]) == 0
    assert Path(seen["file"]) == d / "good.json"
    monkeypatch.setattr(saves_cmd, "screen_commands", lambda: None)
    fake_app = types.ModuleType("tui.app")
    fake_app.run_app = lambda save=None: seen.setdefault("save", save) and 0
    monkeypatch.setitem(sys.modules, "tui.app", fake_app)
    assert main(["resume", "good"]) == 0
    assert Path(seen["save"]) == d / "good.json"


# --- atomic writes: kill the writer ---------------------------------------------------------------
WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from engine import saves
    template, target = Path(sys.argv[1]), Path(sys.argv[2])
    f = saves.load_save(template)
    f.record.actions = f.record.actions * 100     # a large save (some megabytes)
    datas = []
    for tag in ("A", "B"):
        f.name = tag
        datas.append(saves.encode_save(f))
    i = 0
    while True:
        saves.atomic_write(target, datas[i % 2])
        if i == 0:
            print("ready", flush=True)
        i += 1
""")


KILLS = 16


def test_killing_a_writer_at_any_moment_leaves_a_complete_save(good_bytes, tmp_path):
    template = tmp_path / "template.json"
    template.write_bytes(good_bytes)
    work = tmp_path / "w"
    work.mkdir()
    target = work / "big.json"
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    rnd = random.Random(1234)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    mid_write = 0
    size = 0
    for _ in range(KILLS):
        proc = subprocess.Popen([sys.executable, str(script), str(template), str(target)],
                                stdout=subprocess.PIPE, env=env)
        assert proc.stdout.readline().strip() == b"ready"
        time.sleep(rnd.uniform(0.0, 0.12))  # the kill's moment, at random: not a wait
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        leftovers = [p for p in work.iterdir() if p.name.endswith(".tmp")]
        mid_write += bool(leftovers)
        f = load_save(target)  # never a partial file
        assert f.name in ("A", "B")
        size = target.stat().st_size
    assert size > 1_000_000
    print(f"{mid_write} of {KILLS} kills landed during a write; save of {size} bytes")
    assert mid_write >= 1, "no kill landed during a write"
    # the next save of that file clears the temporary files of the dead writers
    saves.atomic_write(target, good_bytes)
    assert [p.name for p in work.iterdir()] == ["big.json"]


# --- the checksum's two forms -------------------------------------------------------------------
def test_the_older_checksum_is_read_only_in_files_of_its_schema(good_bytes, tmp_path):
    """Schema 1 files may hash the state and the record only; a file of the current schema
    must cover every field: one with the older checksum is refused in one line."""
    doc = msgspec.json.decode(good_bytes)
    assert doc["schema"] == saves.SCHEMA
    with pytest.raises(SaveError) as e:
        saves.decode_save(_sealed(dict(doc), full=False), "s.json")
    msg = str(e.value)
    assert msg.startswith("s.json: ") and "\n" not in msg and "covers only" in msg
    old = dict(doc, schema=1)
    f = saves.decode_save(_sealed(old, full=False), "old.json")
    assert f.schema == saves.SCHEMA and f.state == saves.decode_save(good_bytes).state
    # written again, it carries the current schema and the full checksum
    again = msgspec.json.decode(saves.encode_save(f))
    assert again["schema"] == saves.SCHEMA
    assert again["checksum"] == msgspec.json.decode(_sealed(dict(again)))["checksum"]
