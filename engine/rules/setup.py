"""Starting a game: predetermined or free setup (rulebook, Starting Setup)."""

from __future__ import annotations

from ..actions import Action, EndSetupRound, Item, SelectCapital, SetupBuy
from ..data import board
from ..data.cards import CIV_HERO, GODS, RANDOM_PILE, RESOURCE_COUNTS, SET_ASIDE
from ..data.costs import BUILDING_TOKENS, FREE_SETUP_ROUND_POINTS, FREE_SETUP_ROUNDS
from ..errors import IllegalAction
from ..events import CapitalChosen, Event, GameStarted, PhaseStarted
from ..prompts import ChooseCapital, FreeSetupTurn
from ..rng import seed_state
from ..state import Building, Config, GameState, Player, ProvinceState
from .common import new_unit, player, shuffle
from .flow import advance, start_phase
from .free_placement import step as free_placement_step
from .hooks import cost, on_acquire
from .placement import SETUP, check, place, setup_area
from .registry import decision, phase
from .roles import assign_at_setup

R_FREE = "Free Setup: 5 rounds of 9 construction points"

# The rules a new game is set up by. A game record keeps the version of its setup, so that
# a record made before a change to the setup still replays (engine.record):
#   1: the predetermined setup gave a missing civilization's role to the best-placed player,
#      even one holding a role already while another held none (a tie avoided that);
#   2: it goes to the best-placed player holding no role yet, while one is left.
SETUP_VERSION = 2


def check_config(config: Config) -> None:
    civs = config.civs
    if not 3 <= len(civs) <= 6:
        raise IllegalAction("A game has 3 to 6 players", "Starting Setup")
    if len(set(civs)) != len(civs) or any(c not in board.CIVS for c in civs):
        raise IllegalAction(f"Choose different civilizations among {', '.join(board.CIVS)}",
                            "Starting Setup")
    if config.setup not in ("predetermined", "free"):
        raise IllegalAction("The setup is 'predetermined' or 'free'", "Starting Setup")


def new_state(config: Config) -> GameState:
    check_config(config)
    n = len(config.civs)
    state = GameState(
        config=config,
        rng=seed_state(config.seed),
        players=[Player(civ=c, seat=i, capital=board.SETUPS[c].capital)
                 for i, c in enumerate(config.civs)],
        neutrals=[c for c in board.CIVS if c not in config.civs],
        provinces={pid: ProvinceState() for pid in board.PROVINCES},
        bank=dict(RESOURCE_COUNTS),
        token_supply=dict(BUILDING_TOKENS[n]),
        roles={},
        gods=dict.fromkeys(GODS),  # every god starts in the heavens
    )
    pile = list(RANDOM_PILE)
    shuffle(state, pile)
    state.set_aside = sorted(pile[:SET_ASIDE])
    state.display = sorted(pile[SET_ASIDE:])
    return state


def start(config: Config, setup_version: int = SETUP_VERSION
          ) -> tuple[GameState, list[Event]]:
    """A new game, set up by the rules of `setup_version` (SETUP_VERSION for a new game; a
    record's own version when it is replayed)."""
    state = new_state(config)
    ev: list[Event] = [GameStarted(civs=list(config.civs), neutrals=list(state.neutrals),
                                   setup=config.setup)]
    for civ in state.neutrals:
        _place_neutral(state, civ)
    state.phase = "setup"
    if config.setup == "predetermined":
        for p in state.players:
            _place_predetermined(state, p.civ, ev)
        ev.append(PhaseStarted(turn=0, phase="setup"))
        _predetermined_roles(state, ev, setup_version)
        state.step = "done"
    else:
        order = [p.civ for p in state.players]
        shuffle(state, order)
        state.free_setup.order = order
        state.step = "capitals"
        ev.append(PhaseStarted(turn=0, phase="setup"))
    advance(state, ev)
    return state, ev


def _place_neutral(state: GameState, civ: str) -> None:
    """A neutral civilization: influence, creature, legion and fortress in the capital;
    influence, legion and fortress next to it (rulebook, fewer than 6 players)."""
    cap = board.SETUPS[civ].capital
    state.provinces[cap].influence = civ
    for k in ("creature", "legion", "fortress"):
        new_unit(state, civ, k, cap)
    for pr in board.NEUTRAL_PROVINCES[civ]:
        state.provinces[pr].influence = civ
        for k in ("legion", "fortress"):
            new_unit(state, civ, k, pr)


def _place_predetermined(state: GameState, civ: str, ev: list[Event]) -> None:
    for piece in board.SETUPS[civ].pieces:
        for _ in range(piece.count):
            if piece.kind == "influence":
                state.provinces[piece.where].influence = civ
            elif piece.kind in ("city", "caravan", "temple", "market"):
                state.provinces[piece.where].buildings.append(
                    Building(kind=piece.kind, site=piece.site or ""))
            else:
                new_unit(state, civ, piece.kind, piece.where)
    p = player(state, civ)
    p.cards.append(CIV_HERO[civ])
    on_acquire(state, civ, CIV_HERO[civ], ev, free_setup=True)


@phase("setup")
def run(state: GameState, ev: list[Event]) -> None:
    fs = state.free_setup
    if state.step == "capitals":
        for civ in fs.order:
            opts = board.FREE_SETUP_CAPITALS[civ]
            if civ not in fs.capitals_chosen:
                if len(opts) > 1:
                    state.prompt = ChooseCapital(civ=civ, options=list(opts))
                    return
                fs.capitals_chosen.append(civ)
        state.step = "build"
        fs.round, fs.index, fs.points_left = 1, 0, FREE_SETUP_ROUND_POINTS
    if state.step == "build":
        if fs.round > FREE_SETUP_ROUNDS:
            state.step = "roles"
        else:
            civ = fs.order[fs.index]
            if not setup_items(state, civ):
                _next_builder(state)
                return
            state.prompt = FreeSetupTurn(civ=civ, round=fs.round, points_left=fs.points_left)
            return
    if state.step == "roles":
        # Roles are counted once, after every placement, the free units included: the
        # advance loop places waiting free pieces before it runs this step.
        assign_at_setup(state, ev, {})
        state.step = "done"
    if state.step == "done":
        state.step = ""
        state.turn = 1
        start_phase(state, "commerce", ev)


def _predetermined_roles(state: GameState, ev: list[Event], setup_version: int) -> None:
    """Each civilization's own role, then the roles of the missing ones by counting, once
    the free units its starting cards give are on the board (their card hooks placed them:
    in a predetermined setup each has exactly one place)."""
    while state.free_placements:
        free_placement_step(state, ev)
        if state.prompt is not None:
            raise RuntimeError("a free unit of the predetermined setup has several places")
    fixed = {role: p.civ for p in state.players if (role := board.SETUPS[p.civ].role)}
    assign_at_setup(state, ev, fixed, spread=setup_version >= 2)


def _next_builder(state: GameState) -> None:
    fs = state.free_setup
    fs.index += 1
    if fs.index >= len(fs.order):
        fs.index = 0
        fs.round += 1
    fs.points_left = FREE_SETUP_ROUND_POINTS


def setup_items(state: GameState, civ: str) -> list[Item]:
    """Items civ may still buy with the points left in this round."""
    p = player(state, civ)
    pts = state.free_setup.points_left
    out: list[Item] = []
    area = sorted(setup_area(p.capital))
    cands = [Item(kind="card", card=CIV_HERO[civ])]
    for pr in area:
        cands.append(Item(kind="influence", province=pr))
        for k in ("city", "temple", "market", "fortress", "creature", "legion", "trireme"):
            cands.append(Item(kind=k, province=pr))
        for site in board.PROVINCES[pr].commodity_sites:
            cands.append(Item(kind="caravan", province=pr, site=site))
    for it in cands:
        if cost(state, civ, it, free_setup=True) > pts:
            continue
        try:
            check(state, civ, it, SETUP)
        except IllegalAction:
            continue
        out.append(it)
    return out


def _legal_capital(state: GameState, prompt: ChooseCapital) -> list[Action]:
    return [SelectCapital(province=o) for o in prompt.options]


@decision(ChooseCapital, _legal_capital)
def _capital(state: GameState, prompt: ChooseCapital, action: Action, ev: list[Event]) -> None:
    if not isinstance(action, SelectCapital) or action.province not in prompt.options:
        raise IllegalAction(f"Choose your capital among: {', '.join(prompt.options)}",
                            "Free Setup: capitals of Greece and Atlantis")
    taken = {p.capital for p in state.players if p.civ in state.free_setup.capitals_chosen}
    if action.province in taken or state.provinces[action.province].influence is not None:
        raise IllegalAction("Another civilization holds that province", "Free Setup")
    player(state, prompt.civ).capital = action.province
    state.free_setup.capitals_chosen.append(prompt.civ)
    ev.append(CapitalChosen(civ=prompt.civ, province=action.province))
    state.prompt = None


def _legal_build(state: GameState, prompt: FreeSetupTurn) -> list[Action]:
    items = setup_items(state, prompt.civ)
    return [SetupBuy(item=it) for it in items] or [EndSetupRound()]


@decision(FreeSetupTurn, _legal_build)
def _build(state: GameState, prompt: FreeSetupTurn, action: Action, ev: list[Event]) -> None:
    fs = state.free_setup
    if isinstance(action, EndSetupRound):
        if setup_items(state, prompt.civ):
            raise IllegalAction(f"Spend your {fs.points_left} points first: each round you "
                                "place 9 points' worth", R_FREE)
        _next_builder(state)
    elif isinstance(action, SetupBuy):
        c = cost(state, prompt.civ, action.item, free_setup=True)
        if c > fs.points_left:
            raise IllegalAction(f"That costs {c}; you have {fs.points_left} points left in "
                                "this round", R_FREE)
        place(state, prompt.civ, action.item, SETUP, ev)
        fs.points_left -= c
        if fs.points_left == 0:
            _next_builder(state)
    else:
        raise IllegalAction("Buy an item with your setup points", R_FREE)
    state.prompt = None
