"""The cards attach to the rules through one registry (engine/rules/hooks.py): each card
with a power has one module, the rules never import the cards and never name a card."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import engine.powers
from engine.data.cards import ALL_CARDS
from engine.rules import hooks

ENGINE = Path(engine.powers.__file__).parent.parent
RULES = ENGINE / "rules"
HELPERS = {"base", "windows", "destruction", "construction_piece"}  # modules of engine/powers that are no card


def _card_modules() -> dict[str, list[str]]:
    """card id -> the engine/powers modules declaring it."""
    out: dict[str, list[str]] = {}
    for info in pkgutil.iter_modules(engine.powers.__path__):
        if info.name in HELPERS:
            continue
        module = importlib.import_module(f"engine.powers.{info.name}")
        out.setdefault(module.CARD, []).append(info.name)
    return out


def test_every_card_with_a_power_has_exactly_one_registered_module():
    modules = _card_modules()
    with_power = [c for c, card in ALL_CARDS.items() if card.text]
    assert with_power
    for card in with_power:
        assert modules.get(card) == [card], card
        assert hooks.CARDS[card].__name__ == f"engine.powers.{card}"
    assert set(hooks.CARDS) <= set(ALL_CARDS)


def _imports(path: Path) -> list[str]:
    """The absolute names of the engine modules a rules module imports."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = ["engine", "rules"][: 3 - node.level]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            out.append(name)
            out += [f"{name}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            out += [a.name for a in node.names]
    return out


def test_no_rules_module_imports_the_cards():
    for path in sorted(RULES.glob("*.py")):
        bad = [n for n in _imports(path) if n.split(".")[:2] == ["engine", "powers"]]
        assert not bad, f"{path.name} imports {bad}"


def test_no_rules_module_names_a_card():
    ids = set(ALL_CARDS)
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
                named = text in ids or any(text.startswith(f"{c}:") for c in ids)
                assert not named, f"{path.name}:{node.lineno} names the card {text!r}"


HOOK_MODULES = {"hooks", "hook_powers", "hook_costs", "card_registry", "hook_points"}


def test_the_hook_points_import_no_rule():
    """engine/rules/hooks.py and the modules it is made of sit below every rules module:
    no rules module is in a loop with them, and the cards (which import the rules) never
    loop back through them."""
    rules = {p.stem for p in RULES.glob("*.py")} - HOOK_MODULES - {"__init__"}
    for module in sorted(HOOK_MODULES):
        names = _imports(RULES / f"{module}.py")
        assert not [n for n in names if n.split(".")[:2] == ["engine", "rules"]
                    and len(n.split(".")) > 2 and n.split(".")[2] in rules], module
