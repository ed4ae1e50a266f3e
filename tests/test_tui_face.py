"""The wall between the screen and the rules: the TUI imports only the engine's public face
(issue 11: the TUI computes no rule; it draws views and quotes)."""

from __future__ import annotations

import ast
from pathlib import Path

TUI = Path(__file__).resolve().parent.parent / "tui"

PUBLIC = {
    "engine", "engine.__version__", "engine.examples", "engine.invariants", "engine.game", "engine.quotes", "engine.view", "engine.actions", "engine.prompts",
    "engine.events", "engine.state", "engine.errors", "engine.render", "engine.render_kinds",
    "engine.render_advice", "engine.render_battle", "engine.battle_quotes",
    "engine.record", "engine.replay", "engine.saves.format",
    "engine.saves", "engine.match", "engine.bots", "engine.bots.advice", "engine.bots.review", "engine.scenario", "engine.data.board",
    "engine.data.cards",
}


def engine_imports(path: Path) -> set[str]:
    """Every engine module a file imports (`from engine.data import board` counts as
    engine.data.board)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "engine"}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.split(".")[0] == "engine":
            if node.module in ("engine", "engine.data"):
                out |= {f"{node.module}.{a.name}" for a in node.names}
            else:
                out.add(node.module)
    return out


def test_the_tui_uses_only_the_engines_public_face():
    crossing = {str(p.relative_to(TUI.parent)): sorted(engine_imports(p) - PUBLIC)
                for p in sorted(TUI.rglob("*.py"))}
    assert {f: m for f, m in crossing.items() if m} == {}
