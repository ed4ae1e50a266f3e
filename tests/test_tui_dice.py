"""The dice before every decision that depends on them (issue 30, point 2): a power asked
after a battle's dice (Mars, Ajax) and the losses show both sides' dice, automatic values,
bonuses with the card behind each, totals and the losses they cost, from the engine's
battle quote; each choice that changes a total says what it makes of the battle."""

from __future__ import annotations

import pytest

from engine.actions import Move, Pass, TakeLosses, UsePower
from engine.battle_quotes import AutomaticQuote, BattleQuote, BonusQuote, SideQuote
from engine.events import DiceRolled
from engine.game import apply
from engine.prompts import ChooseLosses, Reaction
from engine.quotes import quotes
from engine.render_battle import battle_lines, choice_text
from tests.powers.support import give, give_god
from tests.test_military import game, put, start_military
from tests.test_tui_fixtures import settle
from tests.test_tui_pilot import sync
from tests.test_tui_snapshots import (  # noqa: F401  (the fixture pins the bot levels)
    LARGE,
    SMALL,
    _fixed_bot_levels,
    game_app,
    open_decision,
    top_is,
)
from tui.screens.game import GameScreen
from tui.sessions.local import HUMAN, LocalSession

MIDDLE = (160, 48)


def mars_state(holder: str = "carthage", dice: list[int] | None = None):
    """Carthage (Hannibal: +1 a legion's die) attacks Atlantis in Numidia with three legions;
    Atlantis has a legion and a fortress there (an automatic 6). `holder` holds Mars."""
    s = game(["carthage", "atlantis", "rome"])
    give_god(s, holder, "mars")
    give(s, "carthage", "hannibal")
    mine = put(s, "carthage", "legion", "mauretania_caesariensis", 3)
    put(s, "atlantis", "legion", "numidia")
    put(s, "atlantis", "fortress", "numidia")
    start_military(s, "carthage", "ground")
    s.forced_dice = dice or [2, 1, 3, 4]  # Carthage 2 1 3 +3, Atlantis 4 + 6
    ev = apply(s, Move(units=mine, to="numidia"))
    return s, ev


def session_of(state, events) -> LocalSession:
    seat = next(p.seat for p in state.players if p.civ == state.prompt.civ)
    seats = [HUMAN if i == seat else "random" for i in range(len(state.players))]
    return LocalSession(state, seats, events=events, autosave=False, save_name="test")


def mars_session(holder: str = "carthage") -> LocalSession:
    s, ev = mars_state(holder)
    assert isinstance(s.prompt, Reaction) and s.prompt.window == "after_dice"
    return session_of(s, ev)


# --- the engine's quote ------------------------------------------------------------------------
def test_the_quote_holds_both_sides_dice_automatic_values_bonuses_and_losses():
    """Combat (docs/rules.md, Military: battles): a die a legion, an automatic 6 a fortress, Hannibal's +1 a
    legion's die; a unit lost per full 5 points. Carthage 2+1+3 +3 = 9 kills one of
    Atlantis' two units; Atlantis 4 + 6 = 10 kills two of Carthage's three legions."""
    s, ev = mars_state()
    q = quotes(s, 0).battle
    assert q is not None and q.area == "numidia" and not q.naval
    a, d = q.attacker, q.defender
    assert (a.civ, a.dice, a.total, a.inflicts) == ("carthage", [2, 1, 3], 9, 1)
    assert a.bonuses == [BonusQuote(card="hannibal", points=3, per_die=1)]
    assert (d.civ, d.dice, d.total, d.inflicts) == ("atlantis", [4], 10, 2)
    assert d.automatic == [AutomaticQuote(kind="fortress", value=6)]
    assert not [e for e in ev if isinstance(e, DiceRolled)]  # no event tells it yet


def test_the_quote_says_what_mars_makes_of_each_side_and_only_to_its_holder():
    """Mars: +6 to one side's total. Carthage's 9 -> 15 kills both Atlantean units;
    Atlantis' 10 -> 16 kills all three Carthaginian legions. The totals do not change."""
    s, _ = mars_state()
    q = quotes(s, 0).battle
    by_side = {c.side: c for c in q.choices}
    assert (by_side["carthage"].total, by_side["carthage"].inflicts) == (15, 2)
    assert (by_side["atlantis"].total, by_side["atlantis"].inflicts) == (16, 3)
    assert s.military.battle.attacker_total == 9 and "mars" not in s.gods_used
    assert quotes(s, 1).battle.choices == []  # Atlantis is not the one asked
    assert quotes(s, None).battle.attacker.dice == [2, 1, 3]  # the dice are public


def test_after_mars_the_losses_dialog_names_mars_among_the_bonuses():
    """Carthage rolls 1 1 1 (+3 Hannibal) = 6: Atlantis loses one of its legion and
    fortress, its own choice; Mars gave Atlantis' 1 + 6 its +6 = 13 (two legions)."""
    s, _ = mars_state(dice=[1, 1, 1, 1])
    apply(s, UsePower(card="mars", target="atlantis"))
    assert isinstance(s.prompt, ChooseLosses) and s.prompt.civ == "atlantis"
    q = quotes(s, 1).battle
    assert q.defender.bonuses == [BonusQuote(card="mars", points=6)]
    assert (q.defender.total, q.defender.inflicts, q.attacker.inflicts) == (13, 2, 1)
    assert battle_lines(q, "atlantis")[2] == ("Atlantis (you), defending: [1], 6 for a "
                                              "fortress, +6 Mars = 13; Carthage loses 2 units")


def test_no_quote_before_the_dice_nor_after_the_battle():
    from tests.test_tui_words import battle_windows
    _, before = battle_windows()[("Reaction", "before_battle")]
    assert before.military.battle is not None and quotes(before, 0).battle is None
    s, _ = mars_state()
    apply(s, Pass())  # Mars unused: Atlantis chooses its loss, the dice still quoted
    assert isinstance(s.prompt, ChooseLosses) and quotes(s, 1).battle is not None
    apply(s, TakeLosses(units=s.prompt.units[:1]))
    assert s.military.battle is None and quotes(s, 0).battle is None


# --- the words ----------------------------------------------------------------------------------
def test_the_lines_name_every_cause_and_each_choice_says_what_it_does():
    s, _ = mars_state()
    q = quotes(s, 0).battle
    lines = battle_lines(q, "carthage")
    assert lines[1] == ("Carthage (you), attacking: [2] [1] [3], +3 Hannibal (+1 a die) = 9; "
                        "Atlantis loses 1 unit")
    assert lines[2] == "Atlantis, defending: [4], 6 for a fortress = 10; you lose 2 units"
    texts = sorted(choice_text(c, q, "carthage") for c in q.choices)
    assert texts == [
        "Mars: add 6 to Atlantis' total (10 → 16: you lose 3 units instead of 2)",
        "Mars: add 6 to your total (9 → 15: Atlantis loses 2 units instead of 1)"]
    # a third player holding Mars reads both sides by name
    s3, _ = mars_state("rome")
    q3 = quotes(s3, 2).battle
    assert sorted(choice_text(c, q3, "rome") for c in q3.choices)[1].startswith(
        "Mars: add 6 to Carthage's total (9 → 15: Atlantis loses 2 units")


def test_a_ranged_battle_and_a_sea_battle_read_as_they_are_fought():
    """docs/rules.md, Military: battles: in a ranged battle only the attackers roll (a Titan's shot); at sea
    the triremes roll (Pericles: +1 a trireme's die)."""
    def side(civ, dice, total, inflicts, bonuses=()):
        return SideQuote(civ=civ, units=len(dice) or 1, dice=dice, automatic=[],
                         bonuses=list(bonuses), total=total, inflicts=inflicts)
    ranged = BattleQuote(area="numidia", naval=False, ranged=True,
                         attacker=side("atlantis", [4, 5], 9, 1),
                         defender=side("carthage", [], 0, 0))
    assert battle_lines(ranged, "carthage") == [
        "Battle in Numidia, the dice rolled:",
        "Atlantis, attacking: [4] [5] = 9; you lose 1 unit",
        "Carthage (you) rolls nothing (shot at from afar)"]
    naval = BattleQuote(area="mare_ionium", naval=True, ranged=False,
                        attacker=side("greece", [5], 6, 1,
                                      [BonusQuote(card="pericles", points=1, per_die=1)]),
                        defender=side("rome", [1], 1, 0))
    assert battle_lines(naval, None)[:2] == [
        "Sea battle in Mare Ionium, the dice rolled:",
        "Greece, attacking: [5], +1 Pericles (+1 a die) = 6; Rome loses 1 unit"]


# --- as a player meets it ------------------------------------------------------------------------
def dialog_text(app) -> str:
    from tests.test_tui_words import screen_text
    return screen_text(app.screen)


@pytest.mark.parametrize("size", [SMALL, MIDDLE], ids=["80x24", "160x48"])
@sync
async def test_the_mars_question_shows_the_dice_and_what_each_choice_does(size):
    session = mars_session()
    app = game_app(session)
    async with app.run_test(size=size) as pilot:
        await open_decision(pilot)
        text = dialog_text(app)
        assert "after the dice, before the losses" in text and "after_dice" not in text
        assert "[2] [1] [3], +3 Hannibal (+1 a die) = 9" in text
        assert "[4], 6 for a fortress = 10" in text
        assert "add 6 to your total (9 → 15" in text
        assert "add 6 to Atlantis' total (10 → 16" in text
        # the whole panel and both choices are on the screen at this size
        panel = app.screen.query_one("#d-battle")
        assert panel.region.height >= 3 and panel.region.bottom <= size[1]
        options = app.screen.query_one("#choices")
        assert options.option_count == 3 and options.region.height >= 3
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game_screen.map.cursor == "numidia"  # the battle's area beside the dialog
        await pilot.press("enter")  # the first choice: Mars on Carthage's own total
        assert await settle(pilot, lambda: "mars" in session.state.gods_used)
    # the engine applied it: 15 kills both Atlantean units
    assert not [u for u in session.state.units if u.owner == "atlantis" and u.area == "numidia"]


@sync
async def test_ajax_and_a_fixed_die_are_shown_before_the_reroll():
    from tests.test_tui_words import battle_windows
    name, state = battle_windows()[("Reaction", "after_dice ajax")]
    app = game_app(session_of(state, []))
    async with app.run_test(size=SMALL) as pilot:
        await open_decision(pilot)
        text = dialog_text(app)
        assert "4 fixed" in text and "Ajax: re-roll your 1" in text
        assert "[1] [5]" in text  # the two dice rolled beside the fixed 4


# --- snapshots -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_mars_question(snap_compare, size):
    assert snap_compare(game_app(mars_session()), terminal_size=size,
                        run_before=open_decision)
