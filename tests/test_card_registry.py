"""The cards attach to the rules through one registry (engine/rules/hooks.py): each card
with a power has one module, the rules never import the cards and never name a card."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import engine.powers
from engine.data.cards import ALL_CARDS
from engine.game import legal_actions
from engine.rules import hooks
from engine.rules.card_registry import (
    CardRegistrationError,
    HookTables,
    check_hooks,
    own_functions,
)
from engine.rules.hook_points import HOOK_POINTS

from .helpers import random_positions

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


# --- declared hooks (issue 31) ---------------------------------------------------------------
def _card(name: str, hooks_declared: tuple[str, ...] | None, *functions: str) -> ModuleType:
    """A card module of the test, `engine.powers.<name>`, declaring `hooks_declared` and
    defining each of `functions` itself."""
    module = ModuleType(f"engine.powers.{name}")
    module.CARD = name  # type: ignore[attr-defined]
    if hooks_declared is not None:
        module.HOOKS = hooks_declared  # type: ignore[attr-defined]
    for fname in functions:
        def f(*args: object) -> bool:
            return True
        f.__module__ = module.__name__
        f.__name__ = fname
        setattr(module, fname, f)
    return module


def _refused(module: ModuleType, *words: str) -> None:
    tables = HookTables()
    with pytest.raises(CardRegistrationError) as e:
        tables.register(module)
    for w in words:
        assert w in str(e.value), (w, str(e.value))
    assert module.CARD not in tables.cards


def test_a_misspelled_hook_declared_is_refused_naming_the_card_and_the_name():
    _refused(_card("a_test_card", ("role_bonsu",), "role_bonsu"),
             "'a_test_card'", "'role_bonsu'", "no hook point", "'role_bonus'")


def test_a_misspelled_hook_function_not_declared_is_refused():
    """Declared right, defined misspelled: the declared hook has no function."""
    _refused(_card("a_test_card", ("role_bonus",), "role_bonsu"),
             "'a_test_card'", "'role_bonus'", "defines no function")
    # nor declared: the function's name is taken for a misspelling of the hook's
    _refused(_card("a_test_card", (), "crosses_strait"),
             "'a_test_card'", "crosses_strait", "'crosses_straits'")


def test_a_hook_function_not_declared_is_refused():
    _refused(_card("a_test_card", ("uses", "use"), "uses", "use", "crosses_straits"),
             "'a_test_card'", "crosses_straits", "without declaring it")


def test_a_declared_hook_the_module_does_not_define_is_refused():
    _refused(_card("a_test_card", ("crosses_straits",)),
             "'a_test_card'", "'crosses_straits'", "defines no function")
    # a function of that name imported from elsewhere is not the card's own
    module = _card("a_test_card", ("role_bonus",))
    module.role_bonus = hooks.role_bonus  # type: ignore[attr-defined]
    _refused(module, "'a_test_card'", "'role_bonus'", "defines no function")


def test_a_card_module_without_hooks_declared_is_refused():
    _refused(_card("a_test_card", None, "crosses_straits"), "'a_test_card'", "HOOKS")


def test_every_real_card_declares_exactly_the_hook_points_it_defines():
    assert len(hooks.CARDS) == len(engine.powers.CATALOG) == 54
    for card, module in hooks.CARDS.items():
        check_hooks(module)  # registers
        own = set(own_functions(module))
        assert set(module.HOOKS) == own & set(HOOK_POINTS), card
        assert len(set(module.HOOKS)) == len(module.HOOKS), card


def _names_the_engine_uses() -> set[str]:
    """Every string constant and attribute name in the engine's code outside the table of
    hook points and the cards' declarations: the names a rule (or a card asking another
    card, as Ishtar) may look a hook up by."""
    out: set[str] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name == "hook_points.py":
            continue
        tree = ast.parse(path.read_text())
        declarations = {id(n) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == "HOOKS"
                                for t in node.targets)
                        for n in ast.walk(node.value)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    id(node) not in declarations:
                out.add(node.value)
            elif isinstance(node, ast.Attribute):
                out.add(node.attr)
    return out


def test_every_hook_point_is_asked_by_the_engine_and_taken_part_in_by_a_card():
    used = _names_the_engine_uses()
    assert not [h for h in HOOK_POINTS if h not in used]
    assert not [h for h in HOOK_POINTS if not hooks._each(h)]
    assert all(HOOK_POINTS.values())


def test_the_cards_order_is_the_catalogs_whatever_the_order_of_registration():
    """Registered in a shuffled order (seeded), each at its place: the same cards' order
    and every hook asked in the same order."""
    want = [m.CARD for m in engine.powers.CATALOG]
    assert list(hooks.CARDS) == want
    assert want.index("castor_and_pollux") < want.index("athena")
    for seed in (1, 2, 3):
        placed = list(enumerate(engine.powers.CATALOG))
        random.Random(seed).shuffle(placed)
        tables = HookTables()
        for place, module in placed:
            tables.register(module, place)
        assert list(tables.cards) == want
        for hook in HOOK_POINTS:
            assert tables.hooked_cards[hook] == hooks._each_card(hook), hook


def test_importing_the_cards_in_another_order_changes_nothing():
    """The card modules imported in reverse order before the catalog: the same order."""
    names = [m.__name__ for m in engine.powers.CATALOG]
    code = "\n".join([*(f"import {n}" for n in reversed(names)), "import engine.powers",
                      "from engine.rules import hooks",
                      "print(','.join(hooks.CARDS))",
                      "print(','.join(c for c, _ in hooks._each_card('before_roles')))"])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ENGINE.parent).stdout.split()
    assert out == [",".join(hooks.CARDS),
                   ",".join(c for c, _ in hooks._each_card("before_roles"))]


def test_registering_a_card_clears_every_table_made_from_the_cards():
    """One cache, one invalidation: after the tables are filled by a game's listings, a
    card registered empties every one of them (and the last powers listed)."""
    for state in random_positions((5,), 300, ["rome", "greece", "egypt", "carthage"]):
        legal_actions(state)
        for p in state.players:
            hooks.active_powers(state, p.civ)
    assert hooks.TABLES.hooked and any(hooks.TABLES._named.values())
    card = _card("a_test_card", ("crosses_straits",), "crosses_straits")
    hooks.register(card)
    try:
        assert not hooks.TABLES.hooked and not hooks.TABLES.hooked_cards
        assert not any(hooks.TABLES._named.values()) and hooks.TABLES.listed is None
        assert hooks._each_card("crosses_straits")[-1][0] == "a_test_card"
    finally:
        hooks.TABLES.unregister(card.CARD)
    assert "a_test_card" not in hooks._each_card("crosses_straits")


def test_every_god_ishtar_may_cancel_says_what_happens_either_way():
    """Ishtar (card text) looks up the aimed god's `resolve` or `cancelled` by name: every
    god aiming a power at a player takes part in both."""
    resolving = {c for c, _ in hooks._each_card("resolve")}
    assert resolving == {c for c, _ in hooks._each_card("cancelled")}
    assert resolving == {"baal", "vulcan", "poseidon", "isis"}
