"""Game positions for the TUI tests.

Most come from the example games in saves/ (saves/phases/*.json: a position waiting on a
decision of each phase; saves/games/six-player-greedy.json: a whole game). The prompts that
no example waits on are reached deterministically: `new_game` with a fixed seed, then the
random bot plays every seat until the prompt comes up.
"""

from __future__ import annotations

import functools
from pathlib import Path

from engine import actions as A
from engine import game
from engine import prompts as P
from engine.bots import make_bot
from engine.record import GameRecord
from engine.state import Config, GameState
from tui import bridge
from tui.app import session_from_save
from tui.sessions.local import HUMAN, LocalSession

from .waiting import settled, until

ROOT = Path(__file__).resolve().parent.parent
SAVES = ROOT / "saves"
CIVS3 = ["rome", "greece", "egypt"]
CIVS6 = ["rome", "carthage", "greece", "egypt", "babylon", "atlantis"]

PHASE_SAVES = {
    "FreeSetupTurn": SAVES / "phases" / "setup.json",
    "ChooseRoleHolder": SAVES / "phases" / "roles.json",
    "TakeTradeCard": SAVES / "phases" / "commerce.json",
    "MakeOffering": SAVES / "phases" / "offering.json",
    "ConstructionTurn": SAVES / "phases" / "construction.json",
    "GroundTurn": SAVES / "phases" / "military.json",
}
WHOLE_GAME = SAVES / "games" / "six-player-greedy.json"


def pending_seat(state: GameState) -> int:
    return next((p.seat for p in state.players
                 if state.prompt is not None and p.civ == state.prompt.civ), 0)


def seats_for(state: GameState, humans: list[int] | None, bot: str = "random") -> list[str]:
    humans = [pending_seat(state)] if humans is None else humans
    return [HUMAN if i in humans else bot for i in range(len(state.players))]


def load_session(path: Path, humans: list[int] | None = None,
                 bot: str = "random") -> LocalSession:
    """A session from a save file: the deciding seat human (or `humans`), others bots."""
    # Loaded afresh each time (about a millisecond): a session appends to its record, so a
    # shared one would leak the actions of one test into the next.
    fresh = bridge.load_game(str(path))
    fresh.name = "test"
    return session_from_save(fresh, seats=seats_for(fresh.state, humans, bot),
                             autosave=False, name="test")


def phase_session(kind: str, humans: list[int] | None = None) -> LocalSession:
    return load_session(PHASE_SAVES[kind], humans)


def drive(state: GameState, until, seed: int = 0, limit: int = 20000):
    """Play random bots from `state` until `until(state)`; returns the actions and events."""
    bots = [make_bot("random", seed * 7 + i) for i in range(len(state.players))]
    actions, events = [], []
    for _ in range(limit):
        if until(state):
            return actions, events
        if state.prompt is None or state.phase == "over":
            break
        seat = pending_seat(state)
        a = bots[seat].choose(game.view(state, seat))
        events += game.apply(state, a)
        actions.append(a)
    raise LookupError(f"no such state within {limit} actions (seed {seed})")


@functools.lru_cache(maxsize=64)
def _driven(kind: str, seed: int, civs: tuple[str, ...], setup: str, nth: int):
    cfg = Config(civs=list(civs), seed=seed, setup=setup)
    state, events = game.new_game(cfg)
    count = [0]

    def until(s: GameState) -> bool:
        if kind == "over":
            return s.phase == "over"
        if type(s.prompt).__name__ == kind:
            count[0] += 1
            return count[0] > nth
        return False

    actions, more = drive(state, until, seed)
    return game.encode_state(state), actions, events + more


def state_at(kind: str, seed: int = 1, civs=CIVS3, setup: str = "predetermined",
             nth: int = 0) -> tuple[GameState, list, list]:
    """The state at the (nth) first prompt of that kind (its class name), or "over",
    with the actions and events that led there."""
    data, actions, events = _driven(kind, seed, tuple(civs), setup, nth)
    return game.decode_state(data), list(actions), list(events)


def session_at(kind: str, seed: int = 1, civs=CIVS3, setup: str = "predetermined",
               nth: int = 0, humans: list[int] | None = None, bot: str = "random"
               ) -> LocalSession:
    """A session at that prompt, the deciding seat human and the others random bots."""
    state, actions, events = state_at(kind, seed, civs, setup, nth)
    # the record of how the game got here (from its setup), with the hash it ends on
    record = GameRecord(config=state.config, seed=state.config.seed, actions=actions,
                        hashes={len(actions): game.state_hash(state)})
    return LocalSession(state, seats_for(state, humans, bot), events=events,
                       record=record, autosave=False, save_name="test")


# Where each prompt kind first comes up with random players (found by a search over seeds).
DRIVEN = {
    "ChooseCapital": dict(seed=1, civs=CIVS3, setup="free"),
    "AnnounceTrade": dict(seed=3, civs=CIVS6, nth=2),
    "ChooseTradeOffer": dict(seed=1, civs=CIVS6, nth=3),
    "GiveBalancingCard": dict(seed=1, civs=CIVS6),
    "NamePlayer": dict(seed=1, civs=CIVS6, nth=4),
    "NavalTurn": dict(seed=1, civs=CIVS6, nth=6),
    "ChooseOpponent": dict(seed=13, civs=CIVS6),
    "ChooseConquest": dict(seed=1, civs=CIVS6),
    "ChooseLosses": dict(seed=1, civs=CIVS6),
    "GreekBlockade": dict(seed=2, civs=CIVS6),
    "Reaction": dict(seed=1, civs=CIVS6),
}


def decision_session(kind: str) -> LocalSession:
    """A session waiting on a human's decision of this kind."""
    if kind in PHASE_SAVES:
        return phase_session(kind)
    if kind == "KeepCommodities":
        return keep_session()
    if kind == "PlaceFree":
        return place_free_session()
    return session_at(kind, **DRIVEN[kind])


def keep_session() -> LocalSession:
    """KeepCommodities (Hanging Gardens, end of construction) is rare with random players:
    take the construction example and let its player hold the Hanging Gardens at the end of
    the phase; the legal actions are still the engine's."""
    s = phase_session("ConstructionTurn")
    state = s.state
    civ = state.prompt.civ
    _hand_card(state, civ, "hanging_gardens")
    state.step = "discard"
    state.prompt = P.KeepCommodities(civ=civ, keep=2)
    s.replace_state(state)
    return s


def _hand_card(state: GameState, civ: str, card: str) -> None:
    """civ holds the card (taken from the display or the set-aside pile)."""
    p = next(p for p in state.players if p.civ == civ)
    if card not in p.cards:
        p.cards.append(card)
        for pile in (state.display, state.set_aside):
            if card in pile:
                pile.remove(card)


def place_free_session() -> LocalSession:
    """PlaceFree is rare with random players: take the construction example and let its
    player acquire the Statue of Zeus there; the engine then asks where its free fortress
    goes (engine.powers.on_acquire), with the engine's own legal places."""
    from engine.powers import on_acquire
    from engine.rules import flow
    s = phase_session("ConstructionTurn")
    state = s.state
    civ = state.prompt.civ
    _hand_card(state, civ, "statue_of_zeus")
    ev: list = []
    on_acquire(state, civ, "statue_of_zeus", ev)
    state.prompt = None
    flow.advance(state, ev)
    assert isinstance(state.prompt, P.PlaceFree), state.prompt
    s.replace_state(state)
    return s


def dialog_open(app) -> bool:
    """A decision dialog on top, with its choices (mounted: it may be dismissed)."""
    from tui.decisions.base import DecisionScreen
    return isinstance(app.screen, DecisionScreen) and bool(app.screen.query("#choices"))


async def settle(pilot, cond=None, timeout: float = 10.0) -> bool:
    """Let the app run (workers included) until `cond()` holds, or `timeout` seconds;
    whether it held (tests/waiting.py: a look after each time the app was idle)."""
    if cond is None:
        await settled(pilot)
        return True
    try:
        await until(pilot, cond, timeout)
    except AssertionError:
        return False
    await pilot.pause()
    return True


# --- playing by key presses -----------------------------------------------------------------
class KeyPlayer:
    """Makes whatever decision is on the screen by pressing keys, as a player would:
    the first choice of a menu, the first cards of the hand for an offer, one purchase
    per construction turn, one ground move per military turn, then the key that ends it.
    """

    def __init__(self) -> None:
        self.bought: set[tuple] = set()
        self.moved: set[tuple] = set()
        self.presses = 0

    async def press(self, pilot, *keys: str) -> None:
        self.presses += len(keys)
        await pilot.press(*keys)

    async def step(self, pilot) -> str:
        """One decision (or one screen) by keys. Returns what it did."""
        from tui.decisions import base as D
        from tui.decisions import commerce as C
        from tui.decisions import construction as K
        from tui.decisions import military as M
        from tui.decisions import offering as O
        from tui.screens.game_over import GameOverScreen
        from tui.screens.pass_keyboard import PassKeyboardScreen

        app = pilot.app
        scr = app.screen
        if isinstance(scr, GameOverScreen):
            return "over"
        if isinstance(scr, PassKeyboardScreen):
            await self.press(pilot, "enter")
            return "pass"
        if isinstance(scr, D.PaymentScreen):
            await self.press(pilot, "enter")
            return "pay"
        if not isinstance(scr, D.DecisionScreen):
            return "wait"
        key = (scr.state.turn, scr.state.phase, scr.civ)
        if isinstance(scr, C.TradeOfferDecision):
            picker = scr.query_one(D.CardPicker)
            need = scr.prompt.n
            for k in picker.kinds:
                while need and picker.counts[k] < picker.hand[k]:
                    await self.press(pilot, "right")
                    need -= 1
                await self.press(pilot, "down")
            await self.press(pilot, "enter")
            return "offer"
        if isinstance(scr, M.LossesDecision):
            for _ in range(scr.prompt.count):
                await self.press(pilot, "space", "down")
            await self.press(pilot, "enter")
            return "losses"
        if isinstance(scr, K.ConstructionDecision):
            buys = scr.legal_of(A.Buy)
            if key in self.bought or not buys:
                await self.press(pilot, "e")
                return "end construction"
            self.bought.add(key)
            await self.press(pilot, "enter")
            return "buy"
        if isinstance(scr, M.GroundDecision):
            moves = scr.legal_of(A.Move)
            if key in self.moved or not moves:
                await self.press(pilot, "e")
                return "end military"
            self.moved.add(key)
            await self.press(pilot, "enter")
            return "move"
        if isinstance(scr, M.NavalDecision):
            await self.press(pilot, "e")
            return "end naval"
        if isinstance(scr, M.ReactionDecision):
            await self.press(pilot, "n" if any(isinstance(a, A.Pass) for a in scr.legal)
                             else "enter")
            return "reaction"
        if isinstance(scr, O.OfferingDecision):
            await self.press(pilot, "enter")
            return "offering"
        await self.press(pilot, "enter")
        return type(scr).__name__

    async def play(self, pilot, done, limit: int = 5000, timeout: float = 20.0) -> list[str]:
        """Decide by keys until `done()` holds. Waits for the computer players between."""
        log: list[str] = []
        for _ in range(limit):
            if done():
                return log
            ok = await settle(pilot, lambda: done() or _ready(pilot.app), timeout)
            if done():
                return log
            assert ok, f"no decision came up (screen {pilot.app.screen!r}, log {log[-5:]})"
            log.append(await self.step(pilot))
        raise AssertionError(f"not done after {limit} steps: {log[-10:]}")


def _ready(app) -> bool:
    """A screen that waits on a key (a decision, a payment, pass the keyboard, game over)."""
    from tui.decisions.base import DecisionScreen, PaymentScreen
    from tui.screens.game_over import GameOverScreen
    from tui.screens.pass_keyboard import PassKeyboardScreen
    return isinstance(app.screen, DecisionScreen | PaymentScreen | PassKeyboardScreen |
                      GameOverScreen)
