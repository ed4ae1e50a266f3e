"""Loading checks what a save holds, not only its checksum (issue 15, point 1): every
impossible or hostile file is refused with one line naming it; nothing else escapes."""

from __future__ import annotations

import copy
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from engine import saves
from engine.game import legal_actions, quotes, view
from engine.saves import SaveError, decode_save
from engine.saves.content import MAX_DEPTH, nesting_depth
from tui.cli import main

ROOT = Path(__file__).resolve().parent.parent
PHASES = sorted((ROOT / "saves" / "phases").glob("*.json"))
enc = msgspec.json.encode


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _doc(name: str = "commerce") -> dict:
    return msgspec.json.decode((ROOT / "saves" / "phases" / f"{name}.json").read_bytes())


def _sealed(doc: dict) -> bytes:
    """The document with a correct checksum: a deliberate hand edit."""
    doc["checksum"] = saves.format._checksum(enc(doc["state"]), enc(doc["record"]))
    return enc(doc)


def _refused(doc: dict, words: str) -> str:
    with pytest.raises(SaveError) as e:
        decode_save(_sealed(doc), "edited.json")
    msg = str(e.value)
    assert msg.startswith("edited.json: ") and "\n" not in msg
    assert words in msg, msg
    return msg


def test_the_example_saves_load():
    for p in PHASES:
        saves.load_save(p)


def test_unknown_civilization():
    d = _doc()
    d["state"]["config"]["civs"][0] = "atlantis2"
    _refused(d, "impossible game")


def test_unknown_area():
    d = _doc()
    d["state"]["units"][0]["area"] = "narnia"
    _refused(d, "unknown area")


def test_unknown_card():
    d = _doc()
    d["state"]["display"][0] = "excalibur"
    _refused(d, "excalibur")


def test_unknown_unit_kind():
    d = _doc()
    d["state"]["units"][0]["kind"] = "dragon"
    _refused(d, "unknown kind")


def test_a_hand_beyond_the_supply():
    d = _doc()
    d["state"]["players"][0]["hand"]["metal"] = 2**31
    _refused(d, "out of range")
    d = _doc()
    d["state"]["players"][0]["hand"]["metal"] = 40
    _refused(d, "metal cards are in the game")


def test_the_prompt_must_be_for_a_player():
    d = _doc()
    d["state"]["prompt"]["civ"] = "nobody"
    _refused(d, "not a player")


def test_the_prompt_must_fit_the_phase():
    d = _doc()
    civ = d["state"]["prompt"]["civ"]
    d["state"]["prompt"] = {"kind": "ChooseRoleHolder", "civ": civ, "role": "trade",
                            "candidates": [civ]}
    _refused(d, "cannot be pending in the commerce phase")


def test_hash_every_must_be_at_least_one():
    d = _doc()
    d["record"]["hash_every"] = 0
    _refused(d, "hash every 0")


@pytest.mark.parametrize("version", [0, 99])
def test_the_setup_version_must_be_known(version):
    """A record replays its setup by the rules of its version: one this engine does not
    know (a newer game's, or nonsense) is refused, not replayed by other rules."""
    d = _doc()
    d["record"]["setup_version"] = version
    _refused(d, f"setup rules version {version}")


def test_deep_nesting_is_refused_before_decoding():
    deep = b"[" * 100_000 + b"]" * 100_000
    assert nesting_depth(deep) == 100_000
    assert nesting_depth(b'{"a": "[[[[[[["}') == 1
    d = _doc()
    d["name"] = "x"
    data = _sealed(d)
    bomb = data[:-1] + b', "extra": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"
    with pytest.raises(SaveError, match=f"nested deeper than {MAX_DEPTH}"):
        decode_save(bomb, "deep.json")


def test_resume_checks_the_record_against_the_state(home, capsys):
    d = _doc()
    d["state"]["turn"] += 1  # the record no longer leads here
    folder = home / "saves"
    folder.mkdir(parents=True)
    (folder / "edited.json").write_bytes(_sealed(d))
    assert main(["resume", "edited"]) == 2
    err = capsys.readouterr().err.strip()
    assert "edited.json" in err and "record" in err and "\n" not in err


def test_saves_lists_good_files_and_marks_bad_ones(home, capsys):
    folder = home / "saves"
    folder.mkdir(parents=True)
    (folder / "good.json").write_bytes((ROOT / "saves" / "phases" / "roles.json").read_bytes())
    d = _doc()
    d["state"]["units"][0]["kind"] = "dragon"
    (folder / "bad.json").write_bytes(_sealed(d))
    (folder / "foreign.json").write_bytes(b'{"hello": 1}')
    infos = {Path(i.path).stem: i for i in saves.list_saves(folder)}
    assert infos["good"].error == ""
    assert "dragon" in infos["bad"].error
    assert "not a Mare Nostrum save" in infos["foreign"].error
    assert main(["saves"]) == 0


def test_a_foreign_file_is_one_line_and_exit_code_2(home, tmp_path, capsys):
    p = tmp_path / "foreign.json"
    p.write_bytes(b"[1, 2, 3]")
    assert main(["replay", str(p), "--verify"]) == 2
    err = capsys.readouterr().err.strip()
    assert str(p) in err and "\n" not in err


# --- fuzz: mutate real saves ------------------------------------------------------------------
_HOSTILE = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1), st.just(2**31), st.just(0),
    st.just(-1), st.text(max_size=12), st.none(), st.booleans(), st.just([]), st.just({}),
    st.sampled_from(["rome", "carthage", "roma", "metal", "legion", "setup", "over",
                     "military", "zeus", "julius_caesar", "trade"]),
)


def _paths(obj, here=()):
    yield here
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, (*here, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, (*here, i))


def _mutate(doc: dict, pick: int, value, delete: bool) -> dict:
    doc = copy.deepcopy(doc)
    paths = [p for p in _paths(doc["state"], ("state",)) if len(p) > 1]
    paths += [p for p in _paths(doc["record"], ("record",)) if len(p) > 1][:400]
    path = paths[pick % len(paths)]
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    if delete and isinstance(parent, dict):
        parent.pop(path[-1])
    else:
        parent[path[-1]] = value
    return doc


_DOCS = {p.stem: msgspec.json.decode(p.read_bytes()) for p in PHASES}


@seed(15)
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(which=st.sampled_from(sorted(_DOCS)), pick=st.integers(min_value=0, max_value=10**6),
       value=_HOSTILE, delete=st.booleans())
def test_fuzz_mutated_saves_load_or_are_refused(which, pick, value, delete):
    data = _sealed(_mutate(_DOCS[which], pick, value, delete))
    try:
        save = decode_save(data, "mutated.json")
    except SaveError as e:
        assert "\n" not in str(e) and str(e).startswith("mutated.json: ")
        return
    state = save.state
    legal_actions(state)
    for s in [None, *range(len(state.players))]:
        view(state, s)
        quotes(state, s)


def test_log_as_a_player_hides_the_others_face_down_cards(capsys):
    path = ROOT / "saves" / "phases" / "commerce.json"
    assert main(["log", str(path), "--as", "rome", "--actions"]) == 0
    out = capsys.readouterr().out
    offers = [line for line in out.splitlines() if '"type":"Offer"' in line]
    assert offers
    for line in offers:
        if "] rome:" in line:
            assert '"cards":{' in line  # his own offer, in full
        else:
            assert '"cards":{' not in line and "face_down" in line


@pytest.mark.parametrize("field,value", [("name", "renamed"), ("created", "2000-01-01"),
                                         ("updated", "2000-01-01"), ("seats", ["human"] * 6),
                                         ("engine_version", "9.9")])
def test_every_field_is_covered_by_the_checksum(field, value):
    save = saves.load_save(ROOT / "saves" / "phases" / "roles.json")
    doc = msgspec.json.decode(saves.encode_save(save))
    assert doc[field] != value
    doc[field] = value
    with pytest.raises(SaveError, match="do not match their checksum"):
        decode_save(enc(doc), "edited.json")


def test_names_from_files_are_cleaned_and_limited(tmp_path, capsys):
    from tui.text import esc, shown
    evil = "\x1b]0;owned\x07\x1b[31mred[/b]\x00" + "A" * 100
    assert "\x1b" not in shown(evil) and "\x00" not in shown(evil)
    assert len(shown(evil)) <= 41 and r"\[/b]" in shown(evil)
    assert "\x1b" not in esc("a\x1b[2Jb") and esc("[b]") == r"\[b]"
    save = saves.load_save(ROOT / "saves" / "phases" / "roles.json")
    save.name = evil
    folder = tmp_path / "saves"
    saves.write_save(folder / "evil.json", save)
    assert main(["saves", "--dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "A" * 30 not in out
