"""The command line is the application's: the engine imports nothing of the screen, and the
headless commands start without loading Textual."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_imports_neither_tui_nor_textual():
    wall = re.compile(r"^\s*(from|import)\s+(tui|textual)\b", re.M)
    crossing = [str(p.relative_to(ROOT)) for p in (ROOT / "engine").rglob("*.py")
                if wall.search(p.read_text(encoding="utf-8"))]
    assert crossing == []


def test_headless_commands_load_no_textual_module():
    code = ("import sys, engine, engine.game, engine.match, engine.record, engine.replay, "
            "engine.saves, engine.scenario, tui, tui.cli, tui.commands; "
            "from tui.commands import COMMANDS; assert 'simulate' in COMMANDS; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'textual'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert out.strip() == "[]"


def test_python_dash_m_tui_runs_the_command_line():
    out = subprocess.run([sys.executable, "-m", "tui", "simulate", "--games", "1",
                          "--players", "3", "--max-turns", "2"],
                         capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert "game 1 seed 1" in out


def test_the_app_imports_no_rule_and_no_card():
    """docs/architecture.md, The layers, and which may import which: the app asks the
    engine's public face (legal actions, quotes, refusals, render) and holds no rule."""
    wall = re.compile(r"^\s*(from\s+engine\.(rules|powers)\b|import\s+engine\.(rules|powers)\b"
                      r"|from\s+engine\s+import\s+[^\n]*\b(rules|powers)\b)", re.M)
    crossing = [str(p.relative_to(ROOT)) for folder in ("tui", "themes")
                for p in (ROOT / folder).rglob("*.py")
                if wall.search(p.read_text(encoding="utf-8"))]
    assert crossing == []
