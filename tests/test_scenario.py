"""Scenario files (docs/scenarios.md): the examples in tests/scenarios all pass, the
`scenario` command reports pass and fail, and a bad file gets a one-line error."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.saves import make_save, write_save
from engine.scenario import ScenarioError, report, run, run_text
from tui.cli import main

HERE = Path(__file__).resolve().parent
SCENARIOS = sorted((HERE / "scenarios").glob("*.toml"))
ROOT = HERE.parent


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path / "home"))


def test_there_are_example_scenarios():
    assert len(SCENARIOS) >= 6


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_example_scenario_passes(path):
    res = run(path)
    assert res.passed, "\n".join(report(res))


def test_the_documented_examples_run():
    """Every ```toml block of docs/scenarios.md that names a setup is a runnable scenario."""
    text = (ROOT / "docs" / "scenarios.md").read_text()
    blocks = [b.split("```", 1)[0] for b in text.split("```toml\n")[1:]]
    runnable = [b for b in blocks if b.lstrip().startswith("name =")]
    assert len(runnable) >= 2
    for b in runnable:
        res = run_text(b, ROOT / "docs", "docs/scenarios.md")
        assert res.passed, "\n".join(report(res))


BASE = """
name = "t"
setup = { civs = ["rome", "greece", "egypt"], seed = 7 }
"""


def test_failures_are_reported_not_raised():
    res = run_text(BASE + """
[[expect]]
winner = "rome"

[[expect]]
event = { type = "Built", civ = "rome", kind = "legion" }

[[expect]]
units = { area = "roma", owner = "rome", kind = "legion", count = 7 }

[[expect]]
phase = "commerce"
""")
    assert [c.ok for c in res.checks] == [False, False, False, True]
    assert "found none" in res.checks[0].detail
    assert "no such event" in res.checks[1].detail
    assert "found 2" in res.checks[2].detail
    lines = report(res)
    assert lines[-1] == "  FAILED: 1 of 4 expectations"
    assert sum(line.startswith("  FAIL ") for line in lines) == 3


def test_an_unexpected_illegal_action_stops_the_script():
    res = run_text(BASE + """
[[play]]
action = { type = "Announce", n = 42 }

[[play]]
action = { type = "Announce", n = 1 }

[[play.expect]]
event = { type = "TradeAnnounced" }

[[expect]]
phase = "commerce"
""")
    assert not res.passed
    first = res.checks[0]
    assert first.text == "play 1 is legal" and "from 0 to 5" in first.detail
    assert all("not checked" in c.text for c in res.checks[1:])


def test_an_expected_illegal_action_that_is_legal_fails():
    res = run_text(BASE + """
[[play]]
action = { type = "Announce", n = 1 }
illegal = "anything"
""")
    assert [c.ok for c in res.checks] == [False]
    assert res.checks[0].detail == "the action was legal"


def test_a_wrong_player_fails():
    res = run_text(BASE + """
[[play]]
as = "rome"
action = { type = "Announce", n = 1 }
""")
    assert not res.passed and "the prompt is for egypt" in res.checks[0].detail


def test_from_save_and_at(tmp_path):
    from engine.bots import make_bot
    from engine.game import apply, new_game, state_hash, view
    from engine.record import add_action, new_record
    from engine.state import Config
    config = Config(civs=["rome", "greece", "egypt"], seed=3)
    state, _ = new_game(config)
    rec = new_record(config, state_hash(state))
    bot = make_bot("random", 1)
    for _ in range(30):
        seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
        a = bot.choose(view(state, seat))
        apply(state, a)
        add_action(rec, a, state_hash(state))
    write_save(tmp_path / "s.json", make_save(state, rec, "s"))
    (tmp_path / "a.toml").write_text(f"""
name = "from a save"
from_save = "s.json"

[[expect]]
state = {{ actions_taken = 30, turn = {state.turn} }}
""")
    assert run(tmp_path / "a.toml").passed
    (tmp_path / "b.toml").write_text("""
name = "from a save, at action 0"
from_save = { file = "s.json", at = 0 }

[[expect]]
state = { actions_taken = 0 }
""")
    assert run(tmp_path / "b.toml").passed


def test_bot_play():
    res = run_text(BASE + """
[[play]]
bot = "random"
seed = 3
until_phase = "offering"

[[expect]]
phase = "offering"
""")
    assert res.passed, "\n".join(report(res))


def test_generic_set_and_state_checks():
    res = run_text(BASE + """
[[edit]]
set = { "players.0.hand" = { tax = 5 }, "config.no_take_back" = true }

[[expect]]
state = { "players.0.hand.tax" = 5, "config.no_take_back" = true }
""")
    assert res.passed, "\n".join(report(res))


@pytest.mark.parametrize("text,message", [
    ("name = 'x'\n", "give either `setup` or `from_save`"),
    ("setup = 3\n", "`setup` is a table"),
    ("setup = { civs = ['rome', 'rome', 'egypt'] }\n", "cannot be set up"),
    ("setup = { civs = ['rome', 'greece', 'egypt'], colour = 'red' }\n", "unknown setup key"),
    ("setup = { civs = ['rome', 'greece', 'egypt'] }\nfoo = 1\n", "unknown key(s) foo"),
    (BASE + "[[edit]]\nhand = { rome = { gold_bars = 1 } }\n", "not a resource card"),
    (BASE + "[[edit]]\nunits = { roma = ['rome pikeman'] }\n", "bad unit kind"),
    (BASE + "[[edit]]\nunits = { atlantis_city = ['rome legion'] }\n", "not a province or sea"),
    (BASE + "[[edit]]\nroles = { emperor = 'rome' }\n", "not a role"),
    (BASE + "[[edit]]\nset = { 'nothing.here' = 1 }\n", "no field 'nothing.here'"),
    (BASE + "[[edit]]\nset = { turn = 'three' }\n", "invalid state"),
    (BASE + "[[edit]]\nset = { 'order.activ' = 'rome' }\n", "'activ' is not one of"),
    (BASE + "[[edit]]\nset = { 'players.7.hand' = {} }\n", "no index of a list of 3"),
    (BASE + "[[expect]]\nstate = { 'trade.m' = 1 }\n", "'m' is not one of"),
    (BASE + "[[edit]]\nflip = true\n", "unknown edit key"),
    (BASE + "[[play]]\naction = { type = 'Teleport' }\n", "bad action"),
    (BASE + "[[play]]\nactoin = { type = 'Pass' }\n", "unknown play key"),
    (BASE + "[[expect]]\nwinner = 'rome'\nphase = 'x'\n", "checks one thing"),
    (BASE + "[[expect]]\nsomething = 1\n", "unknown expect key"),
    (BASE, "checks nothing"),
    ("this is = not toml ]]\n", "not a valid TOML file"),
])
def test_bad_scenarios_are_refused_with_a_reason(text, message):
    with pytest.raises(ScenarioError) as e:
        run_text(text, ".", "s.toml")
    assert message in str(e.value)
    assert str(e.value).startswith("s.toml")
    assert "\n" not in str(e.value)


def test_the_command(tmp_path, capsys):
    assert main(["scenario", str(SCENARIOS[0])]) == 0
    out = capsys.readouterr().out
    assert "PASS" in out and "passed:" in out
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE + "[[expect]]\nwinner = 'rome'\n")
    assert main(["scenario", "-q", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL winner rome" in out
    broken = tmp_path / "broken.toml"
    broken.write_text("[[[")
    assert main(["scenario", str(broken), str(SCENARIOS[0])]) == 2
    cap = capsys.readouterr()
    assert len(cap.err.strip().splitlines()) == 1 and "not a valid TOML file" in cap.err
    assert "1 of 2 scenarios passed" in cap.out
    assert main(["scenario", str(tmp_path / "missing.toml")]) == 2
    assert "no such file" in capsys.readouterr().err
