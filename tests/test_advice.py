"""The hard player's advice (the hint) and the review of a seat's decisions
(engine/bots/advice.py, engine/bots/review.py, engine/saves/review_cache.py): what they
choose, the words they give, and that they read only what the seat may see."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine.actions import Move
from engine.bots.advice import advise, breakdown
from engine.bots.determinize import unseen_cards
from engine.bots.hard import HardBot, evaluate
from engine.bots.normal import NormalBot
from engine.bots.review import Decision, Review, decisions, fingerprint, judge, review
from engine.data.cards import RANDOM_PILE, RESOURCES
from engine.game import clone, view
from engine.render_advice import leader_words, option_why, review_lines
from engine.saves import load_record
from engine.saves.review_cache import load_review, review_path, save_review
from engine.state import Config, GameState

from .helpers import deciding_seat, sampled_positions
from .test_bot_hard import _normal_game_at

GAME = Path(__file__).parent.parent / "saves" / "games" / "six-player-greedy.json"


@pytest.fixture(scope="module")
def cyrenaica() -> GameState:
    """Turn 15, Carthage's military (tests/test_bot_hard.py): Egypt one hero short of
    victory holds Carthage's Cyrenaica; the hard player retakes it."""
    return _normal_game_at(1, 643)


def test_hint_names_the_retaking_of_cyrenaica_and_the_threat(cyrenaica: GameState) -> None:
    v = view(cyrenaica, deciding_seat(cyrenaica))
    found = advise(v, rounds=8, seed=1)
    assert found.searched and found.civ == "carthage"
    assert found.choice == Move(units=[50], to="cyrenaica", seas=[])
    assert isinstance(found.normal, Move) and found.normal.to == "alexandria"
    first, *others = found.options
    assert first.action == found.choice and first.gain > 1.0
    assert any(o.normal for o in others)
    assert leader_words(found) == "Egypt is one hero or wonder short of victory"
    # the gain is the sum of its terms, and the words name the largest of them
    assert abs(sum(t.gain for t in first.terms) - first.gain) < 1e-6
    why = option_why(first)
    assert why.startswith(f"+{round(first.gain)} against the normal move: ")
    assert "Egypt" in why
    assert option_why(next(o for o in others if o.normal)) == "the normal player's move"


def test_hint_is_the_hard_players_own_choice(cyrenaica: GameState) -> None:
    """The same search as the computer seat: the same seed and rounds give its move."""
    v = view(cyrenaica, deciding_seat(cyrenaica))
    assert advise(v, rounds=6, seed=5).choice == HardBot(seed=5).plan(v, rounds=6)


def test_terms_add_up_to_the_hard_evaluation() -> None:
    positions = sampled_positions(Config(civs=["rome", "carthage", "greece", "egypt"], seed=3),
                                  [NormalBot(30 + i) for i in range(4)], 300, every=40)
    for s in positions:
        for p in s.players:
            terms, rival = breakdown(s, p.civ)
            assert abs(sum(terms.values()) - evaluate(s, p.civ)) < 1e-6
            assert rival is not None and rival != p.civ


def test_hint_at_a_decision_it_does_not_weigh() -> None:
    """With one legal move the hint says so: no search, the move itself."""
    positions = sampled_positions(Config(civs=["rome", "carthage", "greece"], seed=2),
                                  [NormalBot(i) for i in range(3)], 200, every=1)
    from engine.game import legal_actions
    s = next(s for s in positions if len(legal_actions(s)) == 1)
    found = advise(view(s, deciding_seat(s)), rounds=4)
    assert not found.searched and found.choice == legal_actions(s)[0]
    assert [o.action for o in found.options] == [found.choice]


def test_escape_cancels_the_search(cyrenaica: GameState) -> None:
    v = view(cyrenaica, deciding_seat(cyrenaica))
    found = advise(v, rounds=50, between=lambda done: done >= 1)
    assert found.cancelled and found.rounds == 1 and found.choice == found.normal


# --- secrecy ---------------------------------------------------------------------------------
def _other_cards(cards: list[str], shift: int) -> list[str]:
    """As many cards, each another resource than the one in its place."""
    return [RESOURCES[(RESOURCES.index(c) + shift) % len(RESOURCES)] for c in cards]


def _counted(cards: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def hidden_changed(state: GameState, seat: int) -> GameState:
    """The same position as `seat` sees it, every card it cannot see changed: the other
    hands, their face-down offers and the cards they took in the trade are other cards (as
    many), the set-aside heroes and wonders others nobody sees, another seed and other dice
    to come."""
    s = clone(state)
    me = s.players[seat].civ
    for k, p in enumerate(s.players):
        if p.civ == me:
            continue
        p.hand = _counted(_other_cards([c for c, n in sorted(p.hand.items())
                                        for _ in range(n)], 1 + k))
    t = s.trade
    for civ in t.offers:
        if civ != me and not t.revealed:
            t.offers[civ] = sorted(_other_cards(t.offers[civ], 2))
    for civ in t.acquired:
        if civ != me:
            t.acquired[civ] = sorted(_other_cards(t.acquired[civ], 3))
    # other heroes and wonders: those nobody sees first, then any (the seat sees none of them)
    free = [c for c in unseen_cards(view(state, seat)) if c not in s.set_aside]
    free += [c for c in RANDOM_PILE if c not in s.set_aside and c not in free]
    s.set_aside = sorted(free[: len(s.set_aside)])
    s.rng ^= 0x5A5A5A5A
    s.config = msgspec.structs.replace(s.config, seed=s.config.seed + 1)
    return s


@pytest.fixture(scope="module")
def in_trade() -> GameState:
    """A seat choosing its face-down trade offer while others hold cards."""
    positions = sampled_positions(Config(civs=["rome", "carthage", "greece", "egypt"], seed=8),
                                  [NormalBot(80 + i) for i in range(4)], 400, every=1)
    return next(s for s in positions if type(s.prompt).__name__ == "ChooseTradeOffer"
                and s.turn >= 2 and sum(len(o) for o in s.trade.offers.values()) > 0)


@pytest.mark.parametrize("where", ["cyrenaica", "in_trade"])
def test_hint_and_review_do_not_change_with_the_cards_a_seat_cannot_see(
        where: str, request: pytest.FixtureRequest) -> None:
    state: GameState = request.getfixturevalue(where)
    seat = deciding_seat(state)
    changed = hidden_changed(state, seat)
    me = state.players[seat].civ
    assert any(p.hand != q.hand for p, q in zip(state.players, changed.players, strict=True)
               if p.civ != me), "the test must change a hidden hand"
    assert changed.set_aside != state.set_aside and changed.rng != state.rng
    assert view(changed, seat) == view(state, seat)  # the seat sees no difference
    assert advise(view(changed, seat), rounds=6) == advise(view(state, seat), rounds=6)
    played = NormalBot(2).choose(view(state, seat))
    index = state.actions_taken + 1
    one = judge(Decision(index=index, view=view(state, seat), played=played), 0.0, rounds=6)
    two = judge(Decision(index=index, view=view(changed, seat), played=played), 0.0, rounds=6)
    assert one == two and one.searched


def test_a_review_reads_the_seats_view_only() -> None:
    record, _ = load_record(GAME)
    seen = list(decisions(msgspec.structs.replace(record, actions=record.actions[:200]),
                          "greece"))
    assert seen and all(d.view.civ == "greece" for d in seen)
    for d in seen:
        assert d.view.state.set_aside == [] and d.view.state.rng == 0
        assert all(not p.hand for p in d.view.state.players if p.civ != "greece")


# --- the review -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def short_review() -> tuple[Review, object]:
    record, _ = load_record(GAME)
    part = msgspec.structs.replace(record, actions=record.actions[:260])
    return review(part, "rome", budget=0.0, rounds=3), part


def test_review_judges_every_decision_of_the_seat(short_review) -> None:
    found, record = short_review
    ours = list(decisions(record, "rome"))
    assert [j.index for j in found.judgements] == [d.index for d in ours]
    assert found.fingerprint == fingerprint(record) and found.actions == 260
    top = found.swings()
    assert 0 < len(top) <= 5
    assert [j.loss for j in top] == sorted((j.loss for j in top), reverse=True)
    assert all(j.better and j.better != j.played and j.why for j in top)
    biggest = max(j.loss for j in found.judgements)
    assert top[0].loss == biggest


def test_review_listing_fits_80_columns(short_review) -> None:
    found, _ = short_review
    lines = review_lines(found, "six-player-greedy")
    assert lines[0].startswith("Review of Rome's decisions in six-player-greedy")
    assert any(line.startswith("1. Turn ") for line in lines)
    assert any(line.startswith("   played: ") for line in lines)
    assert any(line.startswith("   better: ") for line in lines)
    assert all(len(line) <= 78 for line in lines)


def test_review_cache_is_used_and_never_trusted_blindly(short_review, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path))
    found, record = short_review
    assert load_review(record, "rome", 0.0, 3) is None
    path = save_review(found, record)
    assert path is not None and path == review_path(record, "rome", 0.0, 3)
    assert load_review(record, "rome", 0.0, 3) == found
    assert load_review(record, "greece", 0.0, 3) is None  # another seat
    assert load_review(record, "rome", 0.0, 4) is None  # another depth of search
    other = msgspec.structs.replace(record, actions=record.actions[:259])
    assert load_review(other, "rome", 0.0, 3) is None  # another record
    path.write_bytes(b"{not json")
    assert load_review(record, "rome", 0.0, 3) is None  # damaged
    bad = msgspec.structs.replace(found, judgements=list(reversed(found.judgements)))
    path.write_bytes(msgspec.json.encode(bad))
    assert load_review(record, "rome", 0.0, 3) is None  # steps out of order
    j = msgspec.structs.replace(found.judgements[0], index=10_000)
    path.write_bytes(msgspec.json.encode(msgspec.structs.replace(found, judgements=[j])))
    assert load_review(record, "rome", 0.0, 3) is None  # a step past the record


# --- the command --------------------------------------------------------------------------------
@pytest.fixture
def short_save(tmp_path, monkeypatch) -> Path:
    """The first 200 actions of the six-player game, saved with Greece at the keyboard."""
    from engine.record import truncate
    from engine.replay import Replay
    from engine.saves import make_save, write_save
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(tmp_path / "home"))
    record, _ = load_record(GAME)
    part = truncate(record, 200)
    state = Replay(part).state_at(200)
    seats = ["greedy"] * 6
    seats[1] = "human"
    return write_save(tmp_path / "short.json", make_save(state, part, "short", seats=seats))


def test_review_command_lists_the_swings_and_opens_again_from_its_side_file(
        short_save, capsys, monkeypatch) -> None:
    from engine.saves.review_cache import reviews_dir
    from tui.cli import main
    assert main(["review", str(short_save), "--budget", "0.05"]) == 0
    first = capsys.readouterr().out
    assert first.startswith("Review of Greece's decisions in short")  # the seat at the keyboard
    assert "1. Turn " in first and "   better: " in first
    [side] = list(reviews_dir().iterdir())
    monkeypatch.setattr("engine.bots.review.review",
                        lambda *a, **k: pytest.fail("worked out again"))
    assert main(["review", str(short_save), "--budget", "0.05"]) == 0
    assert capsys.readouterr().out == first
    side.write_bytes(b"\x00damaged")
    monkeypatch.undo()
    monkeypatch.setenv("MARE_NOSTRUM_HOME", str(side.parent.parent))
    assert main(["review", str(short_save), "--budget", "0.05"]) == 0  # worked out anew
    assert capsys.readouterr().out.startswith("Review of Greece's decisions")


def test_review_command_refuses_a_civilization_not_at_the_table(short_save, capsys) -> None:
    from tui.cli import main
    assert main(["review", str(short_save), "--as", "nubia"]) == 2
    assert "nubia does not play in this game" in capsys.readouterr().err


def test_a_cancelled_review_gives_nothing() -> None:
    record, _ = load_record(GAME)
    part = msgspec.structs.replace(record, actions=record.actions[:120])
    seen: list[int] = []
    found = review(part, "rome", budget=0.0, rounds=2,
                   progress=lambda done, total: seen.append(done),
                   cancelled=lambda: len(seen) > 3)
    assert found is None and len(seen) == 4
