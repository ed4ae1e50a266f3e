"""The shortcut of the supply count (issue 16, round 9) answers exactly as the long way, in
the positions of the phase saves and of random games: counting a player's pieces out of his
supply asks a card's `piece_kind` only for the units of the kinds its module names
(`PIECE_KINDS`: Hercules' legion fighting as a creature is a unit of kind "creature").
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.data.costs import PIECES_PER_CIV
from engine.powers import hercules
from engine.rules import hooks, reading
from engine.rules.common import _pieces_out, pieces_out, player_civs
from engine.state import GameState

from .helpers import random_positions

CIVS = ["rome", "greece", "egypt", "carthage"]
UNIT_KINDS = [k for k in PIECES_PER_CIV if k != "influence"]


def _positions(seed: int, steps: int) -> Iterator[GameState]:
    """Every position of the phase saves and of a random game; in one of three a legion of
    each player fights as a creature (Hercules), in another every legion does and every
    unit carries the mark of a legion moving as its owner's creature."""
    for n, state in enumerate(random_positions((seed,), steps, CIVS)):
        if n % 3 == 1:
            seen: set[str] = set()
            for u in state.units:
                if u.kind == "legion" and u.owner not in seen:
                    seen.add(u.owner)
                    hercules._fight_as_creature(state, u)
        elif n % 3 == 2:
            state.used_powers += [f"{hercules.MOVE_MARK}{u.id}" for u in state.units]
            for u in state.units:
                if u.kind == "legion":
                    hercules._fight_as_creature(state, u)
        yield state


def _pieces_out_long_way(state: GameState, civ: str, kind: str) -> int:
    """The pieces of a kind civ has out of his supply, every unit's piece asked of every
    card."""
    if kind == "influence":
        return sum(1 for ps in state.provinces.values() if ps.influence == civ)
    return sum(1 for u in state.units if u.owner == civ and hooks.piece_kind(state, u) == kind)


def test_every_card_telling_a_units_piece_names_the_kinds_it_tells() -> None:
    """A card with a `piece_kind` says which kinds of unit it may tell another piece
    (`PIECE_KINDS`), and for a unit of any other kind it tells nothing else than its
    kind, in every position, a legion fighting as a creature included."""
    cards = hooks._each_card("piece_kind")
    assert cards, "Hercules tells a legion fighting as a creature"
    for card, _ in cards:
        assert getattr(hooks.CARDS[card], "PIECE_KINDS", None) is not None, card
    told = 0
    for state in _positions(seed=91, steps=900):
        for card, f in cards:
            kinds = hooks.CARDS[card].PIECE_KINDS
            for u in state.units:
                got = f(state, u)
                if u.kind not in kinds:
                    assert got in ("", u.kind), (card, u.kind, got)
                told += bool(got) and got != u.kind
    assert told > 100, told


def test_the_supply_counted_asking_only_those_kinds_is_the_long_way() -> None:
    """Each player's pieces of each kind out of his supply, while the state is read (every
    kind counted in one pass) and not, as asking every card of every unit; legions
    fighting as creatures still count as legions."""
    differs = 0
    for state in _positions(seed=92, steps=900):
        for civ in player_civs(state):
            for kind in PIECES_PER_CIV:
                long_way = _pieces_out_long_way(state, civ, kind)
                assert _pieces_out(state, civ, kind) == long_way, (civ, kind)
                differs += long_way != sum(1 for u in state.units
                                           if u.owner == civ and u.kind == kind)
        r = reading.begin(state)
        try:
            for civ in player_civs(state):
                for kind in [*UNIT_KINDS[::-1], "influence"]:
                    assert pieces_out(state, civ, kind) == \
                        _pieces_out_long_way(state, civ, kind), (civ, kind)
        finally:
            reading.end(r)
    assert differs > 100, differs
