"""The compiled build's list of modules (engine/compiled.py): each one exists, none defines
a msgspec Struct (a compiled module would break decoding it), and an extension built in a
tree before its source was edited is named as stale (Python would import it instead)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

from engine.compiled import MODULES, ROOT, built, stale


def _defines_struct(source: Path) -> list[str]:
    tree = ast.parse(source.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for base in node.bases:
                text = ast.unparse(base)
                if text.split("[")[0] in ("msgspec.Struct", "Struct"):
                    found.append(node.name)
    return found


def test_every_compiled_module_exists_and_defines_no_struct() -> None:
    assert len(MODULES) == len(set(MODULES))
    assert _defines_struct(ROOT / "engine" / "match_steps.py")  # the check sees one
    for m in MODULES:
        source = ROOT / m
        assert source.is_file(), m
        assert _defines_struct(source) == [], m


def test_an_extension_older_than_its_source_is_stale(tmp_path: Path) -> None:
    rules = tmp_path / "engine" / "rules"
    rules.mkdir(parents=True)
    for m in MODULES:
        (tmp_path / m).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / m).write_text("")
    assert built(tmp_path) == [] and stale(tmp_path) == []
    source = rules / "military.py"
    ext = rules / "military.cpython-311-x86_64-linux-gnu.so"
    ext.write_bytes(b"")
    os.utime(source, (1_000, 1_000))
    os.utime(ext, (2_000, 2_000))
    assert built(tmp_path) == ["engine/rules/military.py"] and stale(tmp_path) == []
    os.utime(source, (3_000, 3_000))  # edited after the build
    assert stale(tmp_path) == ["engine/rules/military.py"]
