"""The player's information (issue 13): the card browser, notices of what happened to the
player, the dice before a power is asked for, Escape in the dialogs, the undo."""

from __future__ import annotations

import pytest

from tests.test_tui_fixtures import decision_session, phase_session, settle
from tests.test_tui_pilot import sync
from tests.test_tui_snapshots import (  # noqa: F401  (the fixture pins the bot levels)
    LARGE,
    SMALL,
    _fixed_bot_levels,
    board_only,
    game_app,
    top_is,
)
from tests.waiting import settled, until
from tui.app import MareNostrumApp
from tui.screens.cards import CardBrowserScreen, browser_markup


async def open_cards(pilot) -> None:
    await board_only(pilot)
    await pilot.press("c")
    await settle(pilot, top_is(pilot.app, CardBrowserScreen))


# --- 1. what cards do --------------------------------------------------------------------
def test_every_card_has_its_power_in_the_browser():
    from engine.data.cards import ALL_CARDS
    from engine.render import card_text
    text = browser_markup(None, None)
    for c in ALL_CARDS:
        assert card_text(c), c
        assert card_text(c).replace("[", r"\[") in text


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_card_browser(snap_compare, size):
    s = phase_session("ConstructionTurn")
    assert snap_compare(game_app(s), terminal_size=size, run_before=open_cards)


def test_card_browser_without_a_game(snap_compare):
    app = MareNostrumApp(first_screen=CardBrowserScreen(), autosave=False)
    assert snap_compare(app, terminal_size=SMALL)


@sync
async def test_card_browser_closes_with_escape():
    app = game_app(phase_session("ConstructionTurn"))
    async with app.run_test(size=SMALL) as pilot:
        await open_cards(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, CardBrowserScreen)


# --- 5. rules named for players ----------------------------------------------------------
def _rule_refs() -> set[str]:
    """Every rule reference the engine raises an IllegalAction with (literal strings)."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "engine"
    consts: dict[str, str] = {}
    refs: set[str] = set()
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                    isinstance(node.value.value, str) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], ast.Name) and \
                    node.targets[0].id.startswith("R_"):
                consts[node.targets[0].id] = node.value.value
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                    "IllegalAction", "illegal") and len(node.args) > 1:
                arg = node.args[1]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    refs.add(arg.value)
                elif isinstance(arg, ast.Name) and arg.id in consts:
                    refs.add(consts[arg.id])
    return refs


def test_every_rule_reference_names_a_section_of_the_shipped_rules_or_a_card():
    from pathlib import Path

    from engine.render import RULES_DOC, rule_name
    doc = (Path(__file__).resolve().parent.parent / "docs" / RULES_DOC).read_text()
    sections = {line[3:].strip() for line in doc.splitlines() if line.startswith("## ")}
    refs = _rule_refs()
    assert len(refs) > 20
    for ref in refs:
        name = rule_name(ref)
        assert "base-game" not in name and ".md " not in name.replace(RULES_DOC, ""), ref
        if name.startswith(RULES_DOC):
            section = name.removeprefix(f"{RULES_DOC} § ").split(" — ")[0]
            assert section in sections, (ref, section)
        else:
            assert name.startswith("the card "), (ref, name)


# --- 4. escape and undo ------------------------------------------------------------------
def test_a_decision_is_taken_back_in_the_match_while_nothing_was_revealed():
    from engine import actions as A
    from engine.game import state_hash
    s = phase_session("ConstructionTurn")
    seat = s.pending_seat
    before = state_hash(s.state)
    hashes = dict(s.record.hashes)
    n = len(s.record.actions)
    events = len(s.events)
    buy = next(a for a in s.legal() if isinstance(a, A.Buy))
    s.apply(buy)
    assert s.can_undo(seat)
    s.undo(seat)
    assert state_hash(s.state) == before
    assert len(s.record.actions) == n and s.record.hashes == hashes
    assert len(s.events) == events
    assert not s.can_undo(seat)


def test_no_undo_after_dice_or_another_seat():
    from engine import events as E
    from engine.undo import take_back_refusal
    s = phase_session("ConstructionTurn")
    st = s.state
    dice = E.DiceRolled(area="roma", civ="rome", dice=[3], automatic=[], bonus=0, total=3,
                        losses_inflicted=0)
    assert take_back_refusal(st, st, [dice])
    assert take_back_refusal(st, st, [E.OffersRevealed(offers={})])
    assert take_back_refusal(st, st, [E.CardGiven(civ="rome", to="greece", card="tax",
                                                  visible_to=["greece"])])
    assert take_back_refusal(st, st, []) == ""


@sync
async def test_undo_from_the_construction_dialog():
    from engine import actions as A
    from engine.game import state_hash
    from tui.decisions import DecisionScreen
    s = phase_session("ConstructionTurn")
    before = state_hash(s.state)
    app = game_app(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, top_is(app, DecisionScreen))
        assert "No undo" in app.screen.query_one("KeyBar").text
        buy = next(a for a in s.legal() if isinstance(a, A.Buy))
        app.screen.submit(buy)
        await settle(pilot, lambda: isinstance(app.screen, DecisionScreen) and
                     s.version > 0 and app.screen.undo_ok)
        assert "u Undo" in app.screen.query_one("KeyBar").text
        await pilot.press("u")
        await settle(pilot, lambda: state_hash(s.state) == before and
                     isinstance(app.screen, DecisionScreen))
        assert state_hash(s.state) == before


@pytest.mark.parametrize("kind", [
    "ChooseCapital", "FreeSetupTurn", "ChooseRoleHolder", "AnnounceTrade", "ChooseTradeOffer",
    "TakeTradeCard", "GiveBalancingCard", "NamePlayer", "MakeOffering", "ConstructionTurn",
    "PlaceFree", "KeepCommodities", "NavalTurn", "GroundTurn", "ChooseOpponent",
    "ChooseLosses", "ChooseConquest", "GreekBlockade", "Reaction",
])
@sync
async def test_escape_puts_every_dialog_away(kind):
    from tui.decisions import DecisionScreen
    from tui.screens.game import GameScreen
    app = game_app(decision_session(kind))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, top_is(app, DecisionScreen))
        assert "esc Board" in app.screen.query_one("KeyBar").text
        await pilot.press("escape")
        await settle(pilot, top_is(app, GameScreen))
        assert isinstance(app.screen, GameScreen)


# --- 2. what just happened to you --------------------------------------------------------
def _battle(defender: str, attacker: str) -> list:
    from engine import events as E
    return [
        E.BattleStarted(area="etruria", naval=False, attacker=attacker, defender=defender,
                        attacker_units=["legion", "legion"], defender_units=["legion"]),
        E.DiceRolled(area="etruria", civ=attacker, dice=[6, 5], automatic=[], bonus=0,
                     total=11, losses_inflicted=2),
        E.DiceRolled(area="etruria", civ=defender, dice=[2], automatic=[], bonus=0, total=2,
                     losses_inflicted=0),
        E.UnitsLost(area="etruria", civ=defender, units=[1], kinds=["legion"]),
        E.BattleEnded(area="etruria", at_war=False, survivors={attacker: 2}),
    ]


def test_notices_tell_the_defender_of_the_attack_and_the_dice():
    from tui.news import notices
    told = notices(_battle("rome", "carthage"), "rome")
    assert told[0].title == "You are attacked" and told[0].severity == "warning"
    assert "Carthage rolls 6 5 = 11" in told[1].text and "Rome loses" in told[1].text
    assert notices(_battle("rome", "carthage"), "egypt") == []


def test_the_dice_are_shown_before_a_power_is_asked_for():
    from tui.news import battle_so_far
    lines = battle_so_far(_battle("rome", "carthage")[:3])
    assert lines and "6 5 = 11" in lines[-1]
    assert battle_so_far(_battle("rome", "carthage")) == []


@sync
async def test_an_attack_reaches_the_defender_as_a_notification():
    from tui.screens.game import GameScreen
    s = phase_session("ConstructionTurn")
    app = game_app(s)
    async with app.run_test(size=SMALL) as pilot:
        await board_only(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        me = screen._v.civ
        other = next(p.civ for p in s.state.players if p.civ != me)
        s.events.extend(_battle(me, other))  # as a computer player's attack reports it
        screen.refresh_all()
        await pilot.pause()
        titles = [n.title for n in app._notifications]
        assert "You are attacked" in titles and "Battle" in titles


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_attack_notice(snap_compare, size):
    s = phase_session("ConstructionTurn")

    async def run_before(pilot):
        await board_only(pilot)
        screen = pilot.app.screen
        me = screen._v.civ
        other = next(p.civ for p in s.state.players if p.civ != me)
        s.events.extend(_battle(me, other))
        screen.refresh_all()
        await until(pilot, lambda: len(pilot.app.screen.query("Toast")) >= 2, what="the notices")
        await settled(pilot)

    assert snap_compare(game_app(s), terminal_size=size, run_before=run_before)


# --- 4. the Hermes composer ----------------------------------------------------------------
def hermes_session(civ: str = "carthage"):
    from tests.helpers import begin_phase, start
    from tests.powers.support import give_god
    from tui.sessions.local import HUMAN, LocalSession
    s = start()
    give_god(s, civ, "hermes")
    begin_phase(s, "commerce")
    seats = ["random"] * len(s.players)
    seats[next(p.seat for p in s.players if p.civ == civ)] = HUMAN
    return LocalSession(s, seats, autosave=False)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_hermes_composer(snap_compare, size):
    async def run_before(pilot):
        from tui.decisions import DecisionScreen
        await settle(pilot, top_is(pilot.app, DecisionScreen))
        await pilot.press("right", "down", "right")
        await pilot.pause()

    assert snap_compare(game_app(hermes_session()), terminal_size=size, run_before=run_before)


@sync
async def test_hermes_cards_are_picked_one_by_one_with_a_running_total():
    from tui.decisions.card_list import CardListDecision
    s = hermes_session()
    app = game_app(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, top_is(app, CardListDecision))
        screen = app.screen
        picker = screen.query_one("#card-list")
        await pilot.press("right", "right")  # two of the first kind
        assert picker.total == 2
        await pilot.press("left")  # taken back inside the decision
        assert picker.total == 1
        await pilot.press("enter")  # one card is not three: the dialog says so
        await pilot.pause()
        assert "Pick 3 cards" in str(screen.query_one("#d-error").render())
        await pilot.press("right", "down", "right")
        assert picker.total == 3
        chosen = dict(picker.cards)
        before = {k: n for k, n in s.state.players[s.seat_of("carthage")].hand.items()}
        await pilot.press("enter")
        await settle(pilot, lambda: "hermes" in s.state.gods_used)
        hand = s.state.players[s.seat_of("carthage")].hand
        for k, n in chosen.items():
            assert hand.get(k, 0) >= before.get(k, 0) + n - 0  # received (the trade may follow)


# --- 3. where everyone stands --------------------------------------------------------------
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_players_pane(snap_compare, size):
    s = phase_session("GroundTurn")

    async def run_before(pilot):
        await board_only(pilot)
        await pilot.press("6")
        await settled(pilot)

    assert snap_compare(game_app(s), terminal_size=size, run_before=run_before)


# --- 6. hot seat and replay ----------------------------------------------------------------
@sync
async def test_the_first_hot_seat_decision_goes_through_the_pass_screen():
    from tui.screens.pass_keyboard import PassKeyboardScreen
    from tui.sessions.local import HUMAN
    s = phase_session("ConstructionTurn")
    s.seats = [HUMAN] * len(s.seats)
    app = game_app(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, PassKeyboardScreen))
        game = app.screen_stack[-2]
        assert game.viewer is None  # no hand was shown before the keyboard was taken


@pytest.mark.parametrize("key", ["q", "escape"])
@sync
async def test_q_and_escape_leave_the_replay(key):
    from tests.test_tui_snapshots import _replay_data
    from tui.screens.replay import ReplayScreen
    app = MareNostrumApp(replay=(_replay_data(), 3), autosave=False)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, top_is(app, ReplayScreen))
        bar = app.screen.query_one("KeyBar").text
        assert "q Leave" in bar and "e Log" in bar and "PgUp/PgDn Turn" in bar
        await pilot.press(key)
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "160x50"])
def test_load_list_says_who_plays_and_whose_move(snap_compare, size):
    from pathlib import Path

    from tui import bridge
    from tui.screens.load import LoadScreen
    examples = bridge.project_saves_dir()
    saves = [s for s in bridge.list_saves(include_examples=True)
             if examples in s.path.parents]  # the shipped examples only: a stable picture
    saves.sort(key=lambda s: str(s.path))
    assert any("to move" in s.detail for s in saves)
    assert any(Path(s.path).parent.name == "games" for s in saves)
    app = MareNostrumApp(first_screen=LoadScreen(saves=saves, where="saves/"), autosave=False)
    assert snap_compare(app, terminal_size=size)


# --- 7. layout -----------------------------------------------------------------------------
def test_dialog_beside_the_map_at_120x40(snap_compare):
    from tests.test_tui_snapshots import open_decision
    s = phase_session("ConstructionTurn")
    assert snap_compare(game_app(s), terminal_size=(120, 40), run_before=open_decision)


@sync
async def test_the_turn_order_is_named_in_one_screen():
    from engine import events as E
    from tui.decisions.roles import NamePlayerDecision
    from tui.sessions.local import HUMAN
    s = decision_session("NamePlayer")
    holder = s.prompt.civ
    s.seats = [HUMAN if p.civ == holder else "random" for p in s.state.players]
    app = game_app(s)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot, top_is(app, NamePlayerDecision))
        screen = app.screen
        order = [a.civ for a in screen.legal_of(__import__("engine.actions").actions.Name)]
        order = order[::-1]  # name them in the reverse of the menu's order
        for civ in order:
            i = next(i for i, e in enumerate(screen._entries)
                     if getattr(e.action, "civ", None) == civ)
            screen.query_one("#choices").highlighted = i
            await pilot.press("space")
        await pilot.press("o")

        def named():
            return [e.civ for e in s.events if isinstance(e, E.PlayerNamed)
                    and e.by == holder]
        await settle(pilot, lambda: len(named()) >= len(order), timeout=30)
        assert named()[-len(order):] == order
