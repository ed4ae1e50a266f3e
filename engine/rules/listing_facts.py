"""What a listing remembers of its moves or buys: msgspec Structs (made in C, one per place
or listing), kept out of the modules the compiled build turns into C extensions
(engine/compiled.py): msgspec reads a Struct's field types from its module, which a
compiled module does not hold as Python does."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import msgspec

from ..state import Unit


class Place(msgspec.Struct, gc=False):
    """What one place's units reach, for the joint moves from several places
    (engine.rules.ground_listing).

    `own`: the destinations its units reach by their own step (all of them going there);
    `carried`: those they reach carried by triremes (`carried_units` going). For a place
    whose units do not all share their steps (some fought, or a card changed a unit's
    steps), `joint` gives each destination's units instead: (by their own step, carried)."""

    origin: str
    own: AbstractSet[str]
    carried: AbstractSet[str]
    own_units: list[Unit]
    carried_units: list[Unit]
    joint: dict[str, tuple[list[Unit], list[Unit]]] | None


class Reductions(msgspec.Struct, frozen=True, gc=False):
    """What a construction listing knew of the buys it offered (`engine.rules.offered`)."""

    spendable: bool  # the player had reductions to spend
