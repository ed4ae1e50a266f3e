"""Game records: hashes, replay verification (catching an edited or illegal action), the
`replay` and `log` commands, and the rendering of every event type."""

from __future__ import annotations

import typing
from pathlib import Path

import msgspec
import pytest

from engine import events as E
from engine import record as R
from engine import render
from engine import replay as replays
from engine.actions import Announce
from engine.bots import make_bot
from engine.game import apply, clone, legal_actions, new_game, state_hash, view
from engine.match import Match
from engine.saves import decode_save, encode_save, load_save, make_save, write_save
from engine.state import Config
from tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
SIX = ["rome", "greece", "egypt", "carthage", "babylon", "atlantis"]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path / "home"))


def play(config: Config, n: int, level: str = "random"):
    state, _ = new_game(config)
    rec = R.new_record(config, state_hash(state))
    bots = [make_bot(level, config.seed * 100 + i) for i in range(len(config.civs))]
    for _ in range(n):
        if state.phase == "over":
            break
        seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
        action = bots[seat].choose(view(state, seat))
        apply(state, action)
        R.add_action(rec, action, state_hash(state))
    return state, rec


@pytest.fixture(scope="module")
def game():
    return play(Config(civs=SIX, seed=4), 400)


# --- the record itself ------------------------------------------------------------------------
def test_hashes_every_n_actions_and_the_last():
    state, rec = play(Config(civs=["rome", "greece", "egypt"], seed=1), 25)
    assert len(rec.actions) == 25
    assert sorted(rec.hashes) == [0, 10, 20, 25]
    assert rec.hashes[25] == state_hash(state)
    assert rec.seed == 1 and rec.config.civs == ["rome", "greece", "egypt"]
    _, rec30 = play(Config(civs=["rome", "greece", "egypt"], seed=1), 30)
    assert sorted(rec30.hashes) == [0, 10, 20, 30]


def test_verify_ok(game):
    state, rec = game
    v = replays.verify(rec, final_hash=state_hash(state))
    assert v.ok, v.message
    assert v.message.startswith(f"OK: {len(rec.actions)} actions replayed")
    assert v.checked == len(rec.hashes)
    assert v.final == state


def test_replay_reproduces_every_state(game):
    _, rec = game
    state, _ = new_game(rec.config)
    steps = replays.replay(rec)
    for step, action in zip(steps, rec.actions, strict=True):
        apply(state, action)
        assert step.state == state


def _edited(rec: R.GameRecord):
    """Replace one action by another legal one, keeping the later actions legal up to the
    next checkpoint; returns (edited record, index edited, checkpoint)."""
    state, _ = new_game(rec.config)
    for i, action in enumerate(rec.actions, start=1):
        k = -(-i // rec.hash_every) * rec.hash_every
        if i % rec.hash_every and k <= len(rec.actions):
            for alt in legal_actions(state)[:8]:
                if alt == action:
                    continue
                trial = clone(state)
                try:
                    apply(trial, alt)
                    for later in rec.actions[i:k]:
                        apply(trial, later)
                except Exception:
                    continue
                actions = list(rec.actions)
                actions[i - 1] = alt
                return msgspec.structs.replace(rec, actions=actions), i, k
        apply(state, action)
    raise AssertionError("no action could be edited")


def test_verify_catches_an_edited_action(game):
    _, rec = game
    edited, i, k = _edited(rec)
    v = replays.verify(edited)
    assert not v.ok
    assert v.first_bad == k
    assert v.message.startswith(f"diverges at action {k}")
    assert v.last_good == k - rec.hash_every
    assert f"actions {k - rec.hash_every + 1}-{k}" in v.message


def test_verify_reports_the_first_illegal_action(game):
    _, rec = game
    actions = list(rec.actions)
    actions[6] = Announce(n=99)
    v = replays.verify(msgspec.structs.replace(rec, actions=actions))
    assert not v.ok and v.first_bad == 7
    assert v.message.startswith("action 7 by ")
    assert "is illegal: " in v.message
    try:  # the engine's own reason is quoted
        state, _ = new_game(rec.config)
        for a in actions[:6]:
            apply(state, a)
        apply(state, actions[6])
    except Exception as e:
        assert str(e) in v.message


def test_verify_a_changed_setup():
    _, rec = play(Config(civs=["rome", "greece", "egypt"], seed=1), 5)
    rec.hashes[0] = "0" * 64
    v = replays.verify(rec)
    assert not v.ok and v.first_bad == 0 and "does not start as recorded" in v.message


def test_a_record_from_a_position():
    state, _ = play(Config(civs=["rome", "greece", "egypt"], seed=9), 40)
    rec = R.record_from(state)
    bots = [make_bot("random", i) for i in range(3)]
    for _ in range(30):
        seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
        action = bots[seat].choose(view(state, seat))
        apply(state, action)
        R.add_action(rec, action, state_hash(state))
    v = replays.verify(rec, final_hash=state_hash(state))
    assert v.ok, v.message


# --- the commands ---------------------------------------------------------------------------------
@pytest.fixture
def save_file(game, tmp_path):
    state, rec = game
    return write_save(tmp_path / "g.json", make_save(state, rec, "g"))


def test_replay_verify_command_ok(save_file, capsys):
    assert main(["replay", str(save_file), "--verify"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{save_file}: OK: ")


def test_replay_verify_command_names_the_divergence(game, tmp_path, capsys):
    state, rec = game
    edited, _i, k = _edited(rec)
    p = write_save(tmp_path / "edited.json", make_save(state, edited, "edited"))
    assert main(["replay", str(p), "--verify"]) == 1
    out = capsys.readouterr().out
    assert f"diverges at action {k}" in out


def test_replay_verify_command_illegal(game, tmp_path, capsys):
    state, rec = game
    actions = list(rec.actions)
    actions[2] = Announce(n=99)
    p = write_save(tmp_path / "ill.json",
                   make_save(state, msgspec.structs.replace(rec, actions=actions), "ill"))
    assert main(["replay", str(p), "--verify"]) == 1
    assert "action 3 by " in capsys.readouterr().out


def test_replay_to_a_point_and_save_it(save_file, game, tmp_path, capsys):
    out_path = tmp_path / "at50.json"
    assert main(["replay", str(save_file), "--to", "50", "--quiet", "--save",
                 str(out_path)]) == 0
    f = load_save(out_path)
    _, rec = game
    assert len(f.record.actions) == 50
    assert f.record.hashes[50] == state_hash(f.state) == state_hash(
        replays.verify(R.truncate(rec, 50)).final)
    assert main(["replay", str(out_path), "--verify"]) == 0


def test_replay_prints_actions_and_events(save_file, capsys):
    assert main(["replay", str(save_file), "--to", "3"]) == 0
    out = capsys.readouterr().out
    assert "[1] " in out and '{"type":' in out and "3 actions replayed" in out


def test_log_command(save_file, capsys):
    assert main(["log", str(save_file)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("A new game: Rome, Greece, Egypt, Carthage, Babylon and Atlantis")
    assert "Turn 1: the commerce phase" in lines
    assert any(" produces " in line for line in lines)
    assert "Traceback" not in out


def test_log_as_one_player_hides_the_others_secrets(game, tmp_path, capsys):
    state, rec = game
    p = write_save(tmp_path / "g.json", make_save(state, rec, "g"))
    everything = replays.verify(rec, keep_events=True).events
    secret = [e for e in everything if e.visible_to]
    if not secret:
        pytest.skip("no secret event in this game")
    e = secret[0]
    outsider = next(c for c in rec.config.civs if c not in e.visible_to)
    assert main(["log", str(p), "--as", outsider]) == 0
    seen_by_outsider = capsys.readouterr().out
    assert main(["log", str(p)]) == 0
    full = capsys.readouterr().out
    assert render.render(e) in full
    assert len(seen_by_outsider) < len(full)
    assert main(["log", str(p), "--as", "nobody"]) == 2


def test_the_shipped_six_player_game_replays():
    path = ROOT / "saves" / "games" / "six-player-greedy.json"
    f = load_save(path)
    assert len(f.state.players) == 6 and f.state.phase == "over" and f.state.winner
    v = replays.verify(f.record, final_hash=state_hash(f.state))
    assert v.ok, f"{v.message}: the rules changed; run bench/make_fixtures.py"


@pytest.mark.parametrize("path", sorted((ROOT / "saves" / "phases").glob("*.json")),
                         ids=lambda p: p.name)
def test_the_phase_saves(path):
    f = load_save(path)
    assert f.state.phase == path.stem
    assert f.state.prompt is not None and legal_actions(f.state)
    v = replays.verify(f.record, final_hash=state_hash(f.state))
    assert v.ok, f"{v.message}: the rules changed; run bench/make_fixtures.py"


# --- rendering ------------------------------------------------------------------------------------
SAMPLES: list[E.Event] = [
    E.GameStarted(civs=["rome", "greece", "egypt"], neutrals=["carthage"], setup="free"),
    E.TurnStarted(turn=2),
    E.PhaseStarted(turn=2, phase="offering"),
    E.CapitalChosen(civ="greece", province="athenae_sparta"),
    E.RoleAssigned(role="military_leader", civ="rome", previous="carthage",
                   scores={"rome": 5, "carthage": 4}),
    E.Produced(civ="rome", cards={"tax": 2, "wine": 1}, short={"gold": 1}),
    E.TradeAnnounced(civ="egypt", n=3, participants=["egypt", "rome"]),
    E.TradeOffered(civ="rome", count=3),
    E.OffersRevealed(offers={"rome": ["wine", "wine", "tax"], "egypt": ["grain"]}),
    E.CardTaken(civ="rome", source="egypt", card="grain"),
    E.TradeChainEnded(returned={"rome": ["wine"]}),
    E.CardGiven(civ="rome", to="egypt", card="tax", visible_to=["rome", "egypt"]),
    E.CardReceived(civ="greece", card="fish", source="hermes"),
    E.PlayerNamed(by="rome", civ="greece", phase="construction"),
    E.GodsReturned(),
    E.GodTaken(civ="egypt", god="mars"),
    E.Passed(civ="rome", phase="offering"),
    E.Paid(civ="rome", cards={"tax": 3}),
    E.Built(civ="rome", kind="legion", province="etruria", unit=40),
    E.CardAcquired(civ="rome", card="solomon", count=2),
    E.Discarded(civ="rome", cards={"wine": 1, "tax": 1}),
    E.TriremeMoved(civ="greece", unit=3, origin="mare_ionium", to="mare_aegaeum"),
    E.UnitsMoved(civ="rome", units=[1, 2, 3], kinds=["legion", "legion", "creature"],
                 origin="roma", to="etruria"),
    E.MoveCancelled(civ="rome", units=[1], reason="the trireme was sunk"),
    E.BattleStarted(area="carthago", naval=False, attacker="atlantis", defender="carthage",
                    attacker_units=["legion"] * 5, defender_units=["legion", "fortress"]),
    E.DiceRolled(area="carthago", civ="atlantis", dice=[2, 4, 1, 5, 4], automatic=[],
                 bonus=0, total=16, losses_inflicted=3),
    E.UnitsLost(area="carthago", civ="carthage", units=[7, 8], kinds=["legion", "legion"]),
    E.BattleEnded(area="carthago", at_war=True, survivors={"atlantis": 2, "carthage": 1}),
    E.Sacked(civ="rome", province="carthago", owner="carthage", building="caravan",
             site="fruit"),
    E.Occupied(civ="rome", province="carthago", posts=["city", "caravan:fruit"]),
    E.ConversionStarted(civ="rome", province="carthago", owner="carthage"),
    E.ConversionCompleted(civ="rome", province="carthago", previous="carthage"),
    E.PowerUsed(civ="egypt", card="cleopatra", detail="swaps Grain for Tax"),
    E.Victory(civ="rome", reason="holds 4 heroes and wonders"),
]


def test_every_event_type_has_a_renderer():
    types = set(typing.get_args(E.Event))
    assert set(render.RENDERERS) == types
    assert {type(e) for e in SAMPLES} == types
    for e in SAMPLES:
        line = render.render(e)
        assert line and "\n" not in line and not line.startswith(type(e).__name__), line
        assert "_" not in line, f"an id leaked into {line!r}"


def test_render_lines():
    r = render.render
    assert r(E.Built(civ="rome", kind="legion", province="etruria")) == \
        "Rome builds a legion in Etruria"
    assert r(E.Built(civ="rome", kind="caravan", province="etruria", site="metal")) == \
        "Rome builds a caravan (Metal) in Etruria"
    assert r(E.Built(civ="rome", kind="influence", province="etruria", free=True)) == \
        "Rome places an influence marker in Etruria (free)"
    assert r(E.Paid(civ="rome", cards={"tax": 3})) == "Rome pays 3 Tax"
    assert r(E.UnitsMoved(civ="rome", units=[1, 2], kinds=["legion", "legion"],
                          origin="roma", to="sicilia", seas=["mare_tyrrhenum"])) == \
        "Rome moves 2 legions from Roma to Sicilia by Mare Tyrrhenum"
    assert r(E.Victory(civ="egypt", reason="built the Pyramids")) == \
        "Egypt wins the game: built the Pyramids"


def test_both_sides_of_a_battle_share_a_line():
    lines = render.render_events([
        E.DiceRolled(area="carthago", civ="atlantis", dice=[2, 4, 1, 5, 4], automatic=[],
                     bonus=0, total=16, losses_inflicted=3),
        E.DiceRolled(area="carthago", civ="carthage", dice=[3, 3], automatic=[6, 6],
                     bonus=2, total=20, losses_inflicted=4),
        E.UnitsLost(area="carthago", civ="atlantis", units=[1], kinds=["legion"]),
    ])
    assert lines == [
        "Battle in Carthago: Atlantis rolls 2 4 1 5 4 = 16, Carthage rolls 3 3 +12 +2 = 20",
        "Battle in Carthago: Atlantis loses a legion",
    ]


def test_unknown_ids_are_shown_as_they_are():
    assert render.render(E.Built(civ="rome", kind="legion", province="nowhere")) == \
        "Rome builds a legion in nowhere"


def test_a_record_read_from_a_file_shares_its_equal_actions_and_still_replays():
    """A game server holds many records read from their saves: equal actions become one
    object, and the record is the same game (it replays to its saved state)."""
    path = sorted((ROOT / "saves" / "games").glob("*.json"))[0]
    save = load_save(path)
    before = list(save.record.actions)
    R.share_equal_actions(save.record)
    assert save.record.actions == before
    assert len({id(a) for a in save.record.actions}) < len(before) / 2
    assert replays.verify(save.record, final_hash=state_hash(save.state)).ok


def _played_out(seed: int) -> Match:
    match = Match.new(Config(civs=["rome", "greece", "egypt"], seed=seed), ["random"] * 3,
                      bot_secret=b"shared actions")
    while (seat := match.pending_seat()) is not None:
        match.act(seat, match.bot_action())
    return match


def test_games_played_at_once_hold_one_object_for_each_equal_action(monkeypatch):
    """A game server plays many games at once: an action equal to one already played, in
    the same game or another, is kept as that one object; each record is still its own
    game (it saves, reads back equal, and replays to its final state)."""
    monkeypatch.setattr(R, "_shared", {})
    matches = [_played_out(seed) for seed in (21, 22)]
    held: dict[bytes, set[int]] = {}
    for m in matches:
        for a in m.record.actions:
            held.setdefault(msgspec.msgpack.encode(a), set()).add(id(a))
    assert all(len(objects) == 1 for objects in held.values())
    first, second = ({id(a) for a in m.record.actions} for m in matches)
    assert first & second  # a pass, a card taken: the same object in both games
    for m in matches:
        read = decode_save(encode_save(make_save(m.state, m.record, "shared")))
        assert read.record.actions == m.record.actions
        R.share_equal_actions(read.record)
        assert all(a is b for a, b in zip(read.record.actions, m.record.actions, strict=True))
        assert replays.verify(read.record, final_hash=state_hash(m.state)).ok


def test_the_shared_actions_stay_within_their_bound(monkeypatch):
    """The pool of shared actions never holds more than its bound; a game played past it
    is recorded as before."""
    monkeypatch.setattr(R, "_shared", {})
    monkeypatch.setattr(R, "SHARED_ACTIONS", 50)
    sizes: list[int] = []
    match = Match.new(Config(civs=["rome", "greece", "egypt"], seed=23), ["random"] * 3,
                      bot_secret=b"shared actions")
    while (seat := match.pending_seat()) is not None:
        match.act(seat, match.bot_action())
        sizes.append(len(R._shared))
    assert max(sizes) == 50 and len(match.record.actions) > 500
    assert replays.verify(match.record, final_hash=state_hash(match.state)).ok
