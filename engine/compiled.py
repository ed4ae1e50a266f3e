"""The compiled build: the engine's hot modules built as C extensions by mypyc, from the
very same source (docs/performance.md, The engine at twice Catanatron).

    MARE_NOSTRUM_COMPILE=1 .venv/bin/python setup.py build_ext --inplace   # in a tree

(An install would take the same variable with `pip install --no-build-isolation .`, mypy
being needed at build time; that needs setuptools able to build wheels, which the
project's environment is not today: not tried.)

Python imports a module's extension before its source, so an extension built in a source
tree hides every later edit of that module: `stale` names those, and the benchmarks refuse
to run on them. A module named here defines no msgspec Struct (msgspec reads a Struct's
field types from its module's namespace, which a compiled module does not keep as Python
does: a record would no longer decode) and is not patched at run time by the game.
"""

from __future__ import annotations

import os
from pathlib import Path

# The match's loop, the listings, the phase runners, the hooks and the cards' powers asked
# at every decision (docs/architecture.md)
MODULES: tuple[str, ...] = (
    "engine/game.py",
    "engine/match.py",
    "engine/bots/random_bot.py",
    "engine/powers/aeneas.py",
    "engine/powers/castor_and_pollux.py",
    "engine/powers/cleopatra.py",
    "engine/powers/colossus.py",
    "engine/powers/hercules.py",
    "engine/powers/phoenix.py",
    "engine/powers/titan.py",
    "engine/rules/combat.py",
    "engine/rules/commerce.py",
    "engine/rules/common.py",
    "engine/rules/construction.py",
    "engine/rules/empty.py",
    "engine/rules/flow.py",
    "engine/rules/free_placement.py",
    "engine/rules/geography.py",
    "engine/rules/ground_listing.py",
    "engine/rules/hook_costs.py",
    "engine/rules/hook_powers.py",
    "engine/rules/hooks.py",
    "engine/rules/military.py",
    "engine/rules/movement.py",
    "engine/rules/naval_listing.py",
    "engine/rules/offering.py",
    "engine/rules/order.py",
    "engine/rules/payment.py",
    "engine/rules/placement.py",
    "engine/rules/reactions.py",
    "engine/rules/registry.py",
    "engine/rules/roles.py",
    "engine/rules/unit_choices.py",
    "engine/rules/victory.py",
    "engine/rules/windows.py",
    "engine/rules/yard.py",
)

ROOT = Path(__file__).resolve().parent.parent  # the tree holding the package `engine`


def built(root: Path = ROOT) -> list[str]:
    """The modules of MODULES with an extension beside their source in `root`."""
    return [m for m in MODULES if _extension(root / m) is not None]


def stale(root: Path = ROOT) -> list[str]:
    """The modules whose source was changed after their extension was built beside it."""
    out: list[str] = []
    for m in MODULES:
        ext = _extension(root / m)
        if ext is not None and os.path.getmtime(root / m) > os.path.getmtime(ext):
            out.append(m)
    return out


def _extension(source: Path) -> Path | None:
    stem = source.stem + "."
    for f in source.parent.iterdir():
        if f.name.startswith(stem) and f.suffix in (".so", ".pyd"):
            return f
    return None
