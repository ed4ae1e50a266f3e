"""Textual as published: the app reaches into Textual's private parts in one module only
(tui/textual_seams.py), and what that module relies on is still in the Textual installed.

A private name of Textual's is one its own classes define or set on their instances
(read from Textual's source). In tui/ outside the seams, none may be
- defined or read on `self` by a class with Textual classes among its bases (an
  override, or an attribute of ours shadowing one of Textual's), nor by a mixin of ours
  mixed into such a class;
- read on anything else, unless our own code defines that name too (`session._v` is ours).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
import textual

import tui
from tui import textual_seams

TUI = Path(tui.__file__).parent
SEAMS = Path(textual_seams.__file__)


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def class_names(cls_node: ast.ClassDef) -> set[str]:
    """The names a class body defines: methods, class attributes, and `self.x = ...` in
    its methods (not in nested classes)."""
    out: set[str] = set()
    for node in cls_node.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out.add(node.name)
            for sub in ast.walk(node):
                targets = sub.targets if isinstance(sub, ast.Assign) else \
                    [sub.target] if isinstance(sub, ast.AnnAssign | ast.AugAssign) else []
                for t in targets:
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) \
                            and t.value.id == "self":
                        out.add(t.attr)
        elif isinstance(node, ast.Assign):
            out.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
    return out


@cache
def source_classes(path: str) -> dict[str, ast.ClassDef]:
    """The classes of a source file by qualified name."""
    out: dict[str, ast.ClassDef] = {}

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                out[prefix + node.name] = node
                walk(node.body, prefix + node.name + ".")

    walk(ast.parse(Path(path).read_text(encoding="utf-8")).body, "")
    return out


def is_textual(cls: type) -> bool:
    return cls.__module__.split(".")[0] == "textual"


@cache
def textual_private(cls: type) -> frozenset[str]:
    """The private names of Textual's classes among cls's bases."""
    out: set[str] = set()
    for base in cls.__mro__:
        if not is_textual(base):
            continue
        out.update(n for n in vars(base) if private(n))
        try:
            node = source_classes(inspect.getsourcefile(base) or "").get(base.__qualname__)
        except (TypeError, OSError):
            node = None
        if node is not None:
            out.update(n for n in class_names(node) if private(n))
    return frozenset(out)


@cache
def all_textual_private() -> frozenset[str]:
    root = Path(textual.__file__).parent
    out: set[str] = set()
    for path in root.rglob("*.py"):
        for node in source_classes(str(path)).values():
            out.update(n for n in class_names(node) if private(n))
    return frozenset(out)


def tui_modules() -> Iterator[str]:
    yield "tui"
    for info in pkgutil.walk_packages([str(TUI)], "tui."):
        if not info.name.endswith("__main__"):  # runs the program when imported
            yield info.name


def tui_classes() -> list[type]:
    out = []
    for name in tui_modules():
        module = importlib.import_module(name)
        out += [c for c in vars(module).values()
                if isinstance(c, type) and c.__module__ == name]
    return out


def subclasses(cls: type) -> set[type]:
    out = {cls}
    for sub in cls.__subclasses__():
        out |= subclasses(sub)
    return out


def our_names() -> set[str]:
    """Every private name tui/ defines on its own classes (outside the seams)."""
    out: set[str] = set()
    for path in TUI.rglob("*.py"):
        if path != SEAMS:
            for node in source_classes(str(path)).values():
                out |= class_names(node)
    return out


def private_uses() -> list[str]:
    classes = tui_classes()
    ours = our_names()
    found: list[str] = []
    for cls in classes:
        path = inspect.getsourcefile(cls)
        if path is None or Path(path) == SEAMS:
            continue
        node = source_classes(path).get(cls.__qualname__)
        if node is None:
            continue
        theirs: set[str] = set()
        for sub in subclasses(cls):  # a mixin answers for the classes it is mixed into
            theirs |= textual_private(sub)
        where = f"{Path(path).relative_to(TUI.parent)} {cls.__qualname__}"
        for name in sorted(class_names(node) & theirs):
            found.append(f"{where} defines Textual's {name}")
        for sub_node in ast.walk(node):
            if isinstance(sub_node, ast.Attribute) and isinstance(sub_node.value, ast.Name) \
                    and sub_node.value.id == "self" and sub_node.attr in theirs:
                found.append(f"{where} line {sub_node.lineno}: self.{sub_node.attr}")
    textual_names = all_textual_private()
    for path in sorted(TUI.rglob("*.py")):
        if path == SEAMS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {alias.asname or alias.name for node in ast.walk(tree)
                   if isinstance(node, ast.Import) for alias in node.names}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in textual_names and \
                    node.attr not in ours and not (isinstance(node.value, ast.Name) and
                                                   node.value.id in modules):  # os._exit
                found.append(f"{path.relative_to(TUI.parent)} line {node.lineno}: "
                             f".{node.attr}")
    return sorted(set(found))


def test_no_private_textual_name_outside_the_seams() -> None:
    assert private_uses() == []


def test_the_scan_finds_a_private_use() -> None:
    """The scan itself: an override of Textual's, and a read of its private state."""
    from textual.widget import Widget

    assert "_post_register" in textual_private(Widget)
    assert "_compositor" in all_textual_private()
    assert "_compositor" not in our_names()


@pytest.mark.parametrize("owner,name", [(owner, name)
                                        for owner, names in textual_seams.relied_on().items()
                                        for name in names])
def test_each_seam_finds_what_it_relies_on(owner: type, name: str) -> None:
    """A Textual upgrade that renames or removes what a seam uses fails here, by name."""
    assert name in textual_private(owner), f"{owner.__qualname__}.{name} is gone from Textual"


def test_the_seams_name_every_private_name_they_use() -> None:
    relied = {name for names in textual_seams.relied_on().values() for name in names}
    used = {node.attr for node in ast.walk(ast.parse(SEAMS.read_text(encoding="utf-8")))
            if isinstance(node, ast.Attribute) and node.attr in all_textual_private()}
    defined = {name for node in source_classes(str(SEAMS)).values()
               for name in class_names(node)}
    assert used - defined <= relied, sorted(used - defined - relied)
    overridden = {name for node in source_classes(str(SEAMS)).values()
                  for name in class_names(node) if private(name)} & all_textual_private()
    assert overridden <= relied, sorted(overridden - relied)
