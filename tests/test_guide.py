"""The guided first game (`mare-nostrum learn`, issue 34): the guide has an explanation for
every kind of decision the engine asks for, each naming a section of docs/rules.md; it
tells what the computer players did (only what the player may see) and why; a newcomer
who presses the keys the guide names plays the whole first turn; the guide goes off and
comes back."""

from __future__ import annotations

import asyncio
import typing

import pytest

from engine import events as E
from engine import prompts as P
from engine.scenario import run
from tests.guide_walk import FIRST_TURN, game_screen, guided_app, newcomer
from tests.test_docs_references import ROOT, headings
from tests.waiting import until
from tui.cli import main
from tui.decisions.base import DecisionScreen
from tui.guide import others
from tui.guide.first_game import SCENARIO, first_game_config
from tui.guide.others import GODS, PASSING, SETUP, WHY, Reason, others_did, reason
from tui.guide.texts import DECISIONS, PHASES, VICTORY_RULE
from tui.guide.tour import Tour
from tui.screens.guide import GuideScreen

RULES_HEADINGS = set(headings(ROOT / "docs" / "rules.md"))


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path))


def prompt_kinds() -> list[type]:
    return list(typing.get_args(P.Prompt))


def test_every_prompt_kind_has_an_explanation_naming_a_rules_heading():
    kinds = prompt_kinds()
    assert len(kinds) == 19
    missing = [k.__name__ for k in kinds if k not in DECISIONS]
    assert not missing, f"no explanation for {missing}"
    for kind, ex in DECISIONS.items():
        assert ex.rule in RULES_HEADINGS, f"{kind.__name__}: {ex.rule!r} is no heading"
        assert ex.decision and ex.options and ex.keys and ex.way_on and ex.way_on_words
    for phase, intro in PHASES.items():
        assert intro.rule in RULES_HEADINGS, f"phase {phase}: {intro.rule!r}"
    assert VICTORY_RULE in RULES_HEADINGS
    reasons = [v for v in vars(others).values() if isinstance(v, Reason)]
    assert set(WHY.values()) <= set(reasons)
    for why in reasons:
        assert why.rule in RULES_HEADINGS, why.rule


def test_the_prepared_game_is_the_scenario_it_ships_with():
    """The scenario file checks what the guide's first pages rely on: Carthage, the first
    seat, is Director of Commerce and announces the first trade."""
    res = run(SCENARIO)
    assert res.passed, [c.text + " " + c.detail for c in res.checks if not c.ok]
    assert first_game_config().civs[0] == "carthage"


def test_others_did_tells_the_others_moves_visible_to_the_player_with_why():
    """The player's own moves are not told back to him, a card passed in secret between
    two others is not told at all, the dice of another's battle are; each kind of move
    comes with its reason and rules section."""
    events = [
        E.PhaseStarted(turn=1, phase="construction"),
        E.Built(civ="carthage", kind="legion", province="carthago"),
        E.Built(civ="rome", kind="city", province="roma"),
        E.CardGiven(civ="rome", to="greece", card="wine", visible_to=["rome", "greece"]),
        E.PhaseStarted(turn=1, phase="military"),
        E.BattleStarted(area="etruria", naval=False, attacker="rome", defender="greece",
                        attacker_units=["legion"], defender_units=["legion"]),
        E.DiceRolled(area="etruria", civ="rome", dice=[5], automatic=[], bonus=0, total=5,
                     losses_inflicted=1),
    ]
    told = others_did(events, "carthage")
    text = "\n".join(told.lines)
    assert "Rome builds a city in Roma" in text
    assert "legion" not in text.split("military")[0]  # Carthage's own legion is not told
    assert "Wine" not in text and "wine" not in text  # the secret card
    assert "Battle in Etruria" in text
    rules = [r.rule for r in told.reasons]
    assert rules == ["Construction: costs", "Military: battles"]
    assert others_did(events, "carthage", shown=2).more == len(told.lines) - 2


def test_a_pass_is_told_with_its_own_reason():
    """A computer player who passes its offering with a set in hand chose to (the god was
    not worth the cards to it); one without a set had nothing to do; a piece placed in
    the setup is the setup's."""
    chosen = E.Passed(civ="rome", phase="offering")
    forced = E.Passed(civ="rome", phase="offering", reason="no_set")
    assert reason(chosen, "offering") is GODS
    assert reason(forced, "offering") is PASSING
    assert reason(E.Built(civ="greece", kind="trireme", province="athenae_sparta",
                          free=True), "setup") is SETUP


def test_the_tour_explains_a_kind_once_and_again_on_request():
    tour = Tour("carthage")
    prompt = P.ConstructionTurn(civ="carthage")
    assert tour.due(prompt, "construction", 1)
    page = tour.page(prompt, "construction", 1, [])
    assert page.decision is DECISIONS[P.ConstructionTurn]
    assert [p.rule for p in page.phases] == ["Construction: paying"]
    assert not tour.due(prompt, "construction", 1)
    again = tour.page(prompt, "construction", 1, [], again=True)
    assert again.decision is page.decision and again.phases == page.phases
    assert tour.due(prompt, "construction", 2)  # the first decision after the first turn
    tour.on = False
    assert not tour.due(P.NavalTurn(civ="carthage"), "military", 2)


def test_a_newcomer_plays_the_first_turn_by_the_guides_keys():
    """At 80x24, pressing Enter on each page and then the keys it names: every page of
    the first turn comes, each with its decision, options, keys and rule, and the first
    page of turn 2 says the first turn is played."""
    log: list[str] = []

    async def go() -> None:
        app = guided_app()
        async with app.run_test(size=(80, 24)) as pilot:
            page = await newcomer(pilot, len(FIRST_TURN) + 1, log)
            assert page.page.first_turn_over
            state = game_screen(app).session.state
            assert state.turn == 2
            text = str(page.query_one("#guide-text").render())
            assert "You have played your first turn" in text
            assert "The phase A new turn" in text  # the roles, which asked nothing of us
    asyncio.run(go())
    assert log[:len(FIRST_TURN)] == FIRST_TURN


def test_each_page_says_the_decision_its_keys_its_rule_and_the_others_moves():
    async def go() -> None:
        app = guided_app()
        async with app.run_test(size=(80, 24)) as pilot:
            for n, kind in enumerate(FIRST_TURN, start=1):
                page = await newcomer(pilot, 1) if n == 1 else None
                if page is None:
                    await pilot.press("enter")
                    page = await newcomer(pilot, 1)
                assert page.page.kind == kind
                ex = DECISIONS[type(game_screen(app).session.prompt)]
                text = str(page.query_one("#guide-text").render())
                for words in (ex.decision, ex.keys, ex.way_on_words, f"§ {ex.rule}",
                              "What the computer players did"):
                    assert words.split(",")[0] in text.replace("\n", " "), (kind, words)
    asyncio.run(go())


def test_the_guide_goes_off_and_g_brings_it_back():
    async def go() -> None:
        app = guided_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await newcomer(pilot, 1)
            await pilot.press("o")  # off: the decision opens, no more pages
            screen = game_screen(app)
            assert not screen.tour.on
            await until(pilot, lambda: isinstance(app.screen, DecisionScreen),
                        what="the decision, the guide off")
            await pilot.press("escape")  # the board
            await until(pilot, lambda: app.screen is screen, what="the board")
            await pilot.press("g")
            await until(pilot, lambda: isinstance(app.screen, GuideScreen),
                        what="the guide back")
            assert app.screen.page.kind == "AnnounceTrade"
            assert screen.tour.on
    asyncio.run(go())


def test_learn_is_a_command(capsys):
    with pytest.raises(SystemExit):
        main(["learn", "--help"])
    assert "guided first game" in capsys.readouterr().out
