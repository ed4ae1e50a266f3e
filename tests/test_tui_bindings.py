"""Every key binding of the interface has an id, unique within its class, so that a keymap
can change it (Textual's App.set_keymap)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.binding import Binding
from textual.dom import DOMNode

import tui


def _classes() -> list[type[DOMNode]]:
    out = []
    for info in pkgutil.walk_packages(tui.__path__, "tui."):
        if info.name.endswith("__main__"):  # runs the program
            continue
        module = importlib.import_module(info.name)
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, DOMNode) and obj.__module__ == module.__name__:
                out.append(obj)
    return out


def test_every_binding_has_an_id_unique_in_its_class():
    classes = _classes()
    assert len(classes) > 20
    checked = 0
    for cls in classes:
        own = cls.__dict__.get("BINDINGS", [])
        ids = []
        for b in own:
            assert isinstance(b, Binding), f"{cls.__qualname__}: {b!r} is not a Binding"
            assert b.id, f"{cls.__module__}.{cls.__qualname__}: {b.key} -> {b.action} has no id"
            ids.append(b.id)
            checked += 1
        dupes = {i for i in ids if ids.count(i) > 1}
        assert not dupes, f"{cls.__qualname__}: ids used twice: {sorted(dupes)}"
    assert checked >= 100
