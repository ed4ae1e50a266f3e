"""The levels a player picks (easy, normal, hard): each behaviour named, in seeded positions."""

from __future__ import annotations

import pytest

from engine.actions import Announce, PickRoleHolder, Take, Worship
from engine.bots import DESCRIPTIONS, LEVELS, PICKABLE, THINKING, make_bot, threat
from engine.bots.normal import NormalBot
from engine.game import apply, new_game, view
from engine.match import Match
from engine.prompts import AnnounceTrade, ChooseRoleHolder, MakeOffering, TakeTradeCard
from engine.state import Config, GameState
from tui.cli import main

SIX = ["rome", "carthage", "greece", "egypt", "babylon", "atlantis"]


def _seat(state: GameState) -> int:
    assert state.prompt is not None
    return next(p.seat for p in state.players if p.civ == state.prompt.civ)


def _until(kind: type, seed: int = 5, civs: list[str] = SIX) -> GameState:
    """A position of a seeded game of normal players at the first prompt of `kind`."""
    state, _ = new_game(Config(civs=civs, seed=seed))
    bots = [make_bot("normal", seed * 10 + i) for i in range(len(civs))]
    for _ in range(5000):
        if isinstance(state.prompt, kind):
            return state
        s = _seat(state)
        apply(state, bots[s].choose(view(state, s)))
    raise AssertionError(f"no {kind.__name__} reached")


def _one_step(state: GameState, civ: str) -> None:
    """Give `civ` heroes and wonders enough to be one acquisition from victory."""
    p = next(p for p in state.players if p.civ == civ)
    held = set(p.cards)
    spare = [c for c in ("colossus", "hanging_gardens", "ulysses", "hercules", "helen_of_troy")
             if c not in held and all(c not in q.cards for q in state.players)]
    while sum(1 for c in p.cards if c != "pyramids") < 3:
        p.cards.append(spare.pop(0))


def test_levels_are_described_and_the_old_names_still_play() -> None:
    assert PICKABLE == ("easy", "normal", "hard")
    for level in LEVELS:
        assert DESCRIPTIONS[level]
        assert make_bot(level, 1, budget=0.01).level == level
    assert THINKING == {"hard", "planner"}


def test_a_bot_buys_a_god_when_worth_it() -> None:
    """Spare doubles pay for Hermes at almost no loss: normal buys it, greedy passes."""
    state = _until(MakeOffering)
    me = next(p for p in state.players if p.civ == state.prompt.civ)
    me.hand = {"wine": 2, "grain": 2, "fish": 2, "tax": 1}
    seat = _seat(state)
    choice = make_bot("normal", 3).choose(view(state, seat))
    assert isinstance(choice, Worship) and choice.god == "hermes"
    assert not isinstance(make_bot("greedy", 3).choose(view(state, seat)), Worship)


def test_a_bot_keeps_the_set_for_a_hero_rather_than_a_god() -> None:
    state = _until(MakeOffering)
    me = next(p for p in state.players if p.civ == state.prompt.civ)
    me.hand = {"tax": 9}
    assert not isinstance(make_bot("normal", 3).choose(view(state, _seat(state))), Worship)


def test_the_player_one_step_from_victory_is_the_target() -> None:
    state, _ = new_game(Config(civs=SIX, seed=2))
    assert threat.target(threat.standings(state, {}), "rome") is None
    _one_step(state, "egypt")
    table = threat.standings(state, {})
    assert table["egypt"].one_step
    assert threat.target(table, "rome") == "egypt"


def test_a_tied_role_never_goes_to_the_player_one_step_from_victory() -> None:
    state, _ = new_game(Config(civs=SIX, seed=2))
    _one_step(state, "egypt")
    state.prompt = ChooseRoleHolder(civ="rome", role="political_leader",
                                    candidates=["egypt", "greece"])
    acts = [PickRoleHolder(civ="egypt"), PickRoleHolder(civ="greece")]
    bot = NormalBot(1)
    bot.choose(view(state, 0))  # reads the standings
    me = state.players[0]
    assert bot._ChooseRoleHolder(state, me, state.prompt, acts) == PickRoleHolder(civ="greece")


def test_the_director_shuts_the_player_one_step_from_victory_out_of_the_trade() -> None:
    state = _until(AnnounceTrade)
    director = state.prompt.civ
    other = next(p for p in state.players if p.civ != director)
    _one_step(state, other.civ)
    other.hand = {"tax": 2}
    me = next(p for p in state.players if p.civ == director)
    me.hand = {"tax": 3, "wine": 1, "grain": 1}
    state.prompt = AnnounceTrade(civ=director, max=5)
    choice = make_bot("normal", 2).choose(view(state, _seat(state)))
    assert choice == Announce(n=3)  # more than his 2 cards: he cannot take part
    assert make_bot("greedy", 2).choose(view(state, _seat(state))) == Announce(n=1)


def test_a_trade_pick_completes_a_set() -> None:
    state, _ = new_game(Config(civs=SIX, seed=2))
    me = state.players[0]
    me.hand = {"wine": 1, "grain": 1, "fish": 1, "metal": 1, "gold": 1}
    state.prompt = TakeTradeCard(civ=me.civ, sources=["greece", "egypt"])
    acts = [Take(source="greece", card="wine"), Take(source="egypt", card="papyrus"),
            Take(source="greece", card="grain")]
    bot = NormalBot(4)
    assert bot._TakeTradeCard(state, me, state.prompt, acts) == Take(source="egypt",
                                                                     card="papyrus")


def test_a_trade_pick_avoids_feeding_the_player_about_to_win() -> None:
    """Of two equal cards it takes the one that does not hand him the next pick."""
    state, _ = new_game(Config(civs=SIX, seed=2))
    _one_step(state, "egypt")
    me = state.players[0]
    me.hand = {"wine": 1}
    state.prompt = TakeTradeCard(civ=me.civ, sources=["greece", "egypt"])
    acts = [Take(source="egypt", card="papyrus"), Take(source="greece", card="papyrus")]
    bot = NormalBot(4)
    bot._table = threat.standings(state, {})
    bot._target = threat.target(bot._table, me.civ)
    assert bot._TakeTradeCard(state, me, state.prompt, acts).source == "greece"


def test_a_bot_attacks_the_player_one_step_from_victory_at_lower_odds() -> None:
    bot = NormalBot(1)
    assert bot._hostility(None) == 0.0
    bot._target, bot._rival = "egypt", "babylon"
    assert bot._hostility("egypt") == 1.0
    assert 0 < bot._hostility("babylon") < 1.0
    assert bot._hostility("rome") == 0.0


def test_the_match_says_which_seat_is_thinking() -> None:
    match = Match.new(Config(civs=SIX[:3], seed=3), ["hard", "normal", "normal"],
                      bot_secret=b"t", bot_budget=0.01)
    seen: list[int | None] = []
    real = match.bot(0).choose

    def spy(v):
        seen.append(match.thinking)
        return real(v)

    match.bot(0).choose = spy  # type: ignore[method-assign]
    while match.pending_seat() != 0:
        match.act(match.pending_seat(), match.bot_action())
    match.act(0, match.bot_action())
    assert seen == [0] and match.thinking is None


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_levels_play_a_whole_game(level: str) -> None:
    match = Match.new(Config(civs=SIX, seed=9), [level] * 6, bot_secret=b"whole")
    while match.bot_to_move() and match.state.turn <= 60:
        match.play_bots(limit=200)
    assert match.state.winner


def test_arena_report_per_civilization_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--seats", "normal,easy,normal", "--games", "2", "--seed", "3",
                 "--max-turns", "12"]) == 0
    out = capsys.readouterr().out
    assert "per civilization" in out and "per level" in out
    for col in ("wins", "avg turns (won)", "gods / game", "battles / game"):
        assert col in out
    assert "rome" in out and "easy" in out
